// Verdict, score and confidence (contract: score 0..100; >=70 malicious, 40..69 suspicious, <40 benign).
// The score is a learned, calibrated probability x 100 (lib/analyzer/model): a model over rule hits and
// structural features, trained with `npm run train`, calibrated (Platt) on out-of-fold predictions and
// shifted to a malware prior lower than the training corpora's, so that at most 0.3% of out-of-fold
// benign files reach 40 (calibration.ts fitOperatingPoint). Every finding carries its contribution in
// score points; the largest structural contributions go to summary.model.
// Evidence first: the techniques whose rules fired set a floor (lib/analyzer/techniques: suspicious for
// code, network or file access without consent and for hiding; malicious for code execution and proven
// exploits); the model ranks and calibrates above it, and only a declared benign explanation lifts it.
//
// scoreFindings, below, is the former hand-weighted noisy-OR over rule weights, now a model feature;
// as a verdict it is kept only for test fixtures that score findings without a document
// (lib/analyzer/embedded/testing).
import { evidenceFindings, FEATURE_NAMES, FEATURES, type FeatureDef } from "./model/features";
import { ruleWeightScore } from "./model/rule-weight-score";
import { SHIPPED_MODELS } from "./model/shipped-models";
import { applyCalibration } from "./model/calibration";
import { alignFeatures, predict, type VerdictModel } from "./model/verdict-model";
import type { Confidence, Finding, Stage, Summary, Verdict } from "./report";
import { evidenceFloor, FLOOR_SCORES, PROOF_RULES } from "./techniques/evidence-floor";

export const MALICIOUS_THRESHOLD = 70;
export const SUSPICIOUS_THRESHOLD = 40;
/** Severities of findings that let the model flag a file on its own ranking (no floor). */
const FLAGGING_SEVERITIES: ReadonlySet<Finding["severity"]> = new Set(["low", "medium", "high", "critical"]);
/** ...once a benign explanation covers a file's active content (script-is-form-automation, ...). */
const FLAGGING_AFTER_EXPLANATION: ReadonlySet<Finding["severity"]> = new Set(["medium", "high", "critical"]);
export { CONTEXT_CAP } from "./model/rule-weight-score";

/** Rules whose hit proves an exploit or code execution by design: malicious with at least PROOF_SCORE (techniques/catalogue.ts floors marked proof). */
export const PROOF_OF_EXPLOIT_RULES: ReadonlySet<string> = PROOF_RULES;
export const PROOF_SCORE = FLOOR_SCORES.proof;
const FEATURES_BY_NAME = new Map(FEATURES.map((f) => [f.name, f]));
/** A model's features' definitions, in its order (undefined: a name this code does not have), found once per model. */
const DEFS = new WeakMap<VerdictModel, readonly (FeatureDef | undefined)[]>();
function featureDefsOf(model: VerdictModel): readonly (FeatureDef | undefined)[] {
  let defs = DEFS.get(model);
  if (!defs) DEFS.set(model, (defs = model.featureNames.map((n) => FEATURES_BY_NAME.get(n))));
  return defs;
}
/** Structural features listed in summary.model, largest |contribution| first, from MIN_LISTED_POINTS. */
const TOP_MODEL_FEATURES = 6;
const MIN_LISTED_POINTS = 0.05;

interface StructuralPart {
  name: string;
  value: number;
  points: number;
}
/** Larger |points| first, then by name: a total order, so the list does not depend on arrival order. */
const listedBefore = (a: StructuralPart, b: StructuralPart) =>
  Math.abs(b.points) - Math.abs(a.points) || a.name.localeCompare(b.name);

/** Inserts `part` into `top` (sorted by listedBefore), which keeps at most TOP_MODEL_FEATURES parts. */
function keepTop(top: StructuralPart[], part: StructuralPart): void {
  let at = top.length;
  while (at > 0 && listedBefore(part, top[at - 1]) < 0) at--;
  if (at >= TOP_MODEL_FEATURES) return;
  top.splice(at, 0, part);
  if (top.length > TOP_MODEL_FEATURES) top.pop();
}

