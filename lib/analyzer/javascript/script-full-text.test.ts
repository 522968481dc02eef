// The full script texts of the report: verbatim, one copy per distinct script, cut per text and per report.
import { describe, expect, it } from "vitest";
import { createFullTextBudget } from "./script-full-text";

const budget = (JS_REPORT_SCRIPT_CHARS: number, JS_REPORT_TOTAL_CHARS: number) =>
  createFullTextBudget({ JS_REPORT_SCRIPT_CHARS, JS_REPORT_TOTAL_CHARS });

describe("createFullTextBudget", () => {
  it("keeps a script and its layers verbatim (no defanging) when they fit", () => {
    const fullTextOf = budget(100, 1000);
    expect(fullTextOf("a", 'eval(unescape("%61"))', ['app.launchURL("http://evil.example/")'])).toEqual({
      source: 'eval(unescape("%61"))',
      full_layers: ['app.launchURL("http://evil.example/")'],
      full_text_truncated: false,
    });
  });

  it("gives a repeated script no second copy", () => {
    const fullTextOf = budget(100, 1000);
    fullTextOf("a", "x()", []);
    expect(fullTextOf("a", "x()", [])).toEqual({});
  });

  it.each([
    {
      name: "a text longer than the per-script limit",
      perScript: 4,
      total: 100,
      expected: { source: "abcd", full_layers: ["1234", "xyz"], full_text_truncated: true },
    },
    {
      name: "layers past the report total",
      perScript: 100,
      total: 8,
      expected: { source: "abcdef", full_layers: ["12"], full_text_truncated: true },
    },
    {
      name: "a source exactly at the total",
      perScript: 100,
      total: 6,
      expected: { source: "abcdef", full_layers: [], full_text_truncated: true },
    },
  ])("cuts $name", ({ perScript, total, expected }) => {
    expect(budget(perScript, total)("a", "abcdef", ["123456", "xyz"])).toEqual(expected);
  });

  it("leaves the text out once the report total is spent", () => {
    const fullTextOf = budget(100, 3);
    fullTextOf("a", "abc", []);
    expect(fullTextOf("b", "def", [])).toEqual({ full_text_truncated: true });
  });
});
