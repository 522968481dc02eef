// The copy must open in a reader: readers start from the catalog's /Pages, a page tree node with a
// /Kids array (§7.7.3.2), and refuse the document when it is not one. Malformed samples point /Pages
// at a page itself or at an empty dictionary, which the tolerant reader reads past (PdfDocument.pages)
// but pdf.js does not, or have a tree that reaches no page while page objects sit in the file (pdf.js
// then falls back to those). Such a tree is rebuilt as one node over the pages found; a document with
// no page at all gets one blank page (an XFA-only form has nothing else to show once the form is gone).
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, type PdfObject } from "../../pdf/objects";
import type { WrittenObject } from "../../pdf/writer/write-pdf";

export interface WrittenDocument {
  /** the written catalog (mutated: its /Pages is replaced when the tree is rebuilt) */
  catalog: PdfDict;
  /** the written objects by output number */
  objects: Map<number, WrittenObject>;
  /** output number of an input object, when it was written */
  outNumOf(num: number): number | undefined;
  /** a fresh output number */
  newNum(): number;
}

/** US Letter, the default of most writers when a page states no size. */
const BLANK_MEDIA_BOX = [0, 0, 612, 792];

/**
 * Page objects no page tree reaches, by input number: written by the rewriter as roots of their own
 * when the tree reaches no page (bounded by the object table, which the reader bounds).
 */
export function orphanPages(doc: PdfDocument): number[] {
  if (doc.pages().length > 0) return [];
  const out: number[] = [];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const type = inst.value instanceof PdfDict ? inst.value.get("Type") : undefined;
    if (type instanceof PdfName && type.name === "Page") out.push(num);
  }
  return out;
}

/** Rebuilds the page tree when the written one is no tree or reaches no page; returns what was done, or null. */
export function ensurePageTree(doc: PdfDocument, out: WrittenDocument, orphans: readonly number[]): string | null {
  const found = doc.pages();
  if (found.length > 0 && isTreeNode(out, out.catalog.get("Pages"))) return null;
  const pagesNum = out.newNum();
  const parent = new PdfRef(pagesNum, 0);
  const kids: PdfRef[] = [];
  const inputNums = found.length > 0 ? found.map((p) => p.ref?.num) : orphans;
  for (const inputNum of inputNums) {
    const num = inputNum === undefined ? undefined : out.outNumOf(inputNum);
    const written = num === undefined ? undefined : out.objects.get(num)?.value;
    if (!(written instanceof PdfDict) || num === undefined) continue;
    written.entries.set("Type", new PdfName("Page"));
    written.entries.set("Parent", parent);
    kids.push(new PdfRef(num, 0));
  }
  const blank = kids.length === 0;
  if (blank) {
    const num = out.newNum();
    out.objects.set(num, {
      num,
      gen: 0,
      value: new PdfDict(
        new Map<string, PdfObject>([
          ["Type", new PdfName("Page")],
          ["Parent", parent],
          ["MediaBox", [...BLANK_MEDIA_BOX]],
        ]),
      ),
    });
    kids.push(new PdfRef(num, 0));
  }
  const node = new Map<string, PdfObject>([
    ["Type", new PdfName("Pages")],
    ["Kids", kids],
    ["Count", kids.length],
  ]);
  out.objects.set(pagesNum, { num: pagesNum, gen: 0, value: new PdfDict(node) });
  out.catalog.entries.set("Pages", parent);
  if (blank) return "the document has no page: the page tree is one blank page";
  return found.length > 0
    ? `the catalog's /Pages was no page tree node: rebuilt over the ${kids.length} page(s) found`
    : `the page tree reached no page: rebuilt over the ${kids.length} page object(s) in the file`;
}

function isTreeNode(out: WrittenDocument, pages: PdfObject | undefined): boolean {
  const node = pages instanceof PdfRef ? out.objects.get(pages.num)?.value : pages;
  if (!(node instanceof PdfDict)) return false;
  const type = node.get("Type");
  const kids = node.get("Kids");
  const list = kids instanceof PdfRef ? out.objects.get(kids.num)?.value : kids;
  return Array.isArray(list) && !(type instanceof PdfName && type.name === "Page");
}
