// An obfuscated script whose run in the sandbox did not finish: it looped past its CPU budget, ran out
// of memory, or threw before (or while) unfolding its layers. A clear script that fails shows a stub
// gap; an obfuscated one that fails hides what its next layer does, and kits make it fail on purpose
// (anti-emulation checks: app.viewerVersion, app.plugIns, exceptions as control flow). Not neutral:
// it weighs with the obfuscation finding.
import { judgeObfuscation } from "../javascript/obfuscation-techniques";
import type { ScriptAnalysis } from "../javascript/analyze-scripts";
import { defangText, evidence } from "./evidence";
import { defineRule } from "./rule";

const FAILED = new Set(["timeout", "memory-limit", "error"]);

/** The obfuscation techniques of the script or of a layer it unfolded, when its run did not complete. */
export function obfuscatedAndUnfinished(s: ScriptAnalysis): string[] {
  if (!FAILED.has(s.emulationStatus)) return [];
  const techniques = [s.signals, ...s.layers.map((l) => l.signals)].flatMap((g) => judgeObfuscation(g.techniques));
  return [...new Set(techniques.map((t) => t.id))];
}

export const javascriptObfuscatedEmulationFailed = defineRule({
  id: "javascript-obfuscated-emulation-failed",
  title: "Obfuscated JavaScript that did not run to its end in the sandbox",
  description:
    "The script is obfuscated, and its emulation stopped before the end: CPU or memory budget exhausted, or an exception (often an anti-emulation check). What its hidden layers do could not be observed; an obfuscated script that resists analysis is treated as suspicious, not as neutral.",
  category: "obfuscation",
  severity: "high",
  weight: 40,
  attack: ["T1027", "T1497", "T1059.007"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr", "open_in_protected_view"],
  stage: "advanced",
  confidence: "medium",
  check({ javascript }) {
    const hits = (javascript ?? [])
      .map((s) => ({ s, techniques: obfuscatedAndUnfinished(s) }))
      .filter((h) => h.techniques.length);
    if (!hits.length) return null;
    const seen = new Set<string>();
    const unique = hits.filter(({ s }) => !seen.has(s.sha256) && seen.add(s.sha256));
    return {
      evidence: unique.slice(0, 10).map(({ s, techniques }) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${s.emulationStatus}${s.emulationDetail ? ` (${defangText(s.emulationDetail)})` : ""} after ${s.layers.length} layer(s); techniques: ${techniques.join(", ")}`,
        }),
      ),
      detail: `${unique.length} obfuscated script(s) did not complete in the sandbox.`,
    };
  },
});
