// A script as the fact collectors found it, as far as the script analysis reads it: the advanced stage
// (analyze-scripts.ts) takes the fast stage's script facts (facts/document-facts.ts ScriptFact, which
// adds how its trigger is consented to) without this folder depending on the facts hub.
import type { ScriptSignals } from "./script-signals";

export interface ScriptInput {
  source: string;
  objectRef?: string;
  path: string;
  trigger: string;
  automatic: boolean;
  /** where the script came from: an action's /JS, an XFA form, or a stream of script no action reaches (facts/orphan-scripts.ts) */
  origin: "action" | "xfa" | "stream";
  signals: ScriptSignals;
}
