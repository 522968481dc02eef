// An archive attached to a PDF with a program inside: the classic two-step dropper that gets an
// executable past mail filters blocking .exe attachments (T1027.009). Names come from a zip's
// central directory or a RAR's block headers (embedded/read-rar-directory.ts); nothing is extracted.
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const embeddedArchiveWithExecutable = defineRule({
  id: "embedded-archive-with-executable",
  title: "Attached archive containing a program or script",
  description:
    "An attached archive lists an executable or script file (.exe, .scr, .js, .vbs, .lnk, .hta, ...) inside. Wrapping the payload in an archive, often password-protected, hides it from attachment filters.",
  category: "embedded-file",
  severity: "high",
  weight: 65,
  attack: ["T1027.009", "T1204.002"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  stage: "advanced",
  confidence: "high",
  check({ embeddedAnalysis }) {
    const hits = (embeddedAnalysis ?? []).filter((f) => f.archive && f.archive.executables.length);
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) => {
        const a = f.archive!;
        const more = a.executables.length > 5 ? ` (+${a.executables.length - 5} more)` : "";
        const enc = a.encrypted ? `, ${a.encrypted} encrypted entr${a.encrypted === 1 ? "y" : "ies"}` : "";
        return evidence({
          objectRef: f.file.objectRef,
          path: f.file.path,
          excerpt: `${f.file.name} (${a.format}, ${a.names.length} entries${enc}): ${a.executables.slice(0, 5).join(", ")}${more}`,
        });
      }),
    };
  },
});
