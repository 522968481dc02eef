// Content changed after a signature (facts/signatures.ts): the shadow attacks of Mainka, Mladenov and
// Schwenk (NDSS 2021). The signed revision holds content the signer does not see, or a later update
// swaps what is shown, and validators answer "signed, later modified within what is allowed". Changes a
// signature's permissions admit (signing, /DSS validation data, filling fields that are not locked) do
// not count; everything else that alters what a reader sees does.
import { evidence, excerpt } from "./evidence";
import { CONTENT_EFFECTS, type SignatureFact } from "../facts/signatures";
import { defineRule } from "./rule";

const EFFECT_NAMES: Record<string, string> = {
  hide: "hide",
  replace: "replace",
  "hide-and-replace": "hide-and-replace",
  action: "automatic action added",
};

export function signatureLabel(s: SignatureFact, revisions: number): string {
  const name = s.field ? `'${s.field}'` : (s.objectRef ?? "");
  const covers = s.revision === null ? "covers no whole revision" : `covers revision ${s.revision + 1} of ${revisions}`;
  return `${s.kind} signature ${name}`.trim() + ` (${covers})`;
}

export const modifiedAfterSignature = defineRule({
  id: "modified-after-signature",
  title: "Content changed after the document was signed",
  description:
    "An incremental update made after a signature changes what the document shows: it hides signed content (optional content switched, an overlay annotation or field added or removed, a page cropped), replaces it (a content stream, font, image, attachment or locked field redefined) or re-links the catalog, page tree or xref to content the signer never saw (hide-and-replace), or adds an automatic action. Validators report such a file as signed with later changes; the reader sees content the signer did not sign (shadow attacks).",
  category: "structure",
  severity: "high",
  weight: 45,
  attack: ["T1565.001"],
  mitigations: ["verify_signed_revision", "do_not_open"],
  confidence: "medium",
  check({ signatures }) {
    const hits = signatures.signatures.filter(
      (s) => s.kind !== "usage-rights" && s.changes.some((c) => CONTENT_EFFECTS.has(c.effect)),
    );
    if (!hits.length) return null;
    const variants = new Set(
      hits.flatMap((s) => s.changes.filter((c) => CONTENT_EFFECTS.has(c.effect)).map((c) => EFFECT_NAMES[c.effect])),
    );
    return {
      evidence: hits.flatMap((s) =>
        s.changes
          .filter((c) => CONTENT_EFFECTS.has(c.effect))
          .map((c) =>
            evidence({
              objectRef: /^\d+ \d+ R$/.test(c.objectRef) ? c.objectRef : s.objectRef,
              path: s.field ? `signature field ${s.field}` : undefined,
              excerpt: excerpt(`${c.effect}: ${c.role}: ${c.change}; after ${signatureLabel(s, signatures.revisions)}`),
            }),
          ),
      ),
      detail: `Variants: ${[...variants].join(", ")}.`,
    };
  },
});
