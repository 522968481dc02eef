// Annotation and metadata text fields that scripts can read back (getAnnots().subject, info.Title),
// kept when they hold an encoded payload instead of text (lib/analyzer/facts/formats/encoded-text.ts).
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";
import { looksEncoded } from "./formats/encoded-text";
import { bytesToText } from "./text";

export const TEXT_FIELDS = ["Subj", "Contents", "T", "Title", "Subject", "Keywords", "Author", "Creator", "Producer"];
/** characters read from a text stream */
const MAX_FIELD_CHARS = 1024 * 1024;
const MAX_ENCODED_FIELDS = 32;

export interface EncodedTextFieldFact {
  /** the annotation's object, or undefined for the document information dictionary */
  objectRef?: string;
  /** "/Subj", "/Title", ... */
  path: string;
  length: number;
  /** the first characters, for evidence */
  head: string;
}

export function collectEncodedTextFields(doc: PdfDocument): EncodedTextFieldFact[] {
  const out: EncodedTextFieldFact[] = [];
  const candidates: [PdfDict, string | undefined][] = [];
  // annotations (they have a /Rect) and the document information dictionary
  for (const [num, inst] of doc.table) if (inst.value instanceof PdfDict && inst.value.has("Rect")) candidates.push([inst.value, `${num} ${inst.gen} R`]);
  const info = doc.dict(doc.trailer?.get("Info"));
  if (info) candidates.push([info, undefined]);
  for (const [d, objectRef] of candidates) {
    for (const key of TEXT_FIELDS) {
      const text = encodedFieldText(doc, d.get(key));
      if (text) out.push({ objectRef, path: `/${key}`, length: text.length, head: text.slice(0, 256) });
    }
    if (out.length >= MAX_ENCODED_FIELDS) break;
  }
  return out;
}

/** The text of a field value (string or text stream) when it is an encoded payload, else undefined. */
export function encodedFieldText(doc: PdfDocument, value: PdfObject | undefined): string | undefined {
  const v = doc.resolve(value);
  let text: string | undefined;
  if (v instanceof PdfString) text = v.text;
  else if (v instanceof PdfStream) {
    const dec = doc.decode(v);
    if (!dec.encrypted) text = bytesToText(dec.data, MAX_FIELD_CHARS);
  }
  return text && looksEncoded(text) ? text : undefined;
}
