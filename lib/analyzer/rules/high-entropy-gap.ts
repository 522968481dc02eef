import { defineRule } from "./rule";
import { evidence } from "./evidence";

/** compressed or encrypted data has ~8 bits/byte; PDF syntax and text stay well below 6 */
const ENTROPY_THRESHOLD = 7.2;
const MIN_GAP_BYTES = 1024;

export const highEntropyOutsideStreams = defineRule({
  id: "high-entropy-outside-streams",
  title: "High-entropy data outside any object",
  description: "A large run of random-looking bytes sits between or after the objects, outside any stream: encrypted or compressed data that no reader displays, typical of a smuggled payload.",
  category: "structure",
  severity: "medium",
  weight: 25,
  attack: ["T1027.009"],
  mitigations: ["sanitize_with_cdr", "do_not_open"],
  check({ doc }) {
    const spans = doc.instances.filter((o) => !o.container).map((o) => [o.offset, o.end] as const).sort((a, b) => a[0] - b[0]);
    const gaps: [number, number][] = [];
    let cursor = 0;
    for (const [s, e] of spans) {
      if (s - cursor >= MIN_GAP_BYTES) gaps.push([cursor, s]);
      cursor = Math.max(cursor, e);
    }
    if (doc.bytes.length - cursor >= MIN_GAP_BYTES) gaps.push([cursor, doc.bytes.length]);
    const hits = gaps.map(([s, e]) => ({ s, e, h: entropy(doc.bytes.subarray(s, e)) })).filter((g) => g.h >= ENTROPY_THRESHOLD);
    if (!hits.length) return null;
    return { evidence: hits.map((g) => evidence({ offset: g.s, excerpt: `${g.e - g.s} bytes, entropy ${g.h.toFixed(2)} bits/byte` })) };
  },
});

/**
 * Byte histograms reused by entropy(): it runs on hundreds of stream heads per document. Four of them,
 * filled in turn, so consecutive equal bytes do not wait on each other's increment.
 */
const COUNTS = new Uint32Array(4 * 256);

export function entropy(b: Uint8Array): number {
  const n = b.length;
  if (!n) return 0;
  COUNTS.fill(0);
  const whole = n & ~3;
  let i = 0;
  for (; i < whole; i += 4) {
    COUNTS[b[i]]++;
    COUNTS[256 + b[i + 1]]++;
    COUNTS[512 + b[i + 2]]++;
    COUNTS[768 + b[i + 3]]++;
  }
  for (; i < n; i++) COUNTS[b[i]]++;
  let h = 0;
  for (let v = 0; v < 256; v++) {
    const c = COUNTS[v] + COUNTS[256 + v] + COUNTS[512 + v] + COUNTS[768 + v];
    if (!c) continue;
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}
