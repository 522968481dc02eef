// L2-regularised logistic regression by full-batch gradient descent (Adam steps) on standardised
// features, returned in the original feature scale. Deterministic: zero start, fixed step count.
import type { ModelBody } from "./verdict-model";
import { sigmoid } from "./calibration";

export interface LinearParams {
  epochs: number;
  learningRate: number;
  /** L2 penalty on the standardised weights, per file */
  l2: number;
}

export const DEFAULT_LINEAR_PARAMS: LinearParams = { epochs: 400, learningRate: 0.05, l2: 0.01 };

/** `monotone[f]`: the weight of feature f may not be negative (projected after each step). */
export function trainLinear(
  x: readonly ArrayLike<number>[],
  y: readonly number[],
  params: LinearParams = DEFAULT_LINEAR_PARAMS,
  monotone: readonly boolean[] = [],
): ModelBody {
  const n = x.length;
  const d = n ? x[0].length : 0;
  const means = new Array<number>(d).fill(0);
  const stds = new Array<number>(d).fill(0);
  for (const r of x) for (let f = 0; f < d; f++) means[f] += r[f] / n;
  for (const r of x) for (let f = 0; f < d; f++) stds[f] += (r[f] - means[f]) ** 2 / n;
  for (let f = 0; f < d; f++) stds[f] = Math.sqrt(stds[f]) || 1;
  const z = x.map((r) => Float64Array.from({ length: d }, (_, f) => (r[f] - means[f]) / stds[f]));
  const w = new Float64Array(d + 1); // w[d] is the intercept
  const m = new Float64Array(d + 1);
  const v = new Float64Array(d + 1);
  const grad = new Float64Array(d + 1);
  for (let epoch = 1; epoch <= params.epochs; epoch++) {
    grad.fill(0);
    for (let i = 0; i < n; i++) {
      let s = w[d];
      for (let f = 0; f < d; f++) s += w[f] * z[i][f];
      const e = (sigmoid(s) - y[i]) / n;
      for (let f = 0; f < d; f++) grad[f] += e * z[i][f];
      grad[d] += e;
    }
    for (let f = 0; f < d; f++) grad[f] += params.l2 * w[f];
    for (let f = 0; f <= d; f++) {
      m[f] = 0.9 * m[f] + 0.1 * grad[f];
      v[f] = 0.999 * v[f] + 0.001 * grad[f] * grad[f];
      const mh = m[f] / (1 - 0.9 ** epoch);
      const vh = v[f] / (1 - 0.999 ** epoch);
      w[f] -= (params.learningRate * mh) / (Math.sqrt(vh) + 1e-8);
      if (monotone[f] && w[f] < 0) w[f] = 0;
    }
  }
  const weights = Array.from({ length: d }, (_, f) => w[f] / stds[f]);
  // margin = intercept + sum w'(x - mean): bias absorbs the mean term so margin = bias + sum w' x
  const bias = w[d] - weights.reduce((a, wf, f) => a + wf * means[f], 0);
  return { kind: "linear", bias, weights, means };
}
