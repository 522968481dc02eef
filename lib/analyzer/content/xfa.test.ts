import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { extractXmlScripts } from "./xfa";

describe("extractXmlScripts", () => {
  it("reads a closed script with its content type and the event that runs it", () => {
    const xml = `<template><field><event activity="initialize"><script contentType="application/x-javascript">app.alert(1);</script></event></field></template>`;
    expect(extractXmlScripts(xml, defaultBudget())).toMatchObject([
      { source: "app.alert(1);", contentType: "application/x-javascript", activity: "initialize" },
    ]);
  });

  it("reads a script whose packet was cut off before </script> (a truncated template stream)", () => {
    const xml = `<template><event activity="initialize"><script contentType="application/x-javascript">var s = unescape("%u9090%u9090"); eval(s`;
    expect(extractXmlScripts(xml, defaultBudget())).toMatchObject([
      { source: 'var s = unescape("%u9090%u9090"); eval(s', contentType: "application/x-javascript" },
    ]);
  });

  it("ends an unclosed script at the next script or at the end of the template packet", () => {
    const xml = `<template><script contentType="application/x-javascript">first();<script contentType="application/x-javascript">second();</script></template><xfa:datasets><data>x</data></xfa:datasets>`;
    expect(extractXmlScripts(xml, defaultBudget()).map((s) => s.source)).toEqual(["first();", "second();"]);
    const cut = `<template><script contentType="application/x-javascript">third();</template><xfa:datasets><d>1</d></xfa:datasets>`;
    expect(extractXmlScripts(cut, defaultBudget()).map((s) => s.source)).toEqual(["third();"]);
  });
});
