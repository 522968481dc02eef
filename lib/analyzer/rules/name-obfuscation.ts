import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const nameObfuscation = defineRule({
  id: "name-obfuscation",
  title: "Security-relevant names hidden with #xx escapes",
  description:
    "Keywords such as /JavaScript or /OpenAction are spelled with hexadecimal escapes (/J#61vaScript). Readers decode them, byte scanners do not: no PDF writer does this, evasion tools do.",
  category: "obfuscation",
  severity: "high",
  weight: 50,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check({ keywords }) {
    if (!keywords.escaped.length) return null;
    return {
      evidence: keywords.escaped.map((e) =>
        evidence({ offset: e.offset >= 0 ? e.offset : undefined, excerpt: `${e.raw} = ${e.keyword}` }),
      ),
      detail: `Escaped: ${[...new Set(keywords.escaped.map((e) => e.keyword))].join(", ")}.`,
    };
  },
});
