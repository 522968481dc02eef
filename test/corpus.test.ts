// The development corpus through the fast stage: every result valid, nothing throws, and detection
// at least TPR 0.90 / FPR 0.05 (positive = malicious | suspicious). Skipped when the corpus is absent.
// Samples are decrypted into memory only (scripts/corpus.ts); nothing is written to disk.
import { beforeAll, describe, expect, it } from "vitest";
import { FastResult } from "../lib/analyzer/report";
import { findCorpusDir, loadAny } from "../scripts/corpus";
import { computeMetrics, evaluateEntries, type EvalRecord, type Metrics } from "../scripts/evaluate";

const MIN_TPR = 0.9;
const MAX_FPR = 0.05;

const dir = findCorpusDir();
if (!dir)
  console.warn("corpus absent: set PDFSCAN_CORPUS to a corpus folder (manifest.csv) to run test/corpus.test.ts");

describe.skipIf(!dir)("fast stage on the corpus", () => {
  let records: EvalRecord[];
  let metrics: Metrics;

  beforeAll(async () => {
    records = await evaluateEntries(await loadAny(dir!));
    metrics = computeMetrics(records);
  });

  it("loads labelled files of both kinds", () => {
    expect(metrics.malicious).toBeGreaterThan(0);
    expect(metrics.benign).toBeGreaterThan(0);
  });

  it("never throws", () => {
    const threw = records.filter((r) => r.error?.startsWith("threw")).map((r) => `${r.name}: ${r.error}`);
    expect(threw).toEqual([]);
  });

  it("returns a result that validates with FastResult for every file", () => {
    const invalid = records.filter((r) => r.error).map((r) => `${r.name}: ${r.error}`);
    expect(invalid).toEqual([]);
    for (const r of records) expect(() => FastResult.parse(r.result)).not.toThrow();
  });

  it(`detects at least ${MIN_TPR * 100}% of malicious files`, () => {
    const misses = metrics.misses.map(
      (m) => `${m.category} ${m.verdict} ${m.score} [${m.topRules.join(",")}] ${m.name}`,
    );
    expect(metrics.tpr, `TPR ${metrics.tpr.toFixed(3)}; misses:\n${misses.join("\n")}`).toBeGreaterThanOrEqual(MIN_TPR);
  });

  it(`flags at most ${MAX_FPR * 100}% of benign files`, () => {
    const fps = metrics.falsePositives.map(
      (m) => `${m.category} ${m.verdict} ${m.score} [${m.topRules.join(",")}] ${m.name}`,
    );
    expect(metrics.fpr, `FPR ${metrics.fpr.toFixed(3)}; false positives:\n${fps.join("\n")}`).toBeLessThanOrEqual(
      MAX_FPR,
    );
  });
});
