// One indicator per line: the OpenPhish community feed (URLs) and CERT.PL's warning list (domains).
import type { ParsedFeed } from "../feed-entry";
import { dataLines, FeedCollector, PHISHING_URL_LIFETIME_MS } from "./entry-builder";

export function parseOpenphish(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  for (const line of dataLines(text))
    c.add("url", line, {
      list: "malicious",
      category: "phishing",
      confidence: 80,
      lifetimeMs: PHISHING_URL_LIFETIME_MS,
    });
  return c.parsed;
}

export function parseCertPlDomains(text: string, now: number): ParsedFeed {
  const c = new FeedCollector(now);
  for (const line of dataLines(text))
    c.add("domain", line, { list: "malicious", category: "phishing", confidence: 85 });
  return c.parsed;
}
