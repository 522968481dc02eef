// Issue 19 item 6: a thrown analysis (a bug of ours, or a runtime limit such as V8's regexp or call
// stack, the RangeError that made three real XFA files answer HTTP 500) is an engine note and a
// verdict in both stages, never an exception for the caller (the CLI, the worker pool, the routes).
import { afterEach, describe, expect, it, vi } from "vitest";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { analyzeFast } from "./analyze";
import { analyzeDeep } from "./deep/analyze-deep";
import { DeepResult, FastResult } from "./report";
import { RULES } from "./rules/registry";

/** The name that makes the mocked fact collection throw, as a stack overflow inside it would. */
const OVERFLOWING = "stack-overflow.pdf";

vi.mock(import("./facts/document-facts"), async (original) => {
  const real = await original();
  return {
    ...real,
    collectFacts: (...args: Parameters<typeof real.collectFacts>) => {
      if (args[0].bytes.includes(0x7e)) throw new RangeError("Maximum call stack size exceeded");
      return real.collectFacts(...args);
    },
  };
});

/** `~` nowhere in the PDF syntax the builder writes: only the documents that carry it overflow. */
function overflowingPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog("/OpenAction << /S /Launch /F (cmd.exe) >> /Overflow (~)");
  return b.build();
}

function launchPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog("/OpenAction << /S /Launch /F (cmd.exe) >>");
  return b.build();
}

function plainPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog();
  return b.build();
}

const restores: (() => void)[] = [];
afterEach(() => restores.splice(0).forEach((restore) => restore()));

/** Makes one rule throw a RangeError, as a regular expression over a huge string does. */
function breakRule(id: string): void {
  const rule = RULES.find((r) => r.id === id)!;
  const check = rule.check;
  (rule as { check: typeof check }).check = () => {
    throw new RangeError("Maximum call stack size exceeded");
  };
  restores.push(() => ((rule as { check: typeof check }).check = check));
}

describe("a rule that throws a RangeError", () => {
  it("is a note in both stages; the other rules still give the verdict", async () => {
    breakRule("automatic-action");
    const fast = analyzeFast(launchPdf(), { fileName: "launch.pdf" });
    const deep = await analyzeDeep(launchPdf(), { fileName: "launch.pdf", engines: {} });
    for (const r of [fast, deep]) {
      expect(r.engine_notes).toContainEqual({
        engine: "analyzer",
        message: "rule automatic-action failed: RangeError: Maximum call stack size exceeded",
      });
      expect(r.findings.map((f) => f.ruleId)).toContain("launch-action");
      expect(r.findings.map((f) => f.ruleId)).not.toContain("automatic-action");
      expect(r.summary.verdict).toBe("malicious");
    }
    expect(FastResult.safeParse(fast).success).toBe(true);
    expect(DeepResult.safeParse(deep).success).toBe(true);
  });

  it("leaves a clean document benign with low confidence: a rule that failed checked nothing", () => {
    const intact = analyzeFast(plainPdf(), { fileName: "plain.pdf" });
    breakRule("javascript-present");
    const broken = analyzeFast(plainPdf(), { fileName: "plain.pdf" });
    expect(intact.summary).toMatchObject({ verdict: "benign" });
    expect(intact.summary.confidence).not.toBe("low");
    expect(broken.summary).toMatchObject({ verdict: "benign", confidence: "low" });
  });
});

describe("an analysis that throws before any rule ran", () => {
  it("answers verdict unknown with the error as a note in the fast stage", () => {
    const r = analyzeFast(overflowingPdf(), { fileName: OVERFLOWING });
    expect(FastResult.parse(r).summary).toEqual({ verdict: "unknown", score: 0, confidence: "low" });
    expect(r.engine_notes).toEqual([
      {
        engine: "analyzer",
        message: "the analysis stopped on an internal error, no verdict: RangeError: Maximum call stack size exceeded",
      },
    ]);
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers an advanced-stage result with the notes of both attempts", async () => {
    const r = await analyzeDeep(overflowingPdf(), { fileName: OVERFLOWING, engines: {} });
    expect(DeepResult.parse(r).stage).toBe("advanced");
    expect(r.summary.verdict).toBe("unknown");
    expect(r.engine_notes.map((n) => n.message)).toEqual([
      "the analysis stopped on an internal error, no verdict: RangeError: Maximum call stack size exceeded",
      "advanced stage failed, fast-stage result kept: RangeError: Maximum call stack size exceeded",
    ]);
  });

  it("does not touch documents that do not overflow (the mock is scoped to its input)", () => {
    expect(analyzeFast(launchPdf(), { fileName: "launch.pdf" }).summary.verdict).toBe("malicious");
  });
});
