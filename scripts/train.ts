// npm run train -- [DIR...] [--stage fast|deep|all] [--cv K] [--seed N] [--learner trees|linear] [--no-cache]
// Trains the verdict models (lib/analyzer/model/model-fast.json, model-deep.json) on labelled corpora
// read in memory from their zips. Each learner (gradient-boosted trees, logistic regression) is
// cross-validated first; the one with the best held-out figures at the contract's operating point
// (flagged = score >= 40, FPR <= 1%) is refitted on everything, calibrated on out-of-fold margins and
// saved with its feature names, training summary and the CV figures of every learner compared.
// Deterministic: no sampling in the learners, folds from a fixed seed. Also writes docs/model.md.
import { writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { Command, InvalidArgumentError } from "commander";
import {
  computeMetrics,
  crossValidateRecords,
  deepAnalyzer,
  evaluateEntries,
  FAST_ANALYZER,
  loadCorpora,
  parseChoice,
  SCORE_BAND_LABELS,
  trainingSetOf,
  type EvalRecord,
  type Metrics,
  type StageAnalyzer,
} from "./evaluate";
import { fitCalibrated, LEARNERS, toVerdictModel, type Learner } from "../lib/analyzer/model/cross-validate";
import { renderModelDocs } from "../lib/analyzer/model/model-docs";
import { SHIPPED_MODELS } from "../lib/analyzer/model/shipped-models";
import { DEFAULT_LINEAR_PARAMS } from "../lib/analyzer/model/train-linear";
import { DEFAULT_TREE_PARAMS } from "../lib/analyzer/model/train-trees";
import type { CvFigures, VerdictModel } from "../lib/analyzer/model/verdict-model";
import type { Stage } from "../lib/analyzer/report";
import { FeatureCache } from "./feature-cache";
import { formatTable, pct } from "./table";

const DEFAULT_DIRS = ["../shared/corpus", "../shared/corpus-large", "../shared/corpus-everyday"];
const MODEL_FILES: Record<Stage, string> = {
  fast: "lib/analyzer/model/model-fast.json",
  advanced: "lib/analyzer/model/model-deep.json",
};
const MODEL_DOCS = "docs/model.md";
/** The operating point: at most 1% of benign files flagged. */
const MAX_FPR = 0.01;

const program: Command = new Command("train")
  .description("Train and cross-validate the verdict models on labelled corpora (manifest.csv folders)")
  .argument("[dirs...]", `corpora (default: ${DEFAULT_DIRS.join(" ")})`)
  .option(
    "--stage <stage>",
    "fast, deep or all (both models; the deep analysis takes minutes)",
    parseChoice(["fast", "deep", "all"]),
    "all",
  )
  .option("--cv <k>", "folds of the cross-validation", parsePositive, 5)
  .option("--seed <n>", "seed of the fold assignment", parsePositive, 1)
  .option(
    "--learner <learner>",
    `force a learner (${LEARNERS.join(", ")}) instead of choosing on CV figures`,
    parseChoice([...LEARNERS]),
  )
  .option("--no-cache", "analyse every file again, ignoring the feature cache of this code version")
  .action(
    async (dirArgs: string[], opts: { stage: string; cv: number; seed: number; learner?: Learner; cache: boolean }) => {
      const dirs = dirArgs.length ? dirArgs : DEFAULT_DIRS;
      const entries = await loadCorpora(dirs);
      const stages: Stage[] =
        opts.stage === "all" ? ["fast", "advanced"] : [opts.stage === "deep" ? "advanced" : "fast"];
      const models = { ...SHIPPED_MODELS };
      for (const stage of stages) {
        const analyzer: StageAnalyzer = stage === "fast" ? FAST_ANALYZER : await deepAnalyzer();
        const t0 = performance.now();
        const cache = opts.cache ? new FeatureCache(stage) : undefined;
        const records = await evaluateEntries(entries, analyzer, undefined, cache);
        cache?.save();
        log(`${stage}: analysed ${records.length} files in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        const model = trainStage(records, stage, dirs, opts);
        writeFileSync(MODEL_FILES[stage], `${JSON.stringify(model)}\n`);
        log(
          `wrote ${MODEL_FILES[stage]} (${model.body.kind}, ${(JSON.stringify(model).length / 1024).toFixed(0)} KiB)`,
        );
        models[stage] = model;
      }
      writeFileSync(MODEL_DOCS, renderModelDocs(models));
      log(`wrote ${MODEL_DOCS}`);
    },
  );

function trainStage(
  records: EvalRecord[],
  stage: Stage,
  dirs: string[],
  opts: { cv: number; seed: number; learner?: Learner },
): VerdictModel {
  const cv: Record<string, CvFigures> = {};
  const bands: Record<string, Metrics["scoreBands"]> = {};
  for (const learner of LEARNERS) {
    const t0 = performance.now();
    const metrics = computeMetrics(crossValidateRecords(records, stage, learner, opts.cv, opts.seed));
    cv[learner] = cvFigures(metrics, opts.cv);
    bands[learner] = metrics.scoreBands;
    log(
      `${stage}/${learner}: ${opts.cv}-fold CV TPR ${pct(cv[learner].tpr)} FPR ${pct(cv[learner].fpr)} (TPR at FPR<=1%: ${pct(cv[learner].tprAtFpr1)}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const learner = opts.learner ?? chooseLearner(cv);
  log(`${stage}: chose ${learner}`);
  const { set, used } = trainingSetOf(records);
  const fitted = fitCalibrated(learner, set, opts.seed);
  const malicious = set.y.filter((y) => y === 1).length;
  const model = toVerdictModel(compact(fitted), stage, {
    training: {
      files: used.length,
      malicious,
      benign: used.length - malicious,
      corpora: dirs.map((d) => basename(resolve(d))),
      params: {
        learner,
        seed: opts.seed,
        folds: opts.cv,
        ...(learner === "trees" ? DEFAULT_TREE_PARAMS : DEFAULT_LINEAR_PARAMS),
      },
    },
    cv,
  });
  process.stdout.write(`\n${stage} stage, ${opts.cv}-fold cross-validated (held-out files only)\n`);
  process.stdout.write(
    `${formatTable(
      ["learner", "TPR", "FPR", "TPR at FPR<=1%"],
      LEARNERS.map((l) => [
        l + (l === learner ? " (chosen)" : ""),
        pct(cv[l].tpr),
        pct(cv[l].fpr),
        pct(cv[l].tprAtFpr1),
      ]),
    )}\n`,
  );
  process.stdout.write(
    `${formatTable(
      ["group", "files", "flagged", "rate"],
      cv[learner].perCategory.map((c) => [c.group, c.files, c.flagged, pct(c.rate)]),
    )}\n`,
  );
  process.stdout.write(
    `${formatTable(
      ["held-out score", ...SCORE_BAND_LABELS],
      (["malicious", "benign"] as const).map((l) => [l, ...bands[learner][l]]),
    )}\n`,
  );
  return model;
}

/** Held-out figures: at the contract's threshold, and the best TPR any score threshold gets at FPR <= 1%. */
function cvFigures(m: Metrics, folds: number): CvFigures {
  return {
    folds,
    tpr: round4(m.tpr),
    fpr: round4(m.fpr),
    tprAtFpr1: round4(tprAtFpr(m.scoreBands, m.malicious, m.benign)),
    perCategory: m.categories.map((c) => ({
      group: `${c.label}/${c.category}`,
      files: c.files,
      flagged: c.flagged,
      rate: round4(c.rate),
    })),
  };
}

/** Feasible (FPR <= 1%) first, then the higher TPR, then the lower FPR; trees win exact ties (explainable per path). */
function chooseLearner(cv: Record<string, CvFigures>): Learner {
  const key = (f: CvFigures) => [f.fpr <= MAX_FPR ? 1 : 0, f.tpr, -f.fpr];
  return [...LEARNERS].sort((a, b) => {
    const [ka, kb] = [key(cv[a]), key(cv[b])];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i] - ka[i];
    return 0;
  })[0];
}

/** TPR at the lowest score band whose benign share at or above it is <= MAX_FPR (band resolution). */
function tprAtFpr(bands: Metrics["scoreBands"], malicious: number, benign: number): number {
  let best = 0;
  for (let b = bands.benign.length - 1; b >= 0; b--) {
    const fp = bands.benign.slice(b).reduce((a, c) => a + c, 0);
    if (benign && fp / benign > MAX_FPR) break;
    best = malicious ? bands.malicious.slice(b).reduce((a, c) => a + c, 0) / malicious : 0;
  }
  return best;
}

/** Rounds leaf values and weights (not thresholds, which decide sides) to keep the JSON small. */
function compact<T extends ReturnType<typeof fitCalibrated>>(m: T): T {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  const body =
    m.body.kind === "trees"
      ? { ...m.body, bias: r(m.body.bias), trees: m.body.trees.map((t) => ({ ...t, value: t.value.map(r) })) }
      : { ...m.body, bias: r(m.body.bias), weights: m.body.weights.map(r), means: m.body.means.map(r) };
  return { ...m, body };
}

function round4(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function parsePositive(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("a positive integer");
  return n;
}

await program.parseAsync();
