// A signature whose /ByteRange is not the whole file at one revision minus its own /Contents
// (facts/signatures.ts): bytes left out that the signer did not sign, a range past the end of the file,
// or a range that stops inside a revision. The signature wrapping attack (Mladenov et al., "1 Trillion
// Dollar Refund", CCS 2019) hides objects in such a gap; a file changed after signing (even by a line-end
// conversion) shows the same. Usage-rights signatures (Reader extensions) are left out: they enable
// Reader features, they vouch for nothing the reader sees, and re-saved government forms break them.
import { evidence, excerpt } from "./evidence";
import { signatureLabel } from "./modified-after-signature";
import { defineRule } from "./rule";

export const signatureDoesNotCoverFile = defineRule({
  id: "signature-does-not-cover-file",
  title: "A signature does not cover the file it is in",
  description:
    "A signature's byte range should be the whole file as it was when signed, except the signature value itself. Here it leaves out other bytes, reaches past the end of the file or stops inside a revision: the signature cannot vouch for what the file shows. Signature wrapping attacks hide content in such gaps; a file altered after signing looks the same.",
  category: "structure",
  severity: "medium",
  weight: 12,
  attack: ["T1565.001"],
  mitigations: ["verify_signed_revision"],
  confidence: "high",
  check({ signatures }) {
    const hits = signatures.signatures.filter((s) => s.kind !== "usage-rights" && s.coverageProblems.length);
    if (!hits.length) return null;
    return {
      evidence: hits.flatMap((s) =>
        s.coverageProblems.map((p) =>
          evidence({
            objectRef: s.objectRef,
            path: s.field ? `signature field ${s.field}` : undefined,
            excerpt: excerpt(
              `${signatureLabel(s, signatures.revisions)}: ${p}; /ByteRange [${(s.byteRange ?? []).join(" ")}]`,
            ),
          }),
        ),
      ),
    };
  },
});
