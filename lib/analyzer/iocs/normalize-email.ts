// E-mail addresses as indicators: lowercase, `mailto:` and its `?subject=` part removed, a real-looking
// domain required. Retina image names (`logo@2x.png`) and CSS/JS decorators look like addresses; an
// image suffix is never a TLD, so those are rejected.
import { normalizeDomain } from "./normalize-domain";

/** a format limit, not a budget: RFC 5321 §4.5.3.1.1, a local part has at most 64 octets */
const MAX_LOCAL_CHARS = 64;
// RFC 5322 atext plus the dot; quoted local parts are not worth the ambiguity.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+$/i;
const NON_TLD_SUFFIXES: ReadonlySet<string> = new Set([
  "png",
  "jpg",
  "jpeg",
  "gif",
  "bmp",
  "svg",
  "webp",
  "tif",
  "tiff",
  "ico",
  "heic",
  "avif",
]);

export interface NormalizedEmail {
  email: string;
  domain: string;
}

/** One address; `mailto:` lists with several recipients are split by the collector. */
export function normalizeEmail(raw: string): NormalizedEmail | null {
  const text = raw.trim();
  const at = text.lastIndexOf("@");
  if (at <= 0) return null;
  const local = text.slice(0, at);
  if (local.length > MAX_LOCAL_CHARS || !LOCAL.test(local)) return null;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return null;
  const domain = normalizeDomain(text.slice(at + 1));
  if (domain === null) return null;
  if (NON_TLD_SUFFIXES.has(domain.slice(domain.lastIndexOf(".") + 1))) return null;
  return { email: `${local.toLowerCase()}@${domain}`, domain };
}

/** The addresses of a `mailto:` URL (RFC 6068) or of a bare address. */
export function splitMailto(raw: string): string[] {
  let text = raw.trim();
  if (/^mailto:/i.test(text)) text = text.slice(7);
  const query = text.indexOf("?");
  if (query !== -1) text = text.slice(0, query);
  return text.split(",", 16).map((part) => safeDecode(part.trim()));
}

function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
