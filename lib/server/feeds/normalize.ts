// One spelling per indicator, the same for feed entries and for a document's indicators, so matching
// is an exact lookup: URLs as the analyzer normalises them (lib/analyzer/iocs/normalize-url.ts), hosts
// lower case without a trailing dot, the registered domain by the public suffix list (tldts), IPs in
// their canonical form, IPv4 ranges as numbers, IPv6 ranges as their network's canonical text ("2001:db8::/32",
// looked up by every prefix of an address: an address has at most 128).
import { isIP } from "node:net";
import { getDomain } from "tldts";
import {
  formatIpv6Groups,
  normalizeDomain,
  normalizeEmail,
  normalizeIp,
  normalizeUrl,
  parseIpv6Groups,
} from "../../analyzer";

export const feedUrl = (raw: string): string | null => normalizeUrl(raw.trim())?.url ?? null;
export const feedDomain = (raw: string): string | null => normalizeDomain(raw.trim().replace(/\.$/, ""));
export const feedEmail = (raw: string): string | null => normalizeEmail(raw.trim())?.email ?? null;
export const feedIp = (raw: string): string | null => normalizeIp(raw.trim());
export const feedHash = (raw: string, length: 32 | 40 | 64): string | null => {
  const hex = raw.trim().toLowerCase();
  return hex.length === length && /^[0-9a-f]+$/.test(hex) ? hex : null;
};

/** The registered domain (example.co.uk for a.b.example.co.uk), or null for an IP or a bare suffix. */
export const registeredDomain = (host: string): string | null =>
  isIP(host) ? null : getDomain(host, { allowPrivateDomains: false });

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

/** The first `bits` bits of eight 16-bit groups, the rest zero. */
function maskGroups(groups: readonly number[], bits: number): number[] {
  return groups.map((g, i) => {
    const keep = Math.max(0, Math.min(16, bits - 16 * i));
    return keep === 0 ? 0 : g & ((0xffff << (16 - keep)) & 0xffff);
  });
}

/** "2001:DB8:0::1/32" as its network in canonical form ("2001:db8::/32"), or null when it is not an IPv6 range. */
export function ipv6Range(cidr: string): string | null {
  const m = /^([0-9a-f:.]+)\/(\d{1,3})$/i.exec(cidr.trim());
  if (!m || isIP(m[1]!) !== 6) return null;
  const bits = Number(m[2]);
  if (bits > 128) return null;
  return `${formatIpv6Groups(maskGroups(parseIpv6Groups(m[1]!.toLowerCase()), bits))}/${bits}`;
}

/** Every IPv6 range that holds `ip`, /1 to /128, as ipv6Range spells them; [] for anything but an IPv6 address. */
export function ipv6Prefixes(ip: string): string[] {
  if (isIP(ip) !== 6) return [];
  const groups = parseIpv6Groups(ip.toLowerCase());
  return Array.from({ length: 128 }, (_, i) => `${formatIpv6Groups(maskGroups(groups, i + 1))}/${i + 1}`);
}
