import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import type { ScriptSignals } from "../javascript/script-signals";

/**
 * Code that builds code: eval/Function fed by unescape, fromCharCode, long escaped or hex strings,
 * or obfuscator-style identifiers. Benign form scripts (AFNumber_Format and friends) do none of this.
 */
export function isObfuscated(s: ScriptSignals): string[] {
  const why: string[] = [];
  const decodes = s.unescape || s.decoderLoop || s.escapes >= 64 || s.longestHexRun >= 512 || s.longestString >= 1024;
  // one computed call is enough when the script also decodes characters; plain code rarely does either
  const runsCode = s.evalLike || s.assembledNames || s.dynamicCalls >= 2 || (s.dynamicCalls >= 1 && (s.decoderLoop || s.unescape));
  if (runsCode && decodes) why.push("code built from decoded strings and executed");
  if (s.assembledNames) why.push("eval/unescape names assembled from string pieces");
  if (s.hiddenDataSource && (s.decoderLoop || runsCode)) why.push("payload read from annotations, page text or metadata");
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
