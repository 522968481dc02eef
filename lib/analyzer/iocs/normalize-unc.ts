// UNC paths (`\\host\share\path`, WebDAV `\\host@SSL@443\DavWWWRoot\...`) and remote `file:` URLs
// (`file://host/share/path`, `file:////host/share`): opening one makes Windows connect out over SMB or
// WebDAV and leak NTLM credentials (ATT&CK T1187). Both spellings normalise to one backslash form.
// Backslash runs of any length count as one separator: JavaScript and PDF literal strings double them.
import { isIP } from "node:net";
import { normalizeDomain } from "./normalize-domain";

/**
 * Longer UNC paths are cut here (the host and share are what matter). A length of one item, not a
 * budget: nothing is dropped, and extract-indicators.ts reads a path no further.
 */
export const MAX_UNC_CHARS = 1024;

export interface NormalizedUnc {
  path: string;
  /** lowercase host without the `@SSL`/`@port` suffix */
  host: string;
  hostKind: "domain" | "ipv4" | "name";
}

const HOST_TOKEN = /^([a-z0-9._-]+)((?:@ssl)?(?:@\d{1,5})?)$/i;
// A NetBIOS or single-label DNS name; one letter is more often a regex escape (`\\w\\s`) than a host.
const SINGLE_LABEL = /^[a-z0-9][a-z0-9_-]{1,62}$/;

export function normalizeUnc(raw: string): NormalizedUnc | null {
  const text = raw.trim().slice(0, MAX_UNC_CHARS);
  let parts: string[];
  const file = /^file:(\/*)/i.exec(text);
  if (file) {
    const slashes = file[1].length;
    // file:///C:/x is a local path; file://host/ and file:////host/ (four or more slashes) are remote.
    if (slashes !== 2 && slashes < 4) return null;
    parts = text.slice(file[0].length).split(/[\\/]+/);
  } else if (/^\\\\/.test(text)) {
    parts = text.replace(/^\\+/, "").split(/\\+/);
  } else {
    return null;
  }
  const components = parts.filter((part) => part !== "");
  if (components.length < 2 || parts[0] === "") return null;
  const token = HOST_TOKEN.exec(components[0]);
  if (!token) return null;
  const name = token[1].toLowerCase();
  if (name === "localhost") return null;
  let hostKind: NormalizedUnc["hostKind"];
  if (isIP(name) === 4) hostKind = "ipv4";
  else if (normalizeDomain(name) !== null) hostKind = "domain";
  else if (SINGLE_LABEL.test(name)) hostKind = "name";
  else return null;
  const suffix = token[2].toUpperCase();
  return { path: `\\\\${name}${suffix}\\${components.slice(1).join("\\")}`, host: name, hostKind };
}
