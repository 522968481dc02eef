// npm run eval -- [DIR...] [--json] [--stage fast|deep] [--cv K | --loso] [--learner trees|linear] [--no-cache]
// Detection quality of a stage on labelled sets: confusion matrix, rates, per-source and per-category
// tables, score histogram per class, every miss and false positive. Without --cv the shipped model
// scores files it was trained on (in-sample, optimistic: said in the output); with --cv K each file is
// scored by a model retrained without its fold; with --loso each source (data set) is scored by a model
// trained on every other source, and a table gives each held-out source against its target
// (malicious >= 85% flagged, benign <= 1%). Exit code 1 when an analysis threw or returned an invalid
// result.
import { Command, InvalidArgumentError } from "commander";
import { findCorpusDir } from "./corpus";
import { FeatureCache } from "./feature-cache";
import { LEARNERS, type Learner } from "../lib/analyzer/model/cross-validate";
import { SHIPPED_MODELS } from "../lib/analyzer/model/shipped-models";
import type { Stage } from "../lib/analyzer/report";
import { scoreDocument } from "../lib/analyzer/score";
import {
  computeMetrics,
  crossValidateRecords,
  deepAnalyzer,
  dropFeatures,
  evaluateEntries,
  FAST_ANALYZER,
  isPositive,
  leaveOneSourceOut,
  loadCorpora,
  losoSourceOf,
  parseChoice,
  SCORE_BAND_LABELS,
  type EvalRecord,
  type FileOutcome,
  type Metrics,
} from "./evaluate";
import { fixed, formatTable, pct } from "./table";

const STAGES = ["fast", "deep"] as const;

const program: Command = new Command("eval")
  .description("Evaluate the analyzer on corpora (manifest.csv) or folders with malicious/ and benign/ subfolders")
  .argument("[dirs...]", "corpora or labelled folders (default: $PDFSCAN_CORPUS or ../shared/corpus)")
  .option("--json", "print the metrics object as JSON")
  .option(
    "--stage <stage>",
    "analysis stage: fast (default) or deep (fast + advanced)",
    parseChoice([...STAGES]),
    "fast",
  )
  .option("--cv <k>", "k-fold cross-validation: score each file by a model trained without its fold", parseFolds)
  .option("--loso", "leave one source out: score each source by a model trained on all the other sources")
  .option(
    "--with-structure",
    "ablation under --cv/--loso: let the models learn the structural features too (features.ts FeatureKind)",
  )
  .option(
    "--drop <features>",
    "ablation under --cv/--loso: comma-separated feature names or kinds (structure, behaviour, rule) set to 0",
    (v) =>
      v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
  )
  .option(
    "--learner <learner>",
    `learner retrained under --cv or --loso (default: the shipped model's)`,
    parseChoice([...LEARNERS]),
  )
  .option("--seed <n>", "seed of the fold assignment", (v) => Number(v), 1)
  .option("--no-cache", "analyse every file again, ignoring the feature cache of this code version")
  .action(
    async (
      dirArgs: string[],
      opts: {
        json?: boolean;
        stage: string;
        cv?: number;
        loso?: boolean;
        drop?: string[];
        withStructure?: boolean;
        learner?: Learner;
        seed: number;
        cache: boolean;
      },
    ) => {
      const dirs = dirArgs.length ? dirArgs : [findCorpusDir()].filter((d): d is string => d !== null);
      if (!dirs.length) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
      const entries = await loadCorpora(dirs).catch((e: unknown) =>
        program.error(`cannot load ${dirs.join(", ")}: ${e instanceof Error ? e.message : String(e)}`, { exitCode: 2 }),
      );
      const stage: Stage = opts.stage === "deep" ? "advanced" : "fast";
      const cache = opts.cache ? new FeatureCache(stage) : undefined;
      let records = await evaluateEntries(
        entries,
        stage === "fast" ? FAST_ANALYZER : await deepAnalyzer(),
        undefined,
        cache,
      );
      cache?.save();
      const learner = opts.learner ?? SHIPPED_MODELS[stage].body.kind;
      if (opts.cv && opts.loso) program.error("--cv and --loso exclude each other", { exitCode: 2 });
      if ((opts.drop || opts.withStructure) && !opts.cv && !opts.loso)
        program.error("--drop needs --cv or --loso (the shipped model was trained with every feature)", {
          exitCode: 2,
        });
      if (opts.drop) records = dropFeatures(records, opts.drop);
      const learn = { withStructure: opts.withStructure };
      if (opts.cv) records = crossValidateRecords(records, stage, learner, opts.cv, opts.seed, learn);
      if (opts.loso)
        records = leaveOneSourceOut(records, stage, learner, {
          seed: opts.seed,
          learn,
          onSource: (s, n, total) => process.stderr.write(`loso ${n}/${total}: ${s}\n`),
        });
      let figures = opts.cv
        ? `${opts.cv}-fold cross-validated (${learner}): each file scored by a model trained and calibrated without its fold`
        : opts.loso
          ? `leave-one-source-out (${learner}): each source scored by a model trained and calibrated on every other source`
          : "IN-SAMPLE: the shipped model scores files it was trained on; optimistic. Use --cv K or --loso for honest figures";
      if (opts.drop) figures += `; features dropped (ablation): ${opts.drop.join(", ")}`;
      if (opts.withStructure) figures += "; the models learn the structural features too (ablation)";
      const metrics = computeMetrics(records);
      const model = SHIPPED_MODELS[stage];
      figures += `\nVerdict model ${model.body.kind}-${model.stage} v${model.version} (trained on ${model.training.files} files of ${model.training.corpora.join(", ")}), inference ${fixed(inferenceMicros(records, stage), 1)} us/file`;
      if (opts.json)
        process.stdout.write(`${JSON.stringify({ dirs, stage: opts.stage, figures, ...metrics }, null, 2)}\n`);
      else
        process.stdout.write(
          formatReport(dirs.join(" "), opts.stage, figures, metrics) + (opts.loso ? formatLoso(losoRows(records)) : ""),
        );
      process.exitCode = metrics.errors.length > 0 ? 1 : 0;
    },
  );

