// Industry test signatures: strings that security products detect by agreement, so an operator can
// check that a scanner is in the path without handling malware. Every anti-virus engine reports the
// EICAR test file; mail filters report GTUBE as spam; Windows' AMSI reports its test sample in scripts.
// A document that carries one is made to set off the products in front of it: a scanner that calls it
// benign is the one product in the chain that missed the test. Searched as bytes where the fast stage
// already has them: the raw file, decoded streams (the indicator pass decodes the same ones, from the
// cache), attachments, scripts and the text of the document's strings.
//
// The strings are assembled here from pieces so that this source file does not itself contain them:
// anti-virus products scanning the repository would flag it.
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import type { EmbeddedFileFact } from "./embedded";
import { isTextualStream } from "../content/text";

export type TestSignatureId = "eicar" | "gtube" | "amsi";

export interface TestSignature {
  id: TestSignatureId;
  /** what it is, for the report */
  name: string;
  /** the standard string */
  text: string;
  /** a script-scanning test: searched in the raw file, scripts and strings, not in every decoded stream */
  scriptsOnly?: boolean;
}

export const TEST_SIGNATURES: readonly TestSignature[] = Object.freeze([
  {
    id: "eicar",
    name: "EICAR anti-virus test file",
    text: ["X5O!P%@AP", "[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-", "ANTIVIRUS-TEST-FILE!$H+H*"].join(""),
  },
  {
    id: "gtube",
    name: "GTUBE anti-spam test string",
    text: ["XJS*C4JDBQADN1.NSBN3*2IDNEN*", "GTUBE-STANDARD-", "ANTI-UBE-TEST-EMAIL*C.34X"].join(""),
  },
  {
    id: "amsi",
    name: "AMSI (Windows Antimalware Scan Interface) test sample",
    text: ["AMSI Test Sample: ", "7e72c3ce-861b-4339-8740-0ac1484c1386"].join(""),
    scriptsOnly: true,
  },
] satisfies TestSignature[]);

export interface TestSignatureFact {
  signature: TestSignatureId;
  /** where: "file", "stream 12 0 R (decoded)", "attachment invoice.txt", "script /Root/OpenAction/JS", "string 7 0 R" */
  where: string;
  /** byte offset in the raw file, when found there */
  offset?: number;
  objectRef?: string;
}

export interface TestSignatureInputs {
  embedded: readonly EmbeddedFileFact[];
  scripts: readonly { source: string; path: string; objectRef?: string }[];
  strings: ReadonlyMap<string, string>;
}

/** Each test signature found, once per place; the raw file first. */
export function collectTestSignatures(
  doc: PdfDocument,
  { embedded, scripts, strings }: TestSignatureInputs,
): TestSignatureFact[] {
  const out: TestSignatureFact[] = [];
  let places = 0;
  // places searched at most: a file of thousands of streams is searched in its first ones
  const maxPlaces = doc.limits.MAX_TEST_SIGNATURE_PLACES;
  // where a signature was found is described only when one was: most places hold none
  const search = (
    data: Uint8Array | string,
    place: () => Pick<TestSignatureFact, "where" | "objectRef">,
    opts: { offset?: boolean; streams?: boolean } = {},
  ) => {
    if (++places > maxPlaces) {
      doc.budgetHits.add("MAX_TEST_SIGNATURE_PLACES");
      return;
    }
    const hay = typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    for (const { id, at } of findTestSignatures(hay, opts.streams))
      out.push({ signature: id, ...place(), ...(opts.offset ? { offset: at } : {}) });
  };
  search(doc.bytes, () => ({ where: "file" }), { offset: true });
  const attachments = new Set(embedded.map((e) => e.data));
  for (const e of embedded)
    search(e.data, () => ({ where: `attachment ${e.name}`, objectRef: e.objectRef }), { streams: true });
  // streams: without the key, encrypted data is noise; images keep their own encoding
  if (!doc.encrypted || doc.decryptStream) {
    for (const inst of doc.table.values()) {
      const num = inst.num;
      const v = inst.value;
      if (!(v instanceof PdfStream) || !isTextualStream(v.dict)) continue;
      const d = doc.decode(v);
      // unfiltered data is in the raw file; attachments were searched as such
      if (d.encrypted || d.imageFilter || !d.filters.length || attachments.has(d.data)) continue;
      search(d.data, () => ({ where: `stream ${num} ${inst.gen} R (decoded)`, objectRef: `${num} ${inst.gen} R` }), {
        streams: true,
      });
    }
  }
  for (const s of scripts) search(s.source, () => ({ where: `script ${s.path}`, objectRef: s.objectRef }));
  // string values as the parser read them: escapes, hex strings and UTF-16 undone
  for (const [ref, text] of strings) search(text, () => ({ where: `string ${ref}`, objectRef: ref }));
  return dedupe(out);
}

