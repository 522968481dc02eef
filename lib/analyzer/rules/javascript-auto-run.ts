import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptAutoRun = defineRule({
  id: "javascript-auto-run",
  title: "JavaScript runs automatically when the document opens",
  description:
    "A script is attached to a trigger that fires without user action (/OpenAction, the document-level /Names JavaScript tree, a page-open /AA, or an XFA initialize event): the usual entry point of exploit code.",
  category: "javascript",
  severity: "medium",
  weight: 20,
  attack: ["T1204.002", "T1059.007"],
  mitigations: ["disable_reader_javascript", "open_in_protected_view"],
  confidence: "high",
  check({ scripts }) {
    const auto = scripts.filter((s) => s.automatic && s.source.trim().length > 0);
    if (!auto.length) return null;
    return {
      evidence: auto.map((s) =>
        evidence({ objectRef: s.objectRef, path: s.path, excerpt: `[${s.trigger}] ${excerpt(s.source, 120)}` }),
      ),
      detail: `Triggers: ${[...new Set(auto.map((s) => s.trigger))].join(", ")}.`,
    };
  },
});
