// TIFF 6.0 image file directories, read for the fields libtiff copies into fixed-size storage.
// CVE-2010-0188 (Acrobat's libtiff, exploited in the wild from Feb. 2010): the TIFF carried as a
// base64 XFA image value has a "pair" tag (DotRange 0x0150, or HalftoneHints 0x0141, PageNumber,
// YCbCrSubsampling) whose count is far above the 2 values (2 x SamplesPerPixel for DotRange) the spec
// allows; libtiff's TIFFFetchShortPair copied them into a two-element stack array (the Metasploit
// adobe_libtiff module writes count 0xCC, after a NOP sled that precedes the IFD). A TIFF in a form
// is not an exploit by itself: government XFA forms carry TIFF scans. The parse is bounded: one
// chain of at most MAX_TIFF_IFDS directories of at most MAX_TIFF_ENTRIES entries each (lib/limits.ts).
import type { Budget } from "../../../limits";
import { decodeBase64Text } from "./base64-text";

const DOT_RANGE = 0x0150;
/** tags of exactly two SHORT values that libtiff 3.x reads with TIFFFetchShortPair (DotRange: two per sample) */
const PAIR_TAGS = new Map([
  [0x0129, "PageNumber"],
  [0x0141, "HalftoneHints"],
  [DOT_RANGE, "DotRange"],
  [0x0212, "YCbCrSubsampling"],
]);
const SAMPLES_PER_PIXEL = 0x0115;
const STRIP_OFFSETS = 0x0111;
const STRIP_BYTE_COUNTS = 0x0117;
const TILE_OFFSETS = 0x0144;
const TILE_BYTE_COUNTS = 0x0145;
/** bytes of one value of each field type (TIFF 6.0 §2, types 1-12) */
const TYPE_BYTES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];

export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  /** the value itself when it fits 4 bytes, else the offset of the values */
  valueOrOffset: number;
}

export type TiffAnomalyCode =
  "pair-tag-count-overflow" | "tag-size-overflow" | "strip-counts-mismatch" | "ifd-outside-file";

export interface TiffAnomaly {
  code: TiffAnomalyCode;
  message: string;
}

export interface TiffFacts {
  byteOrder: "II" | "MM";
  ifds: number;
  entries: TiffEntry[];
  anomalies: TiffAnomaly[];
  /** longest run of 0x90 (x86 NOP) bytes: the sled the public exploit puts before its IFD */
  longestNopRun: number;
}

/** Null when `data` is not a TIFF ("II*\0" or "MM\0*"). */
export function parseTiff(data: Uint8Array, budget: Budget): TiffFacts | null {
  if (data.length < 8) return null;
  const little = data[0] === 0x49 && data[1] === 0x49 && data[2] === 0x2a && data[3] === 0;
  const big = data[0] === 0x4d && data[1] === 0x4d && data[2] === 0 && data[3] === 0x2a;
  if (!little && !big) return null;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u16 = (at: number) => dv.getUint16(at, little);
  const u32 = (at: number) => dv.getUint32(at, little);
  const entries: TiffEntry[] = [];
  const anomalies: TiffAnomaly[] = [];
  const seen = new Set<number>();
  const { MAX_TIFF_IFDS: maxIfds, MAX_TIFF_ENTRIES: maxEntries } = budget.limits;
  let ifds = 0;
  let at = u32(4);
  for (; at !== 0 && ifds < maxIfds; ifds++) {
    // a directory revisited is a loop, not another image
    if (seen.has(at)) break;
    seen.add(at);
    if (at + 2 > data.length) {
      anomalies.push({ code: "ifd-outside-file", message: `IFD at byte ${at} of a ${data.length}-byte TIFF` });
      break;
    }
    if (u16(at) > maxEntries) budget.budgetHits.add("MAX_TIFF_ENTRIES");
    const n = Math.min(u16(at), maxEntries);
    const directory: TiffEntry[] = [];
    for (let i = 0, e = at + 2; i < n && e + 12 <= data.length; i++, e += 12)
      directory.push({ tag: u16(e), type: u16(e + 2), count: u32(e + 4), valueOrOffset: u32(e + 8) });
    entries.push(...directory);
    checkDirectory(directory, data.length, anomalies);
    const next = at + 2 + n * 12;
    at = next + 4 <= data.length ? u32(next) : 0;
  }
  // another directory after the last one read
  if (ifds >= maxIfds && at !== 0 && !seen.has(at)) budget.budgetHits.add("MAX_TIFF_IFDS");
  return { byteOrder: little ? "II" : "MM", ifds, entries, anomalies, longestNopRun: longestRun(data, 0x90) };
}

