import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const hiddenActiveKeyword = defineRule({
  id: "hidden-active-keyword",
  title: "Active keyword hidden from a strict reading of the file",
  description:
    "A name that runs code or acts on its own (/JavaScript, /OpenAction, /Launch, /URI, ...) sits where a parser that follows the PDF syntax token by token does not read it: outside every object (an object header glued to junk, or no header at all), in objects a stream swallowed because its end marker was lost, or in an object the xref points at inside another object's data. Byte scanners count it, strict parsers drop it, and a tolerant viewer may rebuild the object and execute it: a parser-evasion technique, not damage a writer leaves.",
  category: "obfuscation",
  severity: "high",
  weight: 45,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  check({ hiddenKeywords: hidden }) {
    if (!hidden.length) return null;
    return {
      evidence: hidden.slice(0, 10).map((h) => evidence({ offset: h.offset, excerpt: `${h.keyword} ${h.where}` })),
      detail: `Hidden: ${[...new Set(hidden.map((h) => h.keyword))].join(", ")}.`,
    };
  },
});
