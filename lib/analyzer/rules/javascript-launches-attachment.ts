import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptLaunchesAttachment = defineRule({
  id: "javascript-launches-attachment",
  title: "JavaScript saves and opens an embedded file",
  description:
    "exportDataObject with nLaunch writes an attachment to disk and opens it with its associated program: a dropper technique that needs no vulnerability.",
  category: "javascript",
  severity: "critical",
  weight: 75,
  attack: ["T1204.002", "T1059.007"],
  mitigations: ["block_launch_and_attachments", "do_not_open"],
  confidence: "high",
  check({ scripts }) {
    const hits = scripts.filter((s) => s.signals.launchesAttachment);
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) => evidence({ objectRef: s.objectRef, path: s.path, excerpt: excerpt(s.source, 120) })),
    };
  },
});
