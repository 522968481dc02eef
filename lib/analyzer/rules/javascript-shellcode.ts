import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptShellcode = defineRule({
  id: "javascript-shellcode",
  title: "Shellcode in JavaScript strings",
  description:
    "UCS-2 escaped machine code (%uXXXX runs) or NOP-sled filler (%u9090, %u0c0c, 0x0c0c0c0c): the payload of a memory-corruption exploit.",
  category: "exploit",
  severity: "critical",
  weight: 80,
  attack: ["T1203", "T1027"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  confidence: "high",
  check({ scripts }) {
    const hits = scripts.filter((s) => s.signals.percentU >= 32 || s.signals.nopSled);
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${s.signals.percentU} %u escapes${s.signals.nopSled ? ", NOP sled" : ""}: ${excerpt(s.source, 80)}`,
        }),
      ),
    };
  },
});
