// TLSH (Trend Micro's locality-sensitive hash; Oliver, Cheng, Chen, "TLSH - A Locality Sensitive
// Hash", 2013) in the form the `tlsh` npm port computes: 128 buckets, a 1-byte checksum, 70 hex digits.
// The port builds an object per byte and an array per triplet: 420 ms per MB here, 8% of the advanced
// stage's CPU over ../shared/corpus-large. This is the same arithmetic on typed arrays; tlsh.test.ts
// checks it against the port digit for digit.

/** Pearson's permutation of 0..255 as TLSH uses it (the `tlsh` port's PERMUTATION_TABLE) */
const PEARSON = Uint8Array.from([
  1, 87, 49, 12, 176, 178, 102, 166, 121, 193, 6, 84, 249, 230, 44, 163, 14, 197, 213, 181, 161, 85, 218, 80, 64, 239,
  24, 226, 236, 142, 38, 200, 110, 177, 104, 103, 141, 253, 255, 50, 77, 101, 81, 18, 45, 96, 31, 222, 25, 107, 190, 70,
  86, 237, 240, 34, 72, 242, 20, 214, 244, 227, 149, 235, 97, 234, 57, 22, 60, 250, 82, 175, 208, 5, 127, 199, 111, 62,
  135, 248, 174, 169, 211, 58, 66, 154, 106, 195, 245, 171, 17, 187, 182, 179, 0, 243, 132, 56, 148, 75, 128, 133, 158,
  100, 130, 126, 91, 13, 153, 246, 216, 219, 119, 68, 223, 78, 83, 88, 201, 99, 122, 11, 92, 32, 136, 114, 52, 10, 138,
  30, 48, 183, 156, 35, 61, 26, 143, 74, 251, 94, 129, 162, 63, 152, 170, 7, 115, 167, 241, 206, 3, 150, 55, 59, 151,
  220, 90, 53, 23, 131, 125, 173, 15, 238, 79, 95, 89, 16, 105, 137, 225, 224, 217, 160, 37, 123, 118, 73, 2, 157, 46,
  116, 9, 145, 134, 228, 207, 212, 202, 215, 69, 229, 27, 188, 67, 124, 168, 252, 42, 4, 29, 108, 21, 247, 19, 205, 39,
  203, 233, 40, 186, 147, 198, 192, 155, 33, 164, 191, 98, 204, 165, 180, 117, 76, 140, 36, 210, 172, 41, 54, 159, 8,
  185, 232, 113, 196, 231, 47, 146, 120, 51, 65, 28, 144, 254, 221, 93, 189, 194, 139, 112, 43, 71, 109, 184, 209,
]);

/** inputs shorter than this have no TLSH (the algorithm's minimum) */
export const TLSH_MIN_INPUT_BYTES = 512;
const BUCKETS = 128;
const CODE_SIZE = BUCKETS / 4;
/** natural logarithms of 1.5, 1.3 and 1.1 as the port writes them, and its length ranges */
const LOG_1_5 = 0.4054651;
const LOG_1_3 = 0.26236426;
const LOG_1_1 = 0.09531018;
const LENGTH_LOW = 656;
const LENGTH_MID = 3199;

/**
 * The TLSH digest of `bytes` (70 uppercase hex digits, without the "T1" version prefix), or null when
 * the input is too short or too uniform for one (fewer than 65 of the 128 buckets filled).
 */
export function tlsh(bytes: Uint8Array): string | null {
  const n = bytes.length;
  if (n < TLSH_MIN_INPUT_BYTES) return null;
  const buckets = new Uint32Array(256);
  // the Pearson hash of [salt, a, b, c] starts from PEARSON[salt]: one lookup saved per triplet
  const s2 = PEARSON[2],
    s3 = PEARSON[3],
    s5 = PEARSON[5],
    s7 = PEARSON[7],
    s11 = PEARSON[11],
    s13 = PEARSON[13];
  const s0 = PEARSON[0];
  let checksum = 0;
  // a window of 5 bytes ending at i: c0 the newest, c4 the oldest
  for (let i = 4; i < n; i++) {
    const c0 = bytes[i],
      c1 = bytes[i - 1],
      c2 = bytes[i - 2],
      c3 = bytes[i - 3],
      c4 = bytes[i - 4];
    checksum = PEARSON[PEARSON[PEARSON[s0 ^ c0] ^ c1] ^ checksum];
    buckets[PEARSON[PEARSON[PEARSON[s2 ^ c0] ^ c1] ^ c2]]++;
    buckets[PEARSON[PEARSON[PEARSON[s3 ^ c0] ^ c1] ^ c3]]++;
    buckets[PEARSON[PEARSON[PEARSON[s5 ^ c0] ^ c2] ^ c3]]++;
    buckets[PEARSON[PEARSON[PEARSON[s7 ^ c0] ^ c2] ^ c4]]++;
    buckets[PEARSON[PEARSON[PEARSON[s11 ^ c0] ^ c1] ^ c4]]++;
    buckets[PEARSON[PEARSON[PEARSON[s13 ^ c0] ^ c3] ^ c4]]++;
  }
  let filled = 0;
  for (let b = 0; b < BUCKETS; b++) if (buckets[b] > 0) filled++;
  if (filled <= BUCKETS / 2) return null;
  const sorted = buckets.slice(0, BUCKETS).sort();
  const q1 = sorted[BUCKETS / 4 - 1];
  const q2 = sorted[BUCKETS / 2 - 1];
  const q3 = sorted[BUCKETS - BUCKETS / 4 - 1];
  const q1Ratio = Math.floor((q1 * 100) / q3) % 16;
  const q2Ratio = Math.floor((q2 * 100) / q3) % 16;
  let out =
    hex(swapNibbles(checksum)) +
    hex(swapNibbles(lengthCode(n))) +
    hex(swapNibbles((q1Ratio & 0x0f) | ((q2Ratio & 0x0f) << 4)));
  // the body: two bits per bucket (its quartile), written last byte first
  for (let i = CODE_SIZE - 1; i >= 0; i--) {
    let h = 0;
    for (let j = 0; j < 4; j++) {
      const k = buckets[4 * i + j];
      if (q3 < k) h += 3 << (j * 2);
      else if (q2 < k) h += 2 << (j * 2);
      else if (q1 < k) h += 1 << (j * 2);
    }
    out += hex(h);
  }
  return out;
}

/** The length byte: a logarithm of the length, finer for short inputs. */
function lengthCode(length: number): number {
  if (length <= LENGTH_LOW) return Math.floor(Math.log(length) / LOG_1_5) % 256;
  if (length <= LENGTH_MID) return Math.floor(Math.log(length) / LOG_1_3 - 8.72777) % 256;
  return Math.floor(Math.log(length) / LOG_1_1 - 62.5472) % 256;
}

const swapNibbles = (b: number): number => ((b & 0xf0) >> 4) | ((b & 0x0f) << 4);
const hex = (b: number): string => b.toString(16).toUpperCase().padStart(2, "0");
