// Imported feeds on both real stores: an import is atomic and idempotent, a lookup finds exact values
// and IPv4 ranges and never an expired entry; a document's indicators and hashes are matched through
// their hosts and registered domains, a known-good host keeps a host-level hit from counting, and the
// hits that count raise the verdict with a finding that says why.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../../analyzer/analyze";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { openTestStores, type TestStores } from "../testing/test-stores";
import { setUpShared } from "../testing/set-up-shared";
import { FEED_PARSERS } from "./formats";
import { matchFeeds } from "./feed-matching";
import { FeedStore } from "./feed-store";
import { FEED_RULE_ID, withFeedEvidence } from "./feed-verdict";

const DAY = 86_400_000;

function linkPdf(uri: string): Uint8Array {
  const b = new PdfBuilder();
  const link = b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${uri}) >> >>`);
  b.addCatalog("", 1, `/Annots [${link} 0 R]`);
  return b.build();
}

describe.each(["sqlite", "postgres"] as const)("feed store (%s)", (kind) => {
  let stores: TestStores;
  const now = Date.parse("2026-11-29T12:00:00Z");
  const clock = () => now;
  setUpShared(
    () => openTestStores(kind, clock),
    (x) => (stores = x),
    (x) => x.close(),
  );
  const store = () => new FeedStore(stores.database.db, clock);
  const text = (s: string) => new TextEncoder().encode(s);

  it("replaces a source atomically, re-imports idempotently, and removes it", async () => {
    const feeds = store();
    const file = "https://a.example.com/login\nhttps://b.example.com/x\nhttps://a.example.com/login\n";
    const first = await feeds.import(`openphish-${kind}`, "openphish", FEED_PARSERS.openphish(file, now), text(file));
    expect(first).toMatchObject({ entries: 2, malformed: 0 });
    const again = await feeds.import(`openphish-${kind}`, "openphish", FEED_PARSERS.openphish(file, now), text(file));
    expect(again.entries).toBe(2);
    expect(await feeds.lookup([{ kind: "url", value: "https://b.example.com/x", indicator: "x" }])).toHaveLength(1);
    const smaller = "https://a.example.com/login\n";
    await feeds.import(`openphish-${kind}`, "openphish", FEED_PARSERS.openphish(smaller, now), text(smaller));
    expect(await feeds.lookup([{ kind: "url", value: "https://b.example.com/x", indicator: "x" }])).toEqual([]);
    expect((await feeds.list()).find((f) => f.source === `openphish-${kind}`)).toMatchObject({
      format: "openphish",
      entries: 1,
    });
    expect(await feeds.remove(`openphish-${kind}`)).toBe(true);
    expect(await feeds.lookup([{ kind: "url", value: "https://a.example.com/login", indicator: "x" }])).toEqual([]);
    expect(await feeds.remove(`openphish-${kind}`)).toBe(false);
  });

  it("finds an IPv4 or IPv6 address inside a listed range, and no entry past its expiry", async () => {
    const feeds = store();
    const drop =
      '{"cidr":"198.18.64.0/20","sblid":"SBL1","rir":"arin"}\n{"cidr":"2001:db8:1234::/46","sblid":"SBL2","rir":"ripencc"}\n';
    await feeds.import(`drop-${kind}`, "spamhaus-drop", FEED_PARSERS["spamhaus-drop"](drop, now), text(drop));
    const ips = ["198.18.70.1", "198.18.80.1", "2001:db8:1237:ffff::1", "2001:db8:1238::1"];
    const hits = await feeds.lookup(ips.map((ip) => ({ kind: "ip" as const, value: ip, indicator: ip })));
    expect(hits.map((h) => [h.indicator, h.matchedAs, h.matchedValue])).toEqual([
      ["198.18.70.1", "cidr", "198.18.64.0/20"],
      ["2001:db8:1237:ffff::1", "cidr", "2001:db8:1234::/46"],
    ]);

    const old = "https://stale.example.com/p\n";
    await feeds.import(`stale-${kind}`, "openphish", FEED_PARSERS.openphish(old, now - 30 * DAY), text(old)); // 14-day lifetime
    expect(await feeds.lookup([{ kind: "url", value: "https://stale.example.com/p", indicator: "x" }])).toEqual([]);
  });

  it("raises a lure whose link host is on a phishing feed, not when a known-good list names the host, and proves a file by its hash", async () => {
    const feeds = store();
    const certpl = `evil-login-${kind}.example.net\nsites.google.com\n`;
    await feeds.import(`certpl-${kind}`, "certpl-domains", FEED_PARSERS["certpl-domains"](certpl, now), text(certpl));
    const lure = analyzeFast(linkPdf(`https://portal.evil-login-${kind}.example.net/signin`), { fileName: "lure.pdf" });
    const match = await matchFeeds(feeds, lure.iocs, [lure.sha256], now);
    expect(match.hits).toContainEqual(
      expect.objectContaining({
        matchedAs: "parent-domain",
        matchedValue: `evil-login-${kind}.example.net`,
        source: `certpl-${kind}`,
        category: "phishing",
        counts: true,
        ageDays: 0,
      }),
    );
    const raised = withFeedEvidence(JSON.stringify(lure), match)!;
    expect(raised.summary).toMatchObject({
      verdict: "suspicious",
      evidenceFloor: { ruleId: FEED_RULE_ID, verdict: "suspicious" },
    });
    expect(raised.summary.score).toBeGreaterThanOrEqual(40);
    const finding = (
      JSON.parse(raised.json) as {
        findings: { ruleId: string; contribution: number; evidence: { excerpt: string }[] }[];
      }
    ).findings[0]!;
    expect(finding.ruleId).toBe(FEED_RULE_ID);
    // the raise is the finding's share of the score, so the report's explanation still adds up
    expect(finding.contribution).toBe(raised.summary.score - lure.summary.score);
    expect(finding.contribution).toBeGreaterThan(0);
    expect(finding.evidence[0]!.excerpt).toContain(`on certpl-${kind}: phishing`);

    // the same link on a host a known-good list names (Tranco): reported, not counted, nothing raised
    const tranco = "1,google.com\n2,sites.google.com\n";
    await feeds.import(`tranco-${kind}`, "tranco", FEED_PARSERS.tranco(tranco, now), text(tranco));
    const hosted = analyzeFast(linkPdf("https://sites.google.com/view/invoice-2231"), { fileName: "hosted.pdf" });
    const hostedMatch = await matchFeeds(feeds, hosted.iocs, [], now);
    expect(hostedMatch.hits.filter((h) => h.list === "malicious").every((h) => !h.counts)).toBe(true);
    expect(hostedMatch.hits.some((h) => h.list === "known-good")).toBe(true);
    expect(withFeedEvidence(JSON.stringify(hosted), hostedMatch)).toBeNull();

    // the file's own hash on a malware feed: malicious
    const stix = JSON.stringify({
      type: "bundle",
      id: "bundle--1",
      objects: [
        {
          type: "indicator",
          id: "indicator--1",
          pattern: `[file:hashes.'SHA-256' = '${hosted.sha256}']`,
          pattern_type: "stix",
        },
      ],
    });
    await feeds.import(`stix-${kind}`, "stix", FEED_PARSERS.stix(stix, now), text(stix));
    const proven = withFeedEvidence(
      JSON.stringify(hosted),
      await matchFeeds(feeds, hosted.iocs, [hosted.sha256], now),
    )!;
    expect(proven.summary).toMatchObject({ verdict: "malicious", confidence: "high" });
    expect(proven.summary.score).toBeGreaterThanOrEqual(90);
  });

  it("imports a 20,000-line feed in one transaction", async () => {
    const feeds = store();
    const big = Array.from({ length: 20_000 }, (_, i) => `https://host${i}.example.com/p${i}`).join("\n");
    expect((await feeds.import(`big-${kind}`, "openphish", FEED_PARSERS.openphish(big, now), text(big))).entries).toBe(
      20_000,
    );
    expect(
      await feeds.lookup([{ kind: "url", value: "https://host19999.example.com/p19999", indicator: "x" }]),
    ).toHaveLength(1);
  });
});
