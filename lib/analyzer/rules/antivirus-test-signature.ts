// Industry test signatures (EICAR, GTUBE, AMSI) found by the fast stage's byte search (facts/
// test-signatures.ts) and, in the advanced stage, by the bundled YARA rules tagged test_signature,
// which also read UTF-16 and base64 forms.
import { TEST_SIGNATURES } from "../facts/test-signatures";
import type { Evidence } from "../report";
import { evidence } from "./evidence";
import { defineRule } from "./rule";
import { TEST_SIGNATURE_TAG } from "./yara-match";

const NAMES = new Map<string, string>(TEST_SIGNATURES.map((s) => [s.id, s.name]));

export const antivirusTestSignature = defineRule({
  id: "antivirus-test-signature",
  title: "Anti-virus or anti-spam test signature",
  description:
    "The document carries an industry test string that security products detect by agreement: the EICAR anti-virus test file, the GTUBE anti-spam string or Microsoft's AMSI test sample, in the raw file, a decoded stream, an attachment, a script or a string (and, in the advanced stage, as UTF-16 or base64). It is harmless by design, but it exists to set off the scanners in front of a reader: every anti-virus product reports the EICAR file, and a document carrying it is a test of whether this scanner is in the path. It is reported as a detection so that the verdict agrees with the rest of the chain.",
  category: "embedded-file",
  severity: "medium",
  weight: 50,
  attack: ["T1027"],
  mitigations: ["do_not_open", "sanitize_with_cdr"],
  confidence: "high",
  check({ testSignatures, yara }) {
    const out: Evidence[] = testSignatures.map((t) =>
      evidence({
        objectRef: t.objectRef,
        offset: t.offset,
        path: t.where,
        excerpt: `${NAMES.get(t.signature)} in ${t.where}`,
      }),
    );
    // YARA adds what the byte search cannot read (UTF-16, base64); a signature it found is named once
    const found = new Set<string>(testSignatures.map((t) => t.signature));
    for (const m of yara ?? []) {
      const id = m.meta.signature ?? m.rule;
      if (!m.tags.includes(TEST_SIGNATURE_TAG) || found.has(id)) continue;
      out.push(
        evidence({
          path: m.target,
          excerpt: `${NAMES.get(id) ?? m.meta.description ?? m.rule} in ${m.target} (YARA ${m.rule}: as text, UTF-16 or base64)`,
        }),
      );
    }
    if (!out.length) return null;
    const kinds = new Set(out.map((e) => e.excerpt!.split(" in ")[0]));
    return { evidence: out, detail: `Found: ${[...kinds].join(", ")}.` };
  },
});
