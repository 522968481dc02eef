// Each feed format from a small file written the way its publisher writes it, with malformed lines
// (counted, never fatal) and, for the CSV feeds read by header, a header whose columns moved.
import { describe, expect, it } from "vitest";
import { FEED_FORMAT_NAMES } from "./names";
import { FEED_PARSERS, readMispFeed } from ".";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const DAY = 86_400_000;

const URLHAUS = `################################################################
# abuse.ch URLhaus Database Dump (CSV - recent URLs)           #
# Last updated: 2026-11-29 11:55:02 (UTC)                      #
################################################################
# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
"3312001","2026-11-28 10:00:01","http://203.0.113.9/bins/x86","online","2026-11-29 09:00:00","malware_download","elf,mirai","https://urlhaus.abuse.ch/url/3312001/","geenensp"
"3312002","2026-11-28 10:05:00","https://Invoice-Portal.example.net/doc/INV-2231.zip","offline","","malware_download","zip","https://urlhaus.abuse.ch/url/3312002/","anonymous"
"3312003","2026-11-28 10:06:00","not a url at all","online","","malware_download","","https://urlhaus.abuse.ch/url/3312003/","x"
`;

// ThreatFox with its columns in another order than the documented one: read by header
const THREATFOX = `# ThreatFox IOCs: CSV export
# "ioc_id","first_seen_utc","ioc_type","ioc_value","threat_type","fk_malware","malware_alias","malware_printable","last_seen_utc","confidence_level","reference","tags","anonymous","reporter"
"1300001","2026-11-20 08:00:00","ip:port","198.51.100.23:443","botnet_cc","win.qakbot","","QakBot","2026-11-28 08:00:00","75","","qakbot","0","abuse_ch"
"1300002","2026-11-21 08:00:00","domain","login-verify.example.org","payload_delivery","","","Unknown","","100","","","0","x"
"1300003","2026-11-21 08:00:00","sha256_hash","${"a".repeat(64)}","payload","win.agenttesla","","Agent Tesla","","50","","","0","x"
"1300004","2026-11-21 08:00:00","sha256_hash","not-hex","payload","","","","","50","","","0","x"
`;

const PHISHTANK = `phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target
8450001,https://secure-m1crosoft.example.com/owa/login.php,http://www.phishtank.com/phish_detail.php?phish_id=8450001,2026-11-28T10:00:00+00:00,yes,2026-11-28T11:00:00+00:00,yes,Microsoft
8450002,,http://www.phishtank.com/phish_detail.php?phish_id=8450002,2026-11-28T10:00:00+00:00,yes,2026-11-28T11:00:00+00:00,yes,Other
`;

const FEODO_CSV = `################################################################
# abuse.ch Feodo Tracker Botnet C2 IP Blocklist (CSV)           #
################################################################
# first_seen_utc,dst_ip,dst_port,c2_status,last_online,malware
"2026-11-01 10:00:00","192.0.2.77","443","online","2026-11-29","QakBot"
"2026-11-01 10:00:00","999.1.1.1","443","online","2026-11-29","QakBot"
`;

const SPAMHAUS = `{"cidr":"198.18.64.0/20","sblid":"SBL100001","rir":"arin"}
{"cidr":"2001:DB8:1234:0:0::5/48","sblid":"SBL100002","rir":"ripencc"}
{"cidr":"not a range","sblid":"SBL100003","rir":"ripencc"}
{"type":"metadata","timestamp":1764400000,"size":3,"records":3,"copyright":"(c) 2026 The Spamhaus Project SLU"}
`;

const WARNINGLIST = JSON.stringify({
  name: "List of known Google domains",
  type: "hostname",
  matching_attributes: ["hostname", "domain", "url"],
  list: ["google.com", "docs.google.com", "*.googleusercontent.com", 7],
});

const MISP_EVENT = JSON.stringify({
  Event: {
    uuid: "5f1c2a3b-0000-4000-8000-000000000001",
    info: "Phishing campaign",
    threat_level_id: "1",
    Attribute: [
      { type: "url", value: "https://verify-account.example.com/x", to_ids: true },
      { type: "domain", value: "verify-account.example.com", to_ids: true },
      { type: "comment", value: "seen in mail", to_ids: false },
      { type: "ip-dst", value: "not-an-ip", to_ids: true },
    ],
    Object: [{ name: "file", Attribute: [{ type: "sha256", value: "b".repeat(64), to_ids: true }] }],
  },
});

