// "Scan X changed, and is now this": what the event streams (GET /api/scans/:scanId/events) are made
// of. The repository announces every transition it wrote, with the row as written, so a stream sees
// each status in order even when the next transition follows within a millisecond; a deletion is
// announced without a row. The database stays the truth: a stream also re-reads the row every
// EVENTS_POLL_MS, so a lost message delays an event, never loses it. Embedded, stages run in the web
// process, so an EventEmitter carries the changes; scaled out, workers in other processes write the
// transitions, so they cross through Redis pub/sub.
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { ScanRow } from "./scan-repository";

/** The row without its stored results (the scan resource does not show them; a message stays small). */
export type ScanChange = { scanId: string; row: ScanRow | null };

export interface ScanChanges {
  /** a transition of this scan was written (`row`: as written), or the scan was deleted (null) */
  notify(scanId: string, row: ScanRow | null): void;
  /** calls `listener` on each change of this scan, in any process; returns the unsubscribe */
  subscribe(scanId: string, listener: (row: ScanRow | null) => void): () => void;
  /** resolves once changes written elsewhere reach this process's subscribers (read the state after it) */
  listening(): Promise<void>;
  close(): Promise<void>;
}

/** Columns that hold results or secrets-in-transit: never in a message. */
const HEAVY: readonly (keyof ScanRow)[] = ["fast_result", "advanced_result", "enrichment_result", "pending_event"];

function withoutResults(row: ScanRow | null): ScanRow | null {
  if (!row) return null;
  const light = { ...row };
  for (const k of HEAVY) (light as Record<string, unknown>)[k] = null;
  return light;
}

/** Within one process (the embedded configuration). */
export class LocalScanChanges implements ScanChanges {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(scanId: string, row: ScanRow | null): void {
    this.emitter.emit(scanId, withoutResults(row));
  }

  subscribe(scanId: string, listener: (row: ScanRow | null) => void): () => void {
    this.emitter.on(scanId, listener);
    return () => this.emitter.off(scanId, listener);
  }

  async listening(): Promise<void> {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Across processes: one channel for all scans (a message is a ScanChange in JSON), published by
 * whoever wrote the transition and heard by every web process; Redis delivers one publisher's
 * messages in order. The subscriber connection is opened on the first subscribe: workers only publish.
 */
export class RedisScanChanges implements ScanChanges {
  private readonly local = new LocalScanChanges();
  private readonly publisher: Redis;
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> = Promise.resolve();
  private readonly channel: string;

  constructor(
    private readonly url: string,
    prefix: string,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.channel = `${prefix}:scan-changed`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.publisher.on("error", () => {}); // a lost signal costs latency only (see the file comment)
  }

  notify(scanId: string, row: ScanRow | null): void {
    const change: ScanChange = { scanId, row: withoutResults(row) };
    this.publisher
      .publish(this.channel, JSON.stringify(change))
      .catch((error) => this.log("scan change not published", error));
  }

  subscribe(scanId: string, listener: (row: ScanRow | null) => void): () => void {
    if (!this.subscriber) {
      const subscriber = (this.subscriber = new Redis(this.url, { lazyConnect: true }));
      subscriber.on("error", () => {});
      subscriber.on("message", (_channel: string, message: string) => {
        let change: ScanChange;
        try {
          change = JSON.parse(message) as ScanChange;
        } catch {
          return;
        }
        if (typeof change.scanId === "string") this.local.notify(change.scanId, change.row);
      });
      this.subscribed = subscriber.subscribe(this.channel).then(
        () => {},
        (error) => this.log("scan changes not subscribed", error),
      );
    }
    return this.local.subscribe(scanId, listener);
  }

  listening(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    await this.local.close();
    this.publisher.disconnect();
    this.subscriber?.disconnect();
  }
}
