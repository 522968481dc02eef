import { defineRule } from "./rule";
import { evidence } from "./evidence";

/** compressed or encrypted data has ~8 bits/byte; PDF syntax and text stay well below 6 */
const ENTROPY_THRESHOLD = 7.2;

export const highEntropyOutsideStreams = defineRule({
  id: "high-entropy-outside-streams",
  title: "High-entropy data outside any object",
  description:
    "A large run of random-looking bytes sits between or after the objects, outside any stream: encrypted or compressed data that no reader displays, typical of a smuggled payload.",
  category: "structure",
  severity: "medium",
  weight: 25,
  attack: ["T1027.009"],
  mitigations: ["sanitize_with_cdr", "do_not_open"],
  check({ structure }) {
    const hits = structure.gaps.filter((g) => g.entropy >= ENTROPY_THRESHOLD);
    if (!hits.length) return null;
    return {
      evidence: hits.map((g) =>
        evidence({ offset: g.start, excerpt: `${g.end - g.start} bytes, entropy ${g.entropy.toFixed(2)} bits/byte` }),
      ),
    };
  },
});
