// CSV feeds, read by their header (columns move between versions: issue 21): abuse.ch URLhaus and
// ThreatFox (header in a "# " comment line), Feodo Tracker's IP blocklist, PhishTank, and the Tranco
// top-sites list (rank,domain, no header: a known-good list).
import { parse } from "csv-parse/sync";
import type { ParsedFeed } from "../feed-entry";
import { dataLines, FeedCollector, feedTime, PHISHING_URL_LIFETIME_MS } from "./entry-builder";

/** Rows as objects by header; abuse.ch puts the header in the last "# " comment line before the data. */
function rowsByHeader(
  text: string,
  { commentHeader }: { commentHeader: boolean },
): { rows: Record<string, string>[]; header: string[] } | null {
  const lines = text.split(/\r?\n/);
  let headerLine: string | undefined;
  const data: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (!t) continue;
    if (t.startsWith("#")) {
      const body = t.replace(/^#\s*/, "");
      if (commentHeader && /^"?[a-z_]+"?\s*,/i.test(body)) headerLine = body;
      continue;
    }
    if (!commentHeader && headerLine === undefined) headerLine = t;
    else data.push(t);
  }
  if (!headerLine) return null;
  let header: string[];
  try {
    header = ((parse(headerLine, { trim: true, relax_quotes: true })[0] as string[] | undefined) ?? []).map((h) =>
      h.toLowerCase(),
    );
  } catch {
    return null;
  }
  const rows: Record<string, string>[] = [];
  for (const line of data) {
    try {
      const [cells] = parse(line, { relax_quotes: true, trim: true }) as string[][];
      rows.push(Object.fromEntries(header.map((h, i) => [h, cells?.[i] ?? ""])));
    } catch {
      rows.push({ __malformed: line });
    }
  }
  return { rows, header };
}

/** A CSV feed read by its header, each row through `addRow`; a file without the header is one malformed line. */
function csvFeed(
  addRow: (c: FeedCollector, r: Record<string, string>) => void,
  { commentHeader, requires, expected }: { commentHeader: boolean; requires: string; expected: string },
): (text: string, now: number) => ParsedFeed {
  return (text, now) => {
    const c = new FeedCollector(now);
    const table = rowsByHeader(text, { commentHeader });
    if (!table || !table.header.includes(requires)) return (c.malformed(`no header line (${expected})`), c.parsed);
    for (const r of table.rows) addRow(c, r);
    return c.parsed;
  };
}

export const parseUrlhausCsv = csvFeed(addUrlhausRow, {
  commentHeader: true,
  requires: "url",
  expected: "# id,dateadded,url,...",
});

/** One URLhaus record, from the CSV or the JSON export (the same field names). */
export function addUrlhausRow(c: FeedCollector, r: Record<string, string>): void {
  if (r.__malformed || !r.url) return c.malformed(r.__malformed ?? JSON.stringify(r));
  c.add("url", r.url, {
    list: "malicious",
    category: r.threat || "malware",
    confidence: r.url_status === "online" ? 90 : 75,
    firstSeen: feedTime(r.dateadded),
    lastSeen: feedTime(r.last_online),
    reference: r.urlhaus_link || null,
  });
}

/** ThreatFox ioc_type -> what we store; "ip:port" keeps the IP. */
const THREATFOX_KINDS: Record<string, "url" | "domain" | "ip" | "md5" | "sha1" | "sha256"> = {
  url: "url",
  domain: "domain",
  "ip:port": "ip",
  md5_hash: "md5",
  sha1_hash: "sha1",
  sha256_hash: "sha256",
};

export const parseThreatfoxCsv = csvFeed(addThreatfoxRow, {
  commentHeader: true,
  requires: "ioc_value",
  expected: '# "first_seen_utc","ioc_id",...',
});

/** One ThreatFox record, from the CSV or the JSON export (the same field names). */
export function addThreatfoxRow(c: FeedCollector, r: Record<string, string>): void {
  const kind = THREATFOX_KINDS[r.ioc_type ?? ""];
  if (r.__malformed || !kind || !r.ioc_value) return c.malformed(r.__malformed ?? JSON.stringify(r));
  const value = kind === "ip" ? r.ioc_value.replace(/:\d+$/, "") : r.ioc_value;
  c.add(kind, value, {
    list: "malicious",
    category: r.threat_type || "malware",
    confidence: Number(r.confidence_level) || 50,
    firstSeen: feedTime(r.first_seen_utc),
    lastSeen: feedTime(r.last_seen_utc),
    reference: r.ioc_id ? `https://threatfox.abuse.ch/ioc/${r.ioc_id}/` : null,
  });
}

/** Feodo Tracker: the CSV (first_seen_utc,dst_ip,dst_port,c2_status,last_online,malware) or the plain IP list. */
export function parseFeodo(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  const table = rowsByHeader(text, { commentHeader: true });
  if (table && table.header.includes("dst_ip")) {
    for (const r of table.rows) {
      if (r.__malformed || !r.dst_ip) {
        c.malformed(r.__malformed ?? JSON.stringify(r));
        continue;
      }
      c.add("ip", r.dst_ip, {
        list: "malicious",
        category: `c2${r.malware ? `:${r.malware.toLowerCase()}` : ""}`,
        confidence: r.c2_status === "online" ? 90 : 70,
        firstSeen: feedTime(r.first_seen_utc),
        lastSeen: feedTime(r.last_online),
      });
    }
    return c.parsed;
  }
  for (const line of dataLines(text)) c.add("ip", line, { list: "malicious", category: "c2", confidence: 80 });
  return c.parsed;
}

export const parsePhishtankCsv = csvFeed(addPhishtankRow, {
  commentHeader: false,
  requires: "url",
  expected: "phish_id,url,...",
});

/** One PhishTank record, from the CSV or the JSON export (the same field names). */
export function addPhishtankRow(c: FeedCollector, r: Record<string, string>): void {
  if (r.__malformed || !r.url) return c.malformed(r.__malformed ?? JSON.stringify(r));
  c.add("url", r.url, {
    list: "malicious",
    category: `phishing${r.target && r.target !== "Other" ? `:${r.target.toLowerCase()}` : ""}`,
    confidence: r.verified === "yes" ? 90 : 60,
    firstSeen: feedTime(r.submission_time),
    lastSeen: feedTime(r.verification_time),
    lifetimeMs: PHISHING_URL_LIFETIME_MS,
    reference: r.phish_detail_url || null,
  });
}

/** Tranco: "rank,domain" lines; only the first `maxRank` ranks are known-good (deeper ranks include abused domains). */
export function parseTranco(text: string, now: number, maxRank = 100_000): ParsedFeed {
  const c = new FeedCollector(now);
  for (const line of dataLines(text)) {
    const m = /^(\d+),(.+)$/.exec(line);
    if (!m) {
      c.malformed(line);
      continue;
    }
    if (Number(m[1]) > maxRank) continue;
    c.add("domain", m[2]!, {
      list: "known-good",
      category: "top-site",
      confidence: 80,
      reference: `tranco rank ${m[1]}`,
    });
  }
  return c.parsed;
}
