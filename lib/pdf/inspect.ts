// The document's objects for an analyst (`pdfscan inspect`, issue 22), the way pdf-parser shows them:
// each object with its type and stream filters, one object's dictionary in PDF syntax, its stream raw
// or decoded under the limits table's budgets, the objects whose dictionaries name a text (-s), those
// that refer to an object (-r), and each revision's xref section and trailer. Data only: the CLI
// prints it; nothing here writes or runs anything.
import type { IndirectObject, PdfDocument } from "./document";
import { PdfDict, PdfName, PdfRef, PdfStream, type PdfObject } from "./objects";
import { serializeObject } from "./writer/serialize-object";

/** Nesting of an object written out (the parser builds none deeper). */
const SHOW_DEPTH = 64;

export interface ObjectLine {
  num: number;
  gen: number;
  offset: number;
  /** /Type (and /Subtype, /S) of a dictionary or stream, "array", "string", ... */
  kind: string;
  stream?: { rawBytes: number; filters: string[] };
  /** "N G" of the object stream holding it */
  container?: string;
}

export interface RevisionLine {
  index: number;
  kind: "table" | "stream";
  offset: number;
  entries: number;
  trailer: string | null;
}

const nameOf = (o: PdfObject | undefined) => (o instanceof PdfName ? o.name : undefined);

function kindOf(value: PdfObject): string {
  const d = value instanceof PdfStream ? value.dict : value instanceof PdfDict ? value : null;
  if (d) {
    const parts = [nameOf(d.get("Type")), nameOf(d.get("Subtype")), nameOf(d.get("S"))].filter((x): x is string => !!x);
    const base = value instanceof PdfStream ? "stream" : "dict";
    return parts.length ? `${base} /${parts.join(" /")}` : base;
  }
  if (Array.isArray(value)) return "array";
  if (value instanceof PdfRef) return "reference";
  return value === null
    ? "null"
    : typeof value === "object"
      ? value.constructor.name.replace(/^Pdf/, "").toLowerCase()
      : typeof value;
}

function filtersOf(stream: PdfStream): string[] {
  const f = stream.dict.get("Filter");
  return (Array.isArray(f) ? f : [f]).map(nameOf).filter((x): x is string => !!x);
}

export function objectLine(inst: IndirectObject): ObjectLine {
  const v = inst.value;
  return {
    num: inst.num,
    gen: inst.gen,
    offset: inst.offset,
    kind: kindOf(v),
    ...(v instanceof PdfStream && { stream: { rawBytes: v.raw.length, filters: filtersOf(v) } }),
    ...(inst.container && { container: inst.container }),
  };
}

/** Every object the document's table holds, by number. */
export function listObjects(doc: PdfDocument): ObjectLine[] {
  return [...doc.table.values()].sort((a, b) => a.num - b.num).map(objectLine);
}

/** The object's value in PDF syntax (a stream: its dictionary). */
export function objectText(inst: IndirectObject): string {
  return serializeObject(inst.value, SHOW_DEPTH);
}

/** A stream's bytes: as stored, or decoded by its filters under the document's budgets. */
export function streamBytes(
  doc: PdfDocument,
  inst: IndirectObject,
  decoded: boolean,
): { data: Uint8Array; note: string } | null {
  const v = inst.value;
  if (!(v instanceof PdfStream)) return null;
  if (!decoded) return { data: v.raw, note: `raw, ${v.raw.length} bytes` };
  const d = doc.decode(v);
  const notes = [`decoded by ${d.filters.join(", ") || "no filter"}`, `${d.data.length} bytes`];
  if (d.imageFilter) notes.push(`${d.imageFilter} left encoded`);
  if (d.encrypted) notes.push("encrypted: no key");
  if (!d.complete) notes.push("incomplete (a filter failed or a budget cut it)");
  return { data: d.data, note: notes.join("; ") };
}

/** Objects whose written form contains `text` (case-insensitive): a name such as /JavaScript, a key, a string. */
export function searchObjects(doc: PdfDocument, text: string): ObjectLine[] {
  const needle = text.toLowerCase();
  return listObjects(doc).filter((line) => objectText(doc.table.get(line.num)!).toLowerCase().includes(needle));
}

/** Objects whose value refers to object `num` (any generation), like pdf-parser -r. */
export function referencesTo(doc: PdfDocument, num: number): ObjectLine[] {
  const refers = (o: PdfObject, depth: number): boolean => {
    if (o instanceof PdfRef) return o.num === num;
    if (depth >= SHOW_DEPTH) return false;
    if (Array.isArray(o)) return o.some((x) => refers(x, depth + 1));
    const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
    return !!d && [...d.entries].some(([, v]) => refers(v, depth + 1));
  };
  return listObjects(doc).filter((line) => refers(doc.table.get(line.num)!.value, 0));
}

/** Each xref section read (the last revision first, as the chain runs) with its trailer. */
export function revisions(doc: PdfDocument): RevisionLine[] {
  return doc.xrefSections.map((s, index) => ({
    index,
    kind: s.kind,
    offset: s.offset,
    entries: s.entries.size,
    trailer: s.trailer ? serializeObject(s.trailer, SHOW_DEPTH) : null,
  }));
}
