// The score in words, for the report header, the exports and the CLI (issue 22: "a top finding of
// weight 45 beside score 99" explained nothing). The model's explanation is additive
// (lib/analyzer/score.ts): score = the prior (a file with no evidence) + each finding's contribution +
// the structural features' contributions, an evidence floor's lift being credited to the rule that set
// it. This reads that back: the findings that moved the score most, the structure's share, and what
// is left (the structural features too small to list, rounding, the cap "no evidence, no flag").
import type { Finding, Summary } from "./report";
import { TECHNIQUES } from "./techniques/catalogue";

/** Reasons shown at most (issue 22: "the three to five reasons that moved the score most"). */
export const MAX_REASONS = 5;
/** A contribution below this many points is not a reason worth a line. */
const MIN_REASON_POINTS = 0.5;

export interface ScoreReason {
  ruleId: string;
  title: string;
  /** signed score points */
  points: number;
}

export interface ScoreExplanation {
  score: number;
  /** the score of a file with no evidence; null for a summary without a model (older reports) */
  prior: number | null;
  /** the findings that raised the score most, largest first */
  raised: ScoreReason[];
  /** findings that lowered it (a declared benign explanation), largest drop first */
  lowered: ScoreReason[];
  /** points of the listed structural features, and their names */
  structure: { points: number; features: string[] };
  /** what the lists above leave out: smaller findings and features, rounding, caps */
  rest: number;
  /** the least verdict the evidence guarantees, when a technique set one */
  floor: Summary["evidenceFloor"] | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function explainScore(summary: Summary, findings: readonly Finding[]): ScoreExplanation {
  const scored = findings
    .filter((f) => typeof f.contribution === "number")
    .map((f) => ({ ruleId: f.ruleId, title: f.title, points: f.contribution! }));
  const raised = scored
    .filter((r) => r.points >= MIN_REASON_POINTS)
    .sort((a, b) => b.points - a.points || a.ruleId.localeCompare(b.ruleId));
  const lowered = scored
    .filter((r) => r.points <= -MIN_REASON_POINTS)
    .sort((a, b) => a.points - b.points || a.ruleId.localeCompare(b.ruleId));
  const model = summary.model;
  const features = model?.topFeatures ?? [];
  const structure = {
    points: round1(features.reduce((a, f) => a + f.contribution, 0)),
    features: features.map((f) => f.feature),
  };
  const shownRaised = raised.slice(0, MAX_REASONS);
  const shownLowered = lowered.slice(0, MAX_REASONS);
  const prior = model ? model.priorScore : null;
  const explained =
    (prior ?? 0) + structure.points + [...shownRaised, ...shownLowered].reduce((a, r) => a + r.points, 0);
  return {
    score: summary.score,
    prior,
    raised: shownRaised,
    lowered: shownLowered,
    structure,
    rest: prior === null ? 0 : round1(summary.score - explained),
    floor: summary.evidenceFloor ?? null,
  };
}

/**
 * The tags of a report, each once: CVEs and ATT&CK techniques of the findings, and the attack
 * techniques of the catalogue (lib/analyzer/techniques) whose rules fired, the one that set the
 * evidence floor first. A rule that only explains evidence as benign names no technique here.
 */
export function reportTags(
  summary: Summary,
  findings: readonly Finding[],
): { cve: string[]; attack: string[]; techniques: string[] } {
  const once = (values: Iterable<string>) => [...new Set(values)];
  const fired = new Set(findings.map((f) => f.ruleId));
  return {
    cve: once(findings.flatMap((f) => f.cve)),
    attack: once(findings.flatMap((f) => f.attack)),
    techniques: once([
      ...(summary.evidenceFloor ? [summary.evidenceFloor.technique] : []),
      ...TECHNIQUES.filter((t) => t.rules.some((r) => fired.has(r))).map((t) => t.id),
    ]),
  };
}

/** "+12.5" / "-3" / "+0": signed points as a report writes them. */
export function signedPoints(points: number): string {
  const r = round1(points);
  return `${r > 0 ? "+" : r < 0 ? "−" : "+"}${Math.abs(r)}`;
}

/**
 * The explanation as plain text lines for the exports and the terminal: one line per reason
 * ("+32.4  JavaScript contacts the network (javascript-network-callback)"), the structure's line,
 * then the sentence that closes the sum. Callers escape for their format.
 */
export function explanationText(e: ScoreExplanation): { reasons: { points: string; text: string }[]; sum: string } {
  const reasons = [...e.raised, ...e.lowered].map((r) => ({
    points: signedPoints(r.points),
    text: `${r.title} (${r.ruleId})`,
  }));
  if (e.structure.features.length > 0)
    reasons.push({
      points: signedPoints(e.structure.points),
      text: `the file's structure (${e.structure.features.join(", ")})`,
    });
  const parts: string[] = [];
  if (e.prior !== null) parts.push(`a file with no evidence scores ${e.prior}`);
  if (Math.abs(e.rest) >= 0.5) parts.push(`smaller findings and features, rounding and caps ${signedPoints(e.rest)}`);
  parts.push(
    e.floor
      ? `the evidence sets a floor of ${e.floor.verdict} (${e.floor.score}) by the technique ${e.floor.technique} (rule ${e.floor.ruleId})`
      : "no technique sets a floor: the score is the model's",
  );
  const sum = parts.join("; ");
  return { reasons, sum: `${sum.charAt(0).toUpperCase()}${sum.slice(1)}.` };
}
