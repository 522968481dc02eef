// Gradient-boosted regression trees on the logistic loss (Friedman 2001, with the second-order leaf
// values of XGBoost: -G / (H + lambda)). Small, shallow trees over quantile bins: deterministic (no
// sampling), fast on a few thousand files, and explainable by path attribution (verdict-model.ts).
// Monotone constraints (as in XGBoost's monotone_constraints): on a feature marked monotone, a split
// must send higher values to a leaf that is not lower, and the bounds pass down the subtree, so the
// margin never decreases when such a feature grows (a rule firing never lowers the score).
import type { FlatTree, ModelBody } from "./verdict-model";
import { sigmoid } from "./calibration";

export interface TreeParams {
  trees: number;
  depth: number;
  learningRate: number;
  /** minimum hessian weight in a leaf (about min files * 0.25 at p = 0.5) */
  minChildWeight: number;
  lambda: number;
  /** candidate thresholds per feature (quantiles of the training values) */
  bins: number;
}

export const DEFAULT_TREE_PARAMS: TreeParams = {
  trees: 150,
  depth: 3,
  learningRate: 0.1,
  minChildWeight: 1,
  lambda: 1,
  bins: 32,
};

export function trainTrees(
  x: readonly ArrayLike<number>[],
  y: readonly number[],
  params: TreeParams = DEFAULT_TREE_PARAMS,
  monotone: readonly boolean[] = [],
): ModelBody {
  const n = x.length;
  const d = n ? x[0].length : 0;
  const cuts = Array.from({ length: d }, (_, f) => cutPoints(x, f, params.bins));
  // bin[f][i]: index of the first cut >= x[i][f] (values <= cuts[b] go left at threshold cuts[b])
  const bin = cuts.map((c, f) => Uint8Array.from(x, (row) => binOf(c, row[f])));
  const pos = y.reduce((a, b) => a + b, 0);
  const bias = Math.log((pos + 1) / (n - pos + 1));
  const margin = new Float64Array(n).fill(bias);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: FlatTree[] = [];
  for (let t = 0; t < params.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = sigmoid(margin[i]);
      g[i] = p - y[i];
      h[i] = Math.max(p * (1 - p), 1e-6);
    }
    const tree: FlatTree = { feature: [], threshold: [], left: [], right: [], value: [] };
    grow(
      tree,
      Array.from({ length: n }, (_, i) => i),
      0,
      { g, h, bin, cuts, params, monotone },
      -Infinity,
      Infinity,
    );
    for (let i = 0; i < n; i++) margin[i] += leafValue(tree, (f, c) => x[i][f] <= c);
    trees.push(tree);
  }
  return { kind: "trees", bias, trees };
}

interface GrowContext {
  g: Float64Array;
  h: Float64Array;
  bin: Uint8Array[];
  cuts: number[][];
  params: TreeParams;
  monotone: readonly boolean[];
}

/** Grows a node whose value must stay within [lower, upper] (monotone bounds); returns its index. */
function grow(tree: FlatTree, rows: number[], depth: number, c: GrowContext, lower: number, upper: number): number {
  const { g, h, params } = c;
  let G = 0,
    H = 0;
  for (const i of rows) {
    G += g[i];
    H += h[i];
  }
  const node = tree.feature.length;
  tree.feature.push(-1);
  tree.threshold.push(0);
  tree.left.push(-1);
  tree.right.push(-1);
  tree.value.push(clamp(weight(G, H, params), lower, upper));
  if (depth >= params.depth) return node;
  const split = bestSplit(rows, G, H, c, lower, upper);
  if (!split) return node;
  const leftRows = rows.filter((i) => c.bin[split.feature][i] <= split.bin);
  const rightRows = rows.filter((i) => c.bin[split.feature][i] > split.bin);
  const [leftUpper, rightLower] = c.monotone[split.feature]
    ? [Math.min(upper, split.mid), Math.max(lower, split.mid)]
    : [upper, lower];
  tree.feature[node] = split.feature;
  tree.threshold[node] = c.cuts[split.feature][split.bin];
  tree.left[node] = grow(tree, leftRows, depth + 1, c, lower, leftUpper);
  tree.right[node] = grow(tree, rightRows, depth + 1, c, rightLower, upper);
  return node;
}

/** Leaf value of the second-order step, scaled by the learning rate. */
function weight(G: number, H: number, params: TreeParams): number {
  return (-G / (H + params.lambda)) * params.learningRate;
}

function clamp(v: number, lower: number, upper: number): number {
  return Math.min(upper, Math.max(lower, v));
}

function bestSplit(
  rows: number[],
  G: number,
  H: number,
  c: GrowContext,
  lower: number,
  upper: number,
): { feature: number; bin: number; mid: number } | null {
  const { g, h, bin, cuts, params } = c;
  const score = (gs: number, hs: number) => (gs * gs) / (hs + params.lambda);
  const parent = score(G, H);
  let best: { feature: number; bin: number; gain: number; mid: number } | null = null;
  for (let f = 0; f < bin.length; f++) {
    const k = cuts[f].length;
    if (k === 0) continue;
    const gh = new Float64Array(k + 1);
    const hh = new Float64Array(k + 1);
    const bf = bin[f];
    for (const i of rows) {
      gh[bf[i]] += g[i];
      hh[bf[i]] += h[i];
    }
    let gl = 0,
      hl = 0;
    for (let b = 0; b < k; b++) {
      gl += gh[b];
      hl += hh[b];
      const hr = H - hl;
      if (hl < params.minChildWeight || hr < params.minChildWeight) continue;
      const wl = clamp(weight(gl, hl, params), lower, upper);
      const wr = clamp(weight(G - gl, hr, params), lower, upper);
      if (c.monotone[f] && wl > wr) continue;
      const gain = score(gl, hl) + score(G - gl, hr) - parent;
      // strict > keeps the first (lowest feature index, lowest cut) of equal gains: deterministic
      if (gain > 1e-9 && (!best || gain > best.gain)) best = { feature: f, bin: b, gain, mid: (wl + wr) / 2 };
    }
  }
  return best;
}

/** Distinct midpoints between sorted unique values, thinned to at most `bins` quantiles. */
function cutPoints(x: readonly ArrayLike<number>[], f: number, bins: number): number[] {
  const values = [...new Set(Array.from(x, (r) => r[f]))].sort((a, b) => a - b);
  const mids: number[] = [];
  for (let i = 1; i < values.length; i++) mids.push((values[i - 1] + values[i]) / 2);
  if (mids.length <= bins) return mids;
  const out: number[] = [];
  for (let q = 1; q <= bins; q++) {
    const m = mids[Math.min(mids.length - 1, Math.floor((q * mids.length) / (bins + 1)))];
    if (out[out.length - 1] !== m) out.push(m);
  }
  return out;
}

function binOf(cuts: number[], v: number): number {
  let lo = 0,
    hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= cuts[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function leafValue(t: FlatTree, goLeft: (feature: number, cut: number) => boolean): number {
  let node = 0;
  while (t.feature[node] >= 0) node = goLeft(t.feature[node], t.threshold[node]) ? t.left[node] : t.right[node];
  return t.value[node];
}
