// JSON feeds: the JSON exports of URLhaus, ThreatFox and PhishTank (records as their CSVs have them),
// Spamhaus DROP (JSON lines of {cidr, sblid, rir}, with a metadata line), MISP warninglists
// (known-good lists: {name, type, list}), MISP events (a feed's event JSON: attributes marked to_ids),
// and STIX 2.1 bundles of indicators with simple equality patterns.
import type { FeedKind, ParsedFeed } from "../feed-entry";
import { FeedCollector, feedTime } from "./entry-builder";
import { addPhishtankRow, addThreatfoxRow, addUrlhausRow } from "./csv-feeds";

/** The parsed JSON, or undefined when the text is not JSON (counted as one malformed line by the caller). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function parseSpamhausDrop(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const row = jsonOf(line) as { cidr?: unknown; sblid?: unknown; type?: unknown } | null | undefined;
    if (!row || typeof row !== "object") {
      c.malformed(line);
      continue;
    }
    if (row.type === "metadata") continue;
    if (typeof row.cidr !== "string") {
      c.malformed(line);
      continue;
    }
    c.add("cidr", row.cidr, {
      list: "malicious",
      category: "hijacked-netblock",
      confidence: 90,
      reference: typeof row.sblid === "string" ? `https://check.spamhaus.org/sbl/query/${row.sblid}` : null,
    });
  }
  return c.parsed;
}

/** MISP warninglist types this importer understands, and what each value is. */
const WARNINGLIST_KINDS: Record<string, FeedKind | "auto"> = { hostname: "domain", cidr: "auto", string: "auto" };

export function parseMispWarninglist(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  const doc = jsonOf(text) as { name?: unknown; type?: unknown; list?: unknown } | undefined;
  if (!doc) return (c.malformed("not JSON"), c.parsed);
  const kind = WARNINGLIST_KINDS[String(doc.type)];
  if (!kind || !Array.isArray(doc.list))
    return (
      c.malformed(`warninglist type ${String(doc.type)} is not one of ${Object.keys(WARNINGLIST_KINDS).join(", ")}`),
      c.parsed
    );
  const category = `warninglist:${typeof doc.name === "string" ? doc.name.slice(0, 80) : "unnamed"}`;
  for (const raw of doc.list) {
    if (typeof raw !== "string") {
      c.malformed(JSON.stringify(raw));
      continue;
    }
    const value = raw.replace(/^\*\./, "");
    const as: FeedKind =
      kind !== "auto"
        ? kind
        : value.includes("/")
          ? "cidr"
          : /^[\d.]+$/.test(value) || value.includes(":")
            ? "ip"
            : "domain";
    c.add(as, value, { list: "known-good", category, confidence: 80 });
  }
  return c.parsed;
}

/** MISP attribute types -> what we store (ip-dst|port and the like keep their first part). */
const MISP_KINDS: Record<string, FeedKind> = {
  url: "url",
  link: "url",
  domain: "domain",
  hostname: "domain",
  "ip-dst": "ip",
  "ip-src": "ip",
  "ip-dst|port": "ip",
  "email-src": "email",
  "email-dst": "email",
  md5: "md5",
  sha1: "sha1",
  sha256: "sha256",
  "filename|md5": "md5",
  "filename|sha1": "sha1",
  "filename|sha256": "sha256",
};

interface MispAttribute {
  type?: unknown;
  value?: unknown;
  to_ids?: unknown;
  timestamp?: unknown;
  first_seen?: unknown;
  last_seen?: unknown;
}

/** A MISP event ({"Event": {...}}) as a MISP feed serves it: its to_ids attributes, objects' included. */
export function parseMispEvent(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  const doc = jsonOf(text) as
    | {
        Event?: {
          uuid?: unknown;
          info?: unknown;
          Attribute?: MispAttribute[];
          Object?: { Attribute?: MispAttribute[] }[];
          threat_level_id?: unknown;
        };
      }
    | undefined;
  if (!doc) return (c.malformed("not JSON"), c.parsed);
  const event = doc.Event;
  if (!event) return (c.malformed("no Event"), c.parsed);
  const attributes = [...(event.Attribute ?? []), ...(event.Object ?? []).flatMap((o) => o.Attribute ?? [])];
  const confidence = { "1": 90, "2": 70, "3": 50 }[String(event.threat_level_id)] ?? 60;
  for (const a of attributes) {
    if (a.to_ids !== true && a.to_ids !== "1") continue;
    const kind = MISP_KINDS[String(a.type)];
    if (!kind || typeof a.value !== "string") {
      if (!kind) continue; // types we do not match on (text, comment, ...) are not malformed
      c.malformed(JSON.stringify(a).slice(0, 200));
      continue;
    }
    const value = String(a.type).includes("|")
      ? a.value.split("|").at(String(a.type).startsWith("filename|") ? 1 : 0)!
      : a.value;
    c.add(kind, value, {
      list: "malicious",
      category: "misp",
      confidence,
      firstSeen: feedTime(
        typeof a.first_seen === "string" ? a.first_seen : typeof a.timestamp === "string" ? a.timestamp : null,
      ),
      lastSeen: feedTime(typeof a.last_seen === "string" ? a.last_seen : null),
      reference: typeof event.uuid === "string" ? `misp-event ${event.uuid}` : null,
    });
  }
  return c.parsed;
}

