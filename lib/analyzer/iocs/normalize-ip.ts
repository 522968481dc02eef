// IP addresses as indicators. IPv4: strict dotted quad as node:net accepts it (no leading zeros, which
// some resolvers read as octal). IPv6: RFC 5952 canonical text (lowercase, no leading zeros, longest
// zero run compressed, IPv4-mapped shown dotted) so one address is one indicator however it was written.
import { BlockList, isIP } from "node:net";

export function normalizeIp(raw: string): string | null {
  let text = raw.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  if (text.length === 0 || text.length > 45) return null;
  const version = isIP(text);
  if (version === 4) return text;
  if (version === 6) return canonicalizeIpv6(text);
  return null;
}

/** `text` must be a valid IPv6 address without zone (isIP(text) === 6). */
export function canonicalizeIpv6(text: string): string {
  return formatIpv6Groups(parseIpv6Groups(text.toLowerCase()));
}

/** Eight 16-bit groups in RFC 5952 canonical text. */
export function formatIpv6Groups(groups: readonly number[]): string {
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) {
    return `::ffff:${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  // RFC 5952 §4.2: compress the longest run of at least two zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** The eight 16-bit groups of a valid IPv6 address (isIP(text) === 6), lower case, without zone. */
export function parseIpv6Groups(text: string): number[] {
  let body = text;
  const lastColon = body.lastIndexOf(":");
  const tail = body.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a, b, c, d] = tail.split(".").map(Number);
    body = `${body.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string): number[] => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const gap = body.indexOf("::");
  if (gap === -1) return parse(body);
  const head = parse(body.slice(0, gap));
  const rest = parse(body.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/**
 * Loopback, private (RFC 1918, RFC 4193), shared (RFC 6598) and link-local addresses: hosts on the
 * reader's own machine or network, which no one outside it can put a page on (a router's admin page, a
 * developer's localhost server). Documentation ranges (RFC 5737) are not among them.
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  INTERNAL.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  INTERNAL.addSubnet(net, bits, "ipv6");

/** `ip` (normalised, IPv6 without brackets) is an address inside the reader's own machine or network. */
export function isInternalAddress(ip: string, kind: "ipv4" | "ipv6"): boolean {
  if (kind === "ipv6" && ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4)
    return INTERNAL.check(ip.slice(7), "ipv4");
  return INTERNAL.check(ip, kind);
}
