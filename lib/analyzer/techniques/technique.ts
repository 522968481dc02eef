// An attack technique of the public PDF attack literature, declared once (catalogue.ts) with the rules
// that detect it, the verdict its evidence guarantees (its floor), the benign explanations that lift
// that floor, and the carriers (triggers and containers) it can use, each with a fixture built in
// code (lib/analyzer/techniques/testing). Report, docs (docs/techniques.md), UI and CLI read it.
import type { Verdict } from "../report";

export const TECHNIQUE_CATEGORIES = [
  "code-execution",
  "information-disclosure",
  "data-manipulation",
  "denial-of-service",
  "exploitation",
  "social-engineering",
  "evasion",
] as const;
export type TechniqueCategory = (typeof TECHNIQUE_CATEGORIES)[number];

/**
 * The least verdict a document gets when one of `rules` fired, whatever the model says:
 * - "malicious" (score >= 70): code execution by design, a proven exploit (`proof`: score 90, high
 *   confidence: the rule's hit is the exploit's own shape, never seen in a benign file);
 * - "suspicious" (score >= 40): the document runs code, reaches the network or the file system, or
 *   changes what it shows, without the reader's consent; or hides itself by a technique honest
 *   documents do not use.
 */
export interface TechniqueFloor {
  verdict: Extract<Verdict, "malicious" | "suspicious">;
  rules: readonly string[];
  proof?: true;
  /** the floor holds only when this flag of the scoring context is set (a script bomb: the document's whole script budget spent) */
  when?: "scriptBudgetSpent";
  /** the floor holds only for a hit of this confidence (a file-share link resolved without a click, not one a reader clicks) */
  confidence?: "high";
}

export interface Technique {
  /** stable kebab-case id */
  id: string;
  title: string;
  category: TechniqueCategory;
  /** what the attacker does and what it costs the reader */
  description: string;
  /** MITRE ATT&CK technique ids */
  attack: readonly string[];
  /** rule ids (lib/analyzer/rules/registry.ts) that report the technique */
  rules: readonly string[];
  /** floors of the technique's rules; empty when its evidence alone cannot decide, and `noFloor` says why */
  floors: readonly TechniqueFloor[];
  noFloor?: string;
  /**
   * Rules whose hit explains the evidence as benign (a form script that only formats fields, a /Launch
   * that opens a PDF on a click): when one fired, this technique's floor does not apply and the
   * verdict is the model's. The report names the explanation.
   */
  explainedBy?: readonly string[];
  /** the triggers and containers the technique can use; each has a fixture (techniques/testing) */
  carriers: readonly string[];
}
