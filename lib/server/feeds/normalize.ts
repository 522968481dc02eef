// One spelling per indicator, the same for feed entries and for a document's indicators, so matching
// is an exact lookup: URLs as the analyzer normalises them (lib/analyzer/iocs/normalize-url.ts), hosts
// lower case without a trailing dot, the registered domain by the public suffix list (tldts), IPs in
// their canonical form, IPv4 ranges as numbers.
import { isIP } from "node:net";
import { getDomain } from "tldts";
import { normalizeDomain, normalizeEmail, normalizeIp, normalizeUrl } from "../../analyzer/iocs";

export const feedUrl = (raw: string): string | null => normalizeUrl(raw.trim())?.url ?? null;
export const feedDomain = (raw: string): string | null => normalizeDomain(raw.trim().replace(/\.$/, ""));
export const feedEmail = (raw: string): string | null => normalizeEmail(raw.trim())?.email ?? null;
export const feedIp = (raw: string): string | null => normalizeIp(raw.trim());
export const feedHash = (raw: string, length: 32 | 40 | 64): string | null => {
  const hex = raw.trim().toLowerCase();
  return hex.length === length && /^[0-9a-f]+$/.test(hex) ? hex : null;
};

/** The registered domain (example.co.uk for a.b.example.co.uk), or null for an IP or a bare suffix. */
export const registeredDomain = (host: string): string | null => (isIP(host) ? null : getDomain(host, { allowPrivateDomains: false }));

/** An IPv4 address as a number, or null. */
export function ipv4Number(ip: string): number | null {
  if (isIP(ip) !== 4) return null;
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

/** "a.b.c.d/n" as its first and last address (numbers), or null when it is not an IPv4 range. */
export function ipv4Range(cidr: string): { start: number; end: number; value: string } | null {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr.trim());
  if (!m) return null;
  const base = ipv4Number(m[1]!);
  const bits = Number(m[2]);
  if (base === null || bits > 32) return null;
  const size = 2 ** (32 - bits);
  const start = Math.floor(base / size) * size;
  const first = [24, 16, 8, 0].map((shift) => Math.floor(start / 2 ** shift) % 256).join(".");
  return { start, end: start + size - 1, value: `${first}/${bits}` };
}
