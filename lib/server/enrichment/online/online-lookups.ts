// The optional online reputation services of the enrichment step (issue 21 item 5), off unless the
// operator configures one: VirusTotal for the file's and embedded files' SHA-256, URLhaus for the hosts
// of the document's links. Sends indicators only (never the file, never victim data: the recipient's
// own address or domain), at most PROVIDER_LIMITS.LOOKUPS_PER_SCAN per service and scan, under a
// per-service rate limit shared by every process (Redis in scale-out), answers kept in the database
// (provider-cache.ts). A failed, skipped or slow lookup is reported, never fails the enrichment. Hits
// join the imported feeds' (feeds/feed-matching.ts) and raise the verdict the same bounded way
// (feeds/feed-verdict.ts); a host a known-good list names is reported and does not count.
import { isIP } from "node:net";
import { z } from "zod";
import type { Iocs } from "../../../analyzer/report";
import { PROVIDER_LIMITS } from "../../../limits";
import type { RateLimiter } from "../../auth/rate-limit";
import type { FeedHitOut } from "../../feeds/feed-matching";
import { feedDomain } from "../../feeds/normalize";
import type { EnrichmentProvider } from "../enrichment-provider";
import { classifyDomain, classifyIp, hostOf } from "../offline-reputation";
import type { ProviderCache } from "./provider-cache";
import { ProviderError } from "./provider-http";
import type { OnlineProvider, ProviderAnswer } from "./provider-answer";

export const OnlineReport = z.object({
  provider: z.string(),
  /** indicators this scan had for the service */
  asked: z.number().int(),
  /** requests sent to the service */
  sent: z.number().int(),
  /** answers taken from the cache instead */
  cached: z.number().int(),
  /** indicators not looked up, and why (rate limit, per-scan cap, the service refused the key, an error) */
  skipped: z.array(z.object({ value: z.string(), reason: z.string() })),
});
export type OnlineReport = z.infer<typeof OnlineReport>;

export interface OnlineLookupDeps {
  providers: readonly OnlineProvider[];
  cache: ProviderCache;
  /** one limiter per service, counting per minute */
  limiterOf(provider: OnlineProvider): RateLimiter;
  timeoutMs: number;
}

interface Asked {
  value: string;
  /** the document's indicator it came from (a link for a host, the hash itself) */
  indicator: string;
  matchedAs: "sha256" | "domain" | "ip";
}

