// Turning PDF strings and streams into text for the text-level checks (scripts, indicators).
import type { PdfDocument } from "../../pdf/document";
import { PdfStream, PdfString, decodePdfText, latin1, type PdfObject } from "../../pdf/objects";

/** Text of a string or stream value (streams decoded within budget); undefined for anything else. */
export function textOf(doc: PdfDocument, value: PdfObject | undefined, maxChars: number): string | undefined {
  const v = doc.resolve(value);
  if (v instanceof PdfString) return v.text.slice(0, maxChars);
  if (v instanceof PdfStream) {
    const d = doc.decode(v);
    if (d.encrypted) return undefined;
    return bytesToText(d.data, maxChars);
  }
  return undefined;
}

/** Bytes to text: UTF-16 (with BOM) or UTF-8 BOM as declared, else one char per byte. */
export function bytesToText(data: Uint8Array, maxChars: number): string {
  if ((data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0xef && data[1] === 0xbb)) {
    return decodePdfText(data.subarray(0, maxChars * 2)).slice(0, maxChars);
  }
  if (data[0] === 0xff && data[1] === 0xfe) return Buffer.from(data.subarray(2, 2 + maxChars * 2)).toString("utf16le");
  return latin1(data, 0, Math.min(data.length, maxChars));
}

/** A file specification (§7.11) or plain string as a path/URL string. */
export function fileSpecText(doc: PdfDocument, value: PdfObject | undefined): string | undefined {
  const v = doc.resolve(value);
  if (v instanceof PdfString) return v.text;
  const d = doc.dict(v);
  if (!d) return undefined;
  for (const key of ["UF", "F", "DOS", "Unix", "Mac"]) {
    const s = doc.resolve(d.get(key));
    if (s instanceof PdfString) return s.text;
  }
  return undefined;
}