export interface ScoreContext {
  /** nothing could be analysed (no objects, over a hard limit, not a PDF) */
  unanalysable: boolean;
  /** content was hidden from analysis (encrypted without the key, budget hit) */
  partial: boolean;
  /** the document's whole JavaScript budget was spent (JS_TOTAL_CPU_MS): with javascript-emulation-limit, a script bomb (technique resource-exhaustion-script) */
  scriptBudgetSpent?: boolean;
}

export interface ScoringInput {
  /** the document's feature vector, in FEATURE_NAMES order (lib/analyzer/model/features.ts) */
  features: readonly number[];
  findings: readonly Finding[];
  ctx: ScoreContext;
}

export interface DocumentScore {
  summary: Summary;
  /** score points per rule id (signed): the finding's share of the score above the prior */
  ruleContributions: Map<string, number>;
}

/** The verdict of a document: the stage's shipped model, or a given one (cross-validation folds). */
export function scoreDocument(
  input: ScoringInput,
  stage: Stage,
  model: VerdictModel = SHIPPED_MODELS[stage],
): DocumentScore {
  const x = alignFeatures(model, FEATURE_NAMES, input.features);
  const p = predict(model, x);
  const baseProbability = applyCalibration(model.calibration, p.base);
  let score = Math.round(100 * p.probability);
  // score points per unit of margin: the contributions add up to (score - score at the prior)
  const span = p.margin - p.base;
  const perMargin =
    Math.abs(span) > 1e-9
      ? (100 * (p.probability - baseProbability)) / span
      : 100 * model.calibration.a * p.probability * (1 - p.probability);
  // features computed from findings (rule hits, the weight score) are credited to those findings;
  // the others are structural and summarised in summary.model
  const ruleContributions = new Map<string, number>(input.findings.map((f) => [f.ruleId, 0]));
  // the largest structural contributions, kept in order as they come (no list of all of them to sort)
  const top: StructuralPart[] = [];
  const defs = featureDefsOf(model);
  // the features read the findings a benign explanation leaves as evidence: credit goes to those
  const evidence = evidenceFindings(input.findings);
  // the link-target features' margin (model/features.ts linkTarget), for linkPoints below
  let linkMargin = 0;
  for (let i = 0; i < defs.length; i++) {
    // most features lie on no tree path of this document: no points to credit or to list
    if (p.contributions[i] === 0) continue;
    if (defs[i]?.linkTarget) linkMargin += p.contributions[i];
    const points = p.contributions[i] * perMargin;
    const shares = defs[i]?.findingShares?.(evidence);
    const total = shares ? shares.reduce((a, b) => a + b, 0) : 0;
    if (!shares || total <= 0) {
      if (Math.abs(points) >= MIN_LISTED_POINTS) keepTop(top, { name: model.featureNames[i], value: x[i], points });
      continue;
    }
    for (let k = 0; k < shares.length; k++) {
      const id = evidence[k].ruleId;
      ruleContributions.set(id, ruleContributions.get(id)! + (points * shares[k]) / total);
    }
  }
  for (const [id, v] of ruleContributions) ruleContributions.set(id, round1(v));
  // the link-target features' share, exactly: the score the model gives without their contributions
  const linkPoints =
    linkMargin > 0 ? round1(100 * (p.probability - applyCalibration(model.calibration, p.margin - linkMargin))) : 0;

  // evidence first (techniques/evidence-floor.ts): the fired rules' floor holds whatever the model
  // says, unless a declared benign explanation lifts it; the lift is credited to the rule that set it
  const { floor, explained } = evidenceFloor(input.findings, input.ctx);
  if (floor && score < floor.score) {
    ruleContributions.set(floor.ruleId, round1((ruleContributions.get(floor.ruleId) ?? 0) + floor.score - score));
    score = floor.score;
  }
  // no evidence, no flag: with no finding above info level the model alone cannot make a file
  // suspicious (a verdict the report could not explain by a finding); where a declared benign
  // explanation lifted a floor, low-level findings left beside it do not either
  const flagging = explained.length ? FLAGGING_AFTER_EXPLANATION : FLAGGING_SEVERITIES;
  if (!floor && score >= SUSPICIOUS_THRESHOLD && !evidence.some((f) => flagging.has(f.severity)))
    score = SUSPICIOUS_THRESHOLD - 1;
  const proof = floor?.proof === true;
  // a file whose content the analysis could not see (no objects, a password it does not have): the
  // model would extrapolate from its shell, so the verdict stays unknown unless what could be seen
  // sets a floor (an action left in the clear, an exploit proven): evidence first, whatever is hidden
  const verdict = input.ctx.unanalysable && !floor ? "unknown" : verdictFor(score, input.ctx);
  return {
    summary: {
      verdict,
      score,
      confidence: modelConfidence(verdict, p.probability, proof, input.ctx),
      ...(floor
        ? {
            evidenceFloor: {
              verdict: floor.verdict,
              score: floor.score,
              technique: floor.techniqueId,
              ruleId: floor.ruleId,
            },
          }
        : {}),
      ...(explained.length
        ? {
            explained: explained.map((e) => ({
              technique: e.techniqueId,
              ruleId: e.ruleId,
              explainedBy: e.explainedBy,
            })),
          }
        : {}),
      model: {
        name: `${model.body.kind}-${model.stage}`,
        version: model.version,
        probability: Math.round(p.probability * 1e4) / 1e4,
        priorScore: Math.round(100 * baseProbability),
        topFeatures: top.map((c) => ({
          feature: c.name,
          value: Math.round(c.value * 1000) / 1000,
          contribution: round1(c.points),
        })),
        ...(linkPoints > 0 && { linkPoints }),
      },
    },
    ruleContributions,
  };
}

