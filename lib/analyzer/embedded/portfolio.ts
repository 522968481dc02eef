// PDF portfolios (§12.3.5 Collections) and RichMedia assets (Adobe Extension Level 3, §9.6): the two
// places besides /EmbeddedFiles and file-attachment annotations that carry files. A portfolio shows
// a file list (or the /D document) instead of the cover page: the cover is only a wrapper.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfRef, PdfStream, PdfString } from "../../pdf/objects";
import { nameTreeValues } from "../content/name-tree";
import { fileSpecText } from "../content/text";

export interface PortfolioFact {
  objectRef?: string;
  /** /View: D (details), T (tile), H (hidden), C (custom navigator, Flash/SWF in Acrobat 9) */
  view?: string;
  /** /D: the file opened initially instead of the cover document */
  initialDocument?: string;
  /** field names of the /Schema (columns of the file list) */
  schemaFields: string[];
  /** /Navigator present: Acrobat 9 ran a SWF navigator for the portfolio (Flash) */
  navigator: boolean;
}

const MAX_TREE_NODES = 100_000;

/** The catalog's /Collection, or null when the document is not a portfolio. */
export function collectPortfolio(doc: PdfDocument): PortfolioFact | null {
  const raw = doc.catalog?.get("Collection");
  const c = doc.dict(raw);
  if (!c) return null;
  const view = doc.resolve(c.get("View"));
  const d = doc.resolve(c.get("D"));
  const schema = doc.dict(c.get("Schema"));
  return {
    objectRef: raw instanceof PdfRef ? raw.toString() : undefined,
    view: view instanceof PdfName ? view.name : undefined,
    initialDocument: d instanceof PdfString ? d.text : undefined,
    schemaFields: schema ? [...schema.entries.keys()].filter((k) => k !== "Type").slice(0, 50) : [],
    navigator: c.has("Navigator"),
  };
}

/** Streams of RichMedia assets (/RichMediaContent /Assets name tree) with the asset's file name. */
export function richMediaAssets(doc: PdfDocument): Map<PdfStream, { name: string; path: string }> {
  const out = new Map<PdfStream, { name: string; path: string }>();
  doc.pages().forEach((page, p) => {
    const annots = doc.resolve(page.dict.get("Annots"));
    if (!Array.isArray(annots)) return;
    annots.forEach((a, i) => {
      const ad = doc.dict(a);
      const sub = ad ? doc.resolve(ad.get("Subtype")) : undefined;
      if (!ad || !(sub instanceof PdfName) || sub.name !== "RichMedia") return;
      const content = doc.dict(ad.get("RichMediaContent"));
      const base = `/Root/Pages[${p}]/Annots[${i}]/RichMediaContent/Assets`;
      for (const v of nameTreeValues(doc, content?.get("Assets"), base, MAX_TREE_NODES)) {
        const ef = doc.dict(doc.dict(v.value)?.get("EF"));
        const name = fileSpecText(doc, v.value) ?? v.name;
        for (const key of ["F", "UF"]) {
          const s = doc.resolve(ef?.get(key));
          if (s instanceof PdfStream && !out.has(s)) out.set(s, { name, path: `${v.path}/EF/${key}` });
        }
      }
    });
  });
  return out;
}
