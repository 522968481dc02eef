import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { CORE_FIXTURES } from "../techniques/testing/core-fixtures";
import { built, linkAnnot } from "../techniques/testing/fixture-documents";
import { collectShadowedActionKeys } from "./shadowed-keys";
import { indexObjects } from "./object-index";

const shadowedIn = (pdf: Uint8Array) => {
  const doc = readPdf(pdf, DEFAULT_LIMITS);
  return collectShadowedActionKeys(doc, indexObjects(doc, DEFAULT_LIMITS.MAX_INDEX_NODES).shadowingDicts);
};

describe("collectShadowedActionKeys", () => {
  it.each([
    ["uri-becomes-javascript", { key: "S", action: "JavaScript", active: true }],
    ["second-link-action", { key: "A", action: "SubmitForm", active: true }],
    ["second-open-action", { key: "OpenAction", action: "JavaScript", active: true }],
  ])("reads the injection carrier %s: the key and the action in effect", (carrier, expected) => {
    expect(shadowedIn(CORE_FIXTURES["pdf-injection"][carrier]())).toEqual([expect.objectContaining(expected)]);
  });

  it("is not active when the action in effect only moves in the document, and ignores keys that decide no action", () => {
    expect(shadowedIn(built({ annots: [linkAnnot("<< /S /GoTo /D [0 /Fit] /S /GoTo /D [0 /FitH] >>")] }))).toEqual([
      expect.objectContaining({ key: "S", action: "GoTo", active: false }),
    ]);
    expect(shadowedIn(built({ page: "/Rotate 0 /Rotate 90" }))).toEqual([]);
  });
});
