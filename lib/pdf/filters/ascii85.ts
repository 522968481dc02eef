// ASCII85Decode (ISO 32000 §7.4.3): groups of five chars `!`..`u` give four bytes, `z` alone stands
// for four zero bytes, white space is ignored, `~>` is EOD, and a final partial group of n chars
// (2..4) gives n-1 bytes. A leading `<~` (Adobe's PostScript framing, emitted by some writers) is
// skipped; a missing `~>` is tolerated.
import { BoundedOutput, type FilterResult, isPdfWhitespace } from "./filter-result";

const TILDE = 0x7e;
const Z = 0x7a;
const FIRST = 0x21; // '!'
const LAST = 0x75; // 'u'

export function decodeAscii85(data: Uint8Array, maxOut: number): FilterResult {
  const out = new BoundedOutput(maxOut, Math.ceil((data.length * 4) / 5));
  let i = skipFraming(data);
  let value = 0;
  let n = 0;
  for (; i < data.length; i++) {
    const c = data[i];
    if (c === TILDE) break; // `~>`; a lone `~` cannot start anything else, so it ends the data too
    if (isPdfWhitespace(c)) continue;
    if (c === Z && n === 0) {
      if (!out.pushRepeat(0, 4)) return out.finish();
      continue;
    }
    if (c < FIRST || c > LAST) {
      // a `z` inside a group is invalid as well (§7.4.3); complete groups so far are kept
      return out.finish(`invalid character 0x${c.toString(16).padStart(2, "0")} at offset ${i}`);
    }
    value = value * 85 + (c - FIRST);
    if (++n < 5) continue;
    if (value > 0xffffffff) return out.finish(`group value exceeds 2^32-1 at offset ${i}`);
    if (!pushWord(out, value, 4)) return out.finish();
    value = 0;
    n = 0;
  }
  if (n === 1) return out.finish("final partial group has a single character");
  if (n > 1) {
    // pad with `u` (84) to a full group, keep the first n-1 bytes
    for (let k = n; k < 5; k++) value = value * 85 + 84;
    if (value > 0xffffffff) return out.finish("final partial group value exceeds 2^32-1");
    pushWord(out, value, n - 1);
  }
  return out.finish();
}

function pushWord(out: BoundedOutput, value: number, count: number): boolean {
  for (let k = 0; k < count; k++) {
    if (!out.push(Math.floor(value / 2 ** (24 - 8 * k)) & 0xff)) return false;
  }
  return true;
}

function skipFraming(data: Uint8Array): number {
  let i = 0;
  while (i < data.length && isPdfWhitespace(data[i])) i++;
  return data[i] === 0x3c && data[i + 1] === TILDE ? i + 2 : 0;
}
