// Training with honest figures: k-fold cross-validation where each held-out fold is scored by a model
// (and a calibration) fitted on the other folds only, and the shipped fit whose calibration comes from
// out-of-fold margins. Shared by `npm run train` and `npm run eval -- --cv K`.
import { SUSPICIOUS_THRESHOLD } from "../score";
import { applyCalibration, fitOperatingPoint, fitPlatt, type Calibration } from "./calibration";
import { assignFolds, vectorKey } from "./folds";
import { trainLinear } from "./train-linear";
import { trainTrees } from "./train-trees";
import { FEATURE_NAMES } from "./features";
import { explain, type ModelBody, type VerdictModel } from "./verdict-model";

/** Version of the model file format (verdict-model.ts); bump when the JSON layout changes. */
export const MODEL_FORMAT_VERSION = 1;

export const LEARNERS = ["trees", "linear"] as const;
export type Learner = (typeof LEARNERS)[number];

export interface TrainingSet {
  x: readonly ArrayLike<number>[];
  /** 1 = malicious */
  y: readonly number[];
  /** stratum of each file, e.g. "malicious/cic-2022" */
  strata: readonly string[];
  /** per feature: may only raise the margin (FEATURE_MONOTONE for the real features) */
  monotone?: readonly boolean[];
}

/** Folds of the inner split that fits the calibration of a model. */
const CALIBRATION_FOLDS = 3;
/** The contract's suspicious line as a probability. */
const FLAG_PROBABILITY = SUSPICIOUS_THRESHOLD / 100;
/**
 * Out-of-fold benign share allowed at the suspicious line when the calibration is fitted: well below
 * the 1% promised, because the estimate comes from a few hundred benign files and varies between
 * folds. At 0.5%, the held-out FPR of corpus-large alone (5-fold, seeds 1-4) came out at 0.63-1.14%:
 * the inner estimate runs about half a point under what files of the held-out fold see. At 0.3% it
 * came out at 0.51-0.63%, for 0.6 points of TPR.
 */
export const CALIBRATION_MAX_FPR = 0.003;

export function fitBody(learner: Learner, set: TrainingSet): ModelBody {
  return learner === "trees"
    ? trainTrees(set.x, set.y, undefined, set.monotone)
    : trainLinear(set.x, set.y, undefined, set.monotone);
}

export function marginOf(body: ModelBody, x: ArrayLike<number>): number {
  return explain(body, x, x.length).margin;
}

/** A body fitted on the whole set; Platt calibration and operating point fitted on its out-of-fold margins. */
export function fitCalibrated(
  learner: Learner,
  set: TrainingSet,
  seed = 1,
): { body: ModelBody; calibration: Calibration } {
  const margins = outOfFoldMargins(learner, set, CALIBRATION_FOLDS, seed);
  const calibration = fitOperatingPoint(
    fitPlatt(margins, set.y),
    margins,
    set.y,
    FLAG_PROBABILITY,
    CALIBRATION_MAX_FPR,
  );
  return { body: fitBody(learner, set), calibration };
}

export interface FittedModel {
  body: ModelBody;
  calibration: Calibration;
}

/** One model per fold, each fitted (and calibrated) without that fold; `fold[i]` is file i's fold. */
export function crossValidate(
  learner: Learner,
  set: TrainingSet,
  k: number,
  seed = 1,
): { fold: number[]; models: FittedModel[] } {
  const fold = foldsOf(set, k, seed);
  const models = Array.from({ length: k }, (_, f) =>
    fitCalibrated(
      learner,
      subset(
        set,
        fold.map((g) => g !== f),
      ),
      seed,
    ),
  );
  return { fold, models };
}

/** Calibrated out-of-fold probability of each file. */
export function heldOutProbabilities(set: TrainingSet, cv: { fold: number[]; models: FittedModel[] }): number[] {
  return set.x.map((x, i) => {
    const m = cv.models[cv.fold[i]];
    return applyCalibration(m.calibration, marginOf(m.body, x));
  });
}

export function foldsOf(set: TrainingSet, k: number, seed: number): number[] {
  return assignFolds(
    set.x.map((x, i) => ({ stratum: set.strata[i], group: vectorKey(x) })),
    k,
    seed,
  );
}

function outOfFoldMargins(learner: Learner, set: TrainingSet, k: number, seed: number): number[] {
  const fold = foldsOf(set, k, seed);
  const margins = new Array<number>(set.x.length).fill(0);
  for (let f = 0; f < k; f++) {
    const train = subset(
      set,
      fold.map((g) => g !== f),
    );
    const body = fitBody(learner, train);
    fold.forEach((g, i) => {
      if (g === f) margins[i] = marginOf(body, set.x[i]);
    });
  }
  return margins;
}

function subset(set: TrainingSet, keep: boolean[]): TrainingSet {
  const pick = <T>(a: readonly T[]) => a.filter((_, i) => keep[i]);
  return { x: pick(set.x), y: pick(set.y), strata: pick(set.strata), monotone: set.monotone };
}

/** A fitted model as a VerdictModel over the code's current features (fold models, the shipped file). */
export function toVerdictModel(
  m: FittedModel,
  stage: VerdictModel["stage"],
  meta: Pick<VerdictModel, "training" | "cv"> = {
    training: { files: 0, malicious: 0, benign: 0, corpora: [], params: {} },
    cv: {},
  },
): VerdictModel {
  return {
    format: "pdfscan-verdict-model",
    version: MODEL_FORMAT_VERSION,
    stage,
    featureNames: [...FEATURE_NAMES],
    body: m.body,
    calibration: m.calibration,
    ...meta,
  };
}
