import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import type { ScriptSignals } from "../javascript/script-signals";

/**
 * Code that builds code: eval/Function fed by unescape, fromCharCode, long escaped or hex strings,
 * or obfuscator-style identifiers. Benign form scripts (AFNumber_Format and friends) do none of this.
 */
export function isObfuscated(s: ScriptSignals): string[] {
  const why: string[] = [];
  const decoders = s.unescape || s.fromCharCode || s.escapes >= 64 || s.longestHexRun >= 512;
  if (s.evalLike && decoders) why.push("eval/Function of decoded strings");
  if (s.longestString >= 4096 && (s.unescape || s.fromCharCode || s.evalLike)) why.push(`a ${s.longestString}-character string literal decoded at run time`);
  if (s.escapes >= 256) why.push(`${s.escapes} \\x/\\u escapes`);
  if (s.longestHexRun >= 2048) why.push(`a ${s.longestHexRun}-digit hex run`);
  if (s.obfuscatedIdentifiers >= 20) why.push(`${s.obfuscatedIdentifiers} obfuscator identifiers (_0x…)`);
  return why;
}

export const javascriptObfuscation = defineRule({
  id: "javascript-obfuscation",
  title: "Obfuscated JavaScript",
  description: "The script hides what it does: it decodes strings and evaluates them, or carries long encoded blobs. Legitimate form scripts are written in the clear.",
  category: "obfuscation",
  severity: "high",
  weight: 45,
  attack: ["T1027", "T1059.007"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ scripts }) {
    const hits = scripts.map((s) => ({ s, why: isObfuscated(s.signals) })).filter((h) => h.why.length);
    if (!hits.length) return null;
    return {
      evidence: hits.slice(0, 10).map(({ s, why }) => evidence({ objectRef: s.objectRef, path: s.path, excerpt: `${why.join("; ")}: ${excerpt(s.source, 100)}` })),
      detail: hits[0].why.join("; ") + ".",
    };
  },
});