const STIX = JSON.stringify({
  type: "bundle",
  id: "bundle--00000000-0000-4000-8000-000000000000",
  objects: [
    {
      type: "indicator",
      id: "indicator--1",
      pattern: "[url:value = 'https://drop.example.net/a.exe']",
      pattern_type: "stix",
      valid_from: "2026-11-01T00:00:00Z",
      valid_until: "2026-12-01T00:00:00Z",
      confidence: 70,
      indicator_types: ["malicious-activity"],
    },
    {
      type: "indicator",
      id: "indicator--2",
      pattern: `[file:hashes.'SHA-256' = '${"c".repeat(64)}'] OR [domain-name:value = 'c2.example.org']`,
      pattern_type: "stix",
    },
    { type: "indicator", id: "indicator--3", pattern: "[process:name = 'evil.exe']", pattern_type: "stix" },
    { type: "malware", id: "malware--1", name: "x" },
  ],
});

describe("feed formats", () => {
  it("has a parser for every format it names", () => {
    // a misp-feed is many files: readMispFeed reads it (misp-feed.ts)
    expect(Object.keys(FEED_PARSERS).sort()).toEqual(FEED_FORMAT_NAMES.filter((n) => n !== "misp-feed").sort());
  });

  it("urlhaus-csv: by the commented header; online URLs more trusted; a bad line counted", () => {
    const p = FEED_PARSERS["urlhaus-csv"](URLHAUS, NOW);
    expect(p.entries.map((e) => [e.kind, e.value, e.confidence])).toEqual([
      ["url", "http://203.0.113.9/bins/x86", 90],
      ["url", "https://invoice-portal.example.net/doc/INV-2231.zip", 75],
    ]);
    expect(p.entries[0]).toMatchObject({
      list: "malicious",
      category: "malware_download",
      firstSeen: Date.parse("2026-11-28T10:00:01Z"),
      lastSeen: Date.parse("2026-11-29T09:00:00Z"),
      expiresAt: Date.parse("2026-11-29T09:00:00Z") + 30 * DAY,
      reference: "https://urlhaus.abuse.ch/url/3312001/",
    });
    expect(p.malformed).toBe(1);
  });

  it("threatfox-csv: reads moved columns by name, keeps the IP of ip:port, takes the feed's confidence", () => {
    const p = FEED_PARSERS["threatfox-csv"](THREATFOX, NOW);
    expect(p.entries.map((e) => [e.kind, e.value, e.confidence, e.category])).toEqual([
      ["ip", "198.51.100.23", 75, "botnet_cc"],
      ["domain", "login-verify.example.org", 100, "payload_delivery"],
      ["sha256", "a".repeat(64), 50, "payload"],
    ]);
    expect(p.entries[2]!.expiresAt).toBeNull(); // hashes do not decay
    expect(p.malformed).toBe(1);
  });

  it("phishtank-csv, feodo, openphish, certpl-domains, tranco", () => {
    const phish = FEED_PARSERS["phishtank-csv"](PHISHTANK, NOW);
    expect(phish.entries).toMatchObject([
      {
        kind: "url",
        value: "https://secure-m1crosoft.example.com/owa/login.php",
        category: "phishing:microsoft",
        confidence: 90,
        expiresAt: Date.parse("2026-11-28T11:00:00Z") + 14 * DAY,
      },
    ]);
    expect(phish.malformed).toBe(1);
    const feodo = FEED_PARSERS.feodo(FEODO_CSV, NOW);
    expect(feodo.entries).toMatchObject([{ kind: "ip", value: "192.0.2.77", category: "c2:qakbot" }]);
    expect(feodo.malformed).toBe(1);
    expect(FEED_PARSERS.feodo("# Feodo plain\n192.0.2.1\n192.0.2.2\nbogus\n", NOW).entries.map((e) => e.value)).toEqual(
      ["192.0.2.1", "192.0.2.2"],
    );
    const open = FEED_PARSERS.openphish("https://a.example.com/login\nhttps://b.example.com/x?y=1\n\nnot a url\n", NOW);
    expect(open.entries.map((e) => e.value)).toEqual(["https://a.example.com/login", "https://b.example.com/x?y=1"]);
    expect(open.malformed).toBe(1);
    expect(
      FEED_PARSERS["certpl-domains"]("bank-login.example.pl\nPAYU-verify.example.pl.\n", NOW).entries.map(
        (e) => e.value,
      ),
    ).toEqual(["bank-login.example.pl", "payu-verify.example.pl"]);
    const tranco = FEED_PARSERS.tranco("1,google.com\n2,docs.google.com\n150000,deep.example.com\nbroken\n", NOW);
    expect(tranco.entries.map((e) => [e.value, e.list, e.expiresAt])).toEqual([
      ["google.com", "known-good", null],
      ["docs.google.com", "known-good", null],
    ]);
    expect(tranco.malformed).toBe(1);
  });

  it("spamhaus-drop: IPv4 and IPv6 ranges normalised to their network, the metadata line ignored", () => {
    const p = FEED_PARSERS["spamhaus-drop"](SPAMHAUS, NOW);
    expect(p.entries).toMatchObject([
      {
        kind: "cidr",
        value: "198.18.64.0/20",
        category: "hijacked-netblock",
        reference: "https://check.spamhaus.org/sbl/query/SBL100001",
      },
      { kind: "cidr", value: "2001:db8:1234::/48", reference: "https://check.spamhaus.org/sbl/query/SBL100002" },
    ]);
    expect(p.malformed).toBe(1);
  });

  it("misp-warninglist: a known-good list; misp-event: attributes marked to_ids, objects included", () => {
    const w = FEED_PARSERS["misp-warninglist"](WARNINGLIST, NOW);
    expect(w.entries.map((e) => [e.kind, e.value, e.list])).toEqual([
      ["domain", "google.com", "known-good"],
      ["domain", "docs.google.com", "known-good"],
      ["domain", "googleusercontent.com", "known-good"],
    ]);
    expect(w.malformed).toBe(1);
    const m = FEED_PARSERS["misp-event"](MISP_EVENT, NOW);
    expect(m.entries.map((e) => [e.kind, e.value, e.confidence])).toEqual([
      ["url", "https://verify-account.example.com/x", 90],
      ["domain", "verify-account.example.com", 90],
      ["sha256", "b".repeat(64), 90],
    ]);
    expect(m.malformed).toBe(1);
  });

  it("stix: equality patterns of indicators, valid_until as the expiry; other patterns counted", () => {
    const p = FEED_PARSERS.stix(STIX, NOW);
    expect(p.entries.map((e) => [e.kind, e.value])).toEqual([
      ["url", "https://drop.example.net/a.exe"],
      ["sha256", "c".repeat(64)],
      ["domain", "c2.example.org"],
    ]);
    expect(p.entries[0]).toMatchObject({
      confidence: 70,
      expiresAt: Date.parse("2026-12-01T00:00:00Z"),
      category: "malicious-activity",
    });
    expect(p.malformed).toBe(0); // process:name is a pattern this importer does not match on, not a broken one
  });

  it("urlhaus-json, threatfox-json, phishtank-json: the JSON exports give what their CSVs give", () => {
    const urlhaus = JSON.stringify({
      "3312001": [
        {
          dateadded: "2026-11-28 10:00:01 UTC",
          url: "http://203.0.113.9/bins/x86",
          url_status: "online",
          last_online: "2026-11-29 09:00:00",
          threat: "malware_download",
          tags: ["elf", "mirai"],
          urlhaus_link: "https://urlhaus.abuse.ch/url/3312001/",
          reporter: "geenensp",
        },
      ],
      "3312003": [{ dateadded: "2026-11-28 10:06:00", url: "not a url", url_status: "online" }],
    });
    const u = FEED_PARSERS["urlhaus-json"](urlhaus, NOW);
    expect(u.entries).toMatchObject([
      {
        kind: "url",
        value: "http://203.0.113.9/bins/x86",
        confidence: 90,
        reference: "https://urlhaus.abuse.ch/url/3312001/",
        firstSeen: Date.parse("2026-11-28T10:00:01Z"),
        lastSeen: Date.parse("2026-11-29T09:00:00Z"),
      },
    ]);
    expect(u.malformed).toBe(1);
    const threatfox = JSON.stringify({
      "1300001": [
        {
          ioc_value: "198.51.100.23:443",
          ioc_type: "ip:port",
          threat_type: "botnet_cc",
          malware: "win.qakbot",
          malware_printable: "QakBot",
          first_seen_utc: "2026-11-20 08:00:00",
          last_seen_utc: null,
          confidence_level: 75,
          reference: null,
          tags: "qakbot",
          anonymous: "0",
          reporter: "abuse_ch",
        },
      ],
    });
    expect(FEED_PARSERS["threatfox-json"](threatfox, NOW).entries).toMatchObject([
      { kind: "ip", value: "198.51.100.23", confidence: 75, reference: "https://threatfox.abuse.ch/ioc/1300001/" },
    ]);
    const phishtank = JSON.stringify([
      {
        phish_id: 8450001,
        url: "https://secure-m1crosoft.example.com/owa/login.php",
        phish_detail_url: "http://www.phishtank.com/phish_detail.php?phish_id=8450001",
        submission_time: "2026-11-28T10:00:00+00:00",
        verified: "yes",
        verification_time: "2026-11-28T11:00:00+00:00",
        online: "yes",
        details: [],
        target: "Microsoft",
      },
      "not a record",
    ]);
    const p = FEED_PARSERS["phishtank-json"](phishtank, NOW);
    expect(p.entries).toMatchObject([{ kind: "url", category: "phishing:microsoft", confidence: 90 }]);
    expect(p.malformed).toBe(1);
  });

  it("never throws on garbage", async () => {
    for (const name of FEED_FORMAT_NAMES) {
      if (name === "misp-feed")
        await expect(readMispFeed("\u0000{not json", async () => null, NOW, 1e6)).resolves.toMatchObject({
          events: 0,
          parsed: { malformed: 1 },
        });
      else expect(() => FEED_PARSERS[name]('\u0000{not json,"\n,,,\n# x', NOW)).not.toThrow();
    }
  });

  it("misp-feed: reads each event the manifest names, counts missing events and ids that are not UUIDs, and never reads a path", async () => {
    const second = MISP_EVENT.replace(
      "5f1c2a3b-0000-4000-8000-000000000001",
      "5f1c2a3b-0000-4000-8000-000000000002",
    ).replace(/"value":"[^"]*evil[^"]*"/, '"value":"https://second-event.example.org/x"');
    const files: Record<string, string> = {
      "5f1c2a3b-0000-4000-8000-000000000001.json": MISP_EVENT,
      "5f1c2a3b-0000-4000-8000-000000000002.json": second,
    };
    const manifest = JSON.stringify({
      "5f1c2a3b-0000-4000-8000-000000000001": {
        info: "Phishing campaign",
        threat_level_id: "1",
        timestamp: "1764400000",
      },
      "5F1C2A3B-0000-4000-8000-000000000002": { info: "Second" },
      "5f1c2a3b-0000-4000-8000-00000000000f": { info: "missing file" },
      "../../etc/passwd": { info: "a path" },
    });
    const asked: string[] = [];
    const feed = await readMispFeed(manifest, async (name) => (asked.push(name), files[name] ?? null), NOW, 1e6);
    expect(asked).toEqual([
      "5f1c2a3b-0000-4000-8000-000000000001.json",
      "5f1c2a3b-0000-4000-8000-000000000002.json",
      "5f1c2a3b-0000-4000-8000-00000000000f.json",
    ]);
    expect(feed.events).toBe(2);
    const one = FEED_PARSERS["misp-event"](MISP_EVENT, NOW);
    expect(feed.parsed.entries.length).toBe(one.entries.length * 2);
    // each event's own bad attribute, the missing event, the id that is not a UUID
    expect(feed.parsed.malformed).toBe(2 * one.malformed + 2);
    expect(feed.parsed.malformedExamples).toEqual(
      expect.arrayContaining([
        "5f1c2a3b-0000-4000-8000-00000000000f.json: missing",
        'event id "../../etc/passwd" is not a UUID',
      ]),
    );
    // the same content is the same feed; a changed event is not
    const again = await readMispFeed(manifest, async (name) => files[name] ?? null, NOW, 1e6);
    expect(Buffer.from(again.digest).equals(Buffer.from(feed.digest))).toBe(true);
    const changed = await readMispFeed(
      manifest,
      async (name) => (name.endsWith("2.json") ? MISP_EVENT : (files[name] ?? null)),
      NOW,
      1e6,
    );
    expect(Buffer.from(changed.digest).equals(Buffer.from(feed.digest))).toBe(false);
  });
});

describe("IPv6 ranges", () => {
  it("spells a range by its network, and lists an address's 128 prefixes in the same spelling", async () => {
    const { ipv6Prefixes, ipv6Range } = await import("../normalize");
    expect(ipv6Range("2001:DB8:1234:5678::9/46")).toBe("2001:db8:1234::/46");
    expect(ipv6Range("2001:db8::/129")).toBeNull();
    expect(ipv6Range("198.18.64.0/20")).toBeNull();
    const prefixes = ipv6Prefixes("2001:db8:1237:ffff::1");
    expect(prefixes).toHaveLength(128);
    expect(prefixes).toContain("2001:db8:1234::/46");
    expect(prefixes.at(-1)).toBe("2001:db8:1237:ffff::1/128");
    expect(prefixes[0]).toBe("::/1");
    expect(ipv6Prefixes("198.18.70.1")).toEqual([]);
  });
});