/** Mean time of the shipped model's scoring (features already extracted), in microseconds. */
function inferenceMicros(records: EvalRecord[], stage: Stage): number {
  const inputs = records.flatMap((r) => (r.scoring ? [r.scoring] : []));
  const t0 = performance.now();
  for (const input of inputs) scoreDocument(input, stage);
  return inputs.length ? ((performance.now() - t0) * 1000) / inputs.length : 0;
}

function parseFolds(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 2) throw new InvalidArgumentError("an integer >= 2");
  return n;
}

function formatReport(dir: string, stage: string, figures: string, m: Metrics): string {
  const { tp, fn, fp, tn } = m.confusion;
  const out: string[] = [];
  out.push(
    `Corpus ${dir}: ${m.files} files (${m.malicious} malicious, ${m.benign} benign), ${fixed(m.totalBytes / 1e6)} MB, stage ${stage}`,
  );
  out.push(`Figures: ${figures}`);
  out.push(`Analysis time ${fixed(m.totalMs, 0)} ms (${fixed(m.totalBytes / 1e6 / (m.totalMs / 1000 || 1))} MB/s)`);
  out.push("", "Confusion matrix (positive = malicious | suspicious)");
  out.push(
    formatTable(
      ["truth", "flagged", "not flagged"],
      [
        ["malicious", tp, fn],
        ["benign", fp, tn],
      ],
    ),
  );
  out.push("");
  out.push(
    formatTable(
      ["metric", "value", "count"],
      [
        ["TPR (recall)", pct(m.tpr), `${tp}/${tp + fn}`],
        ["FPR", pct(m.fpr), `${fp}/${fp + tn}`],
        ["precision", pct(m.precision), `${tp}/${tp + fp}`],
        ["accuracy", pct(m.accuracy), `${tp + tn}/${m.files}`],
      ],
    ),
  );
  out.push(`unknown verdicts: ${m.unknown.malicious} malicious, ${m.unknown.benign} benign (counted as not flagged)`);
  out.push("", "Verdicts by true label");
  const verdictCols = ["malicious", "suspicious", "benign", "unknown", "error"] as const;
  out.push(
    formatTable(
      ["truth", ...verdictCols],
      (["malicious", "benign"] as const).map((l) => [l, ...verdictCols.map((v) => m.verdicts[l][v])]),
    ),
  );
  out.push("", "Score distribution (files per band)");
  out.push(
    formatTable(
      ["truth", ...SCORE_BAND_LABELS],
      (["malicious", "benign"] as const).map((l) => [l, ...m.scoreBands[l]]),
    ),
  );
  out.push("", "Detection by source");
  out.push(
    formatTable(
      ["source", "malicious", "TPR", "benign", "FPR"],
      m.sources.map((s) => [
        s.source,
        s.malicious,
        pct(s.malicious ? s.tp / s.malicious : 0),
        s.benign,
        pct(s.benign ? s.fp / s.benign : 0),
      ]),
    ),
  );
  out.push("", "Detection by category");
  out.push(
    formatTable(
      ["label", "category", "files", "flagged", "rate"],
      m.categories.map((c) => [c.label, c.category, c.files, c.flagged, pct(c.rate)]),
    ),
  );
  out.push("", ...outcomeSection(`Misses: malicious not flagged (${m.misses.length})`, m.misses));
  out.push("", ...outcomeSection(`False positives: benign flagged (${m.falsePositives.length})`, m.falsePositives));
  if (m.errors.length > 0) {
    out.push("", `ERRORS: analysis threw or returned an invalid result (${m.errors.length})`);
    for (const e of m.errors) out.push(`  ${e.category}  ${e.name}\n    ${e.error}`);
  }
  return `${out.join("\n")}\n`;
}

