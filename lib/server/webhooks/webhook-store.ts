// The webhooks' tables: each key's signing secret, and the delivery outbox. A delivery row is written
// in the same transaction as the scan transition that caused it (ScanRepository's outbox hook), so a
// crash cannot lose a webhook; dispatchers in any process claim due rows with a lease, as stages are
// claimed (scan-repository.ts), so a webhook is sent by one process at a time and resumed by another
// after a crash or a restart.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, WebhookDeliveriesTable } from "../db/database";
import { iso } from "../scans/report";
import type { ScanRow } from "../scans/scan-repository";
import { webhookEventOf, webhookPayloadOf, WEBHOOK_EVENT_TYPES } from "./webhook-events";

/** Standard Webhooks secret format: whsec_ + base64 of the key bytes (24 to 64 bytes). */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;
/** Whose secret signs a scan's webhooks: the key that created it, or everyone's when auth is off. */
export const LOCAL_KEY_REF = "local";
/** Attempts remembered per delivery (the schedule has 8 by default; operators may configure more). */
export const MAX_LOGGED_ATTEMPTS = 50;

export const DELIVERY_STATES = ["pending", "succeeded", "failed"] as const;

const isoTime = z.iso.datetime();
export const DeliveryAttempt = z.object({
  at: isoTime,
  statusCode: z
    .number()
    .int()
    .nullable()
    .meta({ description: "the receiver's HTTP status; null when it did not answer or the target was refused" }),
  error: z.string().nullable(),
  durationMs: z.number().int().min(0),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

/** A delivery as GET /api/scans/:scanId/webhooks shows it. */
export const WebhookDelivery = z.object({
  webhookId: z.string().meta({ description: "the webhook-id header of every attempt (receivers deduplicate on it)" }),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  url: z.string(),
  state: z.enum(DELIVERY_STATES).meta({
    description: "pending: attempts left; succeeded: a 2xx came back; failed: attempts exhausted or target refused",
  }),
  attempts: z.number().int().min(0),
  nextAttemptAt: isoTime.nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  attemptLog: z.array(DeliveryAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export function toWebhookDelivery(row: WebhookDeliveriesTable): WebhookDelivery {
  return {
    webhookId: row.id,
    eventType: row.event_type as WebhookDelivery["eventType"],
    url: row.url,
    state: row.state as WebhookDelivery["state"],
    attempts: row.attempts,
    nextAttemptAt: row.state === "pending" ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    attemptLog: JSON.parse(row.attempt_log) as DeliveryAttempt[],
  };
}

/**
 * The outbox row for a scan transition (ScanRepository calls this inside the transition), or null
 * when the scan has no callback or the step sends nothing.
 */
export function webhookDeliveryFor(before: ScanRow, after: ScanRow, now: number): WebhookDeliveriesTable | null {
  if (!after.callback_url) return null;
  const type = webhookEventOf(before.status, after.status);
  if (!type) return null;
  return {
    id: `msg_${randomBytes(16).toString("base64url")}`,
    scan_id: after.id,
    owner: after.owner,
    key_ref: after.callback_key ?? LOCAL_KEY_REF,
    url: after.callback_url,
    event_type: type,
    payload: JSON.stringify(webhookPayloadOf(type, after, now)),
    state: "pending",
    attempts: 0,
    next_attempt_at: now,
    lease_owner: null,
    lease_until: null,
    last_status: null,
    last_error: null,
    attempt_log: "[]",
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
}

export class WebhookStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  async secretOf(keyRef: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("webhook_secrets")
      .select("secret")
      .where("key_ref", "=", keyRef)
      .executeTakeFirst();
    return row?.secret ?? null;
  }

  /** The key's secret, created when it has none: `created` says whether to show it (only this once). */
  async ensureSecret(keyRef: string): Promise<{ secret: string; created: boolean }> {
    const existing = await this.secretOf(keyRef);
    if (existing) return { secret: existing, created: false };
    const secret = newSigningSecret();
    // two first callbacks at once: one insert wins, the other reads the winner's secret
    const res = await this.db
      .insertInto("webhook_secrets")
      .values({ key_ref: keyRef, secret, created_at: this.clock() })
      .onConflict((oc) => oc.column("key_ref").doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0n) > 0) return { secret, created: true };
    return { secret: (await this.secretOf(keyRef))!, created: false };
  }

  /** A new secret for the key (the old one stops signing at once); returned this once. */
  async rotateSecret(keyRef: string): Promise<string> {
    const secret = newSigningSecret();
    const now = this.clock();
    await this.db
      .insertInto("webhook_secrets")
      .values({ key_ref: keyRef, secret, created_at: now })
      .onConflict((oc) => oc.column("key_ref").doUpdateSet({ secret, created_at: now }))
      .execute();
    return secret;
  }

  /** The scan's deliveries in the order their events happened (two steps in one millisecond: by the event order). */
  async listForScan(scanId: string): Promise<WebhookDeliveriesTable[]> {
    const rows = await this.db.selectFrom("webhook_deliveries").selectAll().where("scan_id", "=", scanId).execute();
    const rank = (r: WebhookDeliveriesTable) =>
      WEBHOOK_EVENT_TYPES.indexOf(r.event_type as (typeof WEBHOOK_EVENT_TYPES)[number]);
    return rows.sort((a, b) => a.created_at - b.created_at || rank(a) - rank(b));
  }

  /** Claims up to `limit` due deliveries for `leaseOwner` until `leaseUntil`; each row is claimed by one process only. */
  async claimDue(leaseOwner: string, leaseUntil: number, limit: number): Promise<WebhookDeliveriesTable[]> {
    const now = this.clock();
    const due = await this.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("state", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .orderBy("next_attempt_at")
      .limit(limit)
      .execute();
    const claimed: WebhookDeliveriesTable[] = [];
    for (const { id } of due) {
      const res = await this.db
        .updateTable("webhook_deliveries")
        .set({ lease_owner: leaseOwner, lease_until: leaseUntil, updated_at: now })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) continue; // another process took it
      const row = await this.db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  }

  /** Gives a claimed delivery back unattempted (this process shuts down): due again at once, for any process. */
  async handBack(row: WebhookDeliveriesTable, leaseOwner: string): Promise<boolean> {
    const res = await this.db
      .updateTable("webhook_deliveries")
      .set({ lease_owner: null, lease_until: null, updated_at: this.clock() })
      .where("id", "=", row.id)
      .where("lease_owner", "=", leaseOwner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Records one attempt of a claimed delivery: `nextAttemptAt` null ends it (succeeded when the
   * attempt did, failed otherwise). Lease-guarded: a process that lost its claim records nothing.
   */
  async recordAttempt(
    row: WebhookDeliveriesTable,
    leaseOwner: string,
    attempt: DeliveryAttempt,
    nextAttemptAt: number | null,
  ): Promise<boolean> {
    const now = this.clock();
    const log = [...(JSON.parse(row.attempt_log) as DeliveryAttempt[]), attempt].slice(-MAX_LOGGED_ATTEMPTS);
    const succeeded = attempt.error === null;
    const res = await this.db
      .updateTable("webhook_deliveries")
      .set({
        attempts: row.attempts + 1,
        state: nextAttemptAt === null ? (succeeded ? "succeeded" : "failed") : "pending",
        next_attempt_at: nextAttemptAt ?? row.next_attempt_at,
        lease_owner: null,
        lease_until: null,
        last_status: attempt.statusCode,
        last_error: attempt.error,
        attempt_log: JSON.stringify(log),
        updated_at: now,
        finished_at: nextAttemptAt === null ? now : null,
      })
      .where("id", "=", row.id)
      .where("lease_owner", "=", leaseOwner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
