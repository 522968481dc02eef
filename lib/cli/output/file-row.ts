// One file of a batch as a flat row: what the table, CSV and Markdown outputs show per file.
import type { Outcome } from "../analysis/run-batch";
import { sortFindings } from "../format-result";

/** Rule ids shown per file, most severe first. */
export const TOP_RULES_SHOWN = 3;

export interface FileRow {
  path: string;
  /** "error" when the file could not be analysed */
  verdict: string;
  score: number | null;
  confidence: string;
  findings: number | null;
  topRules: string[];
  sha256: string;
  size: number | null;
  stage: string;
  error: string;
}

export function toFileRow(o: Outcome): FileRow {
  if (o.error !== undefined) {
    return {
      path: o.path,
      verdict: "error",
      score: null,
      confidence: "",
      findings: null,
      topRules: [],
      sha256: "",
      size: null,
      stage: "",
      error: o.error,
    };
  }
  const r = o.result;
  const topRules = [...new Set(sortFindings(r.findings).map((f) => f.ruleId))].slice(0, TOP_RULES_SHOWN);
  return {
    path: o.path,
    verdict: r.summary.verdict,
    score: r.summary.score,
    confidence: r.summary.confidence,
    findings: r.findings.length,
    topRules,
    sha256: r.sha256,
    size: r.structure.size,
    stage: r.stage,
    error: "",
  };
}
