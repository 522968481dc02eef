// A loop in a structure every reader walks (page tree, outlines, action /Next chains, name and number
// trees, the field and structure trees) or a reference that resolves to itself. No writer produces one:
// it is how denial-of-service documents hang readers without a cycle guard, and how they stop scanners
// that walk the document before giving a verdict. Our walks are guarded (lib/analyzer/facts/loops.ts).
import { evidence } from "./evidence";
import type { LoopStructure } from "../facts/loops";
import { defineRule } from "./rule";

const NAMES: Record<LoopStructure, string> = {
  "page-tree": "page tree /Kids",
  outline: "outline /First /Next /Last",
  "action-next": "action /Next chain",
  "name-tree": "name tree /Kids",
  "number-tree": "number tree /Kids",
  "field-tree": "form field /Kids",
  "struct-tree": "structure tree /K",
  "reference-chain": "reference chain",
  xobject: "form XObject that paints itself",
  "object-stream": "object stream /Extends chain",
  function: "stitching function /Functions",
  "page-navigation": "pages whose open actions go to each other",
};

export const denialOfServiceLoop = defineRule({
  id: "denial-of-service-loop",
  title: "Loop in a linked document structure",
  description:
    "A structure that readers walk from start to end links back to itself: a page-tree node among its own descendants, an outline item that is its own sibling or descendant, an action whose /Next chain returns to it, a name or number tree node among its own /Kids, a form XObject whose content paints itself through its resources, an object stream that /Extends itself, a stitching function among its own /Functions, pages whose open actions go to each other, or a reference that resolves to itself. A reader or scanner without a cycle guard walks it forever or until its stack or memory runs out: a denial-of-service document, or a way to stop an analysis before it reaches the payload.",
  category: "structure",
  severity: "medium",
  weight: 30,
  attack: ["T1499", "T1027"],
  mitigations: ["update_reader", "sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check({ loops }) {
    if (!loops.length) return null;
    const kinds = [...new Set(loops.map((l) => NAMES[l.structure]))];
    return {
      evidence: loops.map((l) =>
        evidence({
          objectRef: l.objects.find((o) => /^\d+ \d+ R$/.test(o)),
          path: l.path,
          excerpt: `${NAMES[l.structure]}: ${l.length > l.objects.length ? `${l.objects.join(" -> ")} -> … (${l.length} objects)` : [...l.objects, l.objects[0]].join(" -> ")}`,
        }),
      ),
      detail: `Loops: ${kinds.join(", ")}.`,
    };
  },
});
