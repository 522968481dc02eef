// XDP packages (XML Data Package, XFA 3.3 ch. 30): XML that carries a whole PDF base64-encoded in
// <pdf><document><chunk>. Used to slip PDFs past scanners that only look for %PDF-.

import { hasPdfHeader, XDP_ROOT_WINDOW_BYTES } from "../pdf/sniff";

const MAX_XDP_SCAN_CHARS = 256 * 1024 * 1024;

export interface XdpUnwrapped {
  pdf: Uint8Array;
  /** the package's XML without the PDF chunks: XFA template, datasets and their scripts */
  xml: string;
  /** character offset of the first chunk in the package */
  offset: number;
}

export function looksLikeXdp(bytes: Uint8Array): boolean {
  // a file with a PDF header where readers look for it is a PDF, whatever XML it carries: otherwise
  // an XDP attachment near the start would hide the outer document
  if (hasPdfHeader(bytes)) return false;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, XDP_ROOT_WINDOW_BYTES)).toString(
    "latin1",
  );
  return /<xdp:xdp\b|<pdf\s[^<>]*xmlns\s*=\s*["']http:\/\/ns\.adobe\.com\/xdp\/pdf\//i.test(head);
}

/** The PDF inside an XDP package, or null when there is none. */
export function unwrapXdp(bytes: Uint8Array): XdpUnwrapped | null {
  if (!looksLikeXdp(bytes)) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, MAX_XDP_SCAN_CHARS)).toString(
    "latin1",
  );
  const pdfAt = text.search(/<pdf[\s>]/i);
  if (pdfAt < 0) return null;
  const chunks: string[] = [];
  const re = /<chunk>([^<]*)<\/chunk>/gi;
  re.lastIndex = pdfAt;
  let first = -1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (first < 0) first = m.index;
    chunks.push(m[1]);
  }
  if (!chunks.length) return null;
  const pdf = new Uint8Array(Buffer.from(chunks.join("").replace(/\s+/g, ""), "base64"));
  const xml = text.replace(/<chunk>[^<]*<\/chunk>/gi, "<chunk/>");
  return pdf.length ? { pdf, offset: first, xml } : null;
}
