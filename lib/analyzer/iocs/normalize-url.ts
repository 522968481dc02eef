// URLs as indicators. The WHATWG URL parser validates and canonicalises the host (lowercase, IDN to
// punycode, numeric IPv4 forms like 0x7f.1 to dotted, default port removed); the path, query and fragment
// are kept exactly as written, because that is what an analyst searches for in proxy logs.
import { isIP } from "node:net";
import { normalizeDomain } from "./normalize-domain";
import { canonicalizeIpv6 } from "./normalize-ip";

/**
 * Longer URLs are cut here: the host is what matters, and hostile files carry megabyte-long "URLs". A
 * length of one item, not a budget (nothing is dropped; 2,048 is about what browsers open): normalizeUrl
 * is a pure helper of the collector, the URL classification and the server's feeds, none of which hold limits.
 */
export const MAX_URL_CHARS = 2048;

/** Schemes reported as URLs. `file:` goes to UNC paths, `mailto:` to e-mails; others are not network IOCs. */
export const URL_SCHEMES: readonly string[] = ["http", "https", "ftp"];

export interface NormalizedUrl {
  url: string;
  /** lowercase ASCII host; IPv6 without brackets */
  host: string;
  hostKind: "domain" | "ipv4" | "ipv6";
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const AUTHORITY_END = /[/?#\\]/;

/**
 * Splits a raw string into scheme and the part after `scheme:`. A scheme-less string that starts with a
 * domain (`www.x.com/a`, `x.com:8080/`) is taken as http, as Acrobat and browsers do with a typed address.
 */
export function splitScheme(raw: string): { scheme: string; rest: string } | null {
  const text = raw.replace(/[\t\n\r]/g, "").trim();
  const match = SCHEME.exec(text);
  // "www.x.com:8080/" matches SCHEME too; a dot means it is a host, not a scheme.
  if (match && !match[1].includes(".")) return { scheme: match[1].toLowerCase(), rest: text.slice(match[0].length) };
  const hostEnd = text.search(/[/?#:\\@]/);
  if (hostEnd !== -1 && text[hostEnd] === "@") return null;
  const host = hostEnd === -1 ? text : text.slice(0, hostEnd);
  if (host.length <= 253 && normalizeDomain(host) !== null) return { scheme: "http", rest: `//${text}` };
  return null;
}

export function normalizeUrl(raw: string): NormalizedUrl | null {
  const split = splitScheme(raw.length > MAX_URL_CHARS * 2 ? raw.slice(0, MAX_URL_CHARS * 2) : raw);
  if (!split || !URL_SCHEMES.includes(split.scheme) || !split.rest.startsWith("//")) return null;
  const scheme = split.scheme;
  const afterSlashes = split.rest.slice(2, 2 + MAX_URL_CHARS);
  const authorityEnd = afterSlashes.search(AUTHORITY_END);
  const authority = authorityEnd === -1 ? afterSlashes : afterSlashes.slice(0, authorityEnd);
  let path = authorityEnd === -1 ? "" : afterSlashes.slice(authorityEnd);
  if (path === "" || path.startsWith("?") || path.startsWith("#")) path = `/${path}`;
  const at = authority.lastIndexOf("@");
  const userinfo = at === -1 ? "" : authority.slice(0, at + 1);

  let parsed: URL;
  try {
    parsed = new URL(`${scheme}://${authority}/`);
  } catch {
    return null;
  }
  const hostname = parsed.hostname;
  let host: string;
  let hostKind: NormalizedUrl["hostKind"];
  let hostText: string;
  if (hostname.startsWith("[")) {
    host = canonicalizeIpv6(hostname.slice(1, -1));
    hostKind = "ipv6";
    hostText = `[${host}]`;
  } else if (isIP(hostname) === 4) {
    host = hostText = hostname;
    hostKind = "ipv4";
  } else {
    const domain = normalizeDomain(hostname);
    if (domain === null) return null;
    host = hostText = domain;
    hostKind = "domain";
  }
  const port = parsed.port === "" ? "" : `:${parsed.port}`;
  return { url: `${scheme}://${userinfo}${hostText}${port}${path}`, host, hostKind };
}

/** `text` percent-decoded, or as it is when it is not valid percent-encoding. */
export function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
