// Domain names as indicators: lowercase ASCII (IDN labels in punycode, as WHATWG URL serialises them),
// at least two labels, a TLD of letters (or an `xn--` IDN TLD). IP literals are not domains.
import { isIP } from "node:net";
import { parse as parseDomain } from "tldts";

/** format limits, not budgets: RFC 1035 §2.3.4, a domain name of at most 253 characters as text, labels of at most 63 */
const MAX_DOMAIN_CHARS = 253;
const MAX_LABEL_CHARS = 63;
// `_` is not valid in host names (RFC 952) but occurs in real DNS names and WHATWG URL accepts it.
const LABEL = /^[a-z0-9_-]+$/;
const TLD = /^[a-z]{2,63}$/;
const IDN_TLD = /^xn--[a-z0-9-]{1,59}$/;
const ASCII_ONLY = /^[\x21-\x7e]*$/;

export function normalizeDomain(raw: string): string | null {
  let host = raw.trim().toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.length === 0 || host.length > MAX_DOMAIN_CHARS * 4) return null;
  if (!ASCII_ONLY.test(host)) {
    // IDN: let the WHATWG host parser apply UTS #46 and punycode; anything else non-ASCII is not a name.
    if (/[\s/\\?#@:%[\]]/.test(host)) return null;
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  if (host.length > MAX_DOMAIN_CHARS || isIP(host) !== 0) return null;
  const labels = host.split(".");
  if (labels.length < 2) return null;
  for (const label of labels) {
    if (label.length === 0 || label.length > MAX_LABEL_CHARS || !LABEL.test(label)) return null;
    if (label.startsWith("-") || label.endsWith("-")) return null;
  }
  const tld = labels[labels.length - 1];
  if (!TLD.test(tld) && !IDN_TLD.test(tld)) return null;
  return host;
}

/**
 * The name ends in a suffix of the Public Suffix List (ICANN or private section). Text wrapped or cut
 * inside an address (`www.census` + line break, `www.bartleby`) yields names under no suffix at all.
 */
export function hasPublicSuffix(domain: string): boolean {
  const parsed = parseDomain(domain, { allowPrivateDomains: true, extractHostname: false });
  return parsed.isIcann === true || parsed.isPrivate === true;
}
