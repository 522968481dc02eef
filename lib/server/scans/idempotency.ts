// Idempotency-Key on POST /api/scans (draft-ietf-httpapi-idempotency-key-header, as Stripe does it): a
// pipeline that retries a timed-out upload with the same key gets the scan the first request created,
// not a second one. Keys are per principal and remembered for IDEMPOTENCY_TTL_MS. The request's
// fingerprint (file hash, file name and options; not the document password, which is never kept in
// any form) decides: the same key with another request is a 422, the same key while the first
// request is still being handled a 409 (the draft's answers).
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { ApiError } from "../errors";

/** A key is remembered this long (Stripe: 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A first request still unfinished after this long died with its process: a retry may take the key over. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;
/** Keys are at most this long (UUIDs are 36; Stripe allows 255). */
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;
/** The request header (the draft's name). */
export const IDEMPOTENCY_HEADER = "idempotency-key";

/** The header's value, or undefined when absent; 400 when it is not 1-255 visible ASCII characters. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const raw = headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return undefined;
  // the draft's value is a Structured Field string ("..."); plain tokens are accepted too, as Stripe does
  const key = /^"(.*)"$/.exec(raw.trim())?.[1] ?? raw.trim();
  if (key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY_CHARS || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError("invalid_request", "The Idempotency-Key header is invalid.", {
      errors: [
        {
          field: "Idempotency-Key",
          message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_CHARS} visible ASCII characters (a UUID, say)`,
        },
      ],
    });
  }
  return key;
}

/** What the request asks for, as one hash: the same key must come with the same fingerprint. */
export function requestFingerprint(parts: Record<string, string | boolean | undefined>): string {
  const canonical = JSON.stringify(
    Object.keys(parts)
      .sort()
      .map((k) => [k, parts[k] ?? null]),
  );
  return createHash("sha256").update(canonical).digest("hex");
}

/** What a key names once its first request is done: the scan it created, or the batch of a ZIP upload. */
export type IdempotentResult = { scanId: string } | { batchId: string };
export type IdempotencyClaim = { kind: "new" } | ({ kind: "replay" } & IdempotentResult);

export class IdempotencyKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Claims the key for a new request, or names the scan an earlier request with it created. 422
   * idempotency_key_mismatch for another request under the key, 409 idempotency_key_in_use while
   * the first one is still being handled.
   */
  async claim(owner: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const now = this.clock();
    // an expired key, or a first request that died half-way, no longer holds the key
    await this.db
      .deleteFrom("idempotency_keys")
      .where("owner", "=", owner)
      .where("key", "=", key)
      .where((eb) =>
        eb.or([
          eb("expires_at", "<=", now),
          eb.and([
            eb("scan_id", "is", null),
            eb("batch_id", "is", null),
            eb("created_at", "<", now - IDEMPOTENCY_ABANDONED_MS),
          ]),
        ]),
      )
      .execute();
    const inserted = await this.db
      .insertInto("idempotency_keys")
      .values({
        owner,
        key,
        request_hash: fingerprint,
        scan_id: null,
        batch_id: null,
        created_at: now,
        expires_at: now + IDEMPOTENCY_TTL_MS,
      })
      .onConflict((oc) => oc.columns(["owner", "key"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { kind: "new" };
    const existing = await this.db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("owner", "=", owner)
      .where("key", "=", key)
      .executeTakeFirst();
    if (!existing) return this.claim(owner, key, fingerprint); // released in between: try again
    if (existing.request_hash !== fingerprint) {
      throw new ApiError(
        "idempotency_key_mismatch",
        "This Idempotency-Key was already used with another request (another file or other options). Use a new key for a new request.",
      );
    }
    if (existing.scan_id !== null) return { kind: "replay", scanId: existing.scan_id };
    if (existing.batch_id !== null) return { kind: "replay", batchId: existing.batch_id };
    throw new ApiError(
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still being handled; retry shortly.",
      { headers: { "retry-after": "1" } },
    );
  }

  /** The claimed request created this scan or batch: later requests with the key get it. */
  async complete(owner: string, key: string, result: IdempotentResult): Promise<void> {
    const set = "scanId" in result ? { scan_id: result.scanId } : { batch_id: result.batchId };
    await this.db.updateTable("idempotency_keys").set(set).where("owner", "=", owner).where("key", "=", key).execute();
  }

  /** The claimed request failed: the key is free for a retry. */
  async release(owner: string, key: string): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where("owner", "=", owner)
      .where("key", "=", key)
      .where("scan_id", "is", null)
      .where("batch_id", "is", null)
      .execute();
  }

  /** Forgets the keys that named a deleted scan, or the batch it belonged to (a retry then creates anew). */
  async forgetScan(scanId: string, batchId: string | null = null): Promise<void> {
    await this.db
      .deleteFrom("idempotency_keys")
      .where((eb) => eb.or([eb("scan_id", "=", scanId), ...(batchId === null ? [] : [eb("batch_id", "=", batchId)])]))
      .execute();
  }

  /** Drops expired keys (the retention sweep). */
  async sweep(now: number = this.clock()): Promise<number> {
    const res = await this.db.deleteFrom("idempotency_keys").where("expires_at", "<=", now).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