/** STIX comparison -> kind; only [x:value = '...'] and [file:hashes.'ALG' = '...'] patterns are read. */
const STIX_KINDS: Record<string, FeedKind> = {
  "url:value": "url",
  "domain-name:value": "domain",
  "ipv4-addr:value": "ip",
  "ipv6-addr:value": "ip",
  "email-addr:value": "email",
  "file:hashes.'SHA-256'": "sha256",
  "file:hashes.'MD5'": "md5",
  "file:hashes.'SHA-1'": "sha1",
  "file:hashes.MD5": "md5",
  "file:hashes.'SHA256'": "sha256",
};
const COMPARISON = /([a-z0-9-]+:[A-Za-z0-9_.'-]+)\s*=\s*'((?:[^'\\]|\\.)*)'/g;

export function parseStixBundle(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  const doc = jsonOf(text) as { objects?: Record<string, unknown>[] } | undefined;
  if (!doc) return (c.malformed("not JSON"), c.parsed);
  for (const o of doc.objects ?? []) {
    if (
      o.type !== "indicator" ||
      typeof o.pattern !== "string" ||
      (o.pattern_type !== undefined && o.pattern_type !== "stix")
    )
      continue;
    const found = [...o.pattern.matchAll(COMPARISON)];
    if (found.length === 0) {
      c.malformed(o.pattern);
      continue;
    }
    const types = Array.isArray(o.indicator_types) ? (o.indicator_types as string[]) : [];
    for (const [, path, raw] of found) {
      const kind = STIX_KINDS[path!];
      if (!kind) continue;
      c.add(kind, raw!.replace(/\\(.)/g, "$1"), {
        list: types.includes("benign") ? "known-good" : "malicious",
        category: types[0] ?? "stix",
        confidence: typeof o.confidence === "number" ? o.confidence : 60,
        firstSeen: feedTime(typeof o.valid_from === "string" ? o.valid_from : null),
        expiresAt: feedTime(typeof o.valid_until === "string" ? o.valid_until : null),
        reference: typeof o.id === "string" ? o.id : null,
      });
    }
  }
  return c.parsed;
}

/** A JSON record's fields as the CSV rows have them (numbers and nulls as text; arrays joined). */
function asRow(record: unknown): Record<string, string> {
  if (!record || typeof record !== "object" || Array.isArray(record))
    return { __malformed: JSON.stringify(record).slice(0, 200) };
  return Object.fromEntries(
    Object.entries(record as Record<string, unknown>).map(([k, v]) => [
      k.toLowerCase(),
      v === null || v === undefined ? "" : Array.isArray(v) ? v.join(",") : String(v),
    ]),
  );
}

/**
 * The abuse.ch JSON exports (URLhaus json_recent, ThreatFox export/json): an object keyed by the
 * record id, each value a list of records with the CSV's field names; the id becomes `id`/`ioc_id`.
 */
function abuseChJson(
  text: string,
  now: number,
  idField: string,
  addRow: (c: FeedCollector, r: Record<string, string>) => void,
): ParsedFeed {
  const c = new FeedCollector(now);
  const doc = jsonOf(text);
  if (!doc) return (c.malformed("not JSON"), c.parsed);
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    return (c.malformed("not an object keyed by record id"), c.parsed);
  for (const [id, records] of Object.entries(doc as Record<string, unknown>)) {
    for (const record of Array.isArray(records) ? records : [records]) addRow(c, { [idField]: id, ...asRow(record) });
  }
  return c.parsed;
}

export const parseUrlhausJson = (text: string, now: number): ParsedFeed => abuseChJson(text, now, "id", addUrlhausRow);
export const parseThreatfoxJson = (text: string, now: number): ParsedFeed =>
  abuseChJson(text, now, "ioc_id", addThreatfoxRow);

/** PhishTank's online-valid.json: an array of records with the CSV's field names. */
export function parsePhishtankJson(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  const doc = jsonOf(text);
  if (!doc) return (c.malformed("not JSON"), c.parsed);
  if (!Array.isArray(doc)) return (c.malformed("not an array of records"), c.parsed);
  for (const record of doc) addPhishtankRow(c, asRow(record));
  return c.parsed;
}
