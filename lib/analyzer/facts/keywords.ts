// Keyword triage in the manner of pdfid, but on parsed names: whole names only (`/AA` is not found in
// `/AAAAAA+ArialMT`), `#xx` escapes decoded (`/J#61vaScript` counts as `/JavaScript`), and names inside
// object streams counted, which a raw-byte scan cannot see.
import type { PdfDocument } from "../../pdf/document";
import type { ObjectIndex } from "./object-index";

/** pdfid's list plus the action and media names used to run code or reach out (declared once). */
export const KEYWORDS = [
  "JS",
  "JavaScript",
  "AA",
  "OpenAction",
  "AcroForm",
  "JBIG2Decode",
  "RichMedia",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "XFA",
  "Encrypt",
  "ObjStm",
  "URI",
  "SubmitForm",
  "ImportData",
  "GoToR",
  "GoToE",
  "Rendition",
  "Sound",
  "Movie",
] as const;
export const COLORS_KEYWORD = "/Colors > 2^24";
const KEYWORD_SET = new Set<string>(KEYWORDS);

export interface KeywordFacts {
  /** keyword -> count over parsed objects (all revisions, object-stream members included) */
  counts: Record<string, number>;
  /** keyword -> count pdfid would see in the raw bytes (exact, unescaped spelling) */
  rawCounts: Record<string, number>;
  /** keywords spelled with #xx escapes, with the spelling seen */
  escaped: { keyword: string; raw: string; offset: number }[];
  /** keywords present only inside object streams */
  onlyInObjectStreams: string[];
}

export function collectKeywords(doc: PdfDocument, index: ObjectIndex): KeywordFacts {
  const counts: Record<string, number> = {};
  for (const k of KEYWORDS) {
    const n = index.nameCounts.get(k);
    if (n) counts[`/${k}`] = n;
  }
  if (index.colorsOverflow) counts[COLORS_KEYWORD] = index.colorsOverflow;

  const escaped = doc.escapedNames
    .filter((e) => KEYWORD_SET.has(e.name))
    .map((e) => ({ keyword: `/${e.name}`, raw: `/${e.raw}`, offset: e.offset }));
  return {
    counts,
    rawCounts: countRaw(doc.buf),
    escaped,
    onlyInObjectStreams: KEYWORDS.filter((k) => index.nameCounts.has(k) && !index.looseNames.has(k)).map(
      (k) => `/${k}`,
    ),
  };
}

/** Keyword names grouped by their first byte, to test only plausible candidates at each '/'. */
const BY_FIRST_BYTE = new Map<number, string[]>();
for (const k of KEYWORDS) {
  const list = BY_FIRST_BYTE.get(k.charCodeAt(0)) ?? [];
  list.push(k);
  BY_FIRST_BYTE.set(k.charCodeAt(0), list);
}
const SLASH = 0x2f;

/**
 * What a raw-byte scanner counts: the literal spelling followed by a non-name character. One pass:
 * jump from '/' to '/' (a single-byte search) and compare only the names starting with the next byte.
 */
function countRaw(buf: Buffer): Record<string, number> {
  const out: Record<string, number> = {};
  for (let at = buf.indexOf(SLASH); at >= 0; at = buf.indexOf(SLASH, at + 1)) {
    const candidates = BY_FIRST_BYTE.get(buf[at + 1]);
    if (!candidates) continue;
    for (const k of candidates) {
      let i = 0;
      while (i < k.length && buf[at + 1 + i] === k.charCodeAt(i)) i++;
      if (i < k.length) continue;
      const next = buf[at + 1 + k.length];
      if (next === undefined || !isNameChar(next)) out[`/${k}`] = (out[`/${k}`] ?? 0) + 1;
    }
  }
  return out;
}

function isNameChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x23 ||
    c === 0x5f ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x2b
  );
}
