import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { isFormAutomation, urlAssignments } from "../javascript/form-automation";

/**
 * The benign explanation of scripts that run on open (technique script-on-open): every one of them is
 * form automation (lib/analyzer/javascript/form-automation.ts). Government and business forms run such
 * scripts on open (Adobe LiveCycle's version check, field defaults, print); exploit kits never do only that.
 */
export const scriptIsFormAutomation = defineRule({
  id: "script-is-form-automation",
  title: "Scripts that run on open only automate the form",
  description:
    "Every script that runs without a click fills, formats or checks form fields, checks the reader's version, prints or shows a message; none decodes or generates code, calls an API with a known exploit, or reaches the network, the file system or another document. This explains the scripts as an ordinary form's.",
  category: "javascript",
  severity: "info",
  weight: 0,
  attack: [],
  mitigations: [],
  confidence: "medium",
  role: "explanation",
  check({ scripts }) {
    const auto = scripts.filter((s) => s.automatic && s.source.trim().length > 0);
    if (!auto.length) return null;
    const addresses = new Map<string, string[]>();
    for (const s of scripts) urlAssignments(s.source, addresses);
    if (!auto.every((s) => isFormAutomation(s.source, s.signals, addresses))) return null;
    return {
      evidence: auto.map((s) =>
        evidence({ objectRef: s.objectRef, path: s.path, excerpt: `[${s.trigger}] ${excerpt(s.source, 100)}` }),
      ),
      detail: `${auto.length} script(s) on open, all form automation.`,
    };
  },
});
