// Keyword triage in the manner of pdfid, but on parsed names: whole names only (`/AA` is not found in
// `/AAAAAA+ArialMT`), `#xx` escapes decoded (`/J#61vaScript` counts as `/JavaScript`), and names inside
// object streams counted, which a raw-byte scan cannot see.
import type { PdfDocument } from "../../pdf/document";
import { walkObject } from "./walk";

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
/** /Colors above 2^24 overflowed Acrobat's predictor code (pdfid flags it, CVE-2009-3459) */
const COLORS_LIMIT = 2 ** 24;

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

export function collectKeywords(doc: PdfDocument): KeywordFacts {
  const counts: Record<string, number> = {};
  const inLoose = new Set<string>();
  const bump = (k: string, loose: boolean) => {
    counts[`/${k}`] = (counts[`/${k}`] ?? 0) + 1;
    if (loose) inLoose.add(k);
  };
  for (const inst of doc.instances) {
    const loose = !inst.container;
    walkObject(inst.value, {
      name(n) {
        if (KEYWORD_SET.has(n.name)) bump(n.name, loose);
      },
      key(k) {
        if (KEYWORD_SET.has(k)) bump(k, loose);
      },
      number(v, _path, key) {
        if (key === "Colors" && v > COLORS_LIMIT) counts[COLORS_KEYWORD] = (counts[COLORS_KEYWORD] ?? 0) + 1;
      },
    });
  }
  const escaped = doc.escapedNames
    .filter((e) => KEYWORD_SET.has(e.name))
    .map((e) => ({ keyword: `/${e.name}`, raw: `/${e.raw}`, offset: e.offset }));
  return {
    counts,
    rawCounts: countRaw(doc.buf),
    escaped,
    onlyInObjectStreams: Object.keys(counts)
      .map((k) => k.slice(1))
      .filter((k) => KEYWORD_SET.has(k) && !inLoose.has(k))
      .map((k) => `/${k}`),
  };
}

/** What a raw-byte scanner counts: the literal spelling followed by a non-name character. */
function countRaw(buf: Buffer): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of KEYWORDS) {
    const needle = `/${k}`;
    let n = 0;
    for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + needle.length)) {
      const next = buf[at + needle.length];
      if (next === undefined || !isNameChar(next)) n++;
    }
    if (n) out[needle] = n;
  }
  return out;
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x23 || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2b;
}
