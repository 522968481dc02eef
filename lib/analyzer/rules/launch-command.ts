import { defineRule } from "./rule";
import { isCommandTarget } from "./action-targets";
import { evidence, excerpt } from "./evidence";

export const launchCommand = defineRule({
  id: "launch-command",
  title: "Launch action runs a command or executable",
  description:
    "The /Launch target is a command interpreter, script host or executable (cmd.exe, powershell, mshta, .exe, .vbs, ...): direct code execution when the user accepts the prompt.",
  category: "action",
  severity: "critical",
  weight: 80,
  attack: ["T1059", "T1204.002"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  confidence: "high",
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "Launch" && isCommandTarget(a.target, a.parameters));
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`${a.target ?? ""} ${a.parameters ?? ""}`) }),
      ),
    };
  },
});
