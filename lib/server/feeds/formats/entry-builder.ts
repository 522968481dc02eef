// Shared by the format parsers: an entry from a raw value (normalised for its kind, or null when it is
// not one), feed dates read as UTC, and the default lifetimes that make entries decay (OpenCTI lowers
// an indicator's score as it ages; here an entry stops counting after its lifetime since last seen).
import type { FeedEntry, FeedKind, FeedList, ParsedFeed } from "../feed-entry";
import { feedDomain, feedEmail, feedHash, feedIp, feedUrl, ipv4Range, ipv6Range } from "../normalize";

const DAY = 86_400_000;
/** How long an entry counts after it was last (or first) seen, by what it names. Hashes do not decay. */
export const LIFETIME_MS: Record<FeedKind, number | null> = {
  url: 30 * DAY,
  domain: 90 * DAY,
  ip: 30 * DAY,
  cidr: 365 * DAY,
  email: 180 * DAY,
  md5: null,
  sha1: null,
  sha256: null,
};
/** Phishing pages live hours to days (APWG): their URLs decay faster. */
export const PHISHING_URL_LIFETIME_MS = 14 * DAY;

const NORMALIZE: Record<FeedKind, (raw: string) => string | null> = {
  url: feedUrl,
  domain: feedDomain,
  ip: feedIp,
  cidr: (raw) => ipv4Range(raw)?.value ?? ipv6Range(raw),
  email: feedEmail,
  md5: (raw) => feedHash(raw, 32),
  sha1: (raw) => feedHash(raw, 40),
  sha256: (raw) => feedHash(raw, 64),
};

/** "2024-01-02 10:11:12" (UTC, as abuse.ch writes it, with or without " UTC"), ISO 8601, or Unix seconds; null otherwise. */
export function feedTime(raw: string | undefined | null): number | null {
  if (!raw) return null;
  const text = raw.trim().replace(/ UTC$/, "");
  if (/^\d{9,10}$/.test(text)) return Number(text) * 1000;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(" ", "T")}Z` : text;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
}

export interface EntryFields {
  list: FeedList;
  category: string;
  confidence: number;
  firstSeen?: number | null;
  lastSeen?: number | null;
  /** an expiry the feed states; else the lifetime of the kind from the last sighting (or the import) */
  expiresAt?: number | null;
  lifetimeMs?: number | null;
  reference?: string | null;
}

/** Collects entries and malformed lines for one parse. */
export class FeedCollector {
  readonly parsed: ParsedFeed = { entries: [], malformed: 0, malformedExamples: [] };
  constructor(private readonly now: number) {}

  add(kind: FeedKind, raw: string, f: EntryFields): boolean {
    const value = NORMALIZE[kind](raw);
    if (value === null) return (this.malformed(raw), false);
    const lifetime = f.lifetimeMs === undefined ? LIFETIME_MS[kind] : f.lifetimeMs;
    const seen = f.lastSeen ?? f.firstSeen ?? this.now;
    const entry: FeedEntry = {
      kind,
      value,
      list: f.list,
      category: f.category,
      confidence: Math.max(0, Math.min(100, Math.round(f.confidence))),
      firstSeen: f.firstSeen ?? null,
      lastSeen: f.lastSeen ?? null,
      expiresAt:
        f.expiresAt !== undefined && f.expiresAt !== null
          ? f.expiresAt
          : f.list === "known-good" || lifetime === null
            ? null
            : seen + lifetime,
      reference: f.reference ?? null,
    };
    this.parsed.entries.push(entry);
    return true;
  }

  malformed(line: string): void {
    this.parsed.malformed++;
    if (this.parsed.malformedExamples.length < 5) this.parsed.malformedExamples.push(line.slice(0, 200));
  }
}

/** Non-empty lines that are not comments (#, ;, //). */
export function dataLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#") && !l.startsWith(";") && !l.startsWith("//"));
}
