// Every carrier of every technique of the catalogue (lib/analyzer/techniques/catalogue.ts), on its
// fixture built in code: the technique's rules fire (in the fast stage, or in the advanced stage with
// the real engines when only advanced rules can see it), and its floor holds: the verdict is at least
// what the evidence guarantees, whatever the model says.
import { afterAll, describe, expect, it } from "vitest";
import { analyzeFast } from "../lib/analyzer/analyze";
import { analyzeDeep } from "../lib/analyzer/deep/analyze-deep";
import type { FastResult } from "../lib/analyzer/report";
import { TECHNIQUES } from "../lib/analyzer/techniques/catalogue";
import { FLOOR_SCORES } from "../lib/analyzer/techniques/evidence-floor";
import { TECHNIQUE_FIXTURES } from "../lib/analyzer/techniques/testing/all-fixtures";
import { createDeepEngines } from "../lib/engines/create-deep-engines";

const { engines } = createDeepEngines({ yaraRuleDirs: [] });
afterAll(async () => {
  await (engines.render as { close?: () => Promise<void> }).close?.();
});

const VERDICT_RANK = { unknown: 0, benign: 1, suspicious: 2, malicious: 3 } as const;

const cases = TECHNIQUES.flatMap((t) => t.carriers.map((c) => [t.id, c] as const));

describe("each technique through each of its carriers", () => {
  it.each(cases)("%s via %s: its rules fire and its floor holds", async (techniqueId, carrier) => {
    const technique = TECHNIQUES.find((t) => t.id === techniqueId)!;
    const pdf = TECHNIQUE_FIXTURES[techniqueId][carrier]();
    const firedIn = (r: FastResult) => r.findings.map((f) => f.ruleId).filter((id) => technique.rules.includes(id));
    let result: FastResult = analyzeFast(pdf, { fileName: `${carrier}.pdf` });
    if (firedIn(result).length === 0) result = await analyzeDeep(pdf, { fileName: `${carrier}.pdf`, engines });
    const fired = firedIn(result);
    expect(
      fired,
      `no rule of ${techniqueId} fired; findings: ${result.findings.map((f) => f.ruleId).join(", ")}`,
    ).not.toEqual([]);
    const explained = technique.explainedBy?.some((id) => result.findings.some((f) => f.ruleId === id));
    // a floor that holds for high-confidence hits only (a file share resolved without a click) is checked on those
    const hit = (id: string, high: boolean) =>
      result.findings.some((f) => f.ruleId === id && (!high || f.confidence === "high"));
    const floors = technique.floors.filter((f) => f.rules.some((id) => hit(id, f.confidence === "high")) && !f.when);
    if (explained || floors.length === 0) return;
    const least = Math.min(...floors.map((f) => (f.proof ? FLOOR_SCORES.proof : FLOOR_SCORES[f.verdict])));
    expect(result.summary.score, JSON.stringify(result.summary)).toBeGreaterThanOrEqual(least);
    expect(VERDICT_RANK[result.summary.verdict]).toBeGreaterThanOrEqual(
      Math.min(...floors.map((f) => VERDICT_RANK[f.verdict])),
    );
    expect(result.summary.evidenceFloor).toBeDefined();
  });
});
