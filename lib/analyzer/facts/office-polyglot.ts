// A PDF that is also a Word or Excel document ("MalDoc in PDF": JPCERT/CC, August 2023; Metasploit's
// auxiliary/fileformat/maldoc_in_pdf_polyglot): a web archive (MHT, a MIME multipart/related message that
// Word saves and opens) written in the clear among the PDF's objects, in a stream without a filter or
// after them. A PDF reader shows the PDF; Word, handed the same file under a .doc name, reads the web
// archive and offers to run its macros, kept in the archive's ActiveMime part (editdata.mso). A scanner
// that types the file by its %PDF header never looks for macros. Word reads bytes, not objects, so what
// it can see is searched: the file without the data of filtered streams (compressed data is noise to it).
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { filterNamesOf } from "../../pdf/filters";
import { includesBytes, indexOfBytes } from "../../pdf/fast-search";

export interface OfficePolyglotFact {
  /** byte offset of the archive's `Content-Type: multipart/related` header */
  offset: number;
  /** the application the archive is a document of, by its XML (Word: <w:WordDocument>, Excel: <x:ExcelWorkbook>) */
  application: "Word" | "Excel" | null;
  /** an ActiveMime part (base64 "ActiveMime" header, or the application/x-mso type): the container of the document's macros */
  macros: boolean;
  /** the archive's header line, as written */
  header: string;
}

const CONTAINER = [Buffer.from("ultipart/", "latin1"), Buffer.from("ULTIPART/", "latin1")];
/** the header line of a MIME part or message whose body is a web archive's parts */
const CONTAINER_LINE = /content-type:\s*multipart\/related\b/i;
/** XML names and namespaces Word and Excel write into a web archive's page (XML is case-sensitive: these are exact) */
const APPLICATIONS: readonly [OfficePolyglotFact["application"], Buffer][] = [
  ["Word", Buffer.from("<w:WordDocument", "latin1")],
  ["Word", Buffer.from("urn:schemas-microsoft-com:office:word", "latin1")],
  ["Excel", Buffer.from("<x:ExcelWorkbook", "latin1")],
  ["Excel", Buffer.from("urn:schemas-microsoft-com:office:excel", "latin1")],
];
/** "ActiveMime" in base64 at the head of a part, and the MIME type of such a part */
const ACTIVE_MIME = [Buffer.from("QWN0aXZlTWltZQ", "latin1"), Buffer.from("application/x-mso", "latin1")];
/** a header line is read back to its start this far at most (a detection window, not a budget) */
const MAX_LINE_CHARS = 256;

/** The web archive Word would read in the file, or null when there is none or it is no Office document. */
export function findOfficePolyglot(doc: PdfDocument): OfficePolyglotFact | null {
  // the container header is looked for in the whole file first: the regions Word sees are worked out
  // (a filter list read per stream) only for the rare file that has one somewhere
  const whole = Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength);
  if (!CONTAINER.some((needle) => includesBytes(whole, needle))) return null;
  const regions = visibleRegions(doc);
  const container = firstContainer(doc.bytes, regions);
  if (!container) return null;
  const application = APPLICATIONS.find(([, needle]) => occursIn(doc.bytes, regions, needle))?.[0] ?? null;
  const macros = ACTIVE_MIME.some((needle) => occursIn(doc.bytes, regions, needle));
  return application || macros ? { ...container, application, macros } : null;
}

/** Whether `data` (a stream's bytes as written) holds a web archive's container header Word would read. */
export function holdsWebArchive(data: Uint8Array): boolean {
  return firstContainer(data, [[0, data.length]]) !== null;
}

/** [start, end) spans of the file outside the data of streams that have a filter, in order. */
function visibleRegions(doc: PdfDocument): [number, number][] {
  const hidden: [number, number][] = [];
  for (const inst of doc.instances) {
    const v = inst.value;
    if (v instanceof PdfStream && v.dataOffset >= 0 && hasFilter(doc, v))
      hidden.push([v.dataOffset, v.dataOffset + v.raw.length]);
  }
  hidden.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let cursor = 0;
  for (const [s, e] of hidden) {
    if (s > cursor) out.push([cursor, s]);
    cursor = Math.max(cursor, e);
  }
  if (cursor < doc.bytes.length) out.push([cursor, doc.bytes.length]);
  return out;
}

/** A filter that changes the bytes, as decoding reads the list: `/Filter []` or `/Filter null` leaves the data as written, for Word too. */
export function hasFilter(doc: PdfDocument, s: PdfStream): boolean {
  return filterNamesOf(s.dict, (o) => doc.resolve(o)).length > 0;
}

function firstContainer(
  bytes: Uint8Array,
  regions: readonly [number, number][],
): Pick<OfficePolyglotFact, "offset" | "header"> | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [start, end] of regions) {
    const region = buf.subarray(start, end);
    for (const needle of CONTAINER) {
      // the search goes on after the line read: each byte is read a bounded number of times, however many needles a line holds
      for (let at = indexOfBytes(region, needle); at !== -1;) {
        const line = lineAround(region, at);
        if (CONTAINER_LINE.test(line.text)) return { offset: start + line.start, header: line.text.trim() };
        at = indexOfBytes(region, needle, Math.max(line.end, at + needle.length));
      }
    }
  }
  return null;
}

/** The line of `region` that holds `at`, read at most MAX_LINE_CHARS back and forward. */
function lineAround(region: Buffer, at: number): { start: number; end: number; text: string } {
  let s = at;
  while (s > 0 && at - s < MAX_LINE_CHARS && region[s - 1] !== 0x0a && region[s - 1] !== 0x0d) s--;
  let e = at;
  while (e < region.length && e - at < MAX_LINE_CHARS && region[e] !== 0x0a && region[e] !== 0x0d) e++;
  return { start: s, end: e, text: region.toString("latin1", s, e) };
}

function occursIn(bytes: Uint8Array, regions: readonly [number, number][], needle: Buffer): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return regions.some(([start, end]) => includesBytes(buf.subarray(start, end), needle));
}
