// The feed formats' names and what each is, apart from their parsers (index.ts): the CLI lists and
// checks them at start-up without loading the parsers.
export const FEED_FORMAT_DESCRIPTIONS = {
  "urlhaus-csv": "abuse.ch URLhaus CSV export (malware URLs)",
  "urlhaus-json": "abuse.ch URLhaus JSON export (json_recent)",
  "threatfox-csv": "abuse.ch ThreatFox CSV export (URLs, domains, IPs, hashes)",
  "threatfox-json": "abuse.ch ThreatFox JSON export",
  feodo: "abuse.ch Feodo Tracker IP blocklist (CSV or plain)",
  openphish: "OpenPhish community feed (one phishing URL per line)",
  "phishtank-csv": "PhishTank online-valid CSV (phishing URLs)",
  "phishtank-json": "PhishTank online-valid JSON",
  "certpl-domains": "CERT.PL warning list (one phishing domain per line)",
  "spamhaus-drop": "Spamhaus DROP (JSON lines of hijacked IPv4 ranges)",
  tranco: "Tranco top-sites list (rank,domain; the first 100,000 are known-good)",
  "misp-warninglist": "MISP warninglist JSON (hostname, cidr or string lists; known-good)",
  "misp-event": "MISP event JSON as a MISP feed serves it (attributes with to_ids)",
  "misp-feed":
    "a whole MISP feed: a directory (or, for feeds update, a base URL) with manifest.json and one <uuid>.json per event",
  stix: "STIX 2.1 bundle of indicators (equality patterns on URLs, domains, IPs, e-mails, hashes)",
} as const;

export type FeedFormat = keyof typeof FEED_FORMAT_DESCRIPTIONS;
export const FEED_FORMAT_NAMES = Object.keys(FEED_FORMAT_DESCRIPTIONS) as FeedFormat[];
