// Defanged form of an indicator for reports and excerpts, so a copied value is not clickable or routable:
// `http` -> `hxxp`, `://` -> `[://]`, `.` -> `[.]` in the host, `@` -> `[@]` (the common convention of
// threat-intel feeds, e.g. MISP and VirusTotal comments).

export function defang(value: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
  if (scheme) {
    const name = scheme[1].replace(/^http/i, "hxxp");
    const rest = value.slice(scheme[0].length);
    const end = rest.search(/[/?#\\]/);
    const authority = end === -1 ? rest : rest.slice(0, end);
    const tail = end === -1 ? "" : rest.slice(end);
    return `${name}[://]${defangHost(authority)}${defangNested(tail).replaceAll("@", "[@]")}`;
  }
  if (value.startsWith("\\\\")) {
    const end = value.indexOf("\\", 2);
    const host = end === -1 ? value.slice(2) : value.slice(2, end);
    return `\\\\${defangHost(host)}${end === -1 ? "" : value.slice(end)}`;
  }
  const at = value.lastIndexOf("@");
  if (at !== -1) return `${value.slice(0, at).replaceAll("@", "[@]")}[@]${defangHost(value.slice(at + 1))}`;
  return defangHost(value);
}

/** A URL carried inside another's path or query (`google.com/url?q=https://evil.example/`) is live too. */
const NESTED_URL = /\b([a-z][a-z0-9+.-]{0,30}):\/\/([^/?#\\&\s"'<>]*)/gi;

function defangNested(tail: string): string {
  return tail.replace(
    NESTED_URL,
    (_m, scheme: string, host: string) => `${scheme.replace(/^http/i, "hxxp")}[://]${host.replaceAll(".", "[.]")}`,
  );
}

function defangHost(host: string): string {
  return host.replaceAll(".", "[.]").replaceAll("@", "[@]");
}

/**
 * The inverse, for what an analyst pastes back (an indicator search): `hxxp[s][://]` -> `http[s]://`
 * anywhere (nested URLs too), `[.]`, `(.)`, `[@]`, `[:]` -> `.`, `.`, `@`, `:`.
 */
export function refang(value: string): string {
  return value
    .replace(/hxxp(s?)\[:\/\/\]/gi, (_m, s: string) => `http${s}://`)
    .replace(/\[(:\/\/|\.|@|:)\]/g, "$1")
    .replace(/\(\.\)/g, ".");
}

/** Defangs every URL-ish token of free text (http -> hxxp, dots in hosts bracketed). */
export function defangText(text: string): string {
  return text
    .replace(/\b(?:https?|ftp|file):\/\/[^\s"'<>()]+/gi, (u) => defang(u))
    .replace(/\\\\([\w.-]+)\\/g, (_m, host: string) => `\\\\${host.replace(/\./g, "[.]")}\\`);
}
