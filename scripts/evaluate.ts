// Runs the fast stage over labelled files and turns the outcomes into detection metrics.
// Shared by `npm run eval` and test/corpus.test.ts so both count the same way.
import { analyzeFast } from "../lib/analyzer/analyze";
import { FastResult, VERDICTS, type Verdict } from "../lib/analyzer/report";
import { fileNameOf, LABELS, type CorpusEntry, type Label } from "./corpus";

/** Verdicts that count as a detection (positive). */
export const POSITIVE_VERDICTS: readonly Verdict[] = ["malicious", "suspicious"];
/** Finding rule ids listed per miss / false positive. */
const TOP_RULES = 5;

export interface EvalRecord {
  sha256: string;
  name: string;
  label: Label;
  category: string;
  size: number;
  durationMs: number;
  /** null when the analysis threw */
  result: FastResult | null;
  /** set when the analysis threw or its result fails FastResult.safeParse */
  error: string | null;
}

export interface FileOutcome {
  name: string;
  sha256: string;
  category: string;
  verdict: Verdict | "error";
  score: number | null;
  topRules: string[];
}

export interface CategoryRow {
  label: Label;
  category: string;
  files: number;
  flagged: number;
  rate: number;
}

export interface Metrics {
  files: number;
  malicious: number;
  benign: number;
  /** positive = verdict malicious|suspicious; an analysis that threw counts as not flagged */
  confusion: { tp: number; fn: number; fp: number; tn: number };
  tpr: number;
  fpr: number;
  precision: number;
  accuracy: number;
  /** verdict counts per true label ("error" = threw) */
  verdicts: Record<Label, Record<Verdict | "error", number>>;
  /** `unknown` verdicts per true label (already inside `verdicts`, repeated because they hide misses) */
  unknown: Record<Label, number>;
  categories: CategoryRow[];
  misses: FileOutcome[];
  falsePositives: FileOutcome[];
  errors: { name: string; sha256: string; category: string; error: string }[];
  totalBytes: number;
  totalMs: number;
}

/** One stage's analysis of a file, validated against that stage's result schema. */
export interface StageAnalyzer {
  analyze(bytes: Uint8Array, fileName: string): unknown;
  schema: { safeParse(v: unknown): { success: true; data: FastResult } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };
}

export const FAST_ANALYZER: StageAnalyzer = { analyze: (bytes, fileName) => analyzeFast(bytes, { fileName }), schema: FastResult };

/** Analyses each entry (one at a time); never throws: failures become records with `error`. */
export async function evaluateEntries(entries: CorpusEntry[], analyzer: StageAnalyzer = FAST_ANALYZER, onRecord?: (r: EvalRecord) => void): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  for (const entry of entries) {
    const record = await evaluateEntry(entry, analyzer);
    onRecord?.(record);
    out.push(record);
  }
  return out;
}

export async function evaluateEntry(entry: CorpusEntry, analyzer: StageAnalyzer = FAST_ANALYZER): Promise<EvalRecord> {
  const base = { sha256: entry.sha256, name: entry.name, label: entry.label, category: entry.category, size: entry.bytes.length };
  const t0 = performance.now();
  let raw: unknown;
  try {
    raw = await analyzer.analyze(entry.bytes, fileNameOf(entry));
  } catch (e) {
    return { ...base, durationMs: performance.now() - t0, result: null, error: `threw: ${errorText(e)}` };
  }
  const durationMs = performance.now() - t0;
  const parsed = analyzer.schema.safeParse(raw);
  if (parsed.success) return { ...base, durationMs, result: parsed.data, error: null };
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
  // keep a readable verdict so the confusion matrix still reflects what the analyzer said
  return { ...base, durationMs, result: looseResult(raw), error: `invalid result: ${issues.join("; ")}` };
}

export function isPositive(verdict: Verdict | "error"): boolean {
  return (POSITIVE_VERDICTS as readonly string[]).includes(verdict);
}

export function computeMetrics(records: EvalRecord[]): Metrics {
  const emptyCounts = () => Object.fromEntries([...VERDICTS, "error"].map((v) => [v, 0])) as Record<Verdict | "error", number>;
  const verdicts = { malicious: emptyCounts(), benign: emptyCounts() };
  const confusion = { tp: 0, fn: 0, fp: 0, tn: 0 };
  const byCategory = new Map<string, CategoryRow>();
  const misses: FileOutcome[] = [];
  const falsePositives: FileOutcome[] = [];
  const errors: Metrics["errors"] = [];
  let totalBytes = 0;
  let totalMs = 0;

  for (const r of records) {
    const outcome = outcomeOf(r);
    const flagged = isPositive(outcome.verdict);
    verdicts[r.label][outcome.verdict]++;
    totalBytes += r.size;
    totalMs += r.durationMs;
    if (r.error) errors.push({ name: r.name, sha256: r.sha256, category: r.category, error: r.error });
    if (r.label === "malicious") {
      if (flagged) confusion.tp++;
      else (confusion.fn++, misses.push(outcome));
    } else if (flagged) (confusion.fp++, falsePositives.push(outcome));
    else confusion.tn++;
    const key = `${r.label}\0${r.category}`;
    const row = byCategory.get(key) ?? { label: r.label, category: r.category, files: 0, flagged: 0, rate: 0 };
    row.files++;
    if (flagged) row.flagged++;
    byCategory.set(key, row);
  }

  const categories = [...byCategory.values()]
    .map((row) => ({ ...row, rate: ratio(row.flagged, row.files) }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.category.localeCompare(b.category));
  const { tp, fn, fp, tn } = confusion;
  return {
    files: records.length,
    malicious: tp + fn,
    benign: fp + tn,
    confusion,
    tpr: ratio(tp, tp + fn),
    fpr: ratio(fp, fp + tn),
    precision: ratio(tp, tp + fp),
    accuracy: ratio(tp + tn, records.length),
    verdicts,
    unknown: Object.fromEntries(LABELS.map((l) => [l, verdicts[l].unknown])) as Record<Label, number>,
    categories,
    misses,
    falsePositives,
    errors,
    totalBytes,
    totalMs,
  };
}

function outcomeOf(r: EvalRecord): FileOutcome {
  const findings = [...(r.result?.findings ?? [])].sort((a, b) => b.weight - a.weight);
  return {
    name: r.name,
    sha256: r.sha256,
    category: r.category,
    verdict: r.result?.summary?.verdict ?? "error",
    score: r.result?.summary?.score ?? null,
    topRules: [...new Set(findings.map((f) => f.ruleId))].slice(0, TOP_RULES),
  };
}

/** Salvages summary and findings from a result that failed validation, when they look right. */
function looseResult(raw: unknown): FastResult | null {
  const r = raw as Partial<FastResult> | null;
  const verdict = r?.summary?.verdict;
  if (!verdict || !(VERDICTS as readonly string[]).includes(verdict)) return null;
  return { ...(r as FastResult), findings: Array.isArray(r?.findings) ? r.findings : [] };
}

/** 0 when the denominator is 0, so empty classes do not print NaN. */
function ratio(n: number, d: number): number {
  return d === 0 ? 0 : n / d;
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
