// The feed formats' parsers, one per name of names.ts: each takes the file's text and the import time
// (for default expiries) and returns the entries and the malformed lines.
import type { ParsedFeed } from "../feed-entry";
import { parseFeodo, parsePhishtankCsv, parseThreatfoxCsv, parseTranco, parseUrlhausCsv } from "./csv-feeds";
import {
  parseMispEvent,
  parseMispWarninglist,
  parsePhishtankJson,
  parseSpamhausDrop,
  parseStixBundle,
  parseThreatfoxJson,
  parseUrlhausJson,
} from "./json-feeds";
import { parseCertPlDomains, parseOpenphish } from "./line-lists";
import type { FeedFormat } from "./names";

export { FEED_FORMAT_DESCRIPTIONS, FEED_FORMAT_NAMES, type FeedFormat } from "./names";

/** Formats of one file; a misp-feed is many (misp-feed.ts reads it). */
export type SingleFileFeedFormat = Exclude<FeedFormat, "misp-feed">;

export { readMispFeed } from "./misp-feed";

export const FEED_PARSERS: Record<SingleFileFeedFormat, (text: string, now: number) => ParsedFeed> = {
  "urlhaus-csv": parseUrlhausCsv,
  "urlhaus-json": parseUrlhausJson,
  "threatfox-csv": parseThreatfoxCsv,
  "threatfox-json": parseThreatfoxJson,
  feodo: parseFeodo,
  openphish: parseOpenphish,
  "phishtank-csv": parsePhishtankCsv,
  "phishtank-json": parsePhishtankJson,
  "certpl-domains": parseCertPlDomains,
  "spamhaus-drop": parseSpamhausDrop,
  tranco: (text, now) => parseTranco(text, now),
  "misp-warninglist": parseMispWarninglist,
  "misp-event": parseMispEvent,
  stix: parseStixBundle,
};
