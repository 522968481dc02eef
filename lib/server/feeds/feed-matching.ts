// A document's indicators against the imported feeds (issue 21 item 2): each URL as itself, its host,
// the host's parent domains down to its registered domain (public-suffix aware), each domain and its registered domain, each
// IP (and the ranges around it), each address and its domain, and the file's and every embedded
// file's hashes. Victim data (the target's own address and domain) is not looked up. A malicious hit
// on a host or domain that a known-good list also names does not count: phishing feeds list pages on
// shared hosting and cloud storage (docs.google.com), and the host itself is not the attacker's; an
// exact URL or hash hit always counts. Known-good hits lower an indicator's weight, never hide it.
import { isIP } from "node:net";
import { z } from "zod";
import type { Iocs } from "../../analyzer/report";
import { FEED_KINDS, FEED_LISTS } from "./feed-entry";
import type { FeedHit, FeedStore, Lookup } from "./feed-store";
import { feedDomain, feedUrl, registeredDomain } from "./normalize";

/** Parent domains looked up between a host and its registered domain. */
const MAX_PARENT_DOMAINS = 8;

export const FeedHitOut = z.object({
  indicator: z.string(),
  matchedAs: z.enum([...FEED_KINDS, "parent-domain", "registered-domain"]),
  matchedValue: z.string(),
  source: z.string(),
  list: z.enum(FEED_LISTS),
  category: z.string(),
  confidence: z.number().int(),
  firstSeen: z.iso.datetime().nullable(),
  lastSeen: z.iso.datetime().nullable(),
  /** days since the entry was last (or first) seen, at the time of the scan; for a feed without dates, since its import */
  ageDays: z.number().int().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  reference: z.string().nullable(),
  /** false: a malicious hit on a host a known-good list also names (reported, not counted) */
  counts: z.boolean(),
});
export type FeedHitOut = z.infer<typeof FeedHitOut>;

export const FeedMatch = z.object({
  hits: z.array(FeedHitOut),
  /** the sources consulted and when each was imported */
  sources: z.array(z.object({ source: z.string(), importedAt: z.iso.datetime(), entries: z.number().int() })),
});
export type FeedMatch = z.infer<typeof FeedMatch>;

/** What to look up for these indicators and hashes. */
export function lookupsOf(iocs: Iocs, hashes: readonly string[]): Lookup[] {
  const out: Lookup[] = [];
  const host = (h: string, indicator: string) => {
    if (isIP(h)) return void out.push({ kind: "ip", value: h, indicator });
    const domain = feedDomain(h);
    if (!domain) return;
    out.push({ kind: "domain", value: domain, indicator });
    const registered = registeredDomain(domain);
    if (!registered || registered === domain) return;
    // a.b.evil.example.com: b.evil.example.com, then the registered domain example.com
    const labels = domain.split(".");
    const stop = labels.length - registered.split(".").length;
    for (let i = 1; i < stop && i <= MAX_PARENT_DOMAINS; i++)
      out.push({ kind: "domain", value: labels.slice(i).join("."), indicator, matchedAs: "parent-domain" });
    out.push({ kind: "domain", value: registered, indicator, matchedAs: "registered-domain" });
  };
  for (const item of iocs.items) {
    if (item.victimData) continue;
    if (item.type === "url") {
      const url = feedUrl(item.value);
      if (url) out.push({ kind: "url", value: url, indicator: item.value });
      try {
        host(new URL(item.value).hostname.replace(/^\[|\]$/g, ""), item.value);
      } catch {
        // not a URL the WHATWG parser reads: its exact form was looked up
      }
    } else if (item.type === "domain") host(item.value, item.value);
    else if (item.type === "ip") out.push({ kind: "ip", value: item.value, indicator: item.value });
    else if (item.type === "email") {
      out.push({ kind: "email", value: item.value, indicator: item.value });
      host(item.value.slice(item.value.lastIndexOf("@") + 1), item.value);
    }
  }
  for (const h of hashes) {
    const kind = h.length === 64 ? "sha256" : h.length === 40 ? "sha1" : h.length === 32 ? "md5" : null;
    if (kind) out.push({ kind, value: h.toLowerCase(), indicator: h.toLowerCase() });
  }
  return out;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The hits for a document, each with its age and whether it counts. */
export async function matchFeeds(
  store: FeedStore,
  iocs: Iocs,
  hashes: readonly string[],
  now: number,
): Promise<FeedMatch> {
  const [hits, imports] = await Promise.all([store.lookup(lookupsOf(iocs, hashes)), store.list()]);
  const importedAt = new Map(imports.map((s) => [s.source, s.importedAt]));
  // hosts and domains a known-good list names, per indicator
  const knownGood = new Set(hits.filter((h) => h.list === "known-good").map((h) => h.indicator));
  const out = hits.map((h: FeedHit): FeedHitOut => {
    const seen = h.lastSeen ?? h.firstSeen ?? importedAt.get(h.source) ?? null;
    const hostLevel =
      h.matchedAs === "domain" || h.matchedAs === "parent-domain" || h.matchedAs === "registered-domain";
    return {
      ...h,
      firstSeen: iso(h.firstSeen),
      lastSeen: iso(h.lastSeen),
      expiresAt: iso(h.expiresAt),
      ageDays: seen === null ? null : Math.max(0, Math.floor((now - seen) / 86_400_000)),
      counts: h.list === "malicious" && !(hostLevel && knownGood.has(h.indicator)),
    };
  });
  const sources = imports.map((s) => ({
    source: s.source,
    importedAt: new Date(s.importedAt).toISOString(),
    entries: s.entries,
  }));
  return { hits: out, sources };
}
