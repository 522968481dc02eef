// Shared classification of action targets (files, URLs, commands), used by several action rules.

/** Programs and script hosts used to run commands from a /Launch action. */
const COMMAND_HOSTS = /(^|[\\/\s"'])(cmd|powershell|pwsh|wscript|cscript|mshta|rundll32|regsvr32|bitsadmin|certutil|msiexec|schtasks|wmic|bash|sh|curl|wget)(\.exe)?(\s|"|'|$)/i;
const EXECUTABLE_TARGET = /\.(exe|scr|com|pif|bat|cmd|vbs|vbe|js|jse|wsf|wsh|hta|ps1|lnk|jar|msi|dll|cpl|reg|sh)(\s|"|'|$)/i;

export function isCommandTarget(target: string | undefined, parameters?: string): boolean {
  const t = `${target ?? ""} ${parameters ?? ""}`;
  return COMMAND_HOSTS.test(t) || EXECUTABLE_TARGET.test(t);
}

/** UNC (\\host\share) or file:// to a host, or smb:// — opening it leaks NTLM credentials (T1187). */
export function isRemoteFileTarget(target: string | undefined): boolean {
  if (!target) return false;
  const t = target.trim();
  if (/^(\\\\|\/\/)[^\\/]+[\\/]/.test(t)) return true;
  if (/^(smb|webdav|dav):\/\//i.test(t)) return true;
  const m = /^file:\/\/([^/]*)\//i.exec(t);
  return !!m && m[1] !== "" && m[1].toLowerCase() !== "localhost";
}
