// A signature no validator can check: its /ByteRange or its value (/Contents) is missing, null, of the
// wrong type or empty (facts/signatures.ts `unverifiable`). The universal signature forgery of
// Mladenov, Mainka, Meyer zu Selhausen, Grothe, Schwenk ("1 Trillion Dollar Refund", CCS 2019) takes any
// document, adds a signature dictionary in one of these shapes with a signer's name, and relies on
// viewers that show the signer and skip a check they cannot run. A document prepared for signing writes
// a placeholder of zeros with its byte range, which this leaves to the other signature rules.
import { evidence, excerpt } from "./evidence";
import { signatureLabel } from "./modified-after-signature";
import { defineRule } from "./rule";

export const unverifiableSignature = defineRule({
  id: "unverifiable-signature",
  title: "Signature without what a validator checks (universal signature forgery)",
  description:
    "A signature dictionary names a signer but has no usable byte range or no signature value: its /ByteRange or /Contents is missing, null, of the wrong type or empty. No signing tool writes one; a viewer that lists the signer without checking shows a document signed by someone who never signed it (universal signature forgery).",
  category: "structure",
  severity: "high",
  weight: 40,
  attack: ["T1565.001", "T1036"],
  mitigations: ["verify_signed_revision"],
  confidence: "high",
  check({ signatures }) {
    const hits = signatures.signatures.filter((s) => s.unverifiable);
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) =>
        evidence({
          objectRef: s.objectRef,
          path: s.field ? `signature field ${s.field}` : undefined,
          excerpt: excerpt(`${signatureLabel(s, signatures.revisions)}: ${s.unverifiable}`),
        }),
      ),
    };
  },
});
