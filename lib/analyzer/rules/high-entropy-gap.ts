import { defineRule } from "./rule";
import { evidence } from "./evidence";
import { byteEntropy } from "../facts/entropy";

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
    const hits = gaps.map(([s, e]) => ({ s, e, h: byteEntropy(doc.bytes, s, e) })).filter((g) => g.h >= ENTROPY_THRESHOLD);
    if (!hits.length) return null;
    return { evidence: hits.map((g) => evidence({ offset: g.s, excerpt: `${g.e - g.s} bytes, entropy ${g.h.toFixed(2)} bits/byte` })) };
  },
});
