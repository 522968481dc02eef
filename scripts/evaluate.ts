// Runs the fast stage over labelled files and turns the outcomes into detection metrics.
// Shared by `npm run eval` and test/corpus.test.ts so both count the same way.
import { analyzeFast } from "../lib/analyzer/analyze";
import { FastResult, VERDICTS, type Verdict } from "../lib/analyzer/report";
import { scoreDocument, type ScoringInput } from "../lib/analyzer/score";
import { FEATURE_KINDS, FEATURE_MONOTONE, FEATURE_NAMES, LEARNED_FEATURE_KINDS } from "../lib/analyzer/model/features";
import {
  crossValidate,
  fitCalibrated,
  toVerdictModel,
  type Learner,
  type TrainingSet,
} from "../lib/analyzer/model/cross-validate";
import type { Stage } from "../lib/analyzer/report";
import { basename, resolve } from "node:path";
import { InvalidArgumentError } from "commander";
import type { FeatureCache } from "./feature-cache";
import { fileNameOf, LABELS, loadAny, type CorpusEntry, type Label } from "./corpus";

/** Verdicts that count as a detection (positive). */
export const POSITIVE_VERDICTS: readonly Verdict[] = ["malicious", "suspicious"];
/** Finding rule ids listed per miss / false positive. */
const TOP_RULES = 5;
/** score histogram: ten bands of 10 points (the last one includes 100) */
export const SCORE_BANDS = 10;
export const SCORE_BAND_LABELS: readonly string[] = Array.from({ length: SCORE_BANDS }, (_, b) =>
  b === SCORE_BANDS - 1 ? `${b * 10}-100` : `${b * 10}-${b * 10 + 9}`,
);

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
  /** what the verdict was computed from (absent when the analysis stopped before scoring) */
  scoring?: ScoringInput;
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

export interface SourceRow {
  source: string;
  malicious: number;
  tp: number;
  benign: number;
  fp: number;
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
  /** files per score band (0-9, 10-19, ..., 90-100) and true label; errors left out */
  scoreBands: Record<Label, number[]>;
  /** detection per source: the part of the category before "/" (the corpus, when several are read) */
  sources: SourceRow[];
  totalBytes: number;
  totalMs: number;
}

/** One stage's analysis of a file, validated against that stage's result schema. */
export interface StageAnalyzer {
  analyze(bytes: Uint8Array, fileName: string, onScoringInput?: (input: ScoringInput) => void): unknown;
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: FastResult }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  };
}

/** The advanced stage with the real engines (pdf.js, YARA, JavaScript sandbox), as the service runs it. */
export async function deepAnalyzer(): Promise<StageAnalyzer> {
  const [{ analyzeDeep }, { createDeepEngines }, { DeepResult }] = await Promise.all([
    import("../lib/analyzer/deep/analyze-deep"),
    import("../lib/engines/create-deep-engines"),
    import("../lib/analyzer/report"),
  ]);
  const { engines } = createDeepEngines({ yaraRuleDirs: [] });
  return {
    analyze: (bytes, fileName, onScoringInput) => analyzeDeep(bytes, { fileName, engines, onScoringInput }),
    schema: DeepResult,
  };
}

export const FAST_ANALYZER: StageAnalyzer = {
  analyze: (bytes, fileName, onScoringInput) => analyzeFast(bytes, { fileName, onScoringInput }),
  schema: FastResult,
};

/**
 * Analyses each entry (one at a time); never throws: failures become records with `error`. With a
 * cache, files this code analysed before are not analysed again (their scoring inputs are reused).
 */
export async function evaluateEntries(
  entries: CorpusEntry[],
  analyzer: StageAnalyzer = FAST_ANALYZER,
  onRecord?: (r: EvalRecord) => void,
  cache?: FeatureCache,
): Promise<EvalRecord[]> {
  const out: EvalRecord[] = [];
  for (const entry of entries) {
    const record = cache?.get(entry) ?? (await evaluateEntry(entry, analyzer));
    cache?.put(record);
    onRecord?.(record);
    out.push(record);
  }
  return out;
}