function checkDirectory(dir: TiffEntry[], size: number, anomalies: TiffAnomaly[]): void {
  const get = (tag: number) => dir.find((e) => e.tag === tag);
  const samples = get(SAMPLES_PER_PIXEL);
  const spp = samples && samples.count === 1 ? samples.valueOrOffset & 0xffff : 1;
  for (const e of dir) {
    const pair = PAIR_TAGS.get(e.tag);
    const allowed = e.tag === DOT_RANGE ? 2 * Math.max(1, spp) : 2;
    if (pair && e.count > allowed)
      anomalies.push({
        code: "pair-tag-count-overflow",
        message: `${pair} (0x${e.tag.toString(16).padStart(4, "0")}) with ${e.count} values, at most ${allowed} allowed`,
      });
    const bytes = e.count * (TYPE_BYTES[e.type] ?? 1);
    // a value array larger than 4 GiB wraps libtiff's 32-bit size computation
    if (bytes > 0xffffffff)
      anomalies.push({
        code: "tag-size-overflow",
        message: `tag 0x${e.tag.toString(16).padStart(4, "0")}: ${e.count} values of type ${e.type} (${bytes} bytes)`,
      });
  }
  for (const [offsets, counts, what] of [
    [STRIP_OFFSETS, STRIP_BYTE_COUNTS, "strip"],
    [TILE_OFFSETS, TILE_BYTE_COUNTS, "tile"],
  ] as const) {
    const o = get(offsets);
    const c = get(counts);
    if (o && c && o.count !== c.count)
      anomalies.push({
        code: "strip-counts-mismatch",
        message: `${o.count} ${what} offsets for ${c.count} ${what} byte counts`,
      });
    if (o && o.count > size)
      anomalies.push({ code: "strip-counts-mismatch", message: `${o.count} ${what}s in a ${size}-byte TIFF` });
  }
}

function longestRun(data: Uint8Array, byte: number): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < data.length; i++) {
    run = data[i] === byte ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** base64 of a TIFF header: "II*\0" -> SUkqA, "MM\0*" -> TU0AK */
const BASE64_TIFF = /SUkqA|TU0AK/g;

/**
 * TIFFs carried base64-encoded in XML (XFA image values, datasets), decoded up to `maxBytes`, at most
 * MAX_XFA_IMAGES of them. Kits
 * split the base64 one character a line to defeat byte patterns, so whitespace and character
 * references inside the value are removed, and the header is looked for after removing them too.
 */
export function base64TiffsInXml(
  xml: string,
  maxBytes: number,
  budget: Budget,
): { offset: number; tiff: Uint8Array }[] {
  const out: { offset: number; tiff: Uint8Array }[] = [];
  const maxChars = Math.ceil(maxBytes / 3) * 4;
  for (const start of tiffStarts(xml)) {
    if (out.length >= budget.limits.MAX_XFA_IMAGES) {
      budget.budgetHits.add("MAX_XFA_IMAGES");
      break;
    }
    const end = xml.indexOf("<", start);
    // whitespace can triple the text of a split value: read enough raw text for maxChars of base64
    const tiff = decodeBase64Text(
      xml,
      start,
      end < 0 ? Math.min(xml.length, start + maxChars * 4) : Math.min(end, start + maxChars * 4),
      maxChars,
    );
    if (tiff) out.push({ offset: start, tiff });
  }
  return out;
}

/** Character positions where a base64 TIFF starts: the header written whole, or split by whitespace. */
function tiffStarts(xml: string): number[] {
  const starts = new Set<number>();
  BASE64_TIFF.lastIndex = 0;
  // not inside another base64 run, where the letters can occur by chance
  for (let m = BASE64_TIFF.exec(xml); m; m = BASE64_TIFF.exec(xml))
    if (m.index === 0 || !/[A-Za-z0-9+/]/.test(xml[m.index - 1])) starts.add(m.index);
  // element values: `>` then the (whitespace-split) base64 text
  const VALUE = />\s*(?:S\s*U\s*k\s*q\s*A|T\s*U\s*0\s*A\s*K)/g;
  for (let m = VALUE.exec(xml); m; m = VALUE.exec(xml)) starts.add(m.index + m[0].search(/[ST]/));
  return [...starts].sort((a, b) => a - b);
}
