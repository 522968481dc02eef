// The rules' declared weights combined as independent evidence (noisy-OR), the scoring used before the
// learned model: score = 100 * (1 - prod(1 - w_i/100)). Context findings (severity info/low: "has
// JavaScript", "is encrypted") together add at most CONTEXT_CAP. It is a model feature: the weights
// carry expert knowledge about rules too rare in the training corpora for the model to learn them.
import type { Finding } from "../report";

export const CONTEXT_CAP = 20;

/** 0..100, unrounded. */
export function ruleWeightScore(findings: readonly Pick<Finding, "weight" | "severity">[]): number {
  let keep = 1;
  let contextKeep = 1;
  for (const f of findings) {
    const p = Math.min(100, Math.max(0, f.weight)) / 100;
    if (f.severity === "info" || f.severity === "low") contextKeep *= 1 - p;
    else keep *= 1 - p;
  }
  keep *= 1 - Math.min(CONTEXT_CAP / 100, 1 - contextKeep);
  return 100 * (1 - keep);
}
