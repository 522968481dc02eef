// Shared classification of Launch targets (commands); where a target points (file share, web, local)
// is lib/analyzer/facts/classify-location.ts.

/** Programs and script hosts used to run commands from a /Launch action. */
const COMMAND_HOSTS = /(^|[\\/\s"'])(cmd|powershell|pwsh|wscript|cscript|mshta|rundll32|regsvr32|bitsadmin|certutil|msiexec|schtasks|wmic|bash|sh|curl|wget)(\.exe)?(\s|"|'|$)/i;
const EXECUTABLE_TARGET = /\.(exe|scr|com|pif|bat|cmd|vbs|vbe|js|jse|wsf|wsh|hta|ps1|lnk|jar|msi|dll|cpl|reg|sh)(\s|"|'|$)/i;

export function isCommandTarget(target: string | undefined, parameters?: string): boolean {
  const t = `${target ?? ""} ${parameters ?? ""}`;
  return COMMAND_HOSTS.test(t) || EXECUTABLE_TARGET.test(t);
}
