// All reads and writes of the scans table, for SQLite and PostgreSQL alike (one kysely query layer).
// Status columns are written in exactly two places: insert() (the initial state) and transition(),
// which asks the state machine for the next state and writes it with compare-and-set on the current
// (status, advancedStatus, enrichmentStatus) triple, optionally also on the lease. A writer that lost
// a race, or replays a job, updates nothing and is told so (null). Other writes (heartbeat,
// checkpoint, file deletion) never touch the status columns.
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Verdict } from "../../analyzer/report";
import type { Database, ScansTable, WebhookDeliveriesTable } from "../db/database";
import {
  isReportReady,
  TERMINAL_STATUSES,
  transition as nextState,
  type ScanEvent,
  type ScanState,
  type ScanStatus,
  type Stage,
} from "../domain/state-machine";

export type ScanRow = ScansTable;

/** Columns a transition or checkpoint may set besides the status triple. */
export type ScanPatch = Partial<
  Omit<ScansTable, "id" | "owner" | "status" | "advanced_status" | "enrichment_status" | "created_at" | "updated_at">
>;

export interface TransitionGuard {
  /** the writer holds the lease of the running stage */
  leaseOwner?: string;
  /** take-over of a dead worker's stage: the lease must have expired before this time */
  leaseExpiredBefore?: number;
}

/** What a listing may be narrowed to (GET /api/scans?verdict=&status=&q=). */
export interface ScanFilter {
  verdict?: Verdict;
  status?: ScanStatus;
  /** a SHA-256 or a hex prefix of one, or a case-insensitive part of the file name */
  q?: string;
  /** the scans of one uploaded ZIP */
  batchId?: string;
  /** scans whose indicators include this value (a URL, domain, IP or address; lower case) */
  ioc?: string;
}

/** Indicators indexed per scan (the rest are in its report). */
export const MAX_INDEXED_INDICATORS = 2_000;

/** An earlier scan of the same file (the report's seenBefore). */
export interface EarlierScan {
  id: string;
  created_at: number;
  verdict: string | null;
  file_name: string;
  owner: string;
}

export interface RunnableScan {
  id: string;
  owner: string;
  stage: Stage;
}

const STATUS_COLUMNS = ["status", "advanced_status", "enrichment_status"] as const;
const QUEUED_STATUSES: ScanStatus[] = ["queued_fast_scan", "completed_fast_scan", "queued_advanced_scan"];
const RUNNING_STATUSES: ScanStatus[] = ["running_fast_scan", "running_advanced_scan"];
const FAST_STATUSES: ScanStatus[] = ["queued_fast_scan", "running_fast_scan"];

export const stateOf = (row: Pick<ScanRow, "status" | "advanced_status" | "enrichment_status">): ScanState => ({
  status: row.status,
  advancedStatus: row.advanced_status,
  enrichmentStatus: row.enrichment_status,
});

export class ScanDataInvariantError extends Error {
  override name = "ScanDataInvariantError";
}

/** Column invariants that go with a state (the state machine owns the status ones). */
function assertDataInvariants(state: ScanState, row: ScanRow): void {
  const fail = (msg: string) => {
    throw new ScanDataInvariantError(`scan ${row.id} at ${state.status}: ${msg}`);
  };
  if (isReportReady(state.status)) {
    // contract: from completed_fast_scan on, verdict and score are set (never null)
    if (row.verdict === null || row.score === null || row.fast_result === null)
      fail("verdict, score and the fast result must be set");
  }
  if (state.status === "failed" && !row.failure_reason) fail("a failed scan needs a failure reason");
  if (state.advancedStatus === "failed" && state.status !== "failed" && !row.advanced_failure_reason)
    fail("a failed advanced stage needs a reason");
  if (state.enrichmentStatus === "failed" && state.status !== "failed" && !row.enrichment_failure_reason)
    fail("a failed enrichment needs a reason");
}

const HEX = /^[0-9a-f]{1,64}$/i;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search text matches a scan by SHA-256 prefix (when it is hex) or as a part of the file name.
 * Case-insensitive through lower() on both sides; SQLite's lower() folds ASCII only, so the name is
 * also compared as typed, and a non-ASCII name is always found by its own spelling.
 */
function matchesSearch(text: string) {
  const pattern = `%${likeEscaped(text)}%`;
  return (eb: ExpressionBuilder<Database, "scans">) =>
    eb.or([
      ...(HEX.test(text) ? [eb("sha256", "like", `${text.toLowerCase()}%`)] : []),
      eb(sql<string>`lower(file_name)`, "like", sql<string>`lower(${pattern}) escape '\\'`),
      eb(sql<string>`file_name`, "like", sql<string>`${pattern} escape '\\'`),
    ]);
}

