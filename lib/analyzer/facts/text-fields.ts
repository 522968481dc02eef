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

/**
 * A text field padded to a reader's buffer size: a run of one byte to the overflow offset, then what
 * overwrites the stack (Metasploit's foxit_title_bof: 540 bytes of title and spaces, then the SEH
 * record and an alphanumeric egg hunter, against Foxit Reader 4.1.1): padding, then bytes that are not
 * text (control bytes or bytes above ASCII: the overwritten return address or exception handler).
 */
export interface PaddedTextFieldFact {
  /** the annotation's object, or undefined for the document information dictionary */
  objectRef?: string;
  /** "/Title", ... */
  path: string;
  length: number;
  /** the padding run's length and where it ends */
  run: number;
  end: number;
  /** the string's bytes around the end of the padding, as hex where they are not printable */
  excerpt: string;
}

/** a detection threshold: padding this long then non-text bytes is no one's title */
const PADDING_RUN = 256;
/** at least this much follows the padding for it to pad something (a long run alone: payload-in-text-field's "A" * N) */
const MIN_TAIL_BYTES = 8;
/** presentation: bytes of the excerpt before and after the padding's end */
const EXCERPT_BYTES = 24;

/** Annotation dictionaries (they have a /Rect), then the document information dictionary. */
function textFieldHolders(doc: PdfDocument): { dict: PdfDict; num?: number; gen?: number }[] {
  const candidates: { dict: PdfDict; num?: number; gen?: number }[] = [];
  doc.table.forEach((inst, num) => {
    if (inst.value instanceof PdfDict && inst.value.has("Rect"))
      candidates.push({ dict: inst.value, num, gen: inst.gen });
  });
  const info = doc.dict(doc.trailer?.get("Info"));
  if (info) candidates.push({ dict: info });
  return candidates;
}

/** The longest run of one byte, when it pads the string like an overflow (see PaddedTextFieldFact). */
export function paddingOf(bytes: Uint8Array): Pick<PaddedTextFieldFact, "run" | "end" | "excerpt"> | null {
  // UTF-16 text (a byte-order mark) has a zero byte in every other place: its runs are not padding
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) return null;
  let best = 0;
  let bestEnd = 0;
  for (let i = 0; i < bytes.length;) {
    let j = i + 1;
    while (j < bytes.length && bytes[j] === bytes[i]) j++;
    if (j - i > best) [best, bestEnd] = [j - i, j];
    i = j;
  }
  if (best < PADDING_RUN || bytes.length - bestEnd < MIN_TAIL_BYTES) return null;
  const tail = bytes.subarray(bestEnd);
  const binaryTail = tail.some((b) => (b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b >= 0x7f);
  if (!binaryTail) return null;
  const shown = bytes.subarray(bestEnd - EXCERPT_BYTES, bestEnd + EXCERPT_BYTES);
  const excerpt = Array.from(shown, (b) =>
    b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, "0")}`,
  ).join("");
  return { run: best, end: bestEnd, excerpt };
}

/**
 * The text fields of annotations and the document information that hold an encoded payload, and those
 * padded like an overflow exploit: one walk over the fields for both, up to MAX_ENCODED_TEXT_FIELDS of each.
 */
export function collectTextFields(doc: PdfDocument): {
  encoded: EncodedTextFieldFact[];
  padded: PaddedTextFieldFact[];
} {
  const encoded: EncodedTextFieldFact[] = [];
  const padded: PaddedTextFieldFact[] = [];
  const candidates = textFieldHolders(doc);
  const max = doc.limits.MAX_ENCODED_TEXT_FIELDS;
  for (let i = 0; i < candidates.length; i++) {
    const { dict, num, gen } = candidates[i];
    const objectRef = num === undefined ? undefined : refString(num, gen!);
    for (const key of TEXT_FIELDS) {
      const value = doc.resolve(dict.get(key));
      const text = encodedFieldText(doc, value);
      if (text) encoded.push({ objectRef, path: `/${key}`, length: text.length, head: text.slice(0, 256) });
      if (!(value instanceof PdfString) || value.bytes.length < PADDING_RUN + MIN_TAIL_BYTES) continue;
      const shape = paddingOf(value.bytes);
      if (shape) padded.push({ objectRef, path: `/${key}`, length: value.bytes.length, ...shape });
    }
    if (encoded.length < max && padded.length < max) continue;
    if (i < candidates.length - 1) doc.budgetHits.add("MAX_ENCODED_TEXT_FIELDS");
    break;
  }
  return { encoded, padded };
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
