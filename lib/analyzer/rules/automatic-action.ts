import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Actions that reach outside the document; navigation inside it (GoTo, Named) is harmless. */
const OUTWARD = new Set(["Launch", "URI", "SubmitForm", "ImportData", "GoToR", "GoToE", "Rendition", "Movie", "Sound", "RichMediaExecute"]);

export const automaticAction = defineRule({
  id: "automatic-action",
  title: "Outward action runs when the document opens",
  description: "An action that opens a URL, submits data, launches a file or plays media is bound to an automatic trigger (/OpenAction or an open/visible /AA): it fires before the reader has made any choice.",
  category: "action",
  severity: "medium",
  weight: 30,
  attack: ["T1204.002"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check({ actions }) {
    const hits = actions.filter((a) => a.automatic && OUTWARD.has(a.type));
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`[${a.trigger}] /${a.type} ${a.target ?? ""}`) })),
      detail: `Actions: ${[...new Set(hits.map((a) => a.type))].join(", ")}.`,
    };
  },
});