/** What each kind of service is asked about this document: SHA-256 hashes, or the links' hosts. */
export function askedOf(provider: OnlineProvider, iocs: Iocs, hashes: readonly string[]): Asked[] {
  const out = new Map<string, Asked>();
  if (provider.asks === "hashes") {
    for (const h of hashes)
      if (/^[0-9a-f]{64}$/i.test(h))
        out.set(h.toLowerCase(), { value: h.toLowerCase(), indicator: h.toLowerCase(), matchedAs: "sha256" });
    return [...out.values()];
  }
  for (const item of iocs.items) {
    // the links' hosts: not mail domains or file servers, and never the victim's own
    if (item.victimData || (item.type !== "url" && item.type !== "domain" && item.type !== "ip")) continue;
    const host = hostOf(item.type, item.value);
    if (!host) continue;
    const ip = isIP(host) !== 0;
    const value = ip ? host : feedDomain(host);
    // only public names and addresses: a private, local or documentation one means nothing to an internet service
    if (!value || out.has(value) || (ip ? classifyIp(value) : classifyDomain(value).classification) !== "public")
      continue;
    out.set(value, { value, indicator: item.value, matchedAs: ip ? "ip" : "domain" });
  }
  return [...out.values()];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every configured service asked about the document; the hits as feed hits, and what each service did. */
export async function lookUpOnline(
  deps: OnlineLookupDeps,
  iocs: Iocs,
  hashes: readonly string[],
  { signal, now, knownGood }: { signal: AbortSignal; now: number; knownGood: ReadonlySet<string> },
): Promise<{ hits: FeedHitOut[]; reports: OnlineReport[] }> {
  const hits: FeedHitOut[] = [];
  const reports = await Promise.all(
    deps.providers.map(async (provider): Promise<OnlineReport> => {
      const asked = askedOf(provider, iocs, hashes);
      const report: OnlineReport = { provider: provider.name, asked: asked.length, sent: 0, cached: 0, skipped: [] };
      let stopped: string | null = null;
      for (const [i, a] of asked.entries()) {
        if (i >= PROVIDER_LIMITS.LOOKUPS_PER_SCAN) {
          report.skipped.push({
            value: a.value,
            reason: `more than ${PROVIDER_LIMITS.LOOKUPS_PER_SCAN} lookups for one scan`,
          });
          continue;
        }
        let answer: ProviderAnswer | undefined = await deps.cache.get(provider.name, a.value);
        if (answer) report.cached++;
        else if (stopped) report.skipped.push({ value: a.value, reason: stopped });
        else if (signal.aborted)
          report.skipped.push({ value: a.value, reason: "the enrichment step's budget ran out" });
        else if (!(await deps.limiterOf(provider).take(`online:${provider.name}`)).allowed) {
          report.skipped.push({ value: a.value, reason: `rate limit: ${provider.perMinute} lookups a minute` });
        } else {
          report.sent++;
          try {
            answer = await provider.lookup(a.value, { timeoutMs: deps.timeoutMs, signal });
            await deps.cache.put(provider.name, a.value, answer);
          } catch (error) {
            const reason = error instanceof ProviderError ? error.message : `failed: ${(error as Error).message}`;
            if (error instanceof ProviderError && error.stopsProvider)
              stopped = `not asked: the service answered ${reason} before`;
            report.skipped.push({ value: a.value, reason });
          }
        }
        if (answer?.listed) hits.push(hitOf(provider, a, answer, now, knownGood));
      }
      return report;
    }),
  );
  return { hits, reports };
}

function hitOf(
  provider: OnlineProvider,
  a: Asked,
  answer: Extract<ProviderAnswer, { listed: true }>,
  now: number,
  knownGood: ReadonlySet<string>,
): FeedHitOut {
  const seen = answer.lastSeen ?? answer.firstSeen;
  return {
    indicator: a.indicator,
    matchedAs: a.matchedAs,
    matchedValue: a.value,
    source: provider.name,
    list: "malicious",
    category: answer.category,
    confidence: answer.confidence,
    firstSeen: iso(answer.firstSeen),
    lastSeen: iso(answer.lastSeen),
    ageDays: seen === null ? null : Math.max(0, Math.floor((now - seen) / 86_400_000)),
    expiresAt: null,
    reference: answer.reference,
    // a host hit on a host a known-good list names is reported, not counted (as for imported feeds)
    counts: answer.counts && !(a.matchedAs !== "sha256" && knownGood.has(a.indicator)),
  };
}

/** The enrichment step with the online services after the offline one and the feeds; unchanged without services. */
export function withOnlineProviders(base: EnrichmentProvider, deps: OnlineLookupDeps): EnrichmentProvider {
  if (deps.providers.length === 0) return base;
  return {
    name: base.name,
    async enrich(iocs, options) {
      const result = await base.enrich(iocs, options);
      const feedHits = result.feeds?.hits ?? [];
      const knownGood = new Set(feedHits.filter((h) => h.list === "known-good").map((h) => h.indicator));
      const online = await lookUpOnline(deps, iocs, options.hashes ?? [], {
        signal: options.signal,
        now: options.now.getTime(),
        knownGood,
      });
      return {
        ...result,
        external: result.external || online.reports.some((r) => r.sent > 0),
        feeds: { hits: [...feedHits, ...online.hits], sources: result.feeds?.sources ?? [] },
        online: online.reports,
      };
    },
  };
}
