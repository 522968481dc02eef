// Built-in enrichment provider, fully offline: local facts about each extracted indicator that help a
// triage analyst without contacting anything. IP ranges from RFC 6890 (special-purpose registries),
// documentation prefixes from RFC 5737 / RFC 3849, reserved names from RFC 2606 / RFC 6761.
import { BlockList, isIP } from "node:net";
import { classifyUrl, isDynamicDnsHost, isShortenerHost } from "../../analyzer";
import type { IocItem, Iocs } from "../../analyzer/report";
import type { EnrichedIndicator, EnrichmentProvider, EnrichmentResult } from "./enrichment-provider";

export const OFFLINE_PROVIDER_NAME = "pdfscan-offline-reputation";
export const OFFLINE_PROVIDER_VERSION = "1.0";
/** Indicators enriched per document; the rest are counted, not listed. */
export const MAX_ENRICHED_INDICATORS = 2_000;

type Classification = EnrichedIndicator["classification"];

function blockList(entries: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix, type] of entries) list.addSubnet(net, prefix, type);
  return list;
}

const PRIVATE = blockList([
  ["10.0.0.0", 8, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["fc00::", 7, "ipv6"], // unique local
]);
const LOCAL = blockList([
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["::1", 128, "ipv6"],
  ["fe80::", 10, "ipv6"],
]);
const DOCUMENTATION = blockList([
  ["192.0.2.0", 24, "ipv4"],
  ["198.51.100.0", 24, "ipv4"],
  ["203.0.113.0", 24, "ipv4"],
  ["2001:db8::", 32, "ipv6"],
]);
const RESERVED = blockList([
  ["0.0.0.0", 8, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved + broadcast
  ["::", 128, "ipv6"],
  ["ff00::", 8, "ipv6"],
]);

/** RFC 2606 / RFC 6761 / RFC 8375 names that never resolve on the internet. */
const RESERVED_TLDS = new Set([
  "example",
  "test",
  "invalid",
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "lan",
  "corp",
]);
const FREEMAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "yahoo.com",
  "aol.com",
  "gmx.com",
  "gmx.net",
  "mail.ru",
  "yandex.ru",
  "proton.me",
  "protonmail.com",
  "icloud.com",
  "zoho.com",
]);
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "ftp:": "21" };
/** A host deeper than this many labels is unusual (e.g. login.microsoft.com.secure.example.net). */
const MAX_USUAL_LABELS = 5;

export function classifyIp(ip: string): Classification {
  const version = isIP(ip);
  if (version === 0) return "unknown";
  const type = version === 4 ? "ipv4" : "ipv6";
  if (LOCAL.check(ip, type)) return "local";
  if (PRIVATE.check(ip, type)) return "private";
  if (DOCUMENTATION.check(ip, type)) return "documentation";
  if (RESERVED.check(ip, type)) return "reserved";
  return "public";
}

export function classifyDomain(domain: string): { classification: Classification; flags: string[] } {
  const host = domain.toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  const flags: string[] = [];
  if (labels.some((l) => l.startsWith("xn--"))) flags.push("punycode-domain");
  if (isShortenerHost(host)) flags.push("url-shortener");
  if (isDynamicDnsHost(host)) flags.push("dynamic-dns");
  if (labels.length > MAX_USUAL_LABELS) flags.push("deep-subdomain");
  const tld = labels.at(-1) ?? "";
  const lastTwo = labels.slice(-2).join(".");
  if (RESERVED_TLDS.has(tld) || RESERVED_TLDS.has(lastTwo) || /^example\.(com|net|org)$/.test(lastTwo)) {
    return {
      classification:
        tld === "localhost" || tld === "local" || tld === "lan" || tld === "internal" || tld === "corp"
          ? "local"
          : "documentation",
      flags,
    };
  }
  return { classification: "public", flags };
}

/** The host an indicator names: a URL's (brackets of an IPv6 literal removed), an address's domain, a UNC path's server, else the value. */
export function hostOf(type: IocItem["type"], value: string): string | null {
  if (type === "url") {
    try {
      return new URL(value).hostname.replace(/^\[|\]$/g, "");
    } catch {
      return null;
    }
  }
  if (type === "email") return value.slice(value.lastIndexOf("@") + 1);
  if (type === "unc") return value.replace(/^\\\\/, "").split("\\")[0] ?? null;
  return value;
}

export function enrichIndicator(item: Pick<IocItem, "type" | "value" | "defanged">): EnrichedIndicator {
  const flags: string[] = [];
  const notes: string[] = [];
  const host = hostOf(item.type, item.value);
  let classification: Classification = "unknown";
  if (host) {
    if (isIP(host)) {
      classification = classifyIp(host);
      if (item.type !== "ip") flags.push("ip-literal-host");
    } else {
      const d = classifyDomain(host);
      classification = d.classification;
      flags.push(...d.flags);
    }
  }
  if (item.type === "url") {
    try {
      const u = new URL(item.value);
      if (u.username || u.password) flags.push("credentials-in-url");
      if (u.protocol === "http:") flags.push("cleartext-http");
      if (u.port && u.port !== DEFAULT_PORTS[u.protocol]) flags.push("non-standard-port");
      // the analyzer's one URL classification (lib/analyzer/iocs/classify-url.ts) decides downloads
      const facts = classifyUrl(item.value);
      if (facts?.executableDownload) flags.push("executable-download");
      else if (facts?.fileKind === "archive") flags.push("archive-download");
      if (facts?.hosting === "file-sharing" || facts?.hosting === "free-hosting") flags.push(facts.hosting);
      if (u.protocol === "file:" || u.protocol === "smb:") flags.push("file-share-scheme");
    } catch {
      notes.push("the URL could not be parsed");
    }
  }
  if (item.type === "email" && host && FREEMAIL.has(host.toLowerCase())) flags.push("freemail");
  if (item.type === "unc") {
    flags.push("smb-target");
    if (classification === "public")
      notes.push("opening a UNC path to a public host can leak NTLM credentials (T1187)");
  }
  if (classification === "private" || classification === "local")
    notes.push("points into a private or local network: not reachable from the internet");
  if (classification === "documentation") notes.push("a documentation/example address: never a real destination");
  return {
    type: item.type,
    value: item.value,
    defanged: item.defanged,
    classification,
    flags: [...new Set(flags)],
    notes,
  };
}

export const offlineReputationProvider: EnrichmentProvider = {
  name: OFFLINE_PROVIDER_NAME,
  async enrich(iocs: Iocs, { now }): Promise<EnrichmentResult> {
    const indicators = iocs.items.slice(0, MAX_ENRICHED_INDICATORS).map(enrichIndicator);
    const byClassification: Record<string, number> = {};
    for (const i of indicators) byClassification[i.classification] = (byClassification[i.classification] ?? 0) + 1;
    return {
      provider: OFFLINE_PROVIDER_NAME,
      providerVersion: OFFLINE_PROVIDER_VERSION,
      external: false,
      generatedAt: now.toISOString(),
      indicators,
      summary: {
        total: iocs.items.length,
        flagged: indicators.filter((i) => i.flags.length > 0).length,
        byClassification,
      },
    };
  },
};
