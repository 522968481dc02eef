import type { PdfDocument } from "../../pdf/document";
import { PdfName } from "../../pdf/objects";
import { isContentOpaque } from "../facts/content-opaque";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/**
 * Page count as a viewer counts it: every leaf of the page tree each time it is referenced.
 * doc.pages() lists a page dictionary once even when /Kids names it twice (a benign test file of
 * the corpus, xref-compressed-in-compressed.pdf, does); pdf.js shows it twice. Only intermediate
 * nodes are cycle-guarded here (§7.7.3.2: a tree cannot contain itself).
 */
export function countPageLeaves(doc: PdfDocument): number {
  const visited = new Set<object>();
  const stack = [doc.catalog?.get("Pages") ?? null];
  let leaves = 0;
  let steps = 0;
  while (stack.length && steps++ < doc.limits.MAX_OBJECTS) {
    const d = doc.dict(stack.pop() ?? undefined);
    if (!d) continue;
    const kids = doc.resolve(d.get("Kids"));
    const type = d.get("Type");
    if (Array.isArray(kids) && !(type instanceof PdfName && type.name === "Page")) {
      if (visited.has(d)) continue;
      visited.add(d);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    } else leaves++;
  }
  return leaves;
}

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
  check({ render, doc, pageCount }) {
    const view = render?.pdfjs;
    // a timeout says nothing about the document, only about our budget
    if (!view || render.timedOut || render.stopped) return null;
    const oursOpaque = isContentOpaque(doc.security);
    const oursReads = doc.catalog !== undefined && pageCount > 0;
    if (!view.hasCatalog) {
      // both readers lack the key: they agree the content is hidden
      if (view.passwordRequired && oursOpaque) return null;
      if (!oursReads) return null;
      return {
        evidence: [evidence({ path: "/Root", excerpt: `our reader: catalog and ${pageCount} page(s); pdf.js: ${excerpt(view.error ?? "cannot open the document", 120)}` })],
        detail: "pdf.js cannot open a document our reader parses.",
      };
    }
    if (view.pageCount === null) return null;
    if (pageCount === 0) {
      // pdf.js may count a page it then cannot load (a cyclic tree): that is agreement on "no page"
      if (render.pagesRendered === 0) return null;
      return {
        evidence: [evidence({ path: "/Root/Pages", excerpt: `our reader: no page; pdf.js: ${view.pageCount} page(s), ${render.pagesRendered} rendered` })],
        detail: "pdf.js shows pages our reader does not find.",
        confidence: "low",
      };
    }
    const ours = countPageLeaves(doc);
    if (view.pageCount === ours || view.pageCount === pageCount) return null;
    return {
      evidence: [evidence({ path: "/Root/Pages", excerpt: `our reader: ${ours} page(s); pdf.js: ${view.pageCount} page(s)` })],
      detail: `The page counts differ (${ours} vs ${view.pageCount}).`,
    };
  },
});
