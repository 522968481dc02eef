// Heap spraying seen on the AST of the script or its layers (a string doubled or grown to a large
// size in a loop, an array filled with copies in a loop of 100+ iterations), together with the
// payload it sprays (shellcode or escaped binary) or a sandbox run that ran out of memory doing it.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const javascriptDeobfuscatedHeapSpray = defineRule({
  id: "javascript-deobfuscated-heap-spray",
  title: "Heap spray in deobfuscated JavaScript",
  description:
    "The script or code it decodes fills memory with copies of a block (string doubling, a large array filled in a loop) carrying shellcode or escaped binary: heap spraying, which places the payload at a predictable address before a vulnerability is triggered.",
  category: "exploit",
  severity: "critical",
  weight: 70,
  attack: ["T1203"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  stage: "advanced",
  confidence: "high",
  check({ javascript }) {
    const hits = (javascript ?? []).filter((s) => {
      if (!s.heapSpray.length) return false;
      const payload =
        s.shellcode.length > 0 || s.ast.percentU > 0 || s.layers.some((l) => l.ast.percentU > 0 || l.signals.nopSled);
      return payload || s.emulationStatus === "memory-limit";
    });
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${[...new Set(s.heapSpray.map((h) => h.kind))].join(", ")}${s.emulationStatus === "memory-limit" ? " (the sandbox ran out of memory)" : ""}: ${excerpt(s.heapSpray[0].excerpt, 100)}`,
        }),
      ),
    };
  },
});
