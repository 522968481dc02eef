// ASCIIHexDecode (ISO 32000 §7.4.2): pairs of hex digits, white space ignored, `>` is EOD, and an odd
// final digit counts as if followed by 0. A missing `>` is tolerated (readers accept it).
import { hexValue } from "../syntax";
import { BoundedOutput, type FilterResult, isPdfWhitespace } from "./filter-result";

export function decodeAsciiHex(data: Uint8Array, maxOut: number): FilterResult {
  const out = new BoundedOutput(maxOut, data.length >> 1);
  let high = -1;
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x3e) break; // '>'
    if (isPdfWhitespace(c)) continue;
    const v = hexValue(c);
    if (v < 0) {
      // the pending half byte is dropped: the digit after it is unknown
      return out.finish(`invalid character 0x${c.toString(16).padStart(2, "0")} at offset ${i}`);
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
