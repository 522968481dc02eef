// Victim data among the indicators (issue 20): a phishing link personalised for its target carries the
// recipient's address in its query string (`.../verify.php?email=j.doe@acmecorp.com`), so the address
// and its domain are extracted too. They identify the victim, not the attacker: pushed to a block
// list as indicators, they would block the victim's own mail and domain. An address counts as victim
// data when it appears, percent-decoded, in the query or fragment of a URL of the same document; its
// domain too, unless the document also links to that domain as a host (then it is infrastructure).
import { percentDecoded } from "./normalize-url";

/** One parameter value that is an address (the local part as normalize-email.ts takes it, without the query's separators). */
const ADDRESS = /^[a-z0-9!$'*+^_`{|}~.-]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,63}$/i;
/**
 * Query and fragment text read per URL: a backstop, not a budget. The URLs are the collector's,
 * already cut to MAX_URL_CHARS (2,048) by normalizeUrl, so this bounds the decode and is never reached.
 */
const MAX_QUERY_CHARS = 4096;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

/** a window, not a budget: values of a URL decoded as base64 when looking for an address (a kit encodes one) */
const MAX_ENCODED_VALUES = 32;
/** a value that may be base64 of an address (6-318 characters: 8-424 of base64, padding cut by the split on "=") */
const BASE64_VALUE = /^[A-Za-z0-9+/_-]{8,424}$/;

/**
 * How a link carries an address that is not a plain query value, as a phishing kit personalises its
 * link to pre-fill the victim's sign-in form: in the fragment (`#j.doe@acme.example`: browsers never send
 * it, so no server log shows it) or base64-encoded as a path segment or a query or fragment value
 * (`?e=ai5kb2VAYWNtZS5leGFtcGxl`). A plain `?email=` value is left out: newsletters' unsubscribe and
 * preference links carry one openly.
 */
export function hiddenAddressIn(url: URL): "fragment" | "base64" | null {
  const fragment = decoded(url.hash.slice(1, 1 + MAX_QUERY_CHARS));
  if (fragment.split(/[?#&;=/\s]+/).some((v) => ADDRESS.test(v))) return "fragment";
  const values = [
    ...url.pathname.slice(0, MAX_QUERY_CHARS).split("/"),
    // "+" is base64's own here, not a space
    ...percentDecoded(url.search.slice(1, 1 + MAX_QUERY_CHARS)).split(/[?#&;=\s]+/),
    ...percentDecoded(url.hash.slice(1, 1 + MAX_QUERY_CHARS)).split(/[?#&;=\s]+/),
  ].filter((v) => BASE64_VALUE.test(v));
  for (const v of values.slice(0, MAX_ENCODED_VALUES)) {
    const text = Buffer.from(v, /[-_]/.test(v) ? "base64url" : "base64").toString("latin1");
    if (ADDRESS.test(text.trim())) return "base64";
  }
  return null;
}

/** Lower-case addresses found in the query strings and fragments of `urls`. */
export function addressesInQueries(urls: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const url of urls) {
    const start = url.search(/[?#]/);
    if (start === -1) continue;
    // twice: a target address is often encoded twice through redirectors (%2540 for @)
    const query = decoded(decoded(url.slice(start + 1, start + 1 + MAX_QUERY_CHARS)));
    for (const value of query.split(/[?#&;=/\s]+/)) if (ADDRESS.test(value)) found.add(value.toLowerCase());
  }
  return found;
}

/**
 * The values of `emails` and `domains` that are victim data, given the document's URLs and the hosts
 * it links to (URL and UNC hosts).
 */
export function victimData(
  urls: readonly string[],
  emails: readonly string[],
  linkedHosts: ReadonlySet<string>,
): Set<string> {
  const inQueries = addressesInQueries(urls);
  const victims = new Set<string>();
  for (const email of emails) {
    if (!inQueries.has(email)) continue;
    victims.add(email);
    const domain = email.slice(email.lastIndexOf("@") + 1);
    if (!linkedHosts.has(domain)) victims.add(domain);
  }
  return victims;
}
