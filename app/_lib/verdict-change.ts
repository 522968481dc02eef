// How the advanced stage moved the verdict, as one sentence for the scan page's live region:
// "The advanced stage raised the verdict from suspicious 62 to malicious 73." Only a change of verdict
// is a change (issue 22: "malicious 99 to malicious 100" was announced as one); a score that moved
// within its verdict is "kept", which the page does not announce.
import type { ScanReport } from "./scans";

type StageSummary = ScanReport["fastSummary"];

export type VerdictChange = { direction: "raised" | "lowered" | "confirmed"; sentence: string };

/** Verdicts from least to most severe; the score breaks ties within a verdict. */
const VERDICT_RANK: Record<StageSummary["verdict"], number> = { unknown: 0, benign: 1, suspicious: 2, malicious: 3 };

export function describeVerdictChange(fast: StageSummary, advanced: StageSummary | null): VerdictChange | null {
  if (!advanced) return null;
  const delta = VERDICT_RANK[advanced.verdict] - VERDICT_RANK[fast.verdict];
  const from = `${fast.verdict} ${fast.score}`;
  const to = `${advanced.verdict} ${advanced.score}`;
  if (delta === 0) {
    const score = advanced.score === fast.score ? `${advanced.score}` : `score ${fast.score} → ${advanced.score}`;
    return { direction: "confirmed", sentence: `The advanced stage kept the verdict: ${advanced.verdict} (${score}).` };
  }
  const direction = delta > 0 ? "raised" : "lowered";
  return { direction, sentence: `The advanced stage ${direction} the verdict from ${from} to ${to}.` };
}