/** Held-out targets of leave-one-source-out (issue 18): share of a source's files flagged. */
const LOSO_MIN_TPR = 0.85;
const LOSO_MAX_FPR = 0.01;

export interface LosoRow {
  source: string;
  label: "malicious" | "benign" | "mixed";
  files: number;
  flagged: number;
  rate: number;
  meets: boolean;
}

/** One row per held-out source: how many of its files were flagged, against its label's target. */
function losoRows(records: readonly EvalRecord[]): LosoRow[] {
  const by = new Map<string, EvalRecord[]>();
  for (const r of records) by.set(losoSourceOf(r.category), [...(by.get(losoSourceOf(r.category)) ?? []), r]);
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, rs]) => {
      const labels = new Set(rs.map((r) => r.label));
      const label = labels.size > 1 ? "mixed" : rs[0].label;
      const flagged = rs.filter((r) => isPositive(r.result?.summary?.verdict ?? "error")).length;
      const rate = flagged / rs.length;
      const meets = label === "malicious" ? rate >= LOSO_MIN_TPR : label === "benign" ? rate <= LOSO_MAX_FPR : true;
      return { source, label, files: rs.length, flagged, rate, meets };
    });
}

function formatLoso(rows: LosoRow[]): string {
  const table = formatTable(
    ["held-out source", "label", "files", "flagged", "rate", "target", "met"],
    rows.map((r) => [
      r.source,
      r.label,
      r.files,
      r.flagged,
      pct(r.rate),
      r.label === "malicious" ? `>= ${pct(LOSO_MIN_TPR)}` : r.label === "benign" ? `<= ${pct(LOSO_MAX_FPR)}` : "-",
      r.meets ? "yes" : "NO",
    ]),
  );
  const unmet = rows.filter((r) => !r.meets).length;
  return `\nLeave-one-source-out, per held-out source (${unmet} of ${rows.length} below target)\n${table}\n`;
}

function outcomeSection(title: string, rows: FileOutcome[]): string[] {
  if (rows.length === 0) return [title, "  none"];
  const table = formatTable(
    ["category", "verdict", "score", "top rules", "file"],
    rows.map((r) => [r.category, r.verdict, r.score ?? "-", r.topRules.join(",") || "-", r.name]),
  );
  return [title, table];
}

await program.parseAsync();
