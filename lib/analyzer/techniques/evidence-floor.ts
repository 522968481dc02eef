// Evidence first, model second (issue 18): the least verdict the fired rules guarantee, from the
// technique catalogue's floors. The verdict model ranks and calibrates within and above it; it can
// go below a floor only when a declared benign explanation of that technique fired (explainedBy),
// and the report names it.
import type { Verdict } from "../report";
import { TECHNIQUES } from "./catalogue";
import type { TechniqueFloor } from "./technique";

/** Scores of the floors: the contract's bands (>= 70 malicious, >= 40 suspicious); a proof scores 90. */
export const FLOOR_SCORES = { proof: 90, malicious: 70, suspicious: 40 } as const;

export interface HeldFloor {
  verdict: Extract<Verdict, "malicious" | "suspicious">;
  score: number;
  proof: boolean;
  techniqueId: string;
  /** the fired rule that set it */
  ruleId: string;
}

export interface ExplainedFloor {
  techniqueId: string;
  /** the fired rule whose floor was lifted */
  ruleId: string;
  /** the explanation rule that fired */
  explainedBy: string;
}

export interface FloorOutcome {
  /** the highest floor that holds (first in catalogue order among equals), null when none */
  floor: HeldFloor | null;
  /** floors that would hold but for a benign explanation */
  explained: ExplainedFloor[];
}

export interface FloorContext {
  scriptBudgetSpent?: boolean;
}

const scoreOf = (f: TechniqueFloor) => (f.proof ? FLOOR_SCORES.proof : FLOOR_SCORES[f.verdict]);

/** Rules whose hit proves an exploit or code execution by design (score 90, high confidence). */
export const PROOF_RULES: ReadonlySet<string> = new Set(
  TECHNIQUES.flatMap((t) => t.floors.filter((f) => f.proof).flatMap((f) => f.rules)),
);

/** A fired rule as the floors read it: its id and the confidence of its hit. */
export interface FiredRule {
  ruleId: string;
  confidence?: string;
}

export function evidenceFloor(findings: readonly FiredRule[], ctx: FloorContext = {}): FloorOutcome {
  const fired = new Set(findings.map((f) => f.ruleId));
  const highConfidence = new Set(findings.filter((f) => f.confidence === "high").map((f) => f.ruleId));
  let floor: HeldFloor | null = null;
  const explained: ExplainedFloor[] = [];
  for (const t of TECHNIQUES) {
    const explanation = t.explainedBy?.find((id) => fired.has(id));
    for (const f of t.floors) {
      if (f.when && !ctx[f.when]) continue;
      const ruleId = f.rules.find((id) => (f.confidence === "high" ? highConfidence : fired).has(id));
      if (!ruleId) continue;
      // a proof is never explained away: an exploit's own shape has no benign reading
      if (explanation && !f.proof) {
        explained.push({ techniqueId: t.id, ruleId, explainedBy: explanation });
        continue;
      }
      const score = scoreOf(f);
      if (!floor || score > floor.score)
        floor = { verdict: f.verdict, score, proof: f.proof === true, techniqueId: t.id, ruleId };
    }
  }
  return { floor, explained };
}

/**
 * The fired rules a benign explanation covers: the floor rules of each technique whose explanation
 * fired (not its proofs). The verdict model reads the findings without them (model/features.ts
 * evidenceFindings): an explained script on open is not evidence, for the floor or for the model.
 */
export function explainedRuleIds(fired: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const t of TECHNIQUES) {
    if (!t.explainedBy?.some((id) => fired.has(id))) continue;
    for (const f of t.floors) if (!f.proof) for (const id of f.rules) if (fired.has(id)) out.add(id);
  }
  return out;
}
