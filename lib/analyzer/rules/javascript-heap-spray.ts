import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptHeapSpray = defineRule({
  id: "javascript-heap-spray",
  title: "Heap spray pattern in JavaScript",
  description:
    "The script grows a string by doubling it or fills a very large array: the heap-spraying technique that places shellcode at a predictable address before triggering a vulnerability.",
  category: "exploit",
  severity: "critical",
  weight: 65,
  attack: ["T1203"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  check({ scripts }) {
    // doubling alone appears in benign padding code; spraying pairs it with escaped binary or decoding
    const hits = scripts.filter(
      (s) =>
        s.signals.heapSpray &&
        (s.signals.percentU > 0 || s.signals.unescape || s.signals.nopSled || s.signals.fromCharCode),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) => evidence({ objectRef: s.objectRef, path: s.path, excerpt: excerpt(s.source, 120) })),
    };
  },
});
