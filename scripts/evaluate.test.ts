// computeMetrics on hand-made records: counting rules of the eval report and the corpus test.
import { describe, expect, it } from "vitest";
import type { FastResult, Verdict } from "../lib/analyzer/report";
import { FEATURE_NAMES } from "../lib/analyzer/model/features";
import { Summary } from "../lib/analyzer/report";
import {
  computeMetrics,
  crossValidateRecords,
  dropFeatures,
  leaveOneSourceOut,
  losoSourceOf,
  sourceOf,
  type EvalRecord,
} from "./evaluate";
import type { Label } from "./corpus";
import { RULES_BY_ID } from "../lib/analyzer/rules/registry";
import type { Finding } from "../lib/analyzer/report";

/** The finding a malicious record carries: the model may flag a file on its ranking only beside a finding above info level (score.ts). */
function lowFinding(): Finding[] {
  const r = RULES_BY_ID.get("javascript-present")!;
  return [
    {
      id: r.id,
      ruleId: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      severity: r.severity,
      confidence: r.confidence,
      stage: r.stage,
      weight: r.weight,
      evidence: [],
      attack: [],
      cve: [],
      mitigationIds: [],
    },
  ];
}

function record(label: Label, verdict: Verdict | "threw", category = "c", rules: [string, number][] = []): EvalRecord {
  const result =
    verdict === "threw"
      ? null
      : ({
          summary: { verdict, score: 50, confidence: "low" },
          findings: rules.map(([ruleId, weight]) => ({ ruleId, weight })),
        } as unknown as FastResult);
  return {
    sha256: "0".repeat(64),
    name: `${label}-${verdict}`,
    label,
    category,
    size: 100,
    durationMs: 1,
    result,
    error: verdict === "threw" ? "threw: boom" : null,
  };
}

