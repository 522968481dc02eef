// The values an XFA script reads back from its form: data packet leaves and template field defaults.
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { collectXfaValues } from "./xfa-values";

describe("collectXfaValues", () => {
  it("reads template field defaults and data packet leaves, entities decoded", () => {
    const xml =
      `<xdp:xdp><template><subform name="f1"><field name="hold"><value><text>6576616c&amp;</text></value></field><field name="empty"/></subform></template>` +
      `<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><f1><payload>%u9090&lt;x&gt;</payload><blank>  </blank></f1></xfa:data></xfa:datasets></xdp:xdp>`;
    expect(collectXfaValues(xml, defaultBudget())).toEqual([
      { name: "hold", value: "6576616c&" },
      { name: "payload", value: "%u9090<x>" },
    ]);
  });

  it("finds nothing in a form without values or without a data packet", () => {
    expect(
      collectXfaValues(
        `<template><field name="a"/><draw name="d"><value><text>label</text></value></draw></template>`,
        defaultBudget(),
      ),
    ).toEqual([]);
    expect(collectXfaValues("", defaultBudget())).toEqual([]);
  });
});
