// Margin -> probability. Platt scaling (Platt 1999): p = sigmoid(a * margin + b), fitted on
// out-of-fold margins so the probabilities describe files the model has not seen. Monotone when a > 0,
// which the fit enforces, so calibration never reorders files.

export interface Calibration {
  kind: "platt";
  a: number;
  b: number;
}

export const IDENTITY_CALIBRATION: Calibration = { kind: "platt", a: 1, b: 0 };

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function applyCalibration(c: Calibration, margin: number): number {
  return sigmoid(c.a * margin + c.b);
}

/**
 * Fits a and b by Newton's method on the log loss, with Platt's smoothed targets
 * ((n+ + 1)/(n+ + 2), 1/(n- + 2)) so a separable set does not push a to infinity.
 */
export function fitPlatt(margins: readonly number[], labels: readonly number[]): Calibration {
  const pos = labels.filter((y) => y === 1).length;
  const neg = labels.length - pos;
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const t = labels.map((y) => (y === 1 ? hi : lo));
  let a = 1;
  let b = 0;
  for (let iter = 0; iter < 100; iter++) {
    let ga = 0,
      gb = 0,
      haa = 1e-9,
      hab = 0,
      hbb = 1e-9;
    for (let i = 0; i < margins.length; i++) {
      const p = sigmoid(a * margins[i] + b);
      const d = p - t[i];
      const w = p * (1 - p);
      ga += d * margins[i];
      gb += d;
      haa += w * margins[i] * margins[i];
      hab += w * margins[i];
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  // a margin must never lower the probability: an inverted fit means no signal, keep the raw order
  return a > 0 ? { kind: "platt", a, b } : IDENTITY_CALIBRATION;
}

/**
 * Lowers the intercept until at most `maxFpr` of the benign out-of-fold margins reach `threshold`
 * (the contract's suspicious line, 0.40). The training corpora hold far more malware (about a third)
 * than mail or upload traffic does; this is the prior shift (Saerens et al. 2002) that brings the
 * false-alarm rate to the operating point the service promises. Never raises the intercept.
 */
export function fitOperatingPoint(
  c: Calibration,
  margins: readonly number[],
  labels: readonly number[],
  threshold: number,
  maxFpr: number,
): Calibration {
  const benign = margins
    .filter((_, i) => labels[i] === 0)
    .map((m) => c.a * m + c.b)
    .sort((x, y) => y - x);
  const allowed = Math.floor(maxFpr * benign.length);
  if (benign.length === 0 || allowed >= benign.length) return c;
  // the (allowed+1)-th highest benign logit must fall below the threshold's logit
  const limit = Math.log(threshold / (1 - threshold));
  const shift = Math.min(0, limit - benign[allowed] - 1e-6);
  return { ...c, b: c.b + shift };
}
