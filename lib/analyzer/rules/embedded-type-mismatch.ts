// An attachment whose name (or declared MIME type) says document/image/text while its content is a
// program or script (T1036.008), or whose name hides its real extension (double extension
// T1036.007, right-to-left override T1036.002). Harmless files have no reason to lie about their type.
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const embeddedTypeMismatch = defineRule({
  id: "embedded-type-mismatch",
  title: "Attachment disguised as a harmless file type",
  description:
    "An attached file claims a harmless type by its name or MIME type, but its content is a program or script, or its name hides the real extension. The disguise exists to get it opened.",
  category: "embedded-file",
  severity: "critical",
  weight: 75,
  attack: ["T1036.008", "T1036.007", "T1204.002"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  stage: "advanced",
  confidence: "high",
  check({ embeddedAnalysis }) {
    const hits = (embeddedAnalysis ?? []).filter((f) => f.disguise);
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({
          objectRef: f.file.objectRef,
          path: f.file.path,
          excerpt: `${f.file.name}: claims ${f.disguise!.claimed}, content is ${f.disguise!.actual} (sha256 ${f.file.sha256})`,
        }),
      ),
    };
  },
});
