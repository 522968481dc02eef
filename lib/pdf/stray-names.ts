// Name tokens outside every parsed object, trailer and comment: what a raw byte scanner (pdfid) counts
// and a strict reading of the file drops. Such bytes are no part of the document for a parser that
// follows the syntax, yet a tolerant viewer may rebuild an object around them (damaged headers,
// headers glued to junk); the reader uses them to trigger its recovery pass (document.ts).
import { decodeNameEscapes } from "./parser";
import { CH, TOKEN_END, asBuffer } from "./syntax";

export interface StrayName {
  /** the name with #xx escapes decoded, without the slash */
  name: string;
  offset: number;
  /** "N G" of the object the recovery pass found around it */
  recoveredIn?: string;
}

/**
 * Names in the gaps between `covered` spans (sorted by start, may overlap), at most `max` of them.
 * A name must stand as a token of its own (a delimiter or white space before it) so that random
 * binary junk between objects rarely spells one.
 */
/** Gaps up to this many bytes are read byte by byte. */
const SHORT_GAP_BYTES = 64;

export function findStrayNames(bytes: Uint8Array, covered: readonly [number, number][], max: number): StrayName[] {
  const out: StrayName[] = [];
  const buf = asBuffer(bytes);
  // jumps from one `/` or `%` to the next: native byte searches within a long gap (gaps can be most of
  // a damaged file, and every other byte is skipped anyway), a plain loop over a short one (the line
  // break between two objects: nearly every gap, where a view and two native calls cost more)
  const scanGap = (start: number, end: number) => {
    const gap = end - start > SHORT_GAP_BYTES ? buf.subarray(0, end) : undefined;
    let nextSlash = -1;
    let nextPercent = -1;
    let i = start;
    while (i < end && out.length < max) {
      if (gap) {
        if (nextSlash < i) nextSlash = gap.indexOf(CH.SLASH, i) >>> 0; // not found (-1) becomes 2^32-1: past the end
        if (nextPercent < i) nextPercent = gap.indexOf(CH.PERCENT, i) >>> 0;
        i = Math.min(nextSlash, nextPercent);
      } else while (i < end && bytes[i] !== CH.SLASH && bytes[i] !== CH.PERCENT) i++;
      if (i >= end) break;
      if (bytes[i] === CH.PERCENT) {
        // a comment is white space (§7.2.4): names in it are text
        while (i < end && bytes[i] !== CH.LF && bytes[i] !== CH.CR) i++;
      } else if (i === 0 || TOKEN_END[bytes[i - 1]]) {
        let j = i + 1;
        while (j < bytes.length && !TOKEN_END[bytes[j]]) j++;
        if (j > i + 1) out.push({ name: decodeNameEscapes(buf.toString("latin1", i + 1, j)), offset: i });
        i = j;
      } else i++;
    }
  };
  let cursor = 0;
  for (const [start, end] of covered) {
    if (start > cursor) scanGap(cursor, start);
    cursor = Math.max(cursor, end);
  }
  scanGap(cursor, bytes.length);
  return out;
}
