// ASCIIHexDecode (ISO 32000 §7.4.2): pairs of hex digits, white space ignored, `>` is EOD, and an odd
// final digit counts as if followed by 0. A missing `>` is tolerated (readers accept it).
import { hexValue } from "../syntax";
import { BoundedOutput, type FilterResult, isPdfWhitespace } from "./filter-result";

const SPACE = -1;
const END = -2;
const INVALID = -3;
/** each byte's meaning in one lookup: a digit's value, white space, the end mark, or invalid */
const CLASS = Int8Array.from({ length: 256 }, (_, c) =>
  c === 0x3e ? END : isPdfWhitespace(c) ? SPACE : hexValue(c) >= 0 ? hexValue(c) : INVALID,
);

export function decodeAsciiHex(data: Uint8Array, maxOut: number): FilterResult {
  const out = new BoundedOutput(maxOut, data.length >> 1);
  let high = -1;
  for (let i = 0; i < data.length; i++) {
    const v = CLASS[data[i]];
    if (v === SPACE) continue;
    if (v === END) break;
    if (v === INVALID) {
      // the pending half byte is dropped: the digit after it is unknown
      return out.finish(`invalid character 0x${data[i].toString(16).padStart(2, "0")} at offset ${i}`);
    }
    if (high < 0) {
      high = v;
    } else {
      if (!out.push((high << 4) | v)) return out.finish();
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.finish();
}
