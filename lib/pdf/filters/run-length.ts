// RunLengthDecode (ISO 32000 §7.4.5): length byte 0-127 copies the next n+1 bytes, 129-255 repeats
// the next byte 257-n times, 128 is EOD. Output can be 128x the input, so the cap matters here.
import { BoundedOutput, type FilterResult } from "./filter-result";

const EOD = 128;

export function decodeRunLength(data: Uint8Array, maxOut: number): FilterResult {
  const out = new BoundedOutput(maxOut, data.length * 2);
  let i = 0;
  while (i < data.length) {
    const n = data[i++];
    if (n === EOD) break;
    if (n < EOD) {
      const end = i + n + 1;
      if (!out.pushBytes(data.subarray(i, end))) return out.finish();
      if (end > data.length) return out.finish(`literal run of ${n + 1} bytes cut short at end of data`);
      i = end;
    } else {
      if (i >= data.length) return out.finish("repeat run without its byte at end of data");
      if (!out.pushRepeat(data[i++], 257 - n)) return out.finish();
    }
  }
  return out.finish();
}
