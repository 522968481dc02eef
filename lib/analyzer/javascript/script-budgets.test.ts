// The caps of the script analysis are budgets of lib/limits.ts: a script or document that runs past a
// lowered one gets the cap's name in budget_hits; under the defaults the same small input hits none.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits, type Budget, type BudgetName, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";
import { analyzeAst } from "./ast-analysis";
import { collectScriptContext } from "./script-context";
import { collectXfaValues } from "./xfa-values";

const budgetOf = (overrides: Partial<Limits> = {}): Budget => ({ limits: resolveLimits(overrides), budgetHits: new Set() });

/** The budget, a lowered value of it, and what runs the input past it with a budget (returns the hits). */
const CASES: [BudgetName, Partial<Limits>, (overrides: Partial<Limits>) => ReadonlySet<BudgetName> | readonly BudgetName[]][] = [
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
      b.addCatalog("/OpenAction << /S /JavaScript /JS (while \\(true\\) { app.alert\\(1\\); } while \\(1\\) { app.alert\\(2\\); }) >>");
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
