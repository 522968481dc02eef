import { byConsent, defineRule, withDetail } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptPresent = defineRule({
  id: "javascript-present",
  title: "Document contains JavaScript",
  description:
    "The PDF carries JavaScript. Forms use it for calculations, but almost every PDF exploit needs it; on its own it is weak evidence. Scripts that only run behind the reader's buttons, links and fields (a form's formatting, calculations and buttons) are reported at info severity.",
  category: "javascript",
  severity: "low",
  weight: 8,
  attack: ["T1059.007"],
  mitigations: ["disable_reader_javascript"],
  confidence: "high",
  check({ scripts, keywords }) {
    if (scripts.length === 0 && !keywords.counts["/JS"] && !keywords.counts["/JavaScript"]) return null;
    return {
      evidence: scripts.map((s) => evidence({ objectRef: s.objectRef, path: s.path, excerpt: excerpt(s.source, 120) })),
      ...withDetail(
        scripts.length
          ? `${scripts.length} script(s) found.`
          : "JavaScript keywords found, but no script could be read (encrypted or damaged).",
        byConsent(scripts.map((s) => s.consent)),
      ),
    };
  },
});
