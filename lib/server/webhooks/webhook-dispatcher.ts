// Sends the outbox (webhook-store.ts): claims due deliveries, signs each attempt the Standard Webhooks
// way (webhook-id / webhook-timestamp / webhook-signature: "v1," + base64 HMAC-SHA256 of
// "id.timestamp.body" under the key's secret, by the `standardwebhooks` reference library), and
// retries with the schedule of the Standard Webhooks spec (Svix's: 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h, 10 h) until a 2xx, a 410 Gone, a refused target or the last attempt. The schedule lives in
// the database rows, so a restart resumes it; every process runs a dispatcher, the leases keep a
// delivery to one sender at a time.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Webhook } from "standardwebhooks";
import type { WebhookDeliveriesTable } from "../db/database";
import { iso } from "../scans/report";
import { CallbackRefused, resolveCallbackTarget, type Lookup } from "./callback-url";
import { sendWebhook, type SendOutcome } from "./send-webhook";
import type { DeliveryAttempt, WebhookStore } from "./webhook-store";

/** Delays before the 2nd, 3rd, ... attempt (Standard Webhooks "retry schedule"); 8 attempts over about 28 hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];
/** One attempt may take this long (connect, send, the status line). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries one dispatcher sends at once. */
export const WEBHOOK_BATCH = 10;
/** A claim outlives the attempt's timeout by this much before another process may take the delivery over. */
const LEASE_MARGIN_MS = 30_000;

export interface WebhookDispatcherOptions {
  store: WebhookStore;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  allowPrivate: boolean;
  log: (message: string, error?: unknown) => void;
  clock?: () => number;
  lookup?: Lookup;
  send?: typeof sendWebhook;
}

/** The signed headers of one attempt. */
export function signedHeaders(secret: string, webhookId: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": webhookId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(webhookId, at, body),
  };
}

export class WebhookDispatcher {
  readonly leaseOwner = `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;
  private readonly clock: () => number;
  private running: Promise<number> | null = null;
  private again = false;
  /** aborted by close(): attempts in flight end, claims go back to the outbox */
  private readonly closing = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /** Sends what is due now; a call while a round runs makes it run once more after (nothing new is missed). */
  run(): Promise<number> {
    if (this.closing.signal.aborted) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      try {
        do {
          this.again = false;
          sent += await this.round();
        } while (this.again);
      } finally {
        this.running = null;
      }
      return sent;
    })();
    return this.running;
  }

  /** Resolves when no round runs (at shutdown, before the database closes). */
  async idle(): Promise<void> {
    await this.running?.catch(() => {});
  }

  /**
   * At shutdown: cuts the attempts in flight short and hands their claims back uncounted, so the
   * next process sends them at once rather than when the lease runs out; sends nothing more.
   */
  async close(): Promise<void> {
    this.closing.abort();
    await this.idle();
  }

  private async round(): Promise<number> {
    const { store, timeoutMs } = this.options;
    let total = 0;
    while (!this.closing.signal.aborted) {
      const claimed = await store.claimDue(this.leaseOwner, this.clock() + timeoutMs + LEASE_MARGIN_MS, WEBHOOK_BATCH);
      if (claimed.length === 0) return total;
      await Promise.all(claimed.map((row) => this.attempt(row)));
      total += claimed.length;
    }
    return total;
  }

  private async attempt(row: WebhookDeliveriesTable): Promise<void> {
    const { store, allowPrivate, lookup, timeoutMs, retryDelaysMs } = this.options;
    const at = this.clock();
    let outcome: SendOutcome;
    let final: boolean;
    try {
      const secret = await store.secretOf(row.key_ref);
      if (!secret) throw new CallbackRefused(`no signing secret for ${row.key_ref}`);
      const target = await resolveCallbackTarget(row.url, { allowPrivate, lookup });
      outcome = await (this.options.send ?? sendWebhook)(
        target,
        signedHeaders(secret, row.id, new Date(at), row.payload),
        row.payload,
        timeoutMs,
        this.closing.signal,
      );
      // 410 Gone: the receiver asks not to be called again (Standard Webhooks)
      final = outcome.error === null || outcome.statusCode === 410;
    } catch (error) {
      final = error instanceof CallbackRefused;
      outcome = {
        statusCode: null,
        error: error instanceof CallbackRefused ? `refused: ${error.message}` : `not sent: ${(error as Error).message}`,
        durationMs: 0,
      };
    }
    if (this.closing.signal.aborted && outcome.statusCode === null) {
      // cut short by the shutdown, not by the receiver: not an attempt
      await store
        .handBack(row, this.leaseOwner)
        .catch((error: unknown) => this.options.log(`handing back webhook ${row.id} failed`, error));
      return;
    }
    const delay = retryDelaysMs[row.attempts];
    const nextAttemptAt = final || delay === undefined ? null : this.clock() + delay;
    const attempt: DeliveryAttempt = {
      at: iso(at),
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
    };
    try {
      await store.recordAttempt(row, this.leaseOwner, attempt, nextAttemptAt);
    } catch (error) {
      // the lease expires and the delivery is tried again: at-least-once, as the spec says receivers expect
      this.options.log(`recording webhook ${row.id} failed`, error);
    }
    if (outcome.error !== null)
      this.options.log(
        `webhook ${row.id} (${row.event_type}) to ${new URL(row.url).origin}: ${outcome.error}${nextAttemptAt === null ? ", giving up" : `, next attempt at ${iso(nextAttemptAt)}`}`,
      );
  }
}
