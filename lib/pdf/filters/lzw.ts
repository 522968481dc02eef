// LZWDecode (ISO 32000 §7.4.4.2): MSB-first codes of 9 to 12 bits, 256 clears the table, 257 is EOD.
// /EarlyChange 1 (the default, Table 8) widens codes one entry early, as TIFF does; 0 postpones it.
// A code that is not yet in the table stops decoding with what was decoded; a missing EOD is tolerated.
import { BoundedOutput, type FilterResult } from "./filter-result";

const CLEAR = 256;
const EOD = 257;
const FIRST_FREE = 258;
const TABLE_SIZE = 4096;

export function decodeLzw(data: Uint8Array, maxOut: number, earlyChange = 1): FilterResult {
  const early = earlyChange === 0 ? 0 : 1;
  const out = new BoundedOutput(maxOut, data.length * 3);
  // each entry is its prefix code + last byte; `length` lets a string be written back to front
  const prefix = new Uint16Array(TABLE_SIZE);
  const suffix = new Uint8Array(TABLE_SIZE);
  const length = new Uint16Array(TABLE_SIZE);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    length[i] = 1;
  }
  const seq = new Uint8Array(TABLE_SIZE + 1);
  let width = 9;
  let next = FIRST_FREE;
  let prev = -1;
  let bits = 0;
  let bitCount = 0;
  let pos = 0;
  for (;;) {
    while (bitCount < width && pos < data.length) {
      bits = ((bits & 0xffff) << 8) | data[pos++];
      bitCount += 8;
    }
    if (bitCount < width) break;
    bitCount -= width;
    const code = (bits >>> bitCount) & ((1 << width) - 1);
    if (code === CLEAR) {
      width = 9;
      next = FIRST_FREE;
      prev = -1;
      continue;
    }
    if (code === EOD) break;
    let len: number;
    if (code < next) {
      len = writeString(code, prefix, suffix, length, seq);
    } else if (code === next && prev >= 0) {
      // the KwKwK case: the code being defined is the previous string plus its own first byte
      len = writeString(prev, prefix, suffix, length, seq);
      seq[len++] = seq[0];
    } else {
      return out.finish(`invalid code ${code} at bit ${pos * 8 - bitCount - width} (table has ${next} entries)`);
    }
    if (prev >= 0 && next < TABLE_SIZE) {
      prefix[next] = prev;
      suffix[next] = seq[0];
      length[next] = length[prev] + 1;
      next++;
      if (next + early >= 1 << width && width < 12) width++;
    }
    if (!out.pushBytes(seq.subarray(0, len))) break;
    prev = code;
  }
  return out.finish();
}

function writeString(
  code: number,
  prefix: Uint16Array,
  suffix: Uint8Array,
  length: Uint16Array,
  seq: Uint8Array,
): number {
  const len = length[code];
  for (let j = len - 1, q = code; j >= 0; j--) {
    seq[j] = suffix[q];
    q = prefix[q];
  }
  return len;
}
