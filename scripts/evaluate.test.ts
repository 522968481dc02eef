// computeMetrics on hand-made records: counting rules of the eval report and the corpus test.
import { describe, expect, it } from "vitest";
import type { FastResult, Verdict } from "../lib/analyzer/report";
import { computeMetrics, type EvalRecord } from "./evaluate";
import type { Label } from "./corpus";

function record(label: Label, verdict: Verdict | "threw", category = "c", rules: [string, number][] = []): EvalRecord {
  const result =
    verdict === "threw"
      ? null
      : ({ summary: { verdict, score: 50, confidence: "low" }, findings: rules.map(([ruleId, weight]) => ({ ruleId, weight })) } as unknown as FastResult);
  return { sha256: "0".repeat(64), name: `${label}-${verdict}`, label, category, size: 100, durationMs: 1, result, error: verdict === "threw" ? "threw: boom" : null };
}

describe("computeMetrics", () => {
  const m = computeMetrics([
    record("malicious", "malicious", "js", [["js-eval", 10], ["openaction-js", 30]]),
    record("malicious", "suspicious", "js"),
    record("malicious", "unknown", "xfa"),
    record("malicious", "threw", "xfa"),
    record("benign", "benign"),
    record("benign", "benign"),
    record("benign", "unknown"),
    record("benign", "suspicious", "forms", [["acroform-js", 5]]),
  ]);

  it("counts malicious|suspicious as positive, unknown and crashes as not flagged", () => {
    expect(m.confusion).toEqual({ tp: 2, fn: 2, fp: 1, tn: 3 });
    expect(m.tpr).toBe(0.5);
    expect(m.fpr).toBe(0.25);
    expect(m.precision).toBeCloseTo(2 / 3);
    expect(m.accuracy).toBe(5 / 8);
  });

  it("keeps unknown verdicts and errors visible", () => {
    expect(m.unknown).toEqual({ malicious: 1, benign: 1 });
    expect(m.verdicts.malicious).toEqual({ malicious: 1, suspicious: 1, benign: 0, unknown: 1, error: 1 });
    expect(m.errors.map((e) => e.error)).toEqual(["threw: boom"]);
  });

  it("lists misses and false positives with the heaviest rules first", () => {
    expect(m.misses.map((x) => [x.category, x.verdict])).toEqual([["xfa", "unknown"], ["xfa", "error"]]);
    expect(m.falsePositives).toMatchObject([{ category: "forms", verdict: "suspicious", topRules: ["acroform-js"] }]);
    const js = computeMetrics([record("malicious", "benign", "js", [["js-eval", 10], ["openaction-js", 30]])]);
    expect(js.misses[0].topRules).toEqual(["openaction-js", "js-eval"]);
  });

  it("tabulates detection per label and category", () => {
    expect(m.categories).toEqual([
      { label: "benign", category: "c", files: 3, flagged: 0, rate: 0 },
      { label: "benign", category: "forms", files: 1, flagged: 1, rate: 1 },
      { label: "malicious", category: "js", files: 2, flagged: 2, rate: 1 },
      { label: "malicious", category: "xfa", files: 2, flagged: 0, rate: 0 },
    ]);
  });

  it("reports 0, not NaN, for empty classes", () => {
    const empty = computeMetrics([]);
    expect([empty.tpr, empty.fpr, empty.precision, empty.accuracy]).toEqual([0, 0, 0, 0]);
  });
});
