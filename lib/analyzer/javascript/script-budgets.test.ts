// The caps of the script analysis are budgets of lib/limits.ts: a script or document that runs past a
// lowered one gets the cap's name in budget_hits; under the defaults the same small input hits none.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits, type Budget, type BudgetName, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";
import { analyzeAst } from "./ast-analysis";
import { collectScriptContext } from "./script-context";
import { scriptSignals } from "./script-signals";
import { collectXfaValues } from "./xfa-values";

const budgetOf = (overrides: Partial<Limits> = {}): Budget => ({
  limits: resolveLimits(overrides),
  budgetHits: new Set(),
});

type Case = [
  BudgetName,
  Partial<Limits>,
  (overrides: Partial<Limits>) => ReadonlySet<BudgetName> | readonly BudgetName[],
];

/** A case that runs `analyze` over one script with the (lowered or default) budget. */
const scriptCase =
  (analyze: (script: string, budget: Budget) => unknown) =>
  ([name, lowered, script]: readonly [BudgetName, Partial<Limits>, string]): Case => [
    name,
    lowered,
    (o) => {
      const budget = budgetOf(o);
      analyze(script, budget);
      return budget.budgetHits;
    },
  ];

/** The budget, a lowered value of it, and what runs the input past it with a budget (returns the hits). */
const CASES: Case[] = [
  [
    "JS_MAX_AST_NODES",
    { JS_MAX_AST_NODES: 10 },
    (o) => {
      const budget = budgetOf(o);
      analyzeAst("var a = 1; var b = a + 2; app.alert(a + b);", { budget });
      return budget.budgetHits;
    },
  ],
  [
    "JS_MAX_DECODED_STRINGS",
    { JS_MAX_DECODED_STRINGS: 1 },
    (o) => {
      const budget = budgetOf(o);
      analyzeAst(`var a = "http://one" + ".example/x"; var b = "http://two" + ".example/y";`, { budget });
      return budget.budgetHits;
    },
  ],
  [
    "JS_MAX_ENDLESS_LOOPS",
    { JS_MAX_ENDLESS_LOOPS: 1 },
    (o) => {
      const b = new PdfBuilder();
      b.addCatalog(
        "/OpenAction << /S /JavaScript /JS (while \\(true\\) { app.alert\\(1\\); } while \\(1\\) { app.alert\\(2\\); }) >>",
      );
      return analyzeFast(b.build(), { fileName: "loops.pdf", limits: o }).budget_hits;
    },
  ],
  [
    "JS_CONTEXT_MAX_ANNOTATIONS",
    { JS_CONTEXT_MAX_ANNOTATIONS: 1 },
    (o) => {
      const b = new PdfBuilder();
      const annots = [1, 2].map((i) => b.add(`<< /Type /Annot /Subtype /Text /Rect [0 0 1 1] /Subj (part ${i}) >>`));
      b.addCatalog("", 1, `/Annots [${annots.map((n) => `${n} 0 R`).join(" ")}]`);
      const doc = readPdf(b.build(), resolveLimits(o));
      collectScriptContext(doc);
      return doc.budgetHits;
    },
  ],
  [
    "JS_CONTEXT_MAX_WORD_PAGES",
    { JS_CONTEXT_MAX_WORD_PAGES: 1 },
    (o) => {
      const b = new PdfBuilder();
      b.addCatalog("", 2);
      const doc = readPdf(b.build(), resolveLimits(o));
      collectScriptContext(doc);
      return doc.budgetHits;
    },
  ],
  [
    "JS_CONTEXT_MAX_XFA_VALUES",
    { JS_CONTEXT_MAX_XFA_VALUES: 1 },
    (o) => {
      const budget = budgetOf(o);
      collectXfaValues("<xfa:datasets><xfa:data><form><a>one</a><b>two</b></form></xfa:data></xfa:datasets>", budget);
      return budget.budgetHits;
    },
  ],
  ...(
    [
      ["JS_MAX_DECODED_STRING_CHARS", { JS_MAX_DECODED_STRING_CHARS: 4 }, `var a = "http://one" + ".example/x";`],
      ["JS_MAX_AST_LIST_ITEMS", { JS_MAX_AST_LIST_ITEMS: 1 }, `eval(a); eval(b);`],
      ["JS_MAX_FOLD_DEPTH", { JS_MAX_FOLD_DEPTH: 2 }, `var a = "d" + ("e" + ("f" + ("g" + "h")));`],
      ["JS_MAX_FOLDED_CHARS", { JS_MAX_FOLDED_CHARS: 8 }, `var a = "abcdef" + "ghijkl";`],
      ["JS_MAX_FOLDED_ARRAY_ITEMS", { JS_MAX_FOLDED_ARRAY_ITEMS: 2 }, `var a = [1, 2, 3];`],
      [
        "JS_MAX_FOLDED_CALL_ARGUMENTS",
        { JS_MAX_FOLDED_CALL_ARGUMENTS: 2 },
        `var a = String.fromCharCode(104, 105, 106);`,
      ],
    ] as const
  ).map(scriptCase((script, budget) => analyzeAst(script, { budget }))),
  ...(
    [
      [
        "JS_MAX_CALLS_PER_API",
        { JS_MAX_CALLS_PER_API: 1 },
        `this.submitForm("http://a.example/x"); this.submitForm("http://b.example/y");`,
      ],
      [
        "JS_MAX_LOAD_SCAN_FUNCTIONS",
        { JS_MAX_LOAD_SCAN_FUNCTIONS: 1 },
        `function a() { getURL("http://x.example/"); } function b() {}`,
      ],
      ["JS_MAX_LOAD_SCAN_CALLS", { JS_MAX_LOAD_SCAN_CALLS: 1 }, `f(); getURL("http://x.example/");`],
      ["JS_MAX_LOAD_SCAN_COMMENTS", { JS_MAX_LOAD_SCAN_COMMENTS: 1 }, `// one\n// two\ngetURL("http://x.example/");`],
      [
        "JS_MAX_LOAD_SCAN_ROUNDS",
        { JS_MAX_LOAD_SCAN_ROUNDS: 1 },
        `function a() { b(); } function b() { getURL("http://x.example/"); } a();`,
      ],
      ["JS_SIGNAL_SCAN_CHARS", { JS_SIGNAL_SCAN_CHARS: 8 }, `var a = 1; var b = 2;`],
      ["JS_ASSEMBLED_NAMES_SCAN_CHARS", { JS_ASSEMBLED_NAMES_SCAN_CHARS: 8 }, `var a = 1; var b = 2;`],
      ["JS_OBFUSCATION_SCAN_CHARS", { JS_OBFUSCATION_SCAN_CHARS: 8 }, `var a = 1; var b = 2;`],
    ] as const
  ).map(scriptCase(scriptSignals)),
  [
    "JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS",
    { JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS: 16 },
    (o) => {
      const budget = budgetOf(o);
      collectXfaValues(
        `<template><field name="f"><value><text>a payload past the cap</text></value></field></template>`,
        budget,
      );
      return budget.budgetHits;
    },
  ],
];

describe("script analysis budgets", () => {
  it.each(CASES)("%s is reported when a lowered value stops the work, not under the defaults", (name, lowered, run) => {
    expect([...run(lowered)]).toContain(name);
    expect([...run({})]).not.toContain(name);
  });

  it("every budget of the table cases is a table limit", () => {
    for (const [name] of CASES) expect(DEFAULT_LIMITS[name]).toBeGreaterThan(0);
  });
});
