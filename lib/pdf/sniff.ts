// The one decision "is this a PDF we analyse", for the server (contract "Errors", 415), the CLI
// (`pdfscan analyze`/`disarm` refuse the same files, issue 19 item 8) and the reader (the header
// window of document.ts, xdp.ts and the embedded-payload sniff): a PDF header `%PDF-` in
// the first 1024 bytes (readers accept junk before it; ISO 32000-2 7.5.2 and Acrobat's 1024-byte rule),
// or an XDP package (XML Data Package, the XFA container) whose <pdf><document><chunk> holds a
// base64 PDF, as in the contagio PDF-XDP samples (chunk starts with "JVBER", base64 of "%PDF").
// A file without the header but with PDF object syntax (`N G obj ... endobj`, or an object and a
// `startxref`/`trailer` at the end) is accepted too: Acrobat and pdf.js open such files by recovery,
// so a header stripped to pass a type filter must not turn a document away unanalysed (the analyzer
// reports the missing header). This is only the gate; the analyzer does the real parsing.
import { DEFAULT_LIMITS } from "../limits";

export const PDF_HEADER_WINDOW_BYTES = 1024;

/** Why a file is refused: the server's 415 detail and the CLI's error say the same. */
export const NOT_A_PDF = `The file is not a PDF: no %PDF- header in the first ${PDF_HEADER_WINDOW_BYTES} bytes, no PDF object syntax (N G obj ... endobj), and not an XDP package wrapping a PDF.`;
/** XDP files start with an XML declaration and processing instructions; the root comes early. */
export const XDP_ROOT_WINDOW_BYTES = 4096;

export function isPdfOrXdp(bytes: Uint8Array): boolean {
  return hasPdfHeader(bytes) || isXdpWrappedPdf(bytes) || hasPdfObjectSyntax(bytes);
}

/** `N G obj` as a token (§7.3.10), not the tail of a longer word or number */
const OBJECT_HEADER = /(?<![\w.+-])\d{1,10}[\0\t\n\f\r ]+\d{1,5}[\0\t\n\f\r ]+obj(?![\w])/;
const END_OF_FILE_KEYWORD = /\b(?:startxref|trailer)\b/;
/** `startxref` and its offset (§7.5.5): where every reader starts, so a file ending so is a PDF to them */
const STARTXREF_WITH_OFFSET = /\bstartxref[\0\t\n\f\r ]+\d+/;

/**
 * An indirect object in the head that is closed by `endobj` there, or a file tail a reader starts
 * from (an object and startxref/trailer, or startxref with its offset: pdf.js opens such fragments).
 */
export function hasPdfObjectSyntax(bytes: Uint8Array, windowBytes = DEFAULT_LIMITS.HEADERLESS_SNIFF_BYTES): boolean {
  const head = latin1(bytes, 0, windowBytes);
  const object = OBJECT_HEADER.exec(head);
  // a header (even past the 1024-byte window: junk prepended to evade type filters) and an object
  // after it: every reader that scans for objects opens it
  if (object && head.lastIndexOf("%PDF-", object.index) >= 0) return true;
  if (!object) return STARTXREF_WITH_OFFSET.test(latin1(bytes, Math.max(0, bytes.length - windowBytes), bytes.length));
  if (head.includes("endobj", object.index)) return true;
  return END_OF_FILE_KEYWORD.test(latin1(bytes, Math.max(object.index, bytes.length - windowBytes), bytes.length));
}

/** Offset of `%PDF-` where readers look for it (the first 1024 bytes), or -1. */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  return indexOfAscii(bytes, "%PDF-", 0, PDF_HEADER_WINDOW_BYTES);
}

/**
 * Offset of `%FDF-` in the same window, or -1: a Forms Data Format file (ISO 32000-2 §12.7.8), PDF
 * syntax under its own header, which a viewer opens to fill the form its /F names.
 */
export function fdfHeaderOffset(bytes: Uint8Array): number {
  return indexOfAscii(bytes, "%FDF-", 0, PDF_HEADER_WINDOW_BYTES);
}

export function hasPdfHeader(bytes: Uint8Array): boolean {
  return indexOfAscii(bytes, "%PDF-", 0, PDF_HEADER_WINDOW_BYTES) >= 0;
}

export function isXdpWrappedPdf(bytes: Uint8Array): boolean {
  if (indexOfAscii(bytes, "<xdp:xdp", 0, XDP_ROOT_WINDOW_BYTES) < 0) return false;
  let from = 0;
  for (;;) {
    const chunk = indexOfAscii(bytes, "<chunk>", from, bytes.length);
    if (chunk < 0) return false;
    let i = chunk + "<chunk>".length;
    while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
    if (indexOfAscii(bytes, "JVBER", i, i + 5) === i) return true;
    from = i;
  }
}

function indexOfAscii(bytes: Uint8Array, needle: string, from: number, end: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, end));
  return buf.indexOf(needle, from, "latin1");
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(
    "latin1",
    start,
    Math.min(end, bytes.length),
  );
}
