// Scripts with a loop they cannot leave (lib/analyzer/javascript/endless-loops.ts), for the
// javascript-resource-exhaustion rule. Only scripts whose text has a constant-true loop head are parsed,
// within JS_LOOP_CHECK_BYTES per document: a larger script is left to the advanced stage, whose
// sandbox runs out of time on such a loop (javascript-emulation-limit).
import type { BudgetName, Limits } from "../../limits";
import { findEndlessLoops, hasConstantLoopHead, type EndlessLoop } from "../javascript/endless-loops";
import type { ScriptFact } from "./document-facts";

export interface ScriptLoopFact {
  objectRef?: string;
  path: string;
  trigger: string;
  automatic: boolean;
  loops: EndlessLoop[];
}

export function collectEndlessLoops(
  scripts: readonly ScriptFact[],
  limits: Limits,
  budgetHits: Set<BudgetName>,
): ScriptLoopFact[] {
  const out: ScriptLoopFact[] = [];
  const done = new Map<string, EndlessLoop[]>();
  let left = limits.JS_LOOP_CHECK_BYTES;
  for (const s of scripts) {
    let loops = done.get(s.source);
    if (!loops) {
      if (!hasConstantLoopHead(s.source)) loops = [];
      else if (s.source.length > left) {
        budgetHits.add("JS_LOOP_CHECK_BYTES");
        loops = [];
      } else {
        left -= s.source.length;
        loops = findEndlessLoops(s.source, { limits, budgetHits });
      }
      done.set(s.source, loops);
    }
    if (loops.length)
      out.push({ objectRef: s.objectRef, path: s.path, trigger: s.trigger, automatic: s.automatic, loops });
  }
  return out;
}