export async function evaluateEntry(entry: CorpusEntry, analyzer: StageAnalyzer = FAST_ANALYZER): Promise<EvalRecord> {
  const base = {
    sha256: entry.sha256,
    name: entry.name,
    label: entry.label,
    category: entry.category,
    size: entry.bytes.length,
  };
  const t0 = performance.now();
  let raw: unknown;
  let scoring: ScoringInput | undefined;
  try {
    raw = await analyzer.analyze(entry.bytes, fileNameOf(entry), (s) => (scoring = s));
  } catch (e) {
    return { ...base, durationMs: performance.now() - t0, result: null, error: `threw: ${errorText(e)}` };
  }
  const durationMs = performance.now() - t0;
  const parsed = analyzer.schema.safeParse(raw);
  if (parsed.success) return { ...base, durationMs, result: parsed.data, error: null, scoring };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`);
  // keep a readable verdict so the confusion matrix still reflects what the analyzer said
  return { ...base, durationMs, result: looseResult(raw), error: `invalid result: ${issues.join("; ")}`, scoring };
}

export function isPositive(verdict: Verdict | "error"): boolean {
  return (POSITIVE_VERDICTS as readonly string[]).includes(verdict);
}

export function computeMetrics(records: EvalRecord[]): Metrics {
  const emptyCounts = () =>
    Object.fromEntries([...VERDICTS, "error"].map((v) => [v, 0])) as Record<Verdict | "error", number>;
  const verdicts = { malicious: emptyCounts(), benign: emptyCounts() };
  const confusion = { tp: 0, fn: 0, fp: 0, tn: 0 };
  const byCategory = new Map<string, CategoryRow>();
  const misses: FileOutcome[] = [];
  const falsePositives: FileOutcome[] = [];
  const errors: Metrics["errors"] = [];
  const scoreBands = {
    malicious: new Array<number>(SCORE_BANDS).fill(0),
    benign: new Array<number>(SCORE_BANDS).fill(0),
  };
  const bySource = new Map<string, SourceRow>();
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
      else {
        confusion.fn++;
        misses.push(outcome);
      }
    } else if (flagged) {
      confusion.fp++;
      falsePositives.push(outcome);
    } else confusion.tn++;
    if (outcome.score !== null) scoreBands[r.label][Math.min(SCORE_BANDS - 1, Math.floor(outcome.score / 10))]++;
    const source = sourceOf(r.category);
    const src = bySource.get(source) ?? { source, malicious: 0, tp: 0, benign: 0, fp: 0 };
    if (r.label === "malicious") {
      src.malicious++;
      src.tp += flagged ? 1 : 0;
    } else {
      src.benign++;
      src.fp += flagged ? 1 : 0;
    }
    bySource.set(source, src);
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
    scoreBands,
    sources: [...bySource.values()].sort((a, b) => a.source.localeCompare(b.source)),
    totalBytes,
    totalMs,
  };
}

/** The source of a category written "source/category"; "all" when there is no prefix. */
export function sourceOf(category: string): string {
  const at = category.indexOf("/");
  return at > 0 ? category.slice(0, at) : "all";
}

function outcomeOf(r: EvalRecord): FileOutcome {
  const findings = [...(r.result?.findings ?? [])].sort(
    (a, b) => (b.contribution ?? b.weight) - (a.contribution ?? a.weight),
  );
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

export interface LearnOptions {
  /**
   * Ablation only (`npm run eval -- --with-structure`): let the model learn the structural features
   * too. By default it does not (issue 18): they tell one generator or data set from another (page
   * size, image codecs, stream entropy, reader anomalies), and a verdict must not rest on them.
   */
  withStructure?: boolean;
}

/** The files a model can learn from (analysed up to scoring), as a training set: structural features read 0 unless asked. */
export function trainingSetOf(
  records: readonly EvalRecord[],
  { withStructure = false }: LearnOptions = {},
): { set: TrainingSet; used: EvalRecord[] } {
  const used = records.filter((r) => r.scoring && r.result);
  const learned = FEATURE_KINDS.map((kind) => withStructure || LEARNED_FEATURE_KINDS.includes(kind));
  return {
    used,
    set: {
      x: used.map((r) => r.scoring!.features.map((v, i) => (learned[i] ? v : 0))),
      y: used.map((r) => (r.label === "malicious" ? 1 : 0)),
      strata: used.map((r) => `${r.label}/${r.category}`),
      monotone: FEATURE_MONOTONE,
    },
  };
}

/**
 * k-fold cross-validation of the verdict: each file's summary is recomputed by a model trained and
 * calibrated on the other folds only (stratified by label and category, identical vectors in one
 * fold). Files without a scoring input (threw, over a hard limit) keep their result.
 */
export function crossValidateRecords(
  records: readonly EvalRecord[],
  stage: Stage,
  learner: Learner,
  k: number,
  seed = 1,
  learn: LearnOptions = {},
): EvalRecord[] {
  const { set, used } = trainingSetOf(records, learn);
  const cv = crossValidate(learner, set, k, seed);
  const models = cv.models.map((m) => toVerdictModel(m, stage));
  const index = new Map(used.map((r, i) => [r, i]));
  return records.map((r) => {
    const i = index.get(r);
    if (i === undefined || !r.result || !r.scoring) return r;
    const { summary } = scoreDocument(r.scoring, stage, models[cv.fold[i]]);
    return { ...r, result: { ...r.result, summary } };
  });
}

/**
 * Corpora whose files form one source however they are categorised: corpus-everyday's categories are
 * kinds of document (invoice, form...) drawn from the same 228 repositories, not separate origins.
 */
export const WHOLE_CORPUS_SOURCES: ReadonlySet<string> = new Set(["corpus-everyday"]);

/**
 * The source a file is held out with under leave-one-source-out: its category (its data set: cic-2022,
 * pdfjs-tests, a CVE folder of the small corpus...), or its corpus for WHOLE_CORPUS_SOURCES. Categories
 * read "<corpus>/<category>" when several corpora are loaded (loadCorpora).
 */
export function losoSourceOf(category: string): string {
  const corpus = sourceOf(category);
  return WHOLE_CORPUS_SOURCES.has(corpus) ? corpus : category;
}

/**
 * Leave-one-source-out: for each source, a model trained and calibrated on every other source scores
 * that source's files. Unlike k-fold within sources, no file is scored by a model that has seen its
 * data set: the figure that predicts files of kinds the corpora do not hold. Files without a scoring
 * input keep their result.
 */
export function leaveOneSourceOut(
  records: readonly EvalRecord[],
  stage: Stage,
  learner: Learner,
  {
    seed = 1,
    learn = {},
    sourceOfRecord = (r: EvalRecord) => losoSourceOf(r.category),
    onSource,
  }: {
    seed?: number;
    learn?: LearnOptions;
    sourceOfRecord?: (r: EvalRecord) => string;
    onSource?: (source: string, done: number, total: number) => void;
  } = {},
): EvalRecord[] {
  const { set, used } = trainingSetOf(records, learn);
  const sourceOfUsed = used.map(sourceOfRecord);
  const sources = [...new Set(sourceOfUsed)].sort();
  const scored = new Map<EvalRecord, EvalRecord>();
  sources.forEach((source, n) => {
    const keep = sourceOfUsed.map((s) => s !== source);
    const pick = <T>(a: readonly T[]) => a.filter((_, i) => keep[i]);
    const model = toVerdictModel(
      fitCalibrated(
        learner,
        { x: pick(set.x), y: pick(set.y), strata: pick(set.strata), monotone: set.monotone },
        seed,
      ),
      stage,
    );
    used.forEach((r, i) => {
      if (sourceOfUsed[i] !== source) return;
      const { summary } = scoreDocument(r.scoring!, stage, model);
      scored.set(r, { ...r, result: { ...r.result!, summary } });
    });
    onSource?.(source, n + 1, sources.length);
  });
  return records.map((r) => scored.get(r) ?? r);
}

/**
 * Ablation: the records with the named features (or every feature of a kind: "structure", "behaviour",
 * "rule") set to 0, so models retrained on them (--cv, --loso) cannot use them.
 */
export function dropFeatures(records: readonly EvalRecord[], drop: readonly string[]): EvalRecord[] {
  const gone = FEATURE_NAMES.map((name, i) => drop.includes(name) || drop.includes(FEATURE_KINDS[i]));
  if (!gone.some(Boolean)) return [...records];
  return records.map((r) =>
    r.scoring ? { ...r, scoring: { ...r.scoring, features: r.scoring.features.map((v, i) => (gone[i] ? 0 : v)) } } : r,
  );
}

/** Several corpora as one set; with more than one, categories read "<corpus folder>/<category>". */
export async function loadCorpora(dirs: string[]): Promise<CorpusEntry[]> {
  const out: CorpusEntry[] = [];
  for (const dir of dirs) {
    const source = basename(resolve(dir));
    for (const e of await loadAny(dir)) out.push(dirs.length > 1 ? { ...e, category: `${source}/${e.category}` } : e);
  }
  return out;
}

/** A commander option parser that accepts one of `choices` (shared by eval and train). */
export function parseChoice<T extends string>(choices: T[]): (v: string) => T {
  return (v) => {
    if (!(choices as string[]).includes(v)) throw new InvalidArgumentError(`supported: ${choices.join(", ")}`);
    return v as T;
  };
}
