import { describe, expect, it } from "vitest";
import { analyzeFast } from "./analyze";
import { explainScore, MAX_REASONS, reportTags, signedPoints } from "./explain-score";
import type { Finding, Summary } from "./report";
import { PdfBuilder } from "../pdf/testing/pdf-builder";

function finding(ruleId: string, contribution: number | undefined, extra: Partial<Finding> = {}): Finding {
  return {
    id: ruleId,
    ruleId,
    title: `title of ${ruleId}`,
    description: "",
    category: "javascript",
    severity: "high",
    confidence: "high",
    stage: "fast",
    weight: 10,
    evidence: [],
    attack: [],
    cve: [],
    mitigationIds: [],
    ...(contribution === undefined ? {} : { contribution }),
    ...extra,
  };
}

const summary = (score: number, model: Summary["model"], extra: Partial<Summary> = {}): Summary => ({
  verdict: score >= 70 ? "malicious" : score >= 40 ? "suspicious" : "benign",
  score,
  confidence: "high",
  model,
  ...extra,
});
const model = (
  priorScore: number,
  topFeatures: { feature: string; contribution: number }[] = [],
): Summary["model"] => ({
  name: "m",
  version: 1,
  probability: 0.5,
  priorScore,
  topFeatures: topFeatures.map((f) => ({ ...f, value: 1 })),
});

/** An auto-run script that launches a command: several findings with contributions, and a floor. */
function launchOnOpen(): Uint8Array {
  const b = new PdfBuilder();
  const launch = b.add("<< /S /Launch /Win << /F (cmd.exe) /P (/c calc.exe) >> >>");
  b.addCatalog(`/OpenAction ${launch} 0 R`);
  return b.build();
}

describe("explainScore", () => {
  it("adds up: the prior, the reasons, the structure and the rest make the score", () => {
    const e = explainScore(
      summary(
        81,
        model(7, [
          { feature: "objects", contribution: 4.2 },
          { feature: "pages", contribution: -1.1 },
        ]),
      ),
      [finding("a", 40.5), finding("b", 20), finding("c", 0.2), finding("d", -3), finding("e", undefined)],
    );
    expect(e.raised.map((r) => [r.ruleId, r.points])).toEqual([
      ["a", 40.5],
      ["b", 20],
    ]);
    expect(e.lowered.map((r) => r.ruleId)).toEqual(["d"]);
    expect(e.structure).toEqual({ points: 3.1, features: ["objects", "pages"] });
    expect(e.prior).toBe(7);
    expect(e.rest).toBeCloseTo(81 - (7 + 40.5 + 20 - 3 + 3.1), 5);
  });

  it("lists at most MAX_REASONS reasons, the largest first, and leaves the others in the rest", () => {
    const findings = Array.from({ length: 8 }, (_, i) => finding(`r${i}`, i + 1));
    const e = explainScore(summary(60, model(0)), findings);
    expect(e.raised.map((r) => r.points)).toEqual([8, 7, 6, 5, 4].slice(0, MAX_REASONS));
    expect(e.rest).toBe(60 - 30);
  });

  it("explains a real analysis within a point: the analyzer's contributions are what the header shows", () => {
    const r = analyzeFast(launchOnOpen(), { fileName: "launch.pdf" });
    const e = explainScore(r.summary, r.findings);
    expect(r.summary.verdict).toBe("malicious");
    expect(e.floor?.ruleId).toBeDefined();
    expect(e.raised.length).toBeGreaterThan(0);
    // the whole explanation (every finding, every structural feature) would be exact; the listed part leaves a small rest
    const all = r.findings.reduce((a, f) => a + (f.contribution ?? 0), 0);
    expect(Math.abs(r.summary.score - (r.summary.model!.priorScore + all + e.structure.points))).toBeLessThan(
      Math.abs(e.rest) + 1,
    );
    expect(reportTags(r.summary, r.findings).techniques[0]).toBe(r.summary.evidenceFloor!.technique);
  });

  it("says nothing it cannot: a summary without a model has no prior and no rest", () => {
    const e = explainScore({ verdict: "benign", score: 3, confidence: "low" }, [finding("a", 2)]);
    expect(e).toMatchObject({ prior: null, rest: 0, raised: [{ ruleId: "a", points: 2 }] });
  });
});

describe("reportTags and signedPoints", () => {
  it("collects CVEs and ATT&CK ids once each, and the catalogue's techniques of the fired rules", () => {
    const tags = reportTags(summary(90, model(5)), [
      finding("javascript-acrobat-exploit-cve", 50, { cve: ["CVE-2008-2992"], attack: ["T1203"] }),
      finding("launch-command", 30, { attack: ["T1203", "T1059"] }),
    ]);
    expect(tags.cve).toEqual(["CVE-2008-2992"]);
    expect(tags.attack).toEqual(["T1203", "T1059"]);
    expect(tags.techniques).toContain("launch-command");
  });

  it("writes points signed, to a tenth", () => {
    expect([signedPoints(12.34), signedPoints(-3), signedPoints(0)]).toEqual(["+12.3", "−3", "+0"]);
  });
});
