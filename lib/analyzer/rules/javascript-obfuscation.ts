import { defineRule } from "./rule";
import { defangText, evidence, excerpt } from "./evidence";
import { judgeObfuscation } from "../javascript/obfuscation-techniques";
import type { ScriptSignals } from "../javascript/script-signals";

/**
 * Obfuscation named by technique (lib/analyzer/javascript/obfuscation-techniques.ts): one technique
 * no honest script uses (eval kept in a variable, code as delimited character codes or hex text, a
 * shuffled lookup alphabet, names spelled in pieces), or code run from decoded data. Benign form
 * scripts (AFNumber_Format, util.printd, event.value) do none of this; no size threshold decides.
 */
export function isObfuscated(s: ScriptSignals): string[] {
  // technique evidence is script text (a decoded URL among it): defanged like any excerpt
  return [...new Set(judgeObfuscation(s.techniques).map((t) => `${t.id} (${defangText(t.evidence)})`))];
}

export const javascriptObfuscation = defineRule({
  id: "javascript-obfuscation",
  title: "Obfuscated JavaScript",
  description:
    "The script hides what it does, by a technique honest scripts do not use: eval taken as a value, code stored as delimited character codes or hex text, a shuffled lookup alphabet, letters written as escapes, names spelled in pieces, or code run from strings it decoded or read from the document. Legitimate form scripts are written in the clear.",
  category: "obfuscation",
  severity: "high",
  weight: 45,
  attack: ["T1027", "T1059.007"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ scripts }) {
    const hits = scripts.map((s) => ({ s, why: isObfuscated(s.signals) })).filter((h) => h.why.length);
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, why }) =>
        evidence({ objectRef: s.objectRef, path: s.path, excerpt: `${why.join("; ")}: ${excerpt(s.source, 100)}` }),
      ),
      detail: `Techniques: ${hits[0].why.join("; ")}.`,
    };
  },
});
