// Where /signin sends the browser after signing in (`?next=`): a path of this origin, or "/". An open
// redirect needs only one string that we read as a path and a browser reads as another host. Browsers
// are generous: the URL parser (WHATWG URL, "basic URL parser") drops tabs, CR and LF anywhere, turns
// `\` into `/` in http(s) URLs, and reads `//host` (or `/\host`) as a network-path reference. So
// `/%09/evil.example/x` arrives here as `/\t/evil.example/x` and leaves the browser as
// `//evil.example/x` (issue 19). Rather than predict each parser, the value must be plain before and
// after every layer of percent-decoding (a proxy or a second decoder may undo one), and still be a
// path of our origin once resolved and normalised (dot segments can make `//` too: `/.//evil`).
// Pure and free of Node APIs: the sign-in page checks on the server and the form again in the browser.

export const FALLBACK_NEXT_PATH = "/";
/** Longer values are no page of ours. */
export const MAX_NEXT_PATH_LENGTH = 2048;
/** Percent-decoding layers inspected (`%252F` is `/` after two). */
const MAX_DECODE_LAYERS = 4;
/** A base of a reserved TLD (RFC 2606): only its own paths resolve to its origin. */
const BASE = "http://next-path.invalid";

/** Why `value` may not be used as the sign-in `next`, or null when it is a plain path of this origin. */
export function nextPathRefusal(value: string): string | null {
  if (value.length === 0 || value.length > MAX_NEXT_PATH_LENGTH) return "empty or too long";
  // tabs, CR, LF, spaces, other controls and non-ASCII look-alikes (fullwidth solidus) are never ours
  if (!/^[\x21-\x7e]+$/.test(value)) return "characters other than printable ASCII";
  if (!value.startsWith("/")) return "not an absolute path (a scheme, a relative path or a host)";
  let layer = value;
  for (let depth = 0; ; depth++) {
    if (layer.includes("\\")) return "a backslash (browsers read it as /)";
    if (/[\x00-\x20\x7f]/.test(layer)) return "a control character or space (browsers drop tabs and newlines)";
    if (/^\/[/\\]/.test(layer)) return "a network-path reference (another host)";
    const decoded = percentDecoded(layer);
    if (decoded === null) return "invalid percent-encoding";
    if (decoded === layer) break;
    if (depth + 1 >= MAX_DECODE_LAYERS) return "too many layers of percent-encoding";
    layer = decoded;
  }
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return "another origin";
  if (/^\/[/\\]/.test(normalisedPath(url))) return "a network-path reference after normalisation";
  return null;
}

/** `value` as a normalised path of this origin when it is safe, else "/". */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string" || nextPathRefusal(value) !== null) return FALLBACK_NEXT_PATH;
  return normalisedPath(new URL(value, BASE));
}

const normalisedPath = (url: URL): string => `${url.pathname}${url.search}${url.hash}`;

function percentDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
