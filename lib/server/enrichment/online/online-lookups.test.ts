// The online services against a local stand-in that answers as their documentation says
// (lib/server/testing/reputation-stand-in.ts), with the answer cache on both real stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Iocs, IocItem } from "../../../analyzer/report";
import { PROVIDER_LIMITS } from "../../../limits";
import { MemoryRateLimiter } from "../../auth/rate-limit";
import type { FeedMatch } from "../../feeds/feed-matching";
import { startReputationStandIn, type ReputationStandIn } from "../../testing/reputation-stand-in";
import { openTestStores, type TestStores } from "../../testing/test-stores";
import { setUpShared } from "../../testing/set-up-shared";
import type { EnrichmentProvider, EnrichmentResult } from "../enrichment-provider";
import { lookUpOnline, withOnlineProviders, type OnlineLookupDeps } from "./online-lookups";
import type { OnlineProvider } from "./provider-answer";
import { ProviderCache } from "./provider-cache";
import { urlhausHost, urlhausTime } from "./urlhaus-host";
import { virusTotal } from "./virustotal";

const FILE = "a".repeat(64);
const EMBEDDED = "b".repeat(64);
const NOW = Date.parse("2026-11-29T12:00:00Z");

function iocsOf(items: Partial<IocItem>[]): Iocs {
  const full = items.map((i) => ({ type: "url", value: "", defanged: "", sources: [], ...i }) as IocItem);
  return { urls: [], ips: [], emails: [], domains: [], uncPaths: [], items: full };
}

/** the base enrichment: nothing but what the test says the imported feeds found */
const base = (feeds?: FeedMatch): EnrichmentProvider => ({
  name: "offline",
  async enrich() {
    return {
      provider: "offline",
      providerVersion: "1",
      external: false,
      generatedAt: new Date(NOW).toISOString(),
      indicators: [],
      summary: { total: 0, flagged: 0, byClassification: {} },
      ...(feeds && { feeds }),
    } satisfies EnrichmentResult;
  },
});

