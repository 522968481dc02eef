// A whole MISP feed (the format MISP instances publish and pull, e.g. CIRCL's OSINT feed): a
// manifest.json that names each event by UUID, and one <uuid>.json per event beside it, each read
// as a misp-event (json-feeds.ts). Read from a directory or fetched from the feed's base URL by the
// caller (`readEvent`); event ids that are not UUIDs never become file names or URLs. A missing or
// broken event is counted as malformed, never fatal; the import is one source, replaced atomically.
import { createHash } from "node:crypto";
import type { ParsedFeed } from "../feed-entry";
import { parseMispEvent } from "./json-feeds";

/** Events of one feed read at most (CIRCL's OSINT feed holds ~2,000). */
export const MISP_FEED_MAX_EVENTS = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_EXAMPLES = 5;

export interface MispFeed {
  parsed: ParsedFeed;
  /** identifies the feed's content (manifest and events) for an idempotent re-import */
  digest: Uint8Array;
  events: number;
}

/**
 * Reads the manifest, then each event it names through `readEvent` (a file name such as
 * "5f1c...json"; null when absent), stopping after `maxTotalBytes` of event text.
 */
export async function readMispFeed(
  manifestText: string,
  readEvent: (fileName: string) => Promise<string | null>,
  now: number,
  maxTotalBytes: number,
): Promise<MispFeed> {
  const parsed: ParsedFeed = { entries: [], malformed: 0, malformedExamples: [] };
  const bad = (why: string) => {
    parsed.malformed++;
    if (parsed.malformedExamples.length < MAX_EXAMPLES) parsed.malformedExamples.push(why.slice(0, 200));
  };
  const hash = createHash("sha256").update(manifestText);
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    manifest = null;
  }
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest)) {
    bad("manifest.json is not an object of events");
    return { parsed, digest: hash.digest(), events: 0 };
  }
  let events = 0;
  let bytes = 0;
  for (const uuid of Object.keys(manifest)) {
    if (events >= MISP_FEED_MAX_EVENTS || bytes > maxTotalBytes) {
      bad(
        `more than ${events >= MISP_FEED_MAX_EVENTS ? `${MISP_FEED_MAX_EVENTS} events` : `${maxTotalBytes} bytes of events`}: the rest were not read`,
      );
      break;
    }
    if (!UUID.test(uuid)) {
      bad(`event id ${JSON.stringify(uuid.slice(0, 80))} is not a UUID`);
      continue;
    }
    const text = await readEvent(`${uuid.toLowerCase()}.json`);
    if (text === null) {
      bad(`${uuid}.json: missing`);
      continue;
    }
    events++;
    bytes += text.length;
    hash.update(uuid).update(text);
    const event = parseMispEvent(text, now);
    for (const e of event.entries) parsed.entries.push(e);
    parsed.malformed += event.malformed;
    for (const x of event.malformedExamples)
      if (parsed.malformedExamples.length < MAX_EXAMPLES) parsed.malformedExamples.push(`${uuid}.json: ${x}`);
  }
  return { parsed, digest: hash.digest(), events };
}
