// A font's /ToUnicode CMap (ISO 32000-2 §9.10.3): character codes of shown strings to Unicode text.
// Office suites, browsers and most generators embed subset fonts whose codes are glyph ids (Type0,
// Identity-H) or reassigned bytes: without this map a page's strings are noise. Read with one linear
// pass over the CMap's tokens; the code space (how many bytes a code takes) comes from
// begincodespacerange, else from the length of the codes mapped.
import { hexString } from "./text";

/** Entries kept per CMap: single codes, and ranges (a CJK font maps ~20,000 codes, mostly in ranges). */
export const MAX_TO_UNICODE_CODES = 65_536;

/** An incrementing bfrange, kept as a range: <0000> <FFFF> <0000> is one entry, not 65,536. */
interface CodeRange {
  bytes: number;
  lo: number;
  hi: number;
  /** the destination of `lo`; later codes count up its last UTF-16 unit */
  base: string;
}

export interface ToUnicodeMap {
  /** code lengths in bytes allowed by the code space, shortest first (1..4) */
  lengths: number[];
  /** code (bytes big-endian as a number) and its length -> text: bfchar entries and array bfranges */
  map: Map<number, string>;
  /** incrementing bfranges, by length then start */
  ranges: CodeRange[];
}

/** key of a code of `bytes` bytes: lengths kept apart (<00 41> is not <41>) */
const key = (code: number, bytes: number) => code * 8 + bytes;

/** Reads a ToUnicode CMap's text; null when it maps nothing. */
export function parseToUnicode(text: string): ToUnicodeMap | null {
  const map = new Map<number, string>();
  const ranges: CodeRange[] = [];
  const lengths = new Set<number>();
  const tokens = tokenize(text);
  let section: "codespace" | "bfchar" | "bfrange" | null = null;
  const operands: (string | string[])[] = [];
  for (const t of tokens) {
    if (t === "begincodespacerange" || t === "beginbfchar" || t === "beginbfrange") {
      section = t === "begincodespacerange" ? "codespace" : t === "beginbfchar" ? "bfchar" : "bfrange";
      operands.length = 0;
      continue;
    }
    if (t === "endcodespacerange" || t === "endbfchar" || t === "endbfrange") {
      section = null;
      continue;
    }
    if (!section || typeof t !== "object") continue;
    operands.push(t.value);
    const need = section === "bfrange" ? 3 : 2;
    if (operands.length < need) continue;
    const [a, b, c] = operands.splice(0, need);
    if (typeof a !== "string" || typeof b !== "string") continue;
    if (section === "codespace") {
      if (a.length >= 1 && a.length <= 4) lengths.add(a.length);
    } else if (section === "bfchar") {
      if (map.size < MAX_TO_UNICODE_CODES && a.length >= 1 && a.length <= 4)
        map.set(key(codeOf(a), a.length), utf16(b));
    } else {
      if (map.size + ranges.length < MAX_TO_UNICODE_CODES) addRange(map, ranges, a, b, c);
    }
  }
  if (!map.size && !ranges.length) return null;
  if (!lengths.size) {
    for (const k of map.keys()) lengths.add(k % 8);
    for (const r of ranges) lengths.add(r.bytes);
  }
  ranges.sort((x, y) => x.bytes - y.bytes || x.lo - y.lo);
  return { lengths: [...lengths].sort((x, y) => x - y), map, ranges };
}

/** A shown string's codes as text; codes the map lacks are left out. */
export function decodeWithToUnicode(cmap: ToUnicodeMap, bytes: string): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    let consumed = 0;
    for (const n of cmap.lengths) {
      if (i + n > bytes.length) break;
      let code = 0;
      for (let k = 0; k < n; k++) code = code * 256 + (bytes.charCodeAt(i + k) & 0xff);
      const hit = cmap.map.get(key(code, n)) ?? inRange(cmap.ranges, code, n);
      if (hit !== undefined) {
        out += hit;
        consumed = n;
        break;
      }
    }
    // an unmapped code: skip the shortest code length (the code space's own unit)
    i += consumed || cmap.lengths[0];
  }
  return out;
}

function addRange(
  map: Map<number, string>,
  ranges: CodeRange[],
  lo: string,
  hi: string,
  dest: string | string[] | undefined,
): void {
  if (lo.length !== hi.length || lo.length < 1 || lo.length > 4 || dest === undefined) return;
  const from = codeOf(lo);
  const to = codeOf(hi);
  if (to < from) return;
  if (Array.isArray(dest)) {
    for (let k = 0; k <= to - from && k < dest.length && map.size < MAX_TO_UNICODE_CODES; k++)
      map.set(key(from + k, lo.length), utf16(dest[k]));
    return;
  }
  const base = utf16(dest);
  if (base) ranges.push({ bytes: lo.length, lo: from, hi: to, base });
}

/** The text of `code` in an incrementing range (§9.10.3: <0041> for <20>..<22> gives A, B, C), by binary search. */
function inRange(ranges: readonly CodeRange[], code: number, bytes: number): string | undefined {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid];
    if (r.bytes < bytes || (r.bytes === bytes && r.hi < code)) lo = mid + 1;
    else if (r.bytes > bytes || r.lo > code) hi = mid - 1;
    else
      return r.base.slice(0, -1) + String.fromCharCode((r.base.charCodeAt(r.base.length - 1) + code - r.lo) & 0xffff);
  }
  return undefined;
}

/** Bytes (one char per byte) as a big-endian number. */
function codeOf(bytes: string): number {
  let code = 0;
  for (let i = 0; i < bytes.length; i++) code = code * 256 + (bytes.charCodeAt(i) & 0xff);
  return code;
}

/** UTF-16BE bytes (one char per byte) as text. */
function utf16(bytes: string): string {
  let out = "";
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes.charCodeAt(i) & 0xff) << 8) | (bytes.charCodeAt(i + 1) & 0xff));
  return out;
}

type Token = string | { value: string | string[] };

/** Hex strings (as bytes), arrays of hex strings, and keywords; everything else is skipped. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let array: string[] | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x3c /* < */ && text.charCodeAt(i + 1) !== 0x3c) {
      const end = text.indexOf(">", i);
      const stop = end < 0 ? text.length : end;
      const bytes = hexString(text, i + 1, stop);
      if (array) array.push(bytes);
      else out.push({ value: bytes });
      i = stop + 1;
    } else if (c === 0x5b /* [ */) {
      array = [];
      i++;
    } else if (c === 0x5d /* ] */) {
      if (array) out.push({ value: array });
      array = null;
      i++;
    } else if (isLetter(c)) {
      let j = i + 1;
      while (j < text.length && isLetter(text.charCodeAt(j))) j++;
      out.push(text.slice(i, j));
      i = j;
    } else if (c === 0x25 /* % */) {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === 0x28 /* ( */) {
      // a literal string (the CMap's name or registry): skipped, nesting respected
      let depth = 0;
      for (; i < text.length; i++) {
        if (text[i] === "\\") i++;
        else if (text[i] === "(") depth++;
        else if (text[i] === ")" && --depth === 0) break;
      }
      i++;
    } else i++;
  }
  return out;
}

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
