// Fold assignment: stratified by label and category, identical vectors never split across folds.
import { describe, expect, it } from "vitest";
import { assignFolds, vectorKey } from "./folds";

describe("assignFolds", () => {
  const items = Array.from({ length: 100 }, (_, i) => ({
    stratum: i < 30 ? "malicious/cic" : i < 40 ? "malicious/contagio" : "benign/qpdf",
    // every malicious/cic pair shares a vector (siblings of one kit)
    group: i < 30 ? `cic-${Math.floor(i / 2)}` : `f${i}`,
  }));
  const folds = assignFolds(items, 5, 1);

  it("keeps identical vectors in one fold", () => {
    for (let i = 0; i < 30; i += 2) expect(folds[i]).toBe(folds[i + 1]);
  });

  it("spreads each stratum evenly", () => {
    for (const stratum of ["malicious/cic", "malicious/contagio", "benign/qpdf"]) {
      const counts = [0, 0, 0, 0, 0];
      items.forEach((it, i) => it.stratum === stratum && counts[folds[i]]++);
      expect(Math.max(...counts) - Math.min(...counts), stratum).toBeLessThanOrEqual(2);
    }
  });

  it("is deterministic for a seed", () => {
    expect(assignFolds(items, 5, 1)).toEqual(folds);
  });

  it("refuses fewer than two folds", () => {
    expect(() => assignFolds(items, 1)).toThrow(/k >= 2/);
  });
});

describe("vectorKey", () => {
  it("is equal for equal vectors and differs otherwise", () => {
    expect(vectorKey([1, 0.5, 2])).toBe(vectorKey(Float64Array.from([1, 0.5, 2])));
    expect(vectorKey([1, 0.5, 2])).not.toBe(vectorKey([1, 0.5, 3]));
  });
});