async function retainedBytesOf(db: Kysely<Database>, owner: string): Promise<number> {
  const r = await db
    .selectFrom("scans")
    .select((eb) => eb.fn.sum<number | string | null>("file_size").as("n"))
    .where("owner", "=", owner)
    .where("file_retained", "=", 1)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export class ScanRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
    /** told of every transition written, with the row as written (scan-changes.ts: the event streams) */
    private readonly changed: (row: ScanRow) => void = () => {},
    /**
     * The webhook a transition sends, if any (webhooks/webhook-store.ts webhookDeliveryFor): written
     * in the transition's own transaction, so a step and its webhook are recorded together or not at all.
     */
    private readonly outbox: (before: ScanRow, after: ScanRow, now: number) => WebhookDeliveriesTable | null = () =>
      null,
  ) {}

  async insert(row: ScanRow): Promise<void> {
    await this.db.insertInto("scans").values(row).execute();
  }

  async get(id: string): Promise<ScanRow | undefined> {
    return this.db.selectFrom("scans").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** A scan of `owner`, or undefined for a missing scan and for another owner's scan alike. */
  async getOwned(owner: string, id: string): Promise<ScanRow | undefined> {
    return this.db.selectFrom("scans").selectAll().where("id", "=", id).where("owner", "=", owner).executeTakeFirst();
  }

  /** The owner's scans (null: everyone's) that pass `filter`, newest first, after the keyset position `before` (exclusive). */
  async listOwned(
    owner: string | null,
    { limit, before, filter = {} }: { limit: number; before?: { createdAt: number; id: string }; filter?: ScanFilter },
  ): Promise<ScanRow[]> {
    let q = this.db.selectFrom("scans").selectAll();
    if (owner !== null) q = q.where("owner", "=", owner);
    if (filter.verdict) q = q.where("verdict", "=", filter.verdict);
    if (filter.status) q = q.where("status", "=", filter.status);
    if (filter.q) q = q.where(matchesSearch(filter.q));
    if (filter.batchId) q = q.where("batch_id", "=", filter.batchId);
    if (filter.ioc) {
      const value = filter.ioc;
      q = q.where("id", "in", (eb) => {
        let sub = eb.selectFrom("scan_indicators").select("scan_id").where("value", "=", value);
        if (owner !== null) sub = sub.where("owner", "=", owner);
        return sub;
      });
    }
    if (before) {
      q = q.where((eb) =>
        eb.or([
          eb("created_at", "<", before.createdAt),
          eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
        ]),
      );
    }
    return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  }

  /** Removes the owner's scan row; true if there was one. */
  async deleteOwned(owner: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom("scans").where("id", "=", id).where("owner", "=", owner).executeTakeFirst();
    // its share links, webhooks and indexed indicators go with it (they would open or announce nothing, but the scan id should not linger)
    await this.db.deleteFrom("share_links").where("scan_id", "=", id).execute();
    await this.db.deleteFrom("scan_indicators").where("scan_id", "=", id).execute();
    await this.db.deleteFrom("webhook_deliveries").where("scan_id", "=", id).execute();
    return Number(res.numDeletedRows) > 0;
  }

  /**
   * Inserts the scan only if the owner's stored uploads plus this one stay within `quotaBytes`: the
   * scan row is the reservation (its bytes count while file_retained is 1, and stop counting when
   * the file is deleted, expires or the scan is deleted). The check and the insert are one
   * transaction that first writes the owner's quota_locks row, so two uploads of one owner are
   * decided one after the other (PostgreSQL: the upsert holds the row lock until commit, and under
   * READ COMMITTED the next statement sees what the previous holder committed; SQLite: the first
   * write takes the database's write lock). Issue 19: twelve concurrent uploads all read the same
   * "used" before any insert and stored 3.6 times the quota.
   */
  async insertWithinQuota(row: ScanRow, quotaBytes: number): Promise<{ inserted: boolean; usedBytes: number }> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock();
      await trx
        .insertInto("quota_locks")
        .values({ principal: row.owner, locked_at: now })
        .onConflict((oc) => oc.column("principal").doUpdateSet({ locked_at: now }))
        .execute();
      const used = await retainedBytesOf(trx, row.owner);
      if (used + row.file_size > quotaBytes) return { inserted: false, usedBytes: used };
      await trx.insertInto("scans").values(row).execute();
      return { inserted: true, usedBytes: used + row.file_size };
    });
  }

  /** Bytes of the owner's uploads still stored (the storage quota counts these). */
  retainedBytes(owner: string): Promise<number> {
    return retainedBytesOf(this.db, owner);
  }

  /**
   * Applies `event` to the scan as read (`scan`), with compare-and-set on its status triple and the
   * guard. Returns the updated row, or null when the row changed meanwhile (another writer won, the
   * lease was lost, or the scan was deleted). Illegal events throw: they are programming errors.
   */
  async transition(
    scan: ScanRow,
    event: ScanEvent,
    patch: ScanPatch = {},
    guard: TransitionGuard = {},
  ): Promise<ScanRow | null> {
    for (const column of STATUS_COLUMNS) {
      if (column in patch)
        throw new ScanDataInvariantError(`status column ${column} may only be set by the state machine`);
    }
    const from = stateOf(scan);
    const to = nextState(from, event);
    const now = this.clock();
    const next: ScanRow = {
      ...scan,
      ...patch,
      status: to.status,
      advanced_status: to.advancedStatus,
      enrichment_status: to.enrichmentStatus,
      updated_at: now,
    };
    assertDataInvariants(to, next);
    let q = this.db
      .updateTable("scans")
      .set({
        ...patch,
        status: to.status,
        advanced_status: to.advancedStatus,
        enrichment_status: to.enrichmentStatus,
        updated_at: now,
      })
      .where("id", "=", scan.id)
      .where("status", "=", from.status)
      .where("advanced_status", "=", from.advancedStatus)
      .where("enrichment_status", "=", from.enrichmentStatus);
    if (guard.leaseOwner !== undefined) q = q.where("lease_owner", "=", guard.leaseOwner);
    if (guard.leaseExpiredBefore !== undefined) {
      const t = guard.leaseExpiredBefore;
      q = q.where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", t)]));
    }
    const message = this.outbox(scan, next, now);
    const written = message
      ? await this.db.transaction().execute(async (trx) => {
          const res = await trx.executeQuery(q.compile());
          if (Number(res.numAffectedRows ?? 0n) === 0) return false;
          await trx.insertInto("webhook_deliveries").values(message).execute();
          return true;
        })
      : Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
    if (!written) return null;
    this.changed(next);
    return next;
  }

  /** Replaces the scan's indexed indicators (each stage's result: the advanced stage's supersede the fast stage's). */
  async indexIndicators(
    scan: Pick<ScanRow, "id" | "owner">,
    indicators: { type: string; value: string }[],
  ): Promise<void> {
    const rows = new Map<string, { scan_id: string; owner: string; type: string; value: string }>();
    for (const i of indicators.slice(0, MAX_INDEXED_INDICATORS)) {
      const value = i.value.toLowerCase().slice(0, 2048);
      rows.set(`${i.type}\u0000${value}`, { scan_id: scan.id, owner: scan.owner, type: i.type, value });
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("scan_indicators").where("scan_id", "=", scan.id).execute();
      const all = [...rows.values()];
      for (let i = 0; i < all.length; i += 500)
        await trx
          .insertInto("scan_indicators")
          .values(all.slice(i, i + 500))
          .execute();
    });
  }

  /** Other scans of the file with this SHA-256, oldest first (owner null: everyone's). */
  async scansOfFile(
    owner: string | null,
    sha256: string,
    exceptId: string,
    limit: number,
  ): Promise<{ count: number; scans: EarlierScan[] }> {
    let base = this.db.selectFrom("scans").where("sha256", "=", sha256).where("id", "!=", exceptId);
    if (owner !== null) base = base.where("owner", "=", owner);
    const [counted, scans] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
      base
        .select(["id", "created_at", "verdict", "file_name", "owner"])
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute(),
    ]);
    return { count: Number(counted?.n ?? 0), scans: scans.map((s) => ({ ...s, created_at: Number(s.created_at) })) };
  }

  /** Extends the lease of a running stage; false when this process no longer holds it. */
  async heartbeat(scan: Pick<ScanRow, "id" | "status">, leaseOwner: string, leaseUntil: number): Promise<boolean> {
    const res = await this.db
      .updateTable("scans")
      .set({ lease_until: leaseUntil })
      .where("id", "=", scan.id)
      .where("status", "=", scan.status)
      .where("lease_owner", "=", leaseOwner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * A running stage this process stopped on shutdown: its lease ends now (any process may resume
   * it) and the claim is not counted against MAX_STAGE_ATTEMPTS. Lease-guarded.
   */
  async handBackLease(scanId: string, leaseOwner: string): Promise<boolean> {
    const res = await this.db
      .updateTable("scans")
      .set((eb) => ({ lease_until: null, attempts: eb("attempts", "-", 1) }))
      .where("id", "=", scanId)
      .where("status", "in", RUNNING_STATUSES)
      .where("lease_owner", "=", leaseOwner)
      .where("attempts", ">", 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /**
   * Records a stage's outcome (results, reasons, the pending event) while the stage still runs, so a
   * crash after this point resumes at finalisation instead of analysing again. Lease-guarded.
   */
  async checkpoint(scan: ScanRow, leaseOwner: string, patch: ScanPatch): Promise<ScanRow | null> {
    for (const column of STATUS_COLUMNS) {
      if (column in patch)
        throw new ScanDataInvariantError(`status column ${column} may only be set by the state machine`);
    }
    const now = this.clock();
    const res = await this.db
      .updateTable("scans")
      .set({ ...patch, updated_at: now })
      .where("id", "=", scan.id)
      .where("status", "=", scan.status)
      .where("lease_owner", "=", leaseOwner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0 ? { ...scan, ...patch, updated_at: now } : null;
  }

  /** Records that the uploaded bytes are gone (not a status change). */
  async markFileDeleted(id: string, at: number): Promise<boolean> {
    const res = await this.db
      .updateTable("scans")
      .set({ file_retained: 0, file_deleted_at: at, updated_at: at })
      .where("id", "=", id)
      .where("file_retained", "=", 1)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Records that retention deleted the scan's page images (not a status change). */
  async markPageImagesDeleted(id: string, at: number): Promise<void> {
    await this.db
      .updateTable("scans")
      .set({ page_images_deleted_at: at, updated_at: at })
      .where("id", "=", id)
      .where("page_images_deleted_at", "is", null)
      .execute();
  }

  /**
   * Work to (re)start: queued stages (optionally only those idle since `queuedBefore`, so recovery
   * does not race the normal hand-off) and running stages whose lease expired. Fair across owners:
   * each owner's oldest first, then their second oldest, and so on (a window rank per owner), so an
   * owner with a thousand queued scans does not fill every batch.
   */
  async findRunnable({
    now,
    limit,
    queuedBefore = Number.MAX_SAFE_INTEGER,
  }: {
    now: number;
    limit: number;
    queuedBefore?: number;
  }): Promise<RunnableScan[]> {
    const rows = await this.db
      .selectFrom("scans")
      .select([
        "id",
        "status",
        "owner",
        sql<number>`row_number() over (partition by owner order by created_at, id)`.as("owner_rank"),
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "in", QUEUED_STATUSES), eb("updated_at", "<=", queuedBefore)]),
          eb.and([
            eb("status", "in", RUNNING_STATUSES),
            eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]),
          ]),
        ]),
      )
      .orderBy("owner_rank")
      .orderBy("created_at")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      owner: r.owner,
      stage: FAST_STATUSES.includes(r.status) ? "fast" : "advanced",
    }));
  }

  /** The owner's scans waiting for this stage (BullMQ ranks a new job of the owner behind them). */
  async countQueued(owner: string, stage: Stage): Promise<number> {
    const statuses: ScanStatus[] =
      stage === "fast" ? ["queued_fast_scan"] : ["completed_fast_scan", "queued_advanced_scan"];
    const r = await this.db
      .selectFrom("scans")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("owner", "=", owner)
      .where("status", "in", statuses)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Scans whose uploaded bytes must go now: retention expired (terminal scans only: a stage still
   * needs the file), or delete_immediately scans that ended without deleting it (crash in between).
   */
  async findRetentionDue(now: number, limit: number): Promise<ScanRow[]> {
    return this.db
      .selectFrom("scans")
      .selectAll()
      .where("file_retained", "=", 1)
      .where("status", "in", [...TERMINAL_STATUSES])
      .where((eb) => eb.or([eb("retention_mode", "=", "delete_immediately"), eb("expires_at", "<=", now)]))
      .orderBy("created_at")
      .limit(limit)
      .execute();
  }

  /** Which of these blob keys still belong to a scan. */
  async blobKeysInUse(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.selectFrom("scans").select("blob_key").where("blob_key", "in", keys).execute();
    return new Set(rows.map((r) => r.blob_key));
  }

  /** Counts by status (health and benchmarks). */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("scans")
      .select(["status", sql<number>`count(*)`.as("n")])
      .groupBy("status")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
