// Shannon entropy in bits per byte, for stream heads, script text and the gaps between objects. It runs
// on hundreds of short inputs per document (features.ts samples up to 200 stream heads), so it avoids
// the per-call costs: no subarray or copy (bounds are arguments), the histogram is cleared while it is
// read, and the sum uses H = log2(n) - sum(c * log2 c) / n with c * log2 c from a table for the counts
// a 4 KiB head can reach (one Math.log2 per distinct byte was most of the cost).

const TABLE_MAX = 4096;
const C_LOG_C = new Float64Array(TABLE_MAX + 1);
for (let c = 2; c <= TABLE_MAX; c++) C_LOG_C[c] = c * Math.log2(c);
const COUNTS = new Uint32Array(256);

const cLogC = (c: number) => (c <= TABLE_MAX ? C_LOG_C[c] : c * Math.log2(c));

/** Entropy of bytes[from, to) (the whole array by default), 0 for none. */
export function byteEntropy(bytes: Uint8Array, from = 0, to = bytes.length): number {
  const n = to - from;
  if (n <= 0) return 0;
  for (let i = from; i < to; i++) COUNTS[bytes[i]]++;
  return drain(n);
}

/**
 * Entropy of the first `maxChars` characters of a text, each read as its low byte: the same value as
 * byteEntropy(Buffer.from(text, "latin1")), without the copy.
 */
export function textEntropy(text: string, maxChars = text.length): number {
  const n = Math.min(text.length, maxChars);
  if (n <= 0) return 0;
  for (let i = 0; i < n; i++) COUNTS[text.charCodeAt(i) & 0xff]++;
  return drain(n);
}

/** Reads and clears COUNTS (n > 0 values counted). */
function drain(n: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    const c = COUNTS[v];
    if (c === 0) continue;
    COUNTS[v] = 0;
    sum += cLogC(c);
  }
  // rounding can leave -1e-16 for a single repeated byte
  return Math.max(0, Math.log2(n) - sum / n);
}
