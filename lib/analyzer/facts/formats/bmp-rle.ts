// RLE-compressed BMPs (BITMAPINFOHEADER, biCompression 1/2): the RLE commands are walked and every
// one that writes or moves outside width x height is counted. CVE-2013-2729: Adobe Reader's XFA image
// code (AcroForm.api) decoded RLE BMPs without bounds checks; the public exploit (feliam/binamuse,
// XFABMPExploit.py) puts a base64 BMP in an XFA <image> (declared image/jpeg), with biCompression 1
// (RLE8), a 1-pixel-high row, bfOffBits 0, and then millions of RLE "delta" escapes (00 02 ff 00)
// that move the write cursor far past the row. Well-formed RLE never leaves the bitmap.
import type { Budget } from "../../../limits";
import { charReferenceLength, decodeBase64Text, isBase64Digit } from "./base64-text";

const BI_RLE8 = 1;
const BI_RLE4 = 2;
/** info header sizes in use: CORE (12), INFO (40), V2/V3 (52/56), OS/2 2.x (64), V4 (108), V5 (124) */
const INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export interface BmpRleReport {
  compression: "RLE8" | "RLE4";
  width: number;
  height: number;
  /** RLE commands that write or move outside width x height */
  outOfBounds: number;
  /** offset (in the BMP) of the first such command */
  firstOutOfBoundsAt: number;
  /** header fields that contradict each other or the data */
  headerIssues: string[];
}

/**
 * Walks the RLE data of a BMP (at most `maxRleBytes`) and reports commands that leave the bitmap.
 * Null when `bmp` is not an RLE-compressed BMP.
 */
export function parseBmpRle(bmp: Uint8Array, maxRleBytes: number): BmpRleReport | null {
  if (bmp.length < 26 || bmp[0] !== 0x42 || bmp[1] !== 0x4d) return null;
  const dv = new DataView(bmp.buffer, bmp.byteOffset, bmp.byteLength);
  const bfSize = dv.getUint32(2, true);
  const bfOffBits = dv.getUint32(10, true);
  const biSize = dv.getUint32(14, true);
  if (biSize < 40 || 14 + 40 > bmp.length) return null; // the 12-byte core header has no compression field
  const width = dv.getInt32(18, true);
  const height = dv.getInt32(22, true);
  const bitCount = dv.getUint16(28, true);
  const compression = dv.getUint32(30, true);
  if (compression !== BI_RLE8 && compression !== BI_RLE4) return null;
  const clrUsed = dv.getUint32(46, true);
  const issues: string[] = [];
  if (!INFO_HEADER_SIZES.has(biSize)) issues.push(`info header size ${biSize}`);
  if (compression === BI_RLE8 && bitCount !== 8) issues.push(`RLE8 with ${bitCount} bits per pixel`);
  if (compression === BI_RLE4 && bitCount !== 4) issues.push(`RLE4 with ${bitCount} bits per pixel`);
  if (height < 0) issues.push("top-down (negative height) RLE bitmap");
  if (width <= 0) issues.push(`width ${width}`);
  if (bfSize !== 0 && bfSize !== bmp.length) issues.push(`bfSize ${bfSize} for ${bmp.length} bytes`);
  const paletteEnd = 14 + biSize + 4 * (clrUsed || 1 << Math.min(bitCount, 8));
  if (bfOffBits < 14 + biSize) issues.push(`pixel data offset ${bfOffBits} inside the headers`);
  // a bad bfOffBits: the data follows the palette, as readers that ignore the field assume
  const start = bfOffBits >= 14 + biSize && bfOffBits < bmp.length ? bfOffBits : paletteEnd;
  const w = Math.max(0, width);
  const h = Math.abs(height);
  let x = 0;
  let y = 0;
  let outOfBounds = 0;
  let firstAt = -1;
  const flag = (at: number) => {
    outOfBounds++;
    if (firstAt < 0) firstAt = at;
  };
  const end = Math.min(bmp.length, start + maxRleBytes);
  for (let p = start; p + 1 < end;) {
    const count = bmp[p];
    const value = bmp[p + 1];
    const at = p;
    p += 2;
    if (count > 0) {
      // encoded run: `count` pixels of one value
      if (x + count > w || y >= h) flag(at);
      x += count;
      continue;
    }
    if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      break;
    } else if (value === 2) {
      if (p + 1 >= end) break;
      x += bmp[p];
      y += bmp[p + 1];
      p += 2;
      if (x > w || y > h) flag(at);
    } else {
      // absolute mode: `value` literal pixels, padded to a 16-bit boundary
      if (x + value > w || y >= h) flag(at);
      x += value;
      const bytes = compression === BI_RLE8 ? value : (value + 1) >> 1;
      p += bytes + (bytes & 1);
    }
  }
  return {
    compression: compression === BI_RLE8 ? "RLE8" : "RLE4",
    width,
    height,
    outOfBounds,
    firstOutOfBoundsAt: firstAt,
    headerIssues: issues,
  };
}

/** base64 units (digits, `=`, whitespace, character references) after "Qk" and two digits: shorter is no image */
const MIN_BMP_UNITS = 30;

/**
 * BMPs carried base64-encoded in XML (XFA <image> values, datasets), decoded up to `maxBytes`, at most
 * MAX_XFA_IMAGES of them. Every
 * BMP starts with "BM", base64 "Qk". A hand scan: the regex it replaces (a repeated group of
 * alternatives) overflowed V8's backtrack stack on a multi-megabyte image and crashed the analysis
 * (issue 19).
 */
export function base64BmpsInXml(xml: string, maxBytes: number, budget: Budget): { offset: number; bmp: Uint8Array }[] {
  const out: { offset: number; bmp: Uint8Array }[] = [];
  const maxChars = Math.ceil(maxBytes / 3) * 4;
  for (let at = xml.indexOf("Qk"); at >= 0;) {
    const end = base64RunEnd(xml, at);
    if (end < 0) {
      at = xml.indexOf("Qk", at + 1);
      continue;
    }
    if (out.length >= budget.limits.MAX_XFA_IMAGES) {
      budget.budgetHits.add("MAX_XFA_IMAGES");
      break;
    }
    const bmp = decodeBase64Text(xml, at, end, maxChars);
    if (bmp) out.push({ offset: at, bmp });
    at = xml.indexOf("Qk", end);
  }
  return out;
}

/** `\s` of a regex: ASCII whitespace, and the Unicode spaces a split value may use */
const isWhitespace = (c: number) =>
  c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x80 && /\s/.test(String.fromCharCode(c)));

/** End of the base64 run of an image at `at` ("Qk", two digits, then enough units), or -1. */
function base64RunEnd(xml: string, at: number): number {
  if (!isBase64Digit(xml.charCodeAt(at + 2)) || !isBase64Digit(xml.charCodeAt(at + 3))) return -1;
  let units = 0;
  let i = at + 4;
  while (i < xml.length) {
    const c = xml.charCodeAt(i);
    if (isBase64Digit(c) || c === 0x3d || isWhitespace(c)) i++;
    else {
      const ref = c === 0x26 ? charReferenceLength(xml, i, xml.length) : 0;
      if (!ref) break;
      i += ref;
    }
    units++;
  }
  return units >= MIN_BMP_UNITS ? i : -1;
}
