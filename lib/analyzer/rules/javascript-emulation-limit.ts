// A script that exhausted the sandbox's CPU or memory budget: endless loops and unbounded
// allocation are how heap sprays and anti-analysis stalls look from outside. Benign form scripts
// finish in milliseconds. Weak on its own; it corroborates the other JavaScript findings.
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const javascriptEmulationLimit = defineRule({
  id: "javascript-emulation-limit",
  title: "JavaScript exhausted the sandbox's CPU or memory budget",
  description:
    "Run in the sandbox, the script looped until its CPU budget ran out or allocated until its memory budget ran out: typical of heap spraying and of stalling tricks against analysis.",
  category: "javascript",
  severity: "medium",
  weight: 20,
  attack: ["T1497", "T1203"],
  mitigations: ["disable_reader_javascript", "open_in_protected_view"],
  stage: "advanced",
  confidence: "medium",
  check({ javascript }) {
    const hits = (javascript ?? []).filter(
      (s) => s.emulationStatus === "timeout" || s.emulationStatus === "memory-limit",
    );
    if (!hits.length) return null;
    const seen = new Set<string>();
    const unique = hits.filter((s) => !seen.has(s.sha256) && seen.add(s.sha256));
    return {
      evidence: unique.map((s) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${s.emulationStatus}: ${s.emulationDetail ?? ""}`.trim(),
        }),
      ),
    };
  },
});
