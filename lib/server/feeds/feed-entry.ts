// One entry of an imported threat feed or known-good list (issue 21): what it names (a URL, a host or
// registered domain, an IP or IPv4 range, an e-mail address, a file hash), which list it is on, and
// how much to trust it and for how long. Values are stored normalised (normalize.ts) so a lookup is an
// exact match on (kind, value).
export const FEED_KINDS = ["url", "domain", "ip", "cidr", "email", "md5", "sha1", "sha256"] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** malicious: evidence against what matches; known-good: lowers the weight of what matches, never hides it */
export const FEED_LISTS = ["malicious", "known-good"] as const;
export type FeedList = (typeof FEED_LISTS)[number];

export interface FeedEntry {
  kind: FeedKind;
  /** normalised value; for a cidr, "a.b.c.d/n" */
  value: string;
  list: FeedList;
  /** what the feed says it is: phishing, malware, c2, botnet, spam, top-site, ... */
  category: string;
  /** 0-100: the feed's own confidence when it gives one, else the format's default */
  confidence: number;
  /** epoch ms; null when the feed does not say */
  firstSeen: number | null;
  lastSeen: number | null;
  /** epoch ms after which the entry no longer counts (OpenCTI-style decay); null: until the next import */
  expiresAt: number | null;
  /** the feed's own page or id for the entry */
  reference: string | null;
}

/** What a parser made of a file: the entries, and the lines it could not read (counted, never fatal). */
export interface ParsedFeed {
  entries: FeedEntry[];
  malformed: number;
  /** a few malformed lines, for the importer's report */
  malformedExamples: string[];
}