/**
 * Confidence follows the calibrated probability of the side the verdict took: >= 0.9 high, >= 0.7
 * medium, else low. A proven exploit is high; a benign verdict on a partly hidden file is low.
 */
function modelConfidence(verdict: Verdict, probability: number, proof: boolean, ctx: ScoreContext): Confidence {
  if (verdict === "unknown") return "low";
  if (proof) return "high";
  // a floor held on what could be seen of a hidden file: the rest of it is the model's guess
  if (ctx.unanalysable) return "low";
  if (verdict === "benign" && ctx.partial) return "low";
  const side = verdict === "benign" ? 1 - probability : probability;
  return side >= 0.9 ? "high" : side >= 0.7 ? "medium" : "low";
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

export function scoreFindings(findings: Finding[], ctx: ScoreContext): Summary {
  const score = Math.round(ruleWeightScore(findings));
  const verdict = verdictFor(score, ctx);
  return { verdict, score, confidence: confidenceFor(verdict, score, findings, ctx) };
}

export function verdictFor(score: number, ctx: Pick<ScoreContext, "unanalysable">): Verdict {
  if (score >= MALICIOUS_THRESHOLD) return "malicious";
  if (score >= SUSPICIOUS_THRESHOLD) return "suspicious";
  return ctx.unanalysable ? "unknown" : "benign";
}

function confidenceFor(verdict: Verdict, score: number, findings: Finding[], ctx: ScoreContext): Confidence {
  if (verdict === "unknown") return "low";
  const strong = findings.filter((f) => f.severity === "critical" || f.severity === "high").length;
  if (verdict === "malicious")
    return findings.some((f) => f.severity === "critical") || strong >= 2 ? "high" : "medium";
  if (verdict === "suspicious") return strong >= 1 ? "medium" : "low";
  // benign: trust it less when part of the file was hidden or the score sits near the line
  if (ctx.partial) return "low";
  return score >= SUSPICIOUS_THRESHOLD / 2 ? "medium" : "high";
}
