import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const launchAction = defineRule({
  id: "launch-action",
  title: "Launch action",
  description:
    "A /Launch action asks the reader to open another file or start an application. Readers prompt, but users click through; malware uses it to run commands or open dropped files.",
  category: "action",
  severity: "medium",
  weight: 20,
  attack: ["T1204.002", "T1106"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  confidence: "high",
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "Launch");
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) =>
        evidence({
          objectRef: a.objectRef,
          path: a.path,
          excerpt: excerpt(`[${a.trigger}] ${a.target ?? "(no target)"} ${a.parameters ?? ""}`),
        }),
      ),
      detail: `Targets: ${[...new Set(hits.map((a) => excerpt(a.target ?? "(none)", 80)))].slice(0, 5).join(", ")}.`,
    };
  },
});
