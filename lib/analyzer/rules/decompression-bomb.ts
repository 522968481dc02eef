import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const decompressionBomb = defineRule({
  id: "decompression-bomb",
  title: "Decompression bomb",
  description:
    "A compressed stream expands hundreds of times over (nested Flate layers multiply it) until it fills the decoding budget: a few kilobytes that would take gigabytes to decode, made to exhaust a scanner's memory or time so the rest of the file goes unread, or to stall the reader that opens it.",
  category: "obfuscation",
  severity: "medium",
  weight: 45,
  attack: ["T1027", "T1499"],
  mitigations: ["sanitize_with_cdr", "do_not_open"],
  check({ decodeBombs }) {
    if (!decodeBombs.length) return null;
    const most = Math.max(...decodeBombs.map((b) => b.expansion));
    return {
      evidence: decodeBombs.map((b) =>
        evidence({
          objectRef: b.ref,
          excerpt: `${b.filters.join(" > ") || "no filter"}: expands ${b.expansion}x before the budget stops it${b.image ? " (an image XObject)" : ""}`,
        }),
      ),
      detail: `The largest expansion seen is ${most}x (text and images stay far below 100x).`,
    };
  },
});
