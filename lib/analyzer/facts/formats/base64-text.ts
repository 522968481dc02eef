// Base64 text inside XML (XFA image values, datasets), read in one pass over the char codes: the value
// of an exploit image is megabytes of base64, split by whitespace or written as character references
// to defeat byte patterns. A regex over such a value overflowed V8's backtrack stack (issue 19: three
// real XFA documents crashed the analysis) or made a clean-up copy of megabytes.
import { hexValue } from "../../../pdf/syntax";

/** base64 digit of each ASCII code; -1 for every other character */
const BASE64_DIGIT = new Int8Array(128).fill(-1);
for (const [i, c] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries())
  BASE64_DIGIT[c.charCodeAt(0)] = i;

/**
 * The bytes of the first `maxChars` base64 digits of xml[from, to), whole quartets only: character
 * references (`&#x41;`, `&#65;`) and every non-digit character (whitespace, `=`) are skipped. Null for
 * fewer than 12 digits. One pass over the char codes: the XFA value of an exploit TIFF is megabytes of
 * base64 (a NOP sled), which a regex clean-up and a string copy made the most expensive check of a file.
 */
export function decodeBase64Text(xml: string, from: number, to: number, maxChars: number): Uint8Array | null {
  const digits = new Uint8Array(Math.min(maxChars, to - from));
  let n = 0;
  for (let i = from; i < to && n < digits.length; i++) {
    const c = xml.charCodeAt(i);
    // a character reference `&#x?HEX+;` is dropped whole
    const ref = c === 0x26 ? charReferenceLength(xml, i, to) : 0;
    if (ref) {
      i += ref - 1;
      continue;
    }
    const d = c < 128 ? BASE64_DIGIT[c] : -1;
    if (d >= 0) digits[n++] = d;
  }
  n -= n % 4;
  if (n < 12) return null;
  const out = new Uint8Array((n / 4) * 3);
  for (let i = 0, o = 0; i < n; i += 4, o += 3) {
    const v = (digits[i] << 18) | (digits[i + 1] << 12) | (digits[i + 2] << 6) | digits[i + 3];
    out[o] = v >>> 16;
    out[o + 1] = (v >>> 8) & 0xff;
    out[o + 2] = v & 0xff;
  }
  return out;
}

/** Length of the character reference `&#x?HEX+;` at `i`, or 0 when there is none. */
export function charReferenceLength(xml: string, i: number, to: number): number {
  if (xml.charCodeAt(i) !== 0x26 || xml.charCodeAt(i + 1) !== 0x23) return 0;
  let j = i + 2 + (xml.charCodeAt(i + 2) === 0x78 ? 1 : 0);
  const hexStart = j;
  while (j < to && hexValue(xml.charCodeAt(j)) >= 0) j++;
  return j > hexStart && j < to && xml.charCodeAt(j) === 0x3b ? j + 1 - i : 0;
}

/** Whether `c` is a base64 digit. */
export const isBase64Digit = (c: number) => c < 128 && BASE64_DIGIT[c] >= 0;
