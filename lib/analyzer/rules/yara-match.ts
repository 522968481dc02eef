// YARA matches (lib/engines/yara: bundled rules-yara/*.yar plus the operator's own rule files) over
// the raw file, decoded streams, scripts and attachments. The scan happens outside the pure
// analyzer; this rule only reports what DeepFacts.yara holds. A rule's meta may name CVEs
// (meta: cve = "CVE-2010-0188") and a description, which the evidence repeats.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

const CVE = /CVE-\d{4}-\d{4,}/g;
/** Tag of the bundled test-signature rules (rules-yara/test-signatures.yar): antivirus-test-signature reports them. */
export const TEST_SIGNATURE_TAG = "test_signature";

export const yaraMatch = defineRule({
  id: "yara-match",
  title: "YARA rule match",
  description:
    "Content of the document matches YARA rules (bundled technique rules or local rule files): shellcode, executables or exploit-kit script markers in decoded data.",
  category: "exploit",
  severity: "high",
  weight: 50,
  attack: ["T1027", "T1203"],
  mitigations: ["do_not_open", "sanitize_with_cdr"],
  stage: "advanced",
  confidence: "medium",
  check({ yara }) {
    const matches = (yara ?? []).filter((m) => !m.tags.includes(TEST_SIGNATURE_TAG));
    if (!matches.length) return null;
    const byRule = new Map<string, { targets: string[]; description?: string; cves: string[] }>();
    for (const m of matches) {
      const key = m.namespace && m.namespace !== "default" ? `${m.namespace}:${m.rule}` : m.rule;
      const entry = byRule.get(key) ?? { targets: [], description: m.meta.description, cves: [] };
      entry.targets.push(m.target);
      for (const v of Object.values(m.meta)) entry.cves.push(...(String(v).toUpperCase().match(CVE) ?? []));
      byRule.set(key, entry);
    }
    const cve = [...new Set([...byRule.values()].flatMap((e) => e.cves))].sort();
    return {
      evidence: [...byRule].map(([rule, e]) =>
        evidence({
          path: e.targets[0],
          excerpt: excerpt(
            `${rule}${e.description ? ` (${e.description})` : ""} in ${e.targets.slice(0, 3).join(", ")}${e.targets.length > 3 ? ` +${e.targets.length - 3}` : ""}`,
          ),
        }),
      ),
      detail: `${byRule.size} rule(s) matched.`,
      cve: cve.length ? cve : undefined,
    };
  },
});
