// What the first pages draw, read from their content streams without rendering: the fast stage's answer
// to the questions render facts answer in the deep stage (is the page one picture? does it have text of
// its own?). Lures built as "a picture of a document with a link over it" are recognisable from this
// structure alone: one image XObject painted over most of the page and hardly any text operator.
import type { Limits } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfDict, type PdfObject } from "../../pdf/objects";
import { ContentScanner, pageContentText } from "../content/text";
import type { PageAction } from "./render-facts";

export interface PageLayout {
  /** 0-based page index */
  index: number;
  /** images painted: image XObjects (Do) and inline images (BI..EI) */
  images: number;
  /** share of the page covered by the largest painted image's bounding box, 0..1 */
  largestImageRatio: number;
  /** form XObjects painted (their content is not read: an image inside one is not counted) */
  forms: number;
  /** characters shown by text operators (Tj, TJ, ', ") */
  textChars: number;
  /** the content was unreadable (encrypted without key) or over the byte budget: the counts are partial */
  partial: boolean;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Layouts of the first LAYOUT_MAX_PAGES pages that carry a link, where the lure rules look. */
export function collectPageLayouts(doc: PdfDocument, actions: readonly PageAction[], limits: Limits): PageLayout[] {
  const linked = new Set(
    actions.filter((a) => a.page !== undefined && a.annotationAreaRatio !== undefined).map((a) => a.page),
  );
  if (!linked.size) return [];
  const out: PageLayout[] = [];
  doc
    .pages()
    .slice(0, limits.LAYOUT_MAX_PAGES)
    .forEach((page, index) => {
      if (linked.has(index)) out.push(layoutOf(doc, page.dict, index, limits));
    });
  return out;
}

function layoutOf(doc: PdfDocument, page: PdfDict, index: number, limits: Limits): PageLayout {
  const { LAYOUT_MAX_CONTENT_BYTES: maxBytes, LAYOUT_MAX_STATE_DEPTH: maxStateDepth } = limits;
  const layout: PageLayout = { index, images: 0, largestImageRatio: 0, forms: 0, textChars: 0, partial: false };
  const box = numbers(doc, inherited(doc, page, "MediaBox")) ?? [0, 0, 612, 792];
  const pageArea = Math.abs((box[2] - box[0]) * (box[3] - box[1])) || 612 * 792;
  const xobjects = doc.dict(doc.dict(inherited(doc, page, "Resources"))?.get("XObject"));
  const { text, partial } = pageContentText(doc, page, maxBytes);
  layout.partial = partial;
  let ctm: Matrix = IDENTITY;
  const saved: Matrix[] = [];
  // spans of the last six numbers since the last operator, parsed only for cm (most numbers of a
  // page are coordinates of paths and text, read by no check here)
  const spans = new Int32Array(12);
  let numbersSeen = 0;
  let name = "";
  let lastString = 0;
  let arrayStrings = 0;
  const paintImage = () => {
    layout.images++;
    layout.largestImageRatio = Math.max(layout.largestImageRatio, coverage(ctm, pageArea));
  };
  // only the strings' lengths are read: the scanner does not build them
  const scan = new ContentScanner(text, false);
  for (let kind = scan.next(); kind !== "end"; kind = scan.next()) {
    if (kind === "number") {
      const slot = (numbersSeen++ % 6) * 2;
      spans[slot] = scan.start;
      spans[slot + 1] = scan.end;
      continue;
    }
    if (kind === "name") name = scan.token;
    else if (kind === "string") {
      lastString = scan.stringLength;
      arrayStrings += scan.stringLength;
    } else if (kind === "array-start") arrayStrings = 0;
    else if (kind === "operator") {
      if (scan.is("q")) {
        // a deeper save is not kept (its Q then restores an outer state): reported
        if (saved.length < maxStateDepth) saved.push(ctm);
        else doc.budgetHits.add("LAYOUT_MAX_STATE_DEPTH");
      } else if (scan.is("Q")) ctm = saved.pop() ?? IDENTITY;
      else if (scan.is("cm") && numbersSeen >= 6) ctm = multiply(lastSix(text, spans, numbersSeen), ctm);
      else if (scan.is("Tj") || scan.is("'") || scan.is('"')) layout.textChars += lastString;
      else if (scan.is("TJ")) layout.textChars += arrayStrings;
      else if (scan.is("BI")) paintImage();
      else if (scan.is("Do")) {
        const x = doc.resolve(xobjects?.get(name));
        const subtype = x instanceof PdfStream ? x.dict.get("Subtype") : undefined;
        if (subtype instanceof PdfName && subtype.name === "Image") paintImage();
        else if (subtype instanceof PdfName && subtype.name === "Form") layout.forms++;
      }
      numbersSeen = 0;
      lastString = 0;
    }
  }
  return layout;
}

/** The last six numbers of the ring `spans` (start, end pairs), oldest first. */
function lastSix(text: string, spans: Int32Array, seen: number): Matrix {
  const m = [0, 0, 0, 0, 0, 0] as Matrix;
  for (let k = 0; k < 6; k++) {
    const slot = ((seen + k) % 6) * 2;
    m[k] = Number(text.slice(spans[slot], spans[slot + 1]));
  }
  return m;
}

/** An image fills the unit square of the CTM (§8.9.4): the share of the page its bounding box covers. */
function coverage(m: Matrix, pageArea: number): number {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  const area = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
  return Number.isFinite(area) ? Math.min(1, area / pageArea) : 0;
}

/** m x n for PDF's row-vector matrices [a b c d e f] (§8.3.4). */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/**
 * A page attribute, inherited from the page tree when the page does not set it (§7.7.3.4), at most
 * MAX_INHERITANCE_DEPTH levels up (a hit when a parent is left unread).
 */
export function inherited(doc: PdfDocument, page: PdfDict, key: string): PdfObject | undefined {
  let d: PdfDict | undefined = page;
  for (let i = 0; d && i < doc.limits.MAX_INHERITANCE_DEPTH; i++) {
    if (d.has(key)) return d.get(key);
    d = doc.dict(d.get("Parent"));
  }
  if (d) doc.budgetHits.add("MAX_INHERITANCE_DEPTH");
  return undefined;
}

function numbers(doc: PdfDocument, value: PdfObject | undefined): number[] | undefined {
  const a = doc.resolve(value);
  if (!Array.isArray(a) || a.length < 4) return undefined;
  const ns = a.slice(0, 4).map((v) => doc.resolve(v));
  return ns.every((v) => typeof v === "number") ? (ns as number[]) : undefined;
}
