import type { MemoryPrimitiveKind } from "../javascript/memory-primitives";
import { defineRule } from "./rule";
import { scriptShapesHit } from "./script-shapes";

/** kinds that together make the exploit's shape: one alone (a DataView in a font tool, a -1 test) is not enough */
const MIN_KINDS = 2;

const KIND_TEXT: Record<MemoryPrimitiveKind, string> = {
  "typed-array-spray": "ArrayBuffers or typed arrays allocated in a loop",
  "heap-holes": "every other array element let go (holes punched in a groomed heap)",
  "raw-memory-access": "memory read or written through a DataView",
  "corrupted-length-check": "a test for a corrupted length",
  "pointer-as-double": "a pointer written as a denormal double",
};

export const javascriptMemoryPrimitives = defineRule({
  id: "javascript-memory-primitives",
  title: "JavaScript uses the primitives of a memory-corruption exploit",
  description:
    "The script grooms the heap with ArrayBuffers or typed arrays allocated in a loop, lets every other element of an array go (the holes a freed object's replacement lands in), reads or writes memory through a DataView, tests for a corrupted length (byteLength == -1) or writes pointers as denormal doubles: at least two of these. They are the building blocks of the use-after-free and type-confusion exploits that reader scripts have run since string heap sprays went out of use (the public CVE-2020-9715 exploit and its successors); form scripts need none of them.",
  category: "exploit",
  severity: "critical",
  weight: 70,
  attack: ["T1203", "T1059.007"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  confidence: "high",
  check({ scripts }) {
    return scriptShapesHit(scripts, (s) => s.signals.memoryPrimitives, KIND_TEXT, {
      minKinds: MIN_KINDS,
      label: "Primitives",
    });
  },
});
