// Shared classification of Launch targets (commands); where a target points (file share, web, local)
// is lib/analyzer/content/classify-location.ts.
import { RUNNABLE_EXTENSIONS } from "../file-kinds";

/** Programs and script hosts used to run commands from a /Launch action (or a URI written as a command line). */
const COMMAND_HOST_NAMES =
  "cmd|powershell|pwsh|wscript|cscript|mshta|rundll32|regsvr32|bitsadmin|certutil|msiexec|schtasks|wmic|bash|sh|curl|wget";
export const COMMAND_HOSTS = new RegExp(`(^|[\\\\/\\s"'])(${COMMAND_HOST_NAMES})(\\.exe)?(\\s|"|'|$)`, "i");
/** a command line: a command host first, then its arguments */
export const COMMAND_LINE = new RegExp(`^(?:${COMMAND_HOST_NAMES})(?:\\.exe)?\\s+\\S`, "i");
/**
 * A command host named in prose (a page's text), as a word: `cmd` only as `cmd /c` or `/k` (else it is
 * the macOS key), and not `sh` or `bash`, which start a command only after a pipe.
 */
export const COMMAND_HOST_IN_TEXT = new RegExp(
  `\\b(?:${COMMAND_HOST_NAMES.replace(/\|(?:ba)?sh(?=\||$)/g, "").replace("cmd|", "cmd(?=(?:\\.exe)?\\s*/[ck]\\b)|")})(?:\\.exe)?\\b`,
  "gi",
);
/** A program, script or shortcut by its extension (lib/analyzer/file-kinds.ts), ending a word of the command line. */
export const EXECUTABLE_TARGET = new RegExp(`\\.(${RUNNABLE_EXTENSIONS.join("|")})(\\s|"|'|$)`, "i");

export function isCommandTarget(target: string | undefined, parameters?: string): boolean {
  const t = `${target ?? ""} ${parameters ?? ""}`;
  return COMMAND_HOSTS.test(t) || EXECUTABLE_TARGET.test(t);
}
