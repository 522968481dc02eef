import { isPartlyLocked } from "../content/content-opaque";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const parserDifferential = defineRule({
  id: "parser-differential",
  title: "Two PDF readers disagree about this document",
  description:
    "pdf.js (the reader of Firefox and many web viewers) and our tolerant reader see a different document: a different page count, or one of them cannot open a file the other reads. Malformed files exist, but both readers repair the usual damage the same way; a disagreement means the file is built so that what one reader (or a scanner) sees is not what another shows, a way to hide content from analysis.",
  category: "structure",
  severity: "medium",
  weight: 20,
  attack: ["T1027", "T1036"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  stage: "advanced",
  check({ render, security, structure, pageCount }) {
    const view = render?.pdfjs;
    // a timeout says nothing about the document, only about our budget
    if (!view || render.timedOut || render.stopped) return null;
    const oursReads = structure.hasCatalog && pageCount > 0;
    if (!view.hasCatalog) {
      // both readers lack the key: they agree something is hidden (pdf.js asks for it even when only
      // the attachments are encrypted, which our reader reads around)
      if (view.passwordRequired && isPartlyLocked(security)) return null;
      if (!oursReads) return null;
      return {
        evidence: [
          evidence({
            path: "/Root",
            excerpt: `our reader: catalog and ${pageCount} page(s); pdf.js: ${excerpt(view.error ?? "cannot open the document", 120)}`,
          }),
        ],
        detail: "pdf.js cannot open a document our reader parses.",
      };
    }
    if (view.pageCount === null) return null;
    if (pageCount === 0) {
      // pdf.js may count a page it then cannot load (a cyclic tree): that is agreement on "no page"
      if (render.pagesRendered === 0) return null;
      return {
        evidence: [
          evidence({
            path: "/Root/Pages",
            excerpt: `our reader: no page; pdf.js: ${view.pageCount} page(s), ${render.pagesRendered} rendered`,
          }),
        ],
        detail: "pdf.js shows pages our reader does not find.",
        confidence: "low",
      };
    }
    const ours = structure.pageLeaves;
    if (view.pageCount === ours || view.pageCount === pageCount) return null;
    return {
      evidence: [
        evidence({ path: "/Root/Pages", excerpt: `our reader: ${ours} page(s); pdf.js: ${view.pageCount} page(s)` }),
      ],
      detail: `The page counts differ (${ours} vs ${view.pageCount}).`,
    };
  },
});
