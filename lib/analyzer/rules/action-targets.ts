// Shared classification of Launch targets (commands); where a target points (file share, web, local)
// is lib/analyzer/content/classify-location.ts.
import { RUNNABLE_EXTENSIONS } from "../file-kinds";

/** Programs and script hosts used to run commands from a /Launch action. */
const COMMAND_HOSTS = /(^|[\\/\s"'])(cmd|powershell|pwsh|wscript|cscript|mshta|rundll32|regsvr32|bitsadmin|certutil|msiexec|schtasks|wmic|bash|sh|curl|wget)(\.exe)?(\s|"|'|$)/i;
/** A program, script or shortcut by its extension (lib/analyzer/file-kinds.ts), ending a word of the command line. */
export const EXECUTABLE_TARGET = new RegExp(`\\.(${RUNNABLE_EXTENSIONS.join("|")})(\\s|"|'|$)`, "i");

export function isCommandTarget(target: string | undefined, parameters?: string): boolean {
  const t = `${target ?? ""} ${parameters ?? ""}`;
  return COMMAND_HOSTS.test(t) || EXECUTABLE_TARGET.test(t);
}
