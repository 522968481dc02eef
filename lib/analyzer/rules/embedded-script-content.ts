// Scripts recognised by their content (VBScript, JScript, PowerShell, batch, HTA) that the fast
// stage misses because they have neither a shebang nor a script extension (T1059).
import { isExecutableName } from "../file-kinds";
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const embeddedScriptContent = defineRule({
  id: "embedded-script-content",
  title: "Attachment that is a script",
  description:
    "An attached file's content is a Windows script (VBScript, JScript, PowerShell, batch or HTA) although its name does not say so; opened, it runs with the user's rights.",
  category: "embedded-file",
  severity: "high",
  weight: 55,
  attack: ["T1059", "T1204.002"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  stage: "advanced",
  confidence: "medium",
  check({ embeddedAnalysis }) {
    // the fast rules already flag script extensions, shebang scripts and HTML (embedded-executable, embedded-active-content)
    const hits = (embeddedAnalysis ?? []).filter(
      (f) => f.detected.by === "script-sniff" && f.file.kind === "unknown" && !isExecutableName(f.file.name),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({
          objectRef: f.file.objectRef,
          path: f.file.path,
          excerpt: `${f.file.name}: ${f.scriptLanguage ?? f.detected.type} script, ${f.file.size} bytes`,
        }),
      ),
    };
  },
});
