// Calculator functions whose stack use passes the limit are found from the program text, on known and
// computed counts, through either branch of a conditional; honest programs, other function types and
// hostile text are answered without a fact and without throwing, within the token budget.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "./document-facts";

/** a document with one function stream of `dict` and `program` (one input unless the dict says otherwise) */
function factsOf(
  program: string,
  dict = "/FunctionType 4 /Domain [0 1] /Range [0 1]",
  limits: Limits = DEFAULT_LIMITS,
) {
  const b = new PdfBuilder();
  const fn = b.addStream(dict, program);
  b.addCatalog();
  const doc = readPdf(b.build(), limits);
  return { fn, facts: collectFacts(doc, limits), budgetHits: doc.budgetHits };
}

const overflows = (program: string, dict?: string) => factsOf(program, dict).facts.calculatorOverflows;

describe("calculator function stack overflow", () => {
  it("finds a stack doubled by copy, at the copy that passes 100", () => {
    const { fn, facts } = factsOf("{ 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy }");
    expect(facts.calculatorOverflows).toEqual([
      {
        objectRef: `${fn} 0 R`,
        operator: "copy",
        depth: 128,
        excerpt: "{ 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy }",
      },
    ]);
  });

  it("counts a copy whose size is computed from known numbers", () => {
    expect(overflows("{ 10 10 mul copy }")).toMatchObject([{ operator: "copy", depth: 101 }]);
    expect(overflows("{ 50 2 idiv dup add copy }")).toEqual([]);
  });

  it("allows exactly 100 entries and reports the 101st push", () => {
    const numbers = (n: number) => Array.from({ length: n }, () => "0").join(" ");
    expect(overflows(`{ ${numbers(99)} }`)).toEqual([]);
    expect(overflows(`{ ${numbers(100)} }`)).toMatchObject([{ operator: "0", depth: 101 }]);
    // two inputs (a /Domain of four numbers) start the stack at two
    expect(overflows(`{ ${numbers(99)} }`, "/FunctionType 4 /Domain [0 1 0 1] /Range [0 1]")).toMatchObject([
      { depth: 101 },
    ]);
  });

  it("reports an overflow in either branch of a conditional", () => {
    expect(overflows("{ dup 0.5 gt { 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy } if }")).toMatchObject([
      { operator: "copy" },
    ]);
    expect(
      overflows("{ dup 0.5 gt { pop 0 } { 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy } ifelse }"),
    ).toMatchObject([{ operator: "copy" }]);
  });

  it("does not guess a copy whose count is an input or was moved by roll", () => {
    expect(overflows("{ copy copy copy }")).toEqual([]);
    expect(overflows("{ 99 1 3 1 roll copy }")).toEqual([]);
  });

  it.each([
    ["a tint transform to RGB", "{ dup 0.8 mul exch dup 0.3 mul exch 0.1 mul }"],
    ["a tint transform to CMYK with index and roll", "{ 0 index 0.2 mul 1 index 0.9 mul 2 index 0 4 -1 roll pop }"],
    ["a shading ramp with ifelse", "{ dup 0.5 lt { 2 mul 0 0 } { 0.5 sub 2 mul 1 exch 0 } ifelse }"],
  ])("finds nothing in %s", (_name, program) => {
    expect(overflows(program)).toEqual([]);
  });

  it("reads only FunctionType 4 streams", () => {
    expect(
      overflows(
        "{ 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy }",
        "/FunctionType 0 /Domain [0 1] /Range [0 1] /Size [2] /BitsPerSample 8",
      ),
    ).toEqual([]);
  });

  it.each([
    ["Object's own property names as operators", "{ constructor toString __proto__ hasOwnProperty 1 copy }"],
    ["unbalanced braces", "{ { { 1 copy"],
    ["no procedure at all", "1 copy 2 copy 4 copy"],
    ["stack underflow", "{ pop pop pop exch roll index copy add }"],
    ["binary junk", "\u0000\u00ff{\u0001}\u0002"],
  ])("answers %s without a fact or an error", (_name, program) => {
    expect(overflows(program)).toEqual([]);
  });

  it("stops at the token budget and reports it", () => {
    const { facts, budgetHits } = factsOf(`{ ${"0 pop ".repeat(60)} }`, undefined, {
      ...DEFAULT_LIMITS,
      CALCULATOR_MAX_TOKENS: 50,
    });
    expect(facts.calculatorOverflows).toEqual([]);
    expect(budgetHits.has("CALCULATOR_MAX_TOKENS")).toBe(true);
  });

  it("stops at the nesting limit and reports it", () => {
    const { facts, budgetHits } = factsOf(`${"{ ".repeat(200)}1 copy${" }".repeat(200)}`);
    expect(facts.calculatorOverflows).toEqual([]);
    expect(budgetHits.has("MAX_NESTING_DEPTH")).toBe(true);
  });
});

describe("calculator function code injection (CVE-2018-5158)", () => {
  const injections = (program: string, dict?: string) => factsOf(program, dict).facts.calculatorInjections;

  it("finds a call in the program, with where it is", () => {
    const { fn, facts } = factsOf('{ fetch("https://track.example/ps") }');
    expect(facts.calculatorInjections).toEqual([
      { objectRef: `${fn} 0 R`, where: "program", excerpt: '{ fetch("https://track.example/ps") }' },
    ]);
  });

  it("finds a string or a name in /Domain or /Range", () => {
    expect(injections("{ dup }", "/FunctionType 4 /Domain [0 1] /Range [0 (1\\); alert\\(1\\)//)]")).toMatchObject([
      { where: "/Range", excerpt: "(1\\); alert\\(1\\)//)" },
    ]);
    expect(injections("{ dup }", "/FunctionType 4 /Domain [/x 1] /Range [0 1]")).toMatchObject([
      { where: "/Domain", excerpt: "/x" },
    ]);
  });

  it.each([
    ["an honest tint transform", "{ 1 exch sub dup dup }"],
    ["a conditional", "{ dup 0.5 gt { pop 1 } { pop 0 } ifelse }"],
    ["a comment with parentheses", "% tint (c) 2020 Example Inc.\n{ dup dup }"],
    [
      "damaged binary data",
      "\u0001\u0002\u0003\u0004\u0005\u00ff\u00fe ab(x) \u0007\u0008\u000e\u000f\u0010\u0011\u0012",
    ],
  ])("finds nothing in %s", (_name, program) => {
    expect(injections(program)).toEqual([]);
  });
});
