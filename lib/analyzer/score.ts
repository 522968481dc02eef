// Verdict, score and confidence from findings (contract: score 0..100; >=70 malicious, 40..69
// suspicious, <40 benign). Findings are combined as independent evidence (noisy-OR):
// score = 100 * (1 - prod(1 - w_i/100)), so two medium signals outweigh one, and no pile of weak
// signals reaches certainty. One heavy finding (weight >= 70) alone makes a verdict of malicious.
// Context findings (severity info/low: "has JavaScript", "has an attachment", "is encrypted") show
// capability, not intent: together they add at most CONTEXT_CAP, so a feature-rich benign form
// cannot become suspicious by accumulation alone.
import type { Confidence, Finding, Summary, Verdict } from "./report";

export const MALICIOUS_THRESHOLD = 70;
export const SUSPICIOUS_THRESHOLD = 40;

export const CONTEXT_CAP = 20;

export interface ScoreContext {
  /** nothing could be analysed (no objects, over a hard limit, not a PDF) */
  unanalysable: boolean;
  /** content was hidden from analysis (encrypted without the key, budget hit) */
  partial: boolean;
}

export function scoreFindings(findings: Finding[], ctx: ScoreContext): Summary {
  let keep = 1;
  let contextKeep = 1;
  for (const f of findings) {
    const p = Math.min(100, Math.max(0, f.weight)) / 100;
    if (f.severity === "info" || f.severity === "low") contextKeep *= 1 - p;
    else keep *= 1 - p;
  }
  keep *= 1 - Math.min(CONTEXT_CAP / 100, 1 - contextKeep);
  const score = Math.round(100 * (1 - keep));
  const verdict = verdictFor(score, ctx);
  return { verdict, score, confidence: confidenceFor(verdict, score, findings, ctx) };
}

function verdictFor(score: number, ctx: ScoreContext): Verdict {
  if (score >= MALICIOUS_THRESHOLD) return "malicious";
  if (score >= SUSPICIOUS_THRESHOLD) return "suspicious";
  return ctx.unanalysable ? "unknown" : "benign";
}

function confidenceFor(verdict: Verdict, score: number, findings: Finding[], ctx: ScoreContext): Confidence {
  if (verdict === "unknown") return "low";
  const strong = findings.filter((f) => f.severity === "critical" || f.severity === "high").length;
  if (verdict === "malicious") return findings.some((f) => f.severity === "critical") || strong >= 2 ? "high" : "medium";
  if (verdict === "suspicious") return strong >= 1 ? "medium" : "low";
  // benign: trust it less when part of the file was hidden or the score sits near the line
  if (ctx.partial) return "low";
  return score >= SUSPICIOUS_THRESHOLD / 2 ? "medium" : "high";
}
