// Machine code among the strings a script builds: %u-escaped or hex-encoded x86 (NOP sleds, PEB
// walking, GetPC prologues), found after folding string pieces together, in decoded layers, or in
// the strings the sandbox saw unescape()/fromCharCode() produce.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const javascriptDeobfuscatedShellcode = defineRule({
  id: "javascript-deobfuscated-shellcode",
  title: "Shellcode assembled by JavaScript",
  description:
    "After deobfuscation, the script holds x86 machine code in a string (NOP sled, PEB access or GetPC prologue, or UCS-2 packed binary): the payload of a memory-corruption exploit, hidden from text scanning by escaping, splitting or run-time decoding.",
  category: "exploit",
  severity: "critical",
  weight: 80,
  attack: ["T1203", "T1027", "T1140"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  stage: "advanced",
  confidence: "high",
  check({ javascript }) {
    const hits = (javascript ?? []).flatMap((s) => s.shellcode.map((c) => ({ s, c })));
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, c }) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${c.length} units${c.nopSled ? ", NOP sled" : ""} (${c.source}): ${excerpt(c.excerpt, 100)}`,
        }),
      ),
      detail: `${hits.length} shellcode string(s), ${hits.filter((h) => h.c.nopSled).length} with a NOP sled.`,
    };
  },
});
