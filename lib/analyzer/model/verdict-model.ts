// The saved verdict model (model-fast.json, model-deep.json) and its inference: a margin (log-odds)
// from a tree ensemble or a linear model, explained per feature, then calibrated to a probability.
// Explanations are exact and additive: margin = base + sum(contributions). For trees this is the
// path attribution of treeinterpreter (Saabas): each split credits its feature with the change of
// the node value along the path; for the linear model it is w_i * (x_i - mean_i).
import { applyCalibration, type Calibration } from "./calibration";

/** A regression tree in flat arrays; a node is a leaf when feature[i] < 0. */
export interface FlatTree {
  /** feature index tested at the node; -1 for a leaf */
  feature: number[];
  /** go left when x[feature] <= threshold */
  threshold: number[];
  left: number[];
  right: number[];
  /** the node's value (margin contribution if the walk stopped here) */
  value: number[];
}

export type ModelBody =
  | { kind: "trees"; bias: number; trees: FlatTree[] }
  | { kind: "linear"; bias: number; weights: number[]; means: number[] };

export interface CvFigures {
  folds: number;
  /** positives = score >= 40 (suspicious or malicious) on held-out folds */
  tpr: number;
  fpr: number;
  /** best TPR with FPR <= 1% (threshold chosen on the out-of-fold scores: optimistic, for comparison) */
  tprAtFpr1: number;
  perCategory: { group: string; files: number; flagged: number; rate: number }[];
}

export interface VerdictModel {
  format: "pdfscan-verdict-model";
  version: number;
  stage: "fast" | "advanced";
  /** names of the inputs, in the order of the weights / tree feature indices (lib/analyzer/model/features.ts) */
  featureNames: string[];
  body: ModelBody;
  calibration: Calibration;
  training: {
    files: number;
    malicious: number;
    benign: number;
    corpora: string[];
    params: Record<string, number | string>;
  };
  /** cross-validated figures of this learner and of the alternatives it was compared with */
  cv: Record<string, CvFigures>;
}

export interface Prediction {
  margin: number;
  /** margin with no evidence (the training prior) */
  base: number;
  /** per feature index (model order): additive parts of margin - base */
  contributions: number[];
  /** calibrated probability of malicious, 0..1 */
  probability: number;
}

/** Scores a vector given in the model's feature order: explained margin, then calibrated probability. */
export function predict(model: VerdictModel, x: ArrayLike<number>): Prediction {
  const e = explain(model.body, x, model.featureNames.length);
  return {
    margin: e.margin,
    base: e.base,
    contributions: e.contributions,
    probability: applyCalibration(model.calibration, e.margin),
  };
}

/** The margin of a model body and its exact additive split over features. Deterministic. */
export function explain(body: ModelBody, x: ArrayLike<number>, features: number): Omit<Prediction, "probability"> {
  // a plain array: a Float64Array of a few hundred doubles is an off-heap allocation, several times
  // the cost of scoring a small file's features (same doubles either way)
  const contributions = new Array<number>(features).fill(0);
  let base = body.bias;
  if (body.kind === "trees") {
    const { roots, feature, threshold, left, right, value } = packedTrees(body.trees);
    for (let t = 0; t < roots.length; t++) {
      let node = roots[t];
      base += value[node];
      while (feature[node] >= 0) {
        const f = feature[node];
        const next = x[f] <= threshold[node] ? left[node] : right[node];
        contributions[f] += value[next] - value[node];
        node = next;
      }
    }
  } else {
    for (let i = 0; i < body.weights.length; i++) {
      base += body.weights[i] * body.means[i];
      contributions[i] = body.weights[i] * (x[i] - body.means[i]);
    }
  }
  let margin = base;
  for (const c of contributions) margin += c;
  return { margin, base, contributions };
}

/** Every tree of an ensemble in one set of typed arrays (child indices made absolute), built once per ensemble. */
interface PackedTrees {
  /** index of each tree's root */
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}
const PACKED = new WeakMap<readonly FlatTree[], PackedTrees>();
function packedTrees(trees: readonly FlatTree[]): PackedTrees {
  let packed = PACKED.get(trees);
  if (packed) return packed;
  const nodes = trees.reduce((n, t) => n + t.feature.length, 0);
  packed = {
    roots: new Int32Array(trees.length),
    feature: new Int32Array(nodes),
    threshold: new Float64Array(nodes),
    left: new Int32Array(nodes),
    right: new Int32Array(nodes),
    value: new Float64Array(nodes),
  };
  let at = 0;
  trees.forEach((t, i) => {
    packed!.roots[i] = at;
    for (let n = 0; n < t.feature.length; n++) {
      packed!.feature[at + n] = t.feature[n];
      packed!.threshold[at + n] = t.threshold[n];
      packed!.left[at + n] = at + t.left[n];
      packed!.right[at + n] = at + t.right[n];
      packed!.value[at + n] = t.value[n];
    }
    at += t.feature.length;
  });
  PACKED.set(trees, packed);
  return packed;
}

/** The model's inputs picked by name from a vector in `names` order; a name the code lacks reads 0. */
export function alignFeatures(model: VerdictModel, names: readonly string[], x: ArrayLike<number>): number[] {
  const index = columnsOf(model, names);
  const out = new Array<number>(index.length);
  for (let i = 0; i < index.length; i++) out[i] = index[i] < 0 ? 0 : x[index[i]];
  return out;
}

/** Position in `names` of each model feature (-1: absent), computed once per model and name list. */
const COLUMNS = new WeakMap<VerdictModel, { names: readonly string[]; index: Int32Array }>();
function columnsOf(model: VerdictModel, names: readonly string[]): Int32Array {
  const cached = COLUMNS.get(model);
  if (cached?.names === names) return cached.index;
  const at = new Map(names.map((n, i) => [n, i]));
  const index = Int32Array.from(model.featureNames, (n) => at.get(n) ?? -1);
  COLUMNS.set(model, { names, index });
  return index;
}

/** Names of the features a model reads (on a split of some tree, or with a non-zero weight), computed once per model. */
const READ = new WeakMap<VerdictModel, ReadonlySet<string>>();
export function featuresRead(model: VerdictModel): ReadonlySet<string> {
  let read = READ.get(model);
  if (!read) {
    const body = model.body;
    const indices =
      body.kind === "trees"
        ? body.trees.flatMap((t) => t.feature.filter((f) => f >= 0))
        : body.weights.flatMap((w, i) => (w !== 0 ? [i] : []));
    read = new Set(indices.map((i) => model.featureNames[i]));
    READ.set(model, read);
  }
  return read;
}
