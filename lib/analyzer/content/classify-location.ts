// What a file specification, URI or path names: a file share (resolving it makes Windows authenticate
// to the host over SMB or WebDAV and hands it the user's NTLM hash: ATT&CK T1187), a web location, or
// something local. One classification for every carrier (actions, external streams, reference
// XObjects, media clips, scripts, XFA), read with plain string scans over a bounded head.
import { ownEntry } from "../own-entry";

/**
 * - "unc": a Windows network path: `\\host\share`, `\\?\UNC\host\share`, `\\.\UNC\...`, the same with
 *   forward slashes where the string is a Windows path, `file:////host/share`, `file:\\host\share`, or a
 *   search-ms: query whose location is one;
 * - "file-host": `file://host/...` naming another host;
 * - "smb": `smb://` or `cifs://`; "webdav": `dav://`, `davs://`, `webdav://`;
 * - "web": an http(s), ftp(s) or ws(s) URL; "network-path": `//host/path`, a scheme-relative reference
 *   (RFC 3986 §4.2) where the string is a URI or a PDF file specification: what LaTeX hyperref and
 *   HTML converters write for a web link whose source left out `https:`;
 * - "mail": mailto:; "other-scheme": any other URI scheme; "local": a relative or local path, a loopback
 *   host, a Win32 device path (`\\?\C:\`, `\\.\pipe\`).
 */
export type LocationKind =
  "unc" | "file-host" | "smb" | "webdav" | "web" | "network-path" | "mail" | "other-scheme" | "local";

/**
 * How the string is read: "uri" (a URI action, a URL file specification, an XML href), "file-spec" (a
 * PDF file specification string, §7.11.2: components separated by "/"), "windows-path" (a Launch
 * action's /Win /F, a file specification's /DOS entry, a script string: Windows resolves `//host/x` as
 * `\\host\x`).
 */
export type LocationSyntax = "uri" | "file-spec" | "windows-path";

export interface Location {
  kind: LocationKind;
  /** the host a network location names (lowercase) */
  host?: string;
}

/** Kinds whose resolution authenticates to the host with the user's Windows credentials. */
const FILE_SHARE_KINDS: ReadonlySet<LocationKind> = new Set(["unc", "file-host", "smb", "webdav"]);
/** Kinds that reach another machine. */
const REMOTE_KINDS: ReadonlySet<LocationKind> = new Set(["unc", "file-host", "smb", "webdav", "web", "network-path"]);

export const isFileShare = (kind: LocationKind): boolean => FILE_SHARE_KINDS.has(kind);

/**
 * A local path that names its file from the root of a drive rather than from the document's folder:
 * `C:\x`, `C:/x`, `\x` (the current drive's root), `/C/x` (a PDF file specification's absolute form,
 * §7.11.2) or `/x`. A document set's cross-document links are relative, so they travel with the set;
 * an absolute one names a file on the reader's machine that the document did not bring. Read for
 * "local" targets only: `\\host` and `//host` are network paths (classifyLocation).
 */
export function isAbsoluteLocalPath(target: string): boolean {
  const text = target.trim();
  return /^[a-z]:[\\/]/i.test(text) || /^[\\/](?![\\/])\S/.test(text);
}

export const isRemote = (kind: LocationKind): boolean => REMOTE_KINDS.has(kind);

/** a window, not a budget: classification reads at most this much of a target (a location is its head) */
const MAX_LOCATION_CHARS = 4096;
const WEB_SCHEMES = new Set(["http", "https", "ftp", "ftps", "ws", "wss"]);
const SHARE_SCHEMES: Record<string, LocationKind> = {
  smb: "smb",
  cifs: "smb",
  dav: "webdav",
  davs: "webdav",
  webdav: "webdav",
};
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "."]);
const SLASH = 0x2f;
const BACKSLASH = 0x5c;

export function classifyLocation(target: string | undefined, syntax: LocationSyntax): Location {
  if (!target) return { kind: "local" };
  let text = target.length > MAX_LOCATION_CHARS ? target.slice(0, MAX_LOCATION_CHARS) : target;
  text = text.trim();
  // a Windows command line or path may be quoted
  if (text.startsWith('"') || text.startsWith("'")) text = text.slice(1).trimStart();
  const lead = separatorRun(text, 0);
  if (lead >= 2) return networkPath(text, lead, syntax);
  const scheme = schemeOf(text);
  if (!scheme) return { kind: "local" };
  const rest = text.slice(scheme.length + 1);
  if (scheme === "file") return fileUrl(rest);
  if (WEB_SCHEMES.has(scheme)) return { kind: "web", host: hostAfterSlashes(rest) };
  const share = ownEntry(SHARE_SCHEMES, scheme);
  if (share) return { kind: share, host: hostAfterSlashes(rest) };
  if (scheme === "mailto") return { kind: "mail" };
  // search-ms:query=x&crumb=location:\\host\share (the Windows Search protocol opens a remote folder)
  if (scheme === "search-ms" || scheme === "search") return searchLocation(rest);
  return { kind: "other-scheme" };
}