describe.each(["sqlite", "postgres"] as const)("online reputation services (%s)", (kind) => {
  let stores: TestStores;
  let standIn: ReputationStandIn;
  let clock = NOW;
  beforeAll(async () => {
    standIn = await startReputationStandIn();
  });
  afterAll(() => standIn.close());
  setUpShared(
    () => openTestStores(kind, () => clock),
    (x) => (stores = x),
    (x) => x.close(),
  );

  const deps = (providers: OnlineProvider[]): OnlineLookupDeps => {
    const limiters = new Map(providers.map((p) => [p, new MemoryRateLimiter(p.perMinute, 60)]));
    return {
      providers,
      cache: new ProviderCache(stores.database.db, 86_400_000, () => clock),
      limiterOf: (p) => limiters.get(p)!,
      timeoutMs: 2_000,
    };
  };
  const vt = (overrides: Partial<Parameters<typeof virusTotal>[0]> = {}) =>
    virusTotal({ baseUrl: standIn.url, apiKey: standIn.apiKey, perMinute: 100, minDetections: 5, ...overrides });
  const uh = () => urlhausHost({ baseUrl: standIn.url, authKey: standIn.authKey, perMinute: 60 });
  const enrich = (d: OnlineLookupDeps, iocs: Iocs, hashes: string[], feeds?: FeedMatch) =>
    withOnlineProviders(base(feeds), d).enrich(iocs, {
      signal: new AbortController().signal,
      now: new Date(NOW),
      hashes,
    });
  const fresh = () => {
    standIn.requests.length = 0;
    standIn.files.clear();
    standIn.hosts.clear();
    standIn.failWith = null;
    standIn.hang = false;
    clock += 2 * 86_400_000; // past every cached answer
  };

  it("asks VirusTotal about the SHA-256 hashes only, with the key; a file most engines detect counts, a few detections are shown but do not", async () => {
    fresh();
    standIn.files.set(FILE, { malicious: 41, undetected: 19, label: "trojan.pdfka/js" });
    standIn.files.set(EMBEDDED, { malicious: 2, undetected: 58 });
    const r = await enrich(deps([vt()]), iocsOf([]), [FILE, "c".repeat(40), EMBEDDED, "d".repeat(32)]);
    expect(standIn.requests.map((q) => q.path)).toEqual([`/api/v3/files/${FILE}`, `/api/v3/files/${EMBEDDED}`]);
    expect(standIn.requests.every((q) => q.headers["x-apikey"] === standIn.apiKey && q.body === "")).toBe(true);
    expect(r.external).toBe(true);
    expect(r.online).toEqual([{ provider: "virustotal", asked: 2, sent: 2, cached: 0, skipped: [] }]);
    expect(r.feeds!.hits).toEqual([
      expect.objectContaining({
        indicator: FILE,
        matchedAs: "sha256",
        source: "virustotal",
        list: "malicious",
        category: "malware: 41/60 engines, trojan.pdfka/js",
        confidence: 68,
        counts: true,
        reference: `https://www.virustotal.com/gui/file/${FILE}`,
        firstSeen: "2023-11-14T22:13:20.000Z",
      }),
      expect.objectContaining({ indicator: EMBEDDED, category: "malware: 2/60 engines", counts: false }),
    ]);
  });

  it("keeps each answer, a miss too: the same file again costs no lookup", async () => {
    fresh();
    standIn.files.set(FILE, { malicious: 30, undetected: 30 });
    const d = deps([vt()]);
    await enrich(d, iocsOf([]), [FILE, EMBEDDED]);
    expect(standIn.requests).toHaveLength(2);
    const again = await enrich(d, iocsOf([]), [FILE, EMBEDDED]);
    expect(standIn.requests).toHaveLength(2);
    expect(again.online).toEqual([{ provider: "virustotal", asked: 2, sent: 0, cached: 2, skipped: [] }]);
    expect(again.external).toBe(false); // nothing was sent this time
    expect(again.feeds!.hits.map((h) => h.indicator)).toEqual([FILE]);
    // past the cache's lifetime it is asked again, and expired answers are swept
    clock += 86_400_001;
    expect(await d.cache.sweep()).toBe(2);
    await enrich(d, iocsOf([]), [FILE]);
    expect(standIn.requests).toHaveLength(3);
  });

  it("asks URLhaus about the links' public hosts, never the victim's own domain, private addresses or reserved names; a known-good host's hit does not count", async () => {
    fresh();
    standIn.hosts.set("evil-cdn.badhost.net", [{ url: "http://evil-cdn.badhost.net/a.exe", status: "online" }]);
    standIn.hosts.set("docs.google.com", [{ url: "https://docs.google.com/uc?id=1", status: "offline" }]);
    const iocs = iocsOf([
      { type: "url", value: "http://evil-cdn.badhost.net/a.exe" },
      { type: "url", value: "http://EVIL-CDN.badhost.net/b" },
      { type: "url", value: "https://docs.google.com/uc?id=1" },
      { type: "domain", value: "acmecorp.com", victimData: true },
      { type: "ip", value: "10.1.2.3" },
      { type: "ip", value: "203.0.113.9" },
      { type: "ip", value: "8.8.4.4" },
      { type: "domain", value: "intranet.corp" },
      { type: "url", value: "http://phish.example.org/x" },
    ]);
    const knownGood: FeedMatch = {
      hits: [
        {
          indicator: "https://docs.google.com/uc?id=1",
          matchedAs: "domain",
          matchedValue: "docs.google.com",
          source: "tranco",
          list: "known-good",
          category: "top site",
          confidence: 100,
          firstSeen: null,
          lastSeen: null,
          ageDays: 3,
          expiresAt: null,
          reference: null,
          counts: false,
        },
      ],
      sources: [{ source: "tranco", importedAt: new Date(NOW).toISOString(), entries: 1 }],
    };
    const r = await enrich(deps([uh()]), iocs, [FILE], knownGood);
    const asked = standIn.requests.map((q) => new URLSearchParams(q.body).get("host"));
    expect(asked).toEqual(["evil-cdn.badhost.net", "docs.google.com", "8.8.4.4"]);
    expect(standIn.requests.every((q) => q.path === "/v1/host/" && q.headers["auth-key"] === standIn.authKey)).toBe(
      true,
    );
    const online = r.feeds!.hits.filter((h) => h.source === "urlhaus");
    expect(online).toEqual([
      expect.objectContaining({
        indicator: "http://evil-cdn.badhost.net/a.exe",
        matchedAs: "domain",
        matchedValue: "evil-cdn.badhost.net",
        category: "malware distribution host: 1 URLs, 1 online",
        confidence: 90,
        counts: true,
        firstSeen: "2026-10-01T08:00:00.000Z",
        lastSeen: "2026-11-20T10:30:00.000Z",
        ageDays: 9,
        reference: "https://urlhaus.abuse.ch/host/evil-cdn.badhost.net/",
      }),
      expect.objectContaining({ matchedValue: "docs.google.com", confidence: 60, counts: false }),
    ]);
    expect(r.feeds!.hits.filter((h) => h.source === "tranco")).toHaveLength(1); // the imported feed's hits stay
  });

  it("skips past the rate limit, past the per-scan cap, and after the service refused the key; a slow service costs its timeout, never the enrichment", async () => {
    fresh();
    const hashes = Array.from({ length: PROVIDER_LIMITS.LOOKUPS_PER_SCAN + 2 }, (_, i) =>
      i.toString(16).padStart(64, "0"),
    );
    const limited = await enrich(deps([vt({ perMinute: 3 })]), iocsOf([]), hashes);
    expect(standIn.requests).toHaveLength(3);
    const skipped = limited.online![0]!.skipped;
    expect(skipped.filter((s) => s.reason === "rate limit: 3 lookups a minute")).toHaveLength(
      PROVIDER_LIMITS.LOOKUPS_PER_SCAN - 3,
    );
    expect(skipped.filter((s) => s.reason.startsWith("more than"))).toHaveLength(2);

    fresh();
    const refused = await enrich(deps([vt({ apiKey: "wrong" })]), iocsOf([]), [FILE, EMBEDDED]);
    expect(standIn.requests).toHaveLength(1);
    expect(refused.online![0]!.skipped).toEqual([
      { value: FILE, reason: "HTTP 401 WrongCredentialsError" },
      { value: EMBEDDED, reason: "not asked: the service answered HTTP 401 WrongCredentialsError before" },
    ]);

    fresh();
    standIn.hang = true;
    const d = { ...deps([vt()]), timeoutMs: 200 };
    const slow = await enrich(d, iocsOf([]), [FILE]);
    expect(slow.online![0]!.skipped).toEqual([{ value: FILE, reason: "no answer within 200 ms" }]);
    expect(slow.feeds!.hits).toEqual([]);
  });

  it("reports a budget spent before the lookups, and leaves the enrichment unchanged when no service is configured", async () => {
    fresh();
    const spent = new AbortController();
    spent.abort();
    const r = await lookUpOnline(deps([vt()]), iocsOf([]), [FILE], {
      signal: spent.signal,
      now: NOW,
      knownGood: new Set(),
    });
    expect(r.reports[0]!.skipped).toEqual([{ value: FILE, reason: "the enrichment step's budget ran out" }]);
    expect(standIn.requests).toHaveLength(0);
    const plain = base();
    expect(withOnlineProviders(plain, deps([]))).toBe(plain);
  });
});

describe("URLhaus times", () => {
  it("reads URLhaus's 'YYYY-MM-DD hh:mm:ss UTC' form, and nothing else", () => {
    expect(urlhausTime("2019-01-05 14:39:08 UTC")).toBe(Date.parse("2019-01-05T14:39:08Z"));
    expect(urlhausTime("2019-01-05 14:39:08")).toBe(Date.parse("2019-01-05T14:39:08Z"));
    expect(urlhausTime("yesterday")).toBeNull();
    expect(urlhausTime(null)).toBeNull();
  });
});
