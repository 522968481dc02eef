// Annotation and metadata text fields that scripts can read back (getAnnots().subject, info.Title),
// kept when they hold an encoded payload instead of text (lib/analyzer/facts/formats/encoded-text.ts).
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfStream, PdfString, refString, type PdfObject } from "../../pdf/objects";
import { looksEncoded, MIN_PAYLOAD_CHARS } from "./formats/encoded-text";
import { readText } from "../content/text";

export const TEXT_FIELDS = ["Subj", "Contents", "T", "Title", "Subject", "Keywords", "Author", "Creator", "Producer"];

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
  // annotations (they have a /Rect), then the document information dictionary
  const candidates: { dict: PdfDict; num?: number; gen?: number }[] = [];
  doc.table.forEach((inst, num) => {
    if (inst.value instanceof PdfDict && inst.value.has("Rect")) candidates.push({ dict: inst.value, num, gen: inst.gen });
  });
  const info = doc.dict(doc.trailer?.get("Info"));
  if (info) candidates.push({ dict: info });
  const max = doc.limits.MAX_ENCODED_TEXT_FIELDS;
  for (let i = 0; i < candidates.length; i++) {
    const { dict, num, gen } = candidates[i];
    for (const key of TEXT_FIELDS) {
      const text = encodedFieldText(doc, dict.get(key));
      if (text) out.push({ objectRef: num === undefined ? undefined : refString(num, gen!), path: `/${key}`, length: text.length, head: text.slice(0, 256) });
    }
    if (out.length < max) continue;
    if (i < candidates.length - 1) doc.budgetHits.add("MAX_ENCODED_TEXT_FIELDS");
    break;
  }
  return out;
}

/** The text of a field value (string or text stream) when it is an encoded payload, else undefined. */
export function encodedFieldText(doc: PdfDocument, value: PdfObject | undefined): string | undefined {
  const v = doc.resolve(value);
  let text: string | undefined;
  // a string's text has at most one char per byte: a short one cannot be a payload (no decoding)
  if (v instanceof PdfString) text = v.bytes.length < MIN_PAYLOAD_CHARS ? undefined : v.text;
  else if (v instanceof PdfStream) {
    const read = readText(doc, v, doc.limits.MAX_TEXT_FIELD_CHARS);
    text = read?.text;
    if (read?.cut) doc.budgetHits.add("MAX_TEXT_FIELD_CHARS");
  }
  return text && looksEncoded(text) ? text : undefined;
}
