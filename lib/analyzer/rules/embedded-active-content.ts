import { hasOfficeMacros, isMacroOfficeName } from "../content/file-magic";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const embeddedActiveContent = defineRule({
  id: "embedded-active-content",
  title: "Embedded script, macro document or HTML",
  description:
    "An attachment can run code when opened: an Office document with VBA macros (or a macro-enabled/legacy Office name), a shell script, RTF or HTML/HTA content.",
  category: "embedded-file",
  severity: "high",
  weight: 55,
  attack: ["T1204.002", "T1059"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  check({ embedded }) {
    const hits = embedded.filter(
      (f) =>
        f.kind === "script" ||
        f.kind === "html" ||
        f.kind === "rtf" ||
        hasOfficeMacros(f.data, f.kind) ||
        isMacroOfficeName(f.name),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({ objectRef: f.objectRef, path: f.path, excerpt: `${f.name}: ${f.kind}, sha256 ${f.sha256}` }),
      ),
    };
  },
});
