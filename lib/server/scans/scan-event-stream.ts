// A scan's Server-Sent Events stream (GET /api/scans/:scanId/events, and a share link's
// /share/:token/events): what changed, as it changes, until the scan reaches a terminal state.
// Events come from the changes the repository announces, each with the row as written
// (scan-changes.ts), so every status arrives in order; the stream also re-reads the row every
// `pollMs` (the database is the truth: a lost message delays an event, never loses it), and sends
// a state only when it is further on than the last one sent.
//   event: scan     data: the scan resource (status, advancedStatus, enrichmentStatus, verdict, ...),
//                   on connect and on each change; id: its updatedAt in ms
//   event: verdict  data: {verdict, score, confidence, stage}, when the verdict or score changed
//   event: end      data: {status}, at a terminal state (completed, failed, expired); then the stream ends
//   event: deleted  data: {scanId}, when the scan was deleted; then the stream ends
// A client that reconnects with Last-Event-ID (the EventSource does it by itself) gets the current state
// only if it changed since that event. Comments (": keep-alive") keep proxies from closing an idle stream.
import type { ScanResource } from "./scan-resource";
import { ADVANCED_STATUSES, ENRICHMENT_STATUSES, SCAN_STATUSES, TERMINAL_STATUSES } from "../domain/state-machine";

export interface ScanEventSource {
  /** the scan as the caller may see it; null once it is gone (deleted) */
  load(): Promise<ScanResource | null>;
  /** calls `changed` with each change as written (null: deleted); returns the unsubscribe */
  subscribe(changed: (scan: ScanResource | null) => void): () => void;
  /** resolves once the subscription hears changes from every process: the first read comes after it */
  listening(): Promise<void>;
  /** re-read at least this often */
  pollMs: number;
  /** the id of the last event the client saw (Last-Event-ID), if it reconnects */
  lastEventId: string | null;
  /** the client went away */
  signal: AbortSignal;
}

/** How long a client waits before it reconnects (the `retry:` field). */
const RETRY_MS = 2_000;
/** a comment this often, whatever the re-read interval: proxies close connections idle for a minute or so */
const KEEP_ALIVE_MS = 15_000;
const TERMINAL = new Set<string>(TERMINAL_STATUSES);
const encoder = new TextEncoder();

export const eventIdOf = (scan: ScanResource): string => String(Date.parse(scan.updatedAt));

/** One event in the text/event-stream format (the data is JSON: one line). */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * How far on a state is: statuses only move forward (state-machine.ts), and a transition that keeps
 * them (a resumed stage) is later by its updatedAt. A message that arrives after a newer re-read is older.
 */
function isFurther(a: ScanResource, b: ScanResource): boolean {
  const key = (s: ScanResource) => [
    SCAN_STATUSES.indexOf(s.status),
    ADVANCED_STATUSES.indexOf(s.advancedStatus),
    ENRICHMENT_STATUSES.indexOf(s.enrichmentStatus),
    Date.parse(s.updatedAt),
  ];
  const [ka, kb] = [key(a), key(b)];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] > kb[i];
  return false;
}

/**
 * The events a new state means, given the last one sent on this connection (null: none yet), or []
 * when it is not further on. `lastEventId`: the client resumes after that event.
 */
export function eventsBetween(
  previous: ScanResource | null,
  current: ScanResource | null,
  lastEventId: string | null,
  scanId: string,
): string[] {
  if (!current) return [sseEvent("deleted", { scanId })];
  if (previous && !isFurther(current, previous)) return [];
  const id = eventIdOf(current);
  // a reconnecting client that saw this very state gets nothing new (but the end, if it is the end)
  const seen = previous === null && lastEventId === id;
  const out: string[] = [];
  if (!seen) out.push(sseEvent("scan", current, id));
  const verdictMoved =
    current.verdict !== null &&
    !seen &&
    (previous === null || previous.verdict !== current.verdict || previous.score !== current.score);
  if (verdictMoved) {
    const stage = current.advancedStatus === "completed" ? "advanced" : "fast";
    out.push(
      sseEvent("verdict", { verdict: current.verdict, score: current.score, confidence: current.confidence, stage }),
    );
  }
  if (TERMINAL.has(current.status)) out.push(sseEvent("end", { status: current.status }));
  return out;
}

/** The stream: events as the scan changes, ending at a terminal state, a deletion, or the client's leaving. */
export function scanEventStream(scanId: string, source: ScanEventSource): ReadableStream<Uint8Array> {
  let previous: ScanResource | null = null;
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let reading = false;
      let again = false;
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        for (const t of timers) clearInterval(t);
        unsubscribe();
        source.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      stop = close;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const apply = (current: ScanResource | null) => {
        if (closed) return;
        const events = eventsBetween(previous, current, source.lastEventId, scanId);
        for (const e of events) send(e);
        if (current && (previous === null || isFurther(current, previous))) previous = current;
        if (!current || TERMINAL.has(current.status)) close();
      };
      // a re-read at a time; one asked for during a read runs after it
      const read = async () => {
        if (closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            apply(await source.load());
          } while (again && !closed);
        } catch {
          // the store is unreachable for a moment: the next poll tries again
        } finally {
          reading = false;
        }
      };
      source.signal.addEventListener("abort", close);
      send(`retry: ${RETRY_MS}\n\n`);
      // a deletion is confirmed by a re-read (the link or the key may also be what went away)
      unsubscribe = source.subscribe((scan) => (scan ? apply(scan) : void read()));
      timers.push(setInterval(() => void read(), source.pollMs));
      timers.push(setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS));
      void source.listening().finally(() => void read());
    },
    cancel() {
      stop();
    },
  });
}

/** The HTTP answer: text/event-stream, never cached, never compressed or buffered on the way. */
export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression (and any proxy's) leaves the stream alone, so each event
      // reaches the client when it is written
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