/** Classification of a string that starts with a run of `lead` slashes or backslashes. */
function networkPath(text: string, lead: number, syntax: LocationSyntax): Location {
  const run = text.slice(0, lead);
  const backslashed = run.includes("\\");
  // forward slashes only: a scheme-relative reference, except where Windows reads the string as a path
  if (!backslashed && syntax !== "windows-path") {
    if (lead !== 2) return { kind: "local" };
    const host = componentAt(text, lead);
    return host && !LOOPBACK.has(host) ? { kind: "network-path", host } : { kind: "local" };
  }
  // Win32 device paths: \\?\UNC\host\share and \\.\UNC\host\share reach the network, \\?\C:\ does not
  const first = componentAt(text, lead);
  if (first === "?" || first === ".") {
    let at = lead + 1 + separatorRun(text, lead + 1);
    const prefix = componentAt(text, at);
    if (prefix === "unc") {
      at += 3;
      return uncHost(text, at + separatorRun(text, at));
    }
    if (prefix === "globalroot") {
      // \\?\GLOBALROOT\Device\Mup\host\share: the multiple UNC provider, i.e. a UNC path
      const rest = text.slice(at).toLowerCase().replace(/\\/g, "/");
      const mup = rest.indexOf("/device/mup/");
      return mup >= 0 ? uncHost(text, at + mup + "/device/mup/".length) : { kind: "local" };
    }
    return { kind: "local" };
  }
  return uncHost(text, lead);
}

function uncHost(text: string, at: number): Location {
  const host = componentAt(text, at);
  if (!host || LOOPBACK.has(host)) return { kind: "local" };
  return { kind: "unc", host: host.replace(/@ssl(@\d+)?$|@\d+$/, "") };
}

/** file: URLs: file://host/x names a host; file:////host/x and file:\\host\x are UNC paths in URL form. */
function fileUrl(rest: string): Location {
  const lead = separatorRun(rest, 0);
  const run = rest.slice(0, lead);
  if (lead >= 4 || (lead >= 2 && run.includes("\\"))) return uncHost(rest, lead);
  if (lead !== 2) return { kind: "local" };
  const host = componentAt(rest, 2);
  // file:///c:/x has an empty host; file://c:/x is a sloppy local path
  if (!host || LOOPBACK.has(host) || /^[a-z][:|]$/.test(host)) return { kind: "local" };
  return { kind: "file-host", host };
}

function searchLocation(rest: string): Location {
  let decoded = rest;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    // a malformed escape: read the text as written
  }
  const at = decoded.toLowerCase().indexOf("location:");
  if (at < 0) return { kind: "other-scheme" };
  const path = decoded.slice(at + "location:".length);
  const lead = separatorRun(path, 0);
  return lead >= 2 ? networkPath(path, lead, "windows-path") : { kind: "other-scheme" };
}

/** Length of the run of "/" and "\" at `from`. */
function separatorRun(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text.charCodeAt(i) === SLASH || text.charCodeAt(i) === BACKSLASH)) i++;
  return i - from;
}

/** The path component at `from` (up to the next separator, space or end), lowercase. */
function componentAt(text: string, from: number): string {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === SLASH || c === BACKSLASH || c <= 0x20 || c === 0x22 || c === 0x27) break;
    i++;
  }
  return text.slice(from, i).toLowerCase();
}

function hostAfterSlashes(rest: string): string | undefined {
  const lead = separatorRun(rest, 0);
  const authority = componentAt(rest, lead);
  const host = authority.slice(authority.lastIndexOf("@") + 1).replace(/:\d*$/, "");
  return host || undefined;
}

/** The URI scheme (RFC 3986 §3.1), lowercase; a one-letter "scheme" is a drive letter (c:\x). */
function schemeOf(text: string): string | undefined {
  const colon = text.indexOf(":");
  if (colon < 2 || colon > 32) return undefined;
  for (let i = 0; i < colon; i++) {
    const c = text.charCodeAt(i) | 0x20;
    const letter = c >= 0x61 && c <= 0x7a;
    if (!letter && (i === 0 || !((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e))) return undefined;
  }
  return text.slice(0, colon).toLowerCase();
}