describe("computeMetrics", () => {
  const m = computeMetrics([
    record("malicious", "malicious", "js", [
      ["js-eval", 10],
      ["openaction-js", 30],
    ]),
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
    expect(m.misses.map((x) => [x.category, x.verdict])).toEqual([
      ["xfa", "unknown"],
      ["xfa", "error"],
    ]);
    expect(m.falsePositives).toMatchObject([{ category: "forms", verdict: "suspicious", topRules: ["acroform-js"] }]);
    const js = computeMetrics([
      record("malicious", "benign", "js", [
        ["js-eval", 10],
        ["openaction-js", 30],
      ]),
    ]);
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

describe("computeMetrics: score histogram and sources", () => {
  const scored = (label: Label, score: number, category: string): EvalRecord => ({
    ...record(label, score >= 40 ? "suspicious" : "benign", category),
    result: {
      summary: { verdict: score >= 40 ? "suspicious" : "benign", score, confidence: "low" },
      findings: [],
    } as unknown as FastResult,
  });
  const m = computeMetrics([
    scored("malicious", 95, "large/cic"),
    scored("malicious", 100, "large/cic"),
    scored("malicious", 12, "small/js"),
    scored("benign", 0, "large/qpdf"),
    scored("benign", 45, "small/forms"),
  ]);

  it("counts files per 10-point band, 100 in the last band", () => {
    expect(m.scoreBands.malicious).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(m.scoreBands.benign).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
  });

  it("tabulates detection per source (the category's prefix)", () => {
    expect(m.sources).toEqual([
      { source: "large", malicious: 2, tp: 2, benign: 1, fp: 0 },
      { source: "small", malicious: 1, tp: 0, benign: 1, fp: 1 },
    ]);
    expect(sourceOf("plain")).toBe("all");
  });
});

describe("crossValidateRecords", () => {
  // malicious files carry the JavaScript keyword, benign ones do not: learnable from other folds
  const js = FEATURE_NAMES.indexOf("kw:JavaScript");
  const withScoring = (label: Label, i: number): EvalRecord => {
    const features = FEATURE_NAMES.map((_, f) =>
      f === js && label === "malicious" ? 1 + (i % 3) : f === 0 ? i % 5 : 0,
    );
    return {
      ...record(label, "benign", label === "malicious" ? "js" : "plain"),
      name: `${label}-${i}`,
      scoring: {
        features,
        findings: label === "malicious" ? lowFinding() : [],
        ctx: { unanalysable: false, partial: false },
      },
    };
  };
  const records = [
    ...Array.from({ length: 30 }, (_, i) => withScoring("malicious", i)),
    ...Array.from({ length: 60 }, (_, i) => withScoring("benign", i)),
    record("benign", "threw"),
  ];
  const cv = crossValidateRecords(records, "fast", "trees", 3);

  it("rescores every analysed file with a model that did not see its fold, leaving the others as they were", () => {
    expect(cv).toHaveLength(records.length);
    for (const r of cv.slice(0, 90)) expect(() => Summary.parse(r.result!.summary)).not.toThrow();
    expect(cv[90]).toBe(records[90]);
    const m = computeMetrics(cv);
    expect(m.tpr).toBeGreaterThan(0.9);
    expect(m.fpr).toBe(0);
  });
});

describe("leaveOneSourceOut", () => {
  // two malicious sources with different evidence: one carries JavaScript, the other Launch actions;
  // a model that never saw Launch cannot learn it, so the held-out Launch source tells
  const js = FEATURE_NAMES.indexOf("kw:JavaScript");
  const launch = FEATURE_NAMES.indexOf("kw:Launch");
  const make = (label: Label, category: string, hot: number, i: number): EvalRecord => {
    const features = FEATURE_NAMES.map((_, f) => (f === hot ? 1 + (i % 3) : f === 0 ? i % 5 : 0));
    return {
      ...record(label, "benign", category),
      name: `${category}-${i}`,
      scoring: {
        features,
        findings: label === "malicious" ? lowFinding() : [],
        ctx: { unanalysable: false, partial: false },
      },
    };
  };
  const records = [
    ...Array.from({ length: 40 }, (_, i) => make("malicious", "corpus-large/kit-js", js, i)),
    ...Array.from({ length: 40 }, (_, i) => make("malicious", "corpus-large/kit-launch", launch, i)),
    ...Array.from({ length: 60 }, (_, i) => make("benign", "corpus-large/docs", -1, i)),
    ...Array.from({ length: 20 }, (_, i) => make("benign", "corpus-everyday/invoice", -1, i)),
  ];
  const sources: string[] = [];
  const loso = leaveOneSourceOut(records, "fast", "trees", { onSource: (s) => sources.push(s) });
  const rate = (category: string) => computeMetrics(loso.filter((r) => r.category === category)).confusion;

  it("trains one model per source, corpus-everyday as one source", () => {
    expect(sources).toEqual(["corpus-everyday", "corpus-large/docs", "corpus-large/kit-js", "corpus-large/kit-launch"]);
    expect(losoSourceOf("corpus-everyday/invoice")).toBe("corpus-everyday");
    expect(losoSourceOf("corpus-large/cic-2022")).toBe("corpus-large/cic-2022");
  });

  it("scores each source with a model that never saw it: evidence only that source had is not learnt", () => {
    expect(loso).toHaveLength(records.length);
    // k-fold sees both kits in training and flags both; leaving one kit out misses it
    expect(
      computeMetrics(crossValidateRecords(records, "fast", "trees", 3).filter((r) => r.category.endsWith("kit-launch")))
        .tpr,
    ).toBeGreaterThan(0.9);
    expect(rate("corpus-large/kit-launch").tp).toBe(0);
    expect(rate("corpus-large/kit-js").tp).toBe(0);
    expect(rate("corpus-large/docs").fp).toBe(0);
  });

  it("drops features for an ablation: a dropped feature reads 0 everywhere", () => {
    const dropped = dropFeatures(records, ["kw:Launch"]);
    expect(dropped.every((r) => r.scoring!.features[launch] === 0)).toBe(true);
    expect(dropFeatures(records, ["structure"])[0].scoring!.features[js]).toBe(records[0].scoring!.features[js]);
  });
});
