import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { findEndlessLoops, hasConstantLoopHead } from "./endless-loops";

const excerpts = (source: string) => findEndlessLoops(source, defaultBudget()).map((l) => l.excerpt);

describe("findEndlessLoops", () => {
  it("finds the constant loops a script cannot leave, and says what they do", () => {
    expect(findEndlessLoops("for (;;) { app.alert('x'); }", defaultBudget())).toEqual([
      { excerpt: "for (;;)", offset: 0, alerts: true, doubles: false },
    ]);
    expect(findEndlessLoops("var s = 'a'; while (true) { s += s; }", defaultBudget())).toEqual([
      { excerpt: "while (true)", offset: 13, alerts: false, doubles: true },
    ]);
    expect(excerpts("spray(); while(1);\nfunction f() {}")).toEqual(["while(1)"]);
  });

  it("leaves loops that break, return, throw or continue an outer loop", () => {
    for (const body of ["break;", "return;", "throw e;", "if (x) { break; }"])
      expect(excerpts(`while (true) { f(); ${body} }`)).toEqual([]);
    expect(excerpts("outer: for (;;) { while (1) { continue outer; } }")).toEqual(["for (;;)"]);
    expect(excerpts("outer: for (;;) { while (1) { break outer; } }")).toEqual([]);
    expect(excerpts("for (;;) { while (1) { break; } }")).toEqual(["for (;;)"]);
    expect(excerpts("function* g() { while (true) { yield 1; } }")).toEqual([]);
  });

  it("reads heads in strings, comments, regular expressions and templates as text, not loops", () => {
    expect(excerpts("var s = 'while(true){}'; x();")).toEqual([]);
    expect(excerpts("/* for(;;){ } */ y();")).toEqual([]);
    expect(excerpts("a = /while(1){/; while (1) { if (a) break; }")).toEqual([]);
    expect(excerpts("t = `${'while(1){'}`; for (;;) { x(`}${'{'}`); }")).toEqual(["for (;;)"]);
  });

  it("reads a do … while tail as the loop's condition", () => {
    expect(excerpts("do { s = s + s; } while (1)")).toEqual(["do … while (1)"]);
    expect(excerpts("do { if (x) break; } while (1); while (1) { f(); }")).toEqual(["while (1)"]);
  });

  it("gives the loops in the same order whichever way the script is read", () => {
    const loops = "while (1) { a(); }\nfunction f() { for (;;) { b(); } }\nwhile (true) { while (1) { c(); } }";
    // the `do` makes the whole script parsed; without it, each loop statement is parsed alone
    expect(excerpts(loops)).toEqual(excerpts(`${loops}\nif (0) do {} while (0);`));
    expect(excerpts(loops)).toEqual(["while (true)", "while (1)", "for (;;)", "while (1)"]);
  });

  it("parses nothing when no head is constant; a script the tokenizer refuses is read up to its error", () => {
    expect(hasConstantLoopHead("while (i < 3) { i++; } for (i = 0; i < 3; i++) {}")).toBe(false);
    expect(excerpts("while (1) { x++; } var s = 'unterminated")).toEqual(["while (1)"]);
    expect(excerpts("var s = 'unterminated; while (1) { x++; }")).toEqual([]);
  });
});