/**
 * What EICAR and GTUBE share: a decoded stream is read once, with one indexOf loop over this anchor,
 * whatever the number of signatures (the fast stage reads every decoded stream). Capital A is rare in
 * content streams (no operator has it), so the search runs at memchr speed: ~60 ms for the 750 MB of
 * decoded streams of the development corpora, against ~150 ms for "-STANDARD-" (every negative number).
 */
const SHARED_ANCHOR = "ANTI";
const ESCAPABLE = new Set(["\\", "(", ")"]);
const BACKSLASH = 0x5c;

interface Pattern {
  signature: TestSignature;
  /** up to the last character string syntax may escape, matched backwards allowing escapes */
  head: string;
  /** the rest, matched as written */
  tail: string;
  /** where SHARED_ANCHOR sits in the tail (-1: the tail is searched for itself) */
  anchorAt: number;
}

const PATTERNS: readonly Pattern[] = TEST_SIGNATURES.map((signature) => {
  let cut = 0;
  for (let i = 0; i < signature.text.length; i++) if (ESCAPABLE.has(signature.text[i])) cut = i + 1;
  const tail = signature.text.slice(cut);
  return { signature, head: signature.text.slice(0, cut), tail, anchorAt: tail.indexOf(SHARED_ANCHOR) };
});

/** The patterns searched in a place, split by how they are found: all of them, or a stream's (no script-only ones). */
const patternsFor = (wanted: readonly Pattern[]) => ({
  anchored: wanted.filter((p) => p.anchorAt >= 0),
  unanchored: wanted.filter((p) => p.anchorAt < 0),
});
const ALL_PATTERNS = patternsFor(PATTERNS);
const STREAM_PATTERNS = patternsFor(PATTERNS.filter((p) => !p.signature.scriptsOnly));

type Haystack = Buffer | string;
const codeReader = (hay: Haystack) =>
  typeof hay === "string" ? (i: number) => hay.charCodeAt(i) : (i: number) => hay[i];

/**
 * The test signatures in `hay` and where each starts, also when written inside a PDF or JavaScript
 * string literal, whose syntax puts a backslash before `\`, `(` and `)` (`[4\\PZX54\(P^\)7CC\)7}$`):
 * the tail after the last escapable character is found as written, then the head is matched backwards.
 * `streams`: a decoded stream or attachment, where the script-only signatures are not searched.
 */
export function findTestSignatures(hay: Haystack, streams = false): { id: TestSignatureId; at: number }[] {
  const out: { id: TestSignatureId; at: number }[] = [];
  const codeAt = codeReader(hay);
  // (the pattern lists are made once: a document's strings are searched by the thousand)
  const { anchored, unanchored } = streams ? STREAM_PATTERNS : ALL_PATTERNS;
  for (
    let a = anchored.length ? hay.indexOf(SHARED_ANCHOR) : -1;
    a >= 0 && out.length < anchored.length;
    a = hay.indexOf(SHARED_ANCHOR, a + 1)
  ) {
    for (const p of anchored) {
      const at = out.some((o) => o.id === p.signature.id) ? -1 : matchAt(codeAt, a - p.anchorAt, p);
      if (at >= 0) out.push({ id: p.signature.id, at });
    }
  }
  for (const p of unanchored) {
    for (let t = hay.indexOf(p.tail); t >= 0; t = hay.indexOf(p.tail, t + 1)) {
      const at = matchAt(codeAt, t, p);
      if (at >= 0) {
        out.push({ id: p.signature.id, at });
        break;
      }
    }
  }
  return out;
}

/** Where `text` (a signature's) starts in `hay`, as findTestSignatures reads it; -1 when absent. */
export function findSignature(hay: Haystack, text: string): number {
  const p = PATTERNS.find((x) => x.signature.text === text);
  return findTestSignatures(hay).find((f) => f.id === p?.signature.id)?.at ?? -1;
}

/** The start of pattern `p` whose tail is at `tailAt`, or -1. */
function matchAt(codeAt: (i: number) => number | undefined, tailAt: number, p: Pattern): number {
  if (tailAt < 0) return -1;
  for (let k = 0; k < p.tail.length; k++) if (codeAt(tailAt + k) !== p.tail.charCodeAt(k)) return -1;
  return headStart(codeAt, tailAt, p.head);
}

/**
 * Matches `head` backwards from `end` (exclusive); before each escapable character one backslash may
 * stand as its escape (not when the head's own previous character is a backslash).
 */
function headStart(codeAt: (i: number) => number | undefined, end: number, head: string): number {
  let i = end - 1;
  for (let k = head.length - 1; k >= 0; k--, i--) {
    if (i < 0 || codeAt(i) !== head.charCodeAt(k)) return -1;
    if (ESCAPABLE.has(head[k]) && i > 0 && codeAt(i - 1) === BACKSLASH && (k === 0 || head[k - 1] !== "\\")) i--;
  }
  return i + 1;
}

function dedupe(facts: TestSignatureFact[]): TestSignatureFact[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const key = `${f.signature} ${f.where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
