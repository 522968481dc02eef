import { isExecutableName } from "../file-kinds";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const embeddedExecutable = defineRule({
  id: "embedded-executable",
  title: "Embedded executable",
  description:
    "An attachment is a program (PE, ELF or Mach-O by its header, or an executable/script file name). Documents have no legitimate need to carry executables.",
  category: "embedded-file",
  severity: "critical",
  weight: 85,
  attack: ["T1204.002", "T1027.009"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  confidence: "high",
  check({ embedded }) {
    const hits = embedded.filter(
      (f) =>
        f.kind === "pe-executable" ||
        f.kind === "elf-executable" ||
        f.kind === "macho-executable" ||
        isExecutableName(f.name),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({
          objectRef: f.objectRef,
          path: f.path,
          excerpt: `${f.name}: ${f.kind}, ${f.size} bytes, sha256 ${f.sha256}`,
        }),
      ),
    };
  },
});
