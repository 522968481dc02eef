// The scan operations behind the routes: create, read, list, report, delete, and the retention sweep.
// Every read and delete is owner-scoped: another principal's scan answers exactly like a missing one
// (404 scan_not_found, never 403), so scan ids cannot be probed. Stage execution is in pipeline.ts.
import { createHash } from "node:crypto";
import { audit } from "../auth/audit";
import type { Principal } from "../auth/principal";
import { sampleArchive } from "../../zip/sample-archive";
import { ApiError } from "../errors";
import type { JobQueue } from "../queue/job-queue";
import type { BlobStore } from "../storage/blob-store";
import type { PageImageSize, PageImageStore } from "../storage/page-image-store";
import type { DocumentPasswords } from "./document-passwords";
import { buildReport, storedPagesOf, type ScanReport } from "./report";
import { expiresAtFor, type RetentionMode } from "../domain/retention";
import { isScanId, newScanId } from "./scan-id";
import type { ScanFilter, ScanRepository, ScanRow } from "./scan-repository";
import { initialState } from "../domain/state-machine";
import { sweepExpired, type SweepResult } from "./sweeper";
import { CallbackRefused, resolveCallbackTarget } from "../webhooks/callback-url";
import { LOCAL_KEY_REF, type WebhookStore } from "../webhooks/webhook-store";
import { requestFingerprint, type IdempotencyKeys } from "./idempotency";
import { HTTP_LIMITS } from "../../limits";

/** Earlier scans of the same file listed in a report (the count says how many there are). */
export const SEEN_BEFORE_LISTED = 10;
/** Retry-After (seconds) of a 409 report_not_ready: the fast stage takes well under a second. */
export const REPORT_RETRY_AFTER_S = 1;

export interface CreateScanInput {
  principal: Principal;
  fileName: string;
  bytes: ArrayBuffer;
  retentionMode: RetentionMode;
  enableEnrichment: boolean;
  /** keep the page thumbnails with the report until the scan is deleted (default: they follow the file) */
  keepThumbnails?: boolean;
  /** the document's password (encrypted uploads): handed to the stages through `passwords`, stored nowhere else */
  password?: string;
  /** where the scan's webhooks go (webhooks/) */
  callbackUrl?: string;
  /** the Idempotency-Key header (idempotency.ts): the same key and request give the same scan */
  idempotencyKey?: string;
  /** the uploaded ZIP the file came from (createBatch sets it) */
  batchId?: string;
}

/** A ZIP upload: its PDF members, each a scan of the batch. */
export interface CreateBatchInput extends Omit<CreateScanInput, "fileName" | "bytes" | "batchId"> {
  archiveName: string;
  archiveSha256: string;
  /** read lazily (upload-archive.ts): a member is in memory only while its scan is stored */
  members: AsyncIterable<{ name: string; bytes: ArrayBuffer }>;
}

export interface CreatedBatch {
  batchId: string;
  scans: ScanRow[];
  webhookSecret: string | null;
  replayed: boolean;
}

export interface CreatedScan {
  scan: ScanRow;
  /** the key's webhook signing secret when this scan created it (shown this once), else null */
  webhookSecret: string | null;
  /** an earlier request with the same Idempotency-Key created the scan (nothing new was stored) */
  replayed: boolean;
}

export interface ScanPage {
  items: ScanRow[];
  /** pass as `cursor` for the next (older) page; null on the last page */
  nextCursor: string | null;
}

export interface ScanServiceDeps {
  repo: ScanRepository;
  blobs: BlobStore;
  /** page thumbnails of the scans (deleted with the scan) */
  pageImages?: PageImageStore;
  queue: Pick<JobQueue, "enqueue">;
  clock?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** after a delete: make the deleted rows unrecoverable (SQLite WAL checkpoint) */
  purgeDeleted?: () => Promise<void>;
  /** bytes of uploads one principal may keep at once (retained files and scans still running) */
  quotaBytes?: number;
  /** after a delete: stop the scan's stage if it runs here (ScanPipeline.cancel) */
  onDeleted?: (scanId: string) => void;
  /** where a scan's document password waits for its stages (document-passwords.ts) */
  passwords?: DocumentPasswords;
  /** Idempotency-Key support (idempotency.ts) */
  idempotency?: IdempotencyKeys;
  /** callbackUrl support: the signing secrets, and whether private targets are allowed (PDFSCAN_WEBHOOK_ALLOW_PRIVATE) */
  webhooks?: { store: WebhookStore; allowPrivate: boolean };
}

export class ScanService {
  private readonly clock: () => number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly deps: ScanServiceDeps) {
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? (() => {});
  }

  /**
   * Stores the bytes, then the scan row (status queued_fast_scan), then enqueues the fast stage. A
   * crash between the steps leaves either an orphan upload (the sweeper removes it) or a queued scan
   * that recovery picks up; never a scan without its file.
   */
  async createScan(input: CreateScanInput): Promise<CreatedScan> {
    const { idempotency } = this.deps;
    const key = input.idempotencyKey;
    if (key === undefined || !idempotency) return { ...(await this.storeScan(input)), replayed: false };
    const owner = input.principal.id;
    const claim = await idempotency.claim(owner, key, fingerprintOf(input));
    if (claim.kind === "replay") {
      if (!("scanId" in claim))
        throw new ApiError("idempotency_key_mismatch", "This Idempotency-Key was used for a ZIP upload.");
      const scan = await this.deps.repo.getOwned(owner, claim.scanId);
      if (scan) return { scan, webhookSecret: null, replayed: true };
      // the scan was deleted since (and its key not yet forgotten): the key is free, this request is a new one
      await idempotency.forgetScan(claim.scanId);
      return this.createScan(input);
    }
    try {
      const created = await this.storeScan(input);
      await idempotency.complete(owner, key, { scanId: created.scan.id });
      return { ...created, replayed: false };
    } catch (error) {
      await idempotency
        .release(owner, key)
        .catch((e: unknown) => this.log(`releasing idempotency key of ${owner} failed`, e));
      throw error;
    }
  }

  /**
   * One scan per PDF member of an uploaded ZIP, sharing a batch id; all or nothing: a member that
   * cannot be stored (quota, a store down) removes the batch's scans made so far.
   */
  async createBatch(input: CreateBatchInput): Promise<CreatedBatch> {
    const { idempotency, repo } = this.deps;
    const owner = input.principal.id;
    const key = input.idempotencyKey;
    if (key !== undefined && idempotency) {
      const claim = await idempotency.claim(
        owner,
        key,
        fingerprintOf({ ...input, fileName: input.archiveName, sha256: input.archiveSha256 }),
      );
      if (claim.kind === "replay") {
        if (!("batchId" in claim))
          throw new ApiError("idempotency_key_mismatch", "This Idempotency-Key was used for a single file.");
        const scans = await repo.listOwned(owner, {
          limit: HTTP_LIMITS.ARCHIVE_MAX_PDF_MEMBERS,
          filter: { batchId: claim.batchId },
        });
        return { batchId: claim.batchId, scans: scans.reverse(), webhookSecret: null, replayed: true };
      }
    }
    const batchId = newScanId();
    const scans: ScanRow[] = [];
    let webhookSecret: string | null = null;
    try {
      for await (const member of input.members) {
        const created = await this.storeScan({
          ...input,
          fileName: `${input.archiveName}/${member.name}`.slice(0, 1024),
          bytes: member.bytes,
          batchId,
        });
        scans.push(created.scan);
        webhookSecret ??= created.webhookSecret;
      }
      if (key !== undefined) await idempotency?.complete(owner, key, { batchId });
    } catch (error) {
      for (const scan of scans)
        await this.deleteScan(input.principal, scan.id).catch((e: unknown) =>
          this.log(`removing ${scan.id} of a failed batch failed`, e),
        );
      if (key !== undefined) await idempotency?.release(owner, key).catch(() => {});
      throw error;
    }
    return { batchId, scans, webhookSecret, replayed: false };
  }

  private async storeScan(input: CreateScanInput): Promise<Omit<CreatedScan, "replayed">> {
    const { repo, blobs, queue } = this.deps;
    const now = this.clock();
    const bytes = new Uint8Array(input.bytes);
    const quota = this.deps.quotaBytes;
    if (input.callbackUrl !== undefined) await this.checkCallback(input.callbackUrl);
    // an early refusal before any byte is stored; the decision itself is insertWithinQuota's
    if (quota !== undefined)
      this.checkQuota(input.principal, await repo.retainedBytes(input.principal.id), bytes.byteLength, quota);
    const row = newScanRow(newScanId(), input, bytes, now);
    await blobs.put(row.blob_key, bytes);
    try {
      if (quota === undefined) await repo.insert(row);
      else {
        const decision = await repo.insertWithinQuota(row, quota);
        // refused: the row was not written; the catch below removes the bytes
        if (!decision.inserted) this.checkQuota(input.principal, decision.usedBytes, bytes.byteLength, quota);
      }
    } catch (error) {
      await blobs.delete(row.blob_key).catch(() => {});
      throw error;
    }
    if (input.password !== undefined) await this.keepPassword(row, input.password);
    // before the stage can send a webhook: its signing secret exists (created, and shown, on first use)
    const webhookSecret = row.callback_key ? await this.webhookSecretOf(row) : null;
    audit("scan.created", {
      scanId: row.id,
      owner: row.owner,
      keyId: input.principal.keyId,
      size: row.file_size,
      retentionMode: row.retention_mode,
    });
    // the row is durable now; if the queue is down, recovery enqueues the stage later
    await queue
      .enqueue({ stage: "fast", scanId: row.id, owner: row.owner })
      .catch((error: unknown) => this.log(`enqueue fast stage of ${row.id} failed`, error));
    return { scan: row, webhookSecret };
  }

  /** 400 invalid_request when webhooks cannot go to the URL (its form, or a private target: SSRF guard). */
  private async checkCallback(callbackUrl: string): Promise<void> {
    const webhooks = this.deps.webhooks;
    if (!webhooks)
      throw new ApiError("invalid_request", "This server does not send webhooks.", {
        errors: [{ field: "callbackUrl", message: "not supported here" }],
      });
    try {
      await resolveCallbackTarget(callbackUrl, { allowPrivate: webhooks.allowPrivate });
    } catch (error) {
      if (!(error instanceof CallbackRefused)) throw error;
      throw new ApiError("invalid_request", "Webhooks cannot be sent to this callback URL.", {
        errors: [{ field: "callbackUrl", message: error.message }],
      });
    }
  }

  /** The new secret when the scan's key had none (so it is shown once), else null; the scan is not started without one. */
  private async webhookSecretOf(row: ScanRow): Promise<string | null> {
    try {
      const { secret, created } = await this.deps.webhooks!.store.ensureSecret(row.callback_key!);
      return created ? secret : null;
    } catch (error) {
      this.log(`creating the webhook secret of ${row.callback_key} failed`, error);
      await this.deps.repo.deleteOwned(row.owner, row.id).catch(() => {});
      await this.deps.blobs.delete(row.blob_key).catch(() => {});
      throw new ApiError("unavailable", "The webhook signing secret could not be created; retry shortly.", {
        cause: error,
      });
    }
  }

  /** Hands the password to the stages; a scan whose password cannot be kept is not started. */
  private async keepPassword(row: ScanRow, password: string): Promise<void> {
    const { passwords, repo, blobs } = this.deps;
    try {
      if (!passwords) throw new Error("no password store configured");
      await passwords.put(row.id, password);
    } catch (error) {
      this.log(`keeping the document password of ${row.id} failed`, error);
      await repo.deleteOwned(row.owner, row.id).catch(() => {});
      await blobs.delete(row.blob_key).catch(() => {});
      throw new ApiError("unavailable", "The document password could not be handed to the analysis; retry shortly.", {
        cause: error,
      });
    }
  }

  /** The principal's scan; an admin's any scan (said in the audit log when it is someone else's). */
  async getScan(principal: Principal, scanId: string): Promise<ScanRow> {
    const row = await this.findScan(principal, scanId);
    if (!row) throw new ApiError("scan_not_found", `No scan ${JSON.stringify(scanId.slice(0, 64))}.`);
    if (row.owner !== principal.id) audit("admin.access", { scanId, owner: row.owner, keyId: principal.keyId });
    return row;
  }

  /** The principal's scan as it is now, or null when there is none (an event stream's re-read: no audit line per read). */
  async findScan(principal: Principal, scanId: string): Promise<ScanRow | null> {
    const { repo } = this.deps;
    return (
      (!isScanId(scanId)
        ? undefined
        : principal.admin
          ? await repo.get(scanId)
          : await repo.getOwned(principal.id, scanId)) ?? null
    );
  }

  /** quota_exceeded (413) when `adding` bytes to the `used` ones would pass the quota. */
  private checkQuota(principal: Principal, used: number, adding: number, quota: number): void {
    if (used + adding > quota) {
      audit("quota.exceeded", { principal: principal.id, keyId: principal.keyId, used, adding, quota });
      throw new ApiError(
        "quota_exceeded",
        `Storing this file would exceed your storage quota of ${quota} bytes (${used} in use). Delete scans or wait for their files to expire.`,
        {
          extensions: { quotaBytes: quota, usedBytes: used },
        },
      );
    }
  }

  /** The principal's scans that pass the filter; with `all`, an admin's view of everyone's (audit-logged). */
  async listScans(
    principal: Principal,
    { limit, cursor, all = false, ...filter }: { limit: number; cursor?: string; all?: boolean } & ScanFilter,
  ): Promise<ScanPage> {
    const before = cursor === undefined ? undefined : decodeCursor(cursor);
    if (all && !principal.admin) throw new ApiError("forbidden", "Only admin keys may list every principal's scans.");
    if (all) audit("admin.access", { list: "all", keyId: principal.keyId });
    const rows = await this.deps.repo.listOwned(all ? null : principal.id, { limit: limit + 1, before, filter });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /** The report; 409 report_not_ready (with Retry-After) until the fast stage is done. */
  async getReport(principal: Principal, scanId: string): Promise<ScanReport> {
    const scan = await this.getScan(principal, scanId);
    if (scan.status === "failed") {
      throw new ApiError(
        "report_unavailable",
        `The scan failed and has no report: ${scan.failure_reason ?? "unknown reason"}.`,
        {
          extensions: { scanStatus: scan.status, failureReason: scan.failure_reason },
        },
      );
    }
    const report = buildReport(scan);
    if (!report) {
      throw new ApiError("report_not_ready", `The report is not ready yet (status ${scan.status}).`, {
        headers: { "retry-after": String(REPORT_RETRY_AFTER_S) },
        extensions: { scanStatus: scan.status },
      });
    }
    if (principal.kind === "share") return report;
    const earlier = await this.deps.repo.scansOfFile(
      principal.admin ? null : scan.owner,
      scan.sha256,
      scan.id,
      SEEN_BEFORE_LISTED,
    );
    return {
      ...report,
      seenBefore: {
        count: earlier.count,
        scans: earlier.scans.map((s) => ({
          scanId: s.id,
          createdAt: new Date(s.created_at).toISOString(),
          verdict: s.verdict,
          fileName: s.file_name,
        })),
      },
    };
  }

  /** Removes the scan, its report and its file, in any state. The row goes first: a stage still
   * running for it is stopped and finds nothing to write to (page images it stores after this are
   * removed by the stage itself, pipeline.ts); a crash before the file is gone leaves an orphan
   * upload that the sweeper deletes. */
  async deleteScan(principal: Principal, scanId: string): Promise<void> {
    const scan = await this.getScan(principal, scanId);
    if (!(await this.deps.repo.deleteOwned(scan.owner, scan.id))) {
      throw new ApiError("scan_not_found", `No scan ${JSON.stringify(scanId)}.`);
    }
    audit("scan.deleted", { scanId: scan.id, owner: scan.owner, keyId: principal.keyId });
    await this.deps.idempotency
      ?.forgetScan(scan.id, scan.batch_id)
      .catch((error: unknown) => this.log(`forgetting the idempotency keys of ${scan.id} failed`, error));
    this.deps.onDeleted?.(scan.id);
    await this.deps.passwords
      ?.forget(scan.id)
      .catch((error: unknown) => this.log(`forgetting the document password of ${scan.id} failed`, error));
    await this.deps.blobs.delete(scan.blob_key);
    await this.deps.pageImages?.delete(scan.id);
    await this.deps.purgeDeleted?.();
  }

  /**
   * The uploaded file while it is retained, in a password ZIP ("infected", lib/zip/sample-archive.ts)
   * named by its SHA-256 (a hostile file name never becomes a path in the archive). The owner's or an
   * admin's only (share links have no such route); every download is audited. 410 file_not_retained
   * once the file is gone.
   */
  async getSampleArchive(principal: Principal, scanId: string): Promise<{ zip: Uint8Array; fileName: string }> {
    const { scan, bytes } = await this.retainedFile(principal, scanId, "A share link does not give the file.");
    audit("scan.sample_download", { scanId: scan.id, owner: scan.owner, keyId: principal.keyId });
    return {
      zip: await sampleArchive(`${scan.sha256}.pdf`, new Uint8Array(bytes)),
      fileName: `pdfscan-${scan.id}-sample.zip`,
    };
  }

  /**
   * A new scan of a retained file with the scan's options (retention, enrichment, thumbnails): the
   * same file through today's engines and rules. The new scan is the caller's; its upload counts
   * toward the caller's quota. A document password was forgotten after the first run and is not reused.
   */
  async rerunScan(principal: Principal, scanId: string): Promise<CreatedScan> {
    const { scan, bytes } = await this.retainedFile(principal, scanId, "A share link cannot start a scan.");
    return this.createScan({
      principal,
      fileName: scan.file_name,
      bytes,
      retentionMode: scan.retention_mode as RetentionMode,
      enableEnrichment: scan.enrichment_status !== "disabled",
      keepThumbnails: scan.keep_thumbnails === 1,
    });
  }

  /** The scan and its uploaded bytes, for its owner or an admin; 410 file_not_retained once they are gone. */
  async retainedFile(
    principal: Principal,
    scanId: string,
    notForShares: string,
  ): Promise<{ scan: ScanRow; bytes: ArrayBuffer }> {
    if (principal.kind === "share") throw new ApiError("forbidden", notForShares);
    const scan = await this.getScan(principal, scanId);
    const bytes = scan.file_retained ? await this.deps.blobs.get(scan.blob_key) : null;
    if (!bytes)
      throw new ApiError(
        "file_not_retained",
        "The uploaded file is not kept any more (its retention mode deleted it); the report stays.",
      );
    return { scan, bytes };
  }

  /** One page image (1-based page) of a scan the principal may read; 404 page_not_found when it is not stored. */
  async getPageImage(principal: Principal, scanId: string, page: number, size: PageImageSize): Promise<Uint8Array> {
    return this.pageImageOf(await this.getScan(principal, scanId), page, size);
  }

  /** One page image of a scan already opened (a share link's). */
  async pageImageOf(scan: ScanRow, page: number, size: PageImageSize): Promise<Uint8Array> {
    const listed = storedPagesOf(scan).some((p) => p.page === page && (size === "thumbnail" || p.large));
    const png = listed ? await this.deps.pageImages?.get(scan.id, page, size) : null;
    if (!png)
      throw new ApiError(
        "page_not_found",
        `No ${size} image of page ${page} is stored for this scan (not rendered, or deleted under its retention mode).`,
      );
    return png;
  }

  sweepExpired(now: number = this.clock()): Promise<SweepResult> {
    return sweepExpired({ repo: this.deps.repo, blobs: this.deps.blobs, pageImages: this.deps.pageImages, now });
  }
}

/** The row of a new scan: queued for its fast stage, its upload stored under the scan id. */
export function newScanRow(id: string, input: Omit<CreateScanInput, "bytes">, bytes: Uint8Array, now: number): ScanRow {
  const state = initialState(input.enableEnrichment);
  return {
    id,
    owner: input.principal.id,
    status: state.status,
    advanced_status: state.advancedStatus,
    enrichment_status: state.enrichmentStatus,
    retention_mode: input.retentionMode,
    enable_enrichment: input.enableEnrichment ? 1 : 0,
    file_name: input.fileName,
    file_size: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    blob_key: id,
    file_retained: 1,
    verdict: null,
    score: null,
    confidence: null,
    fast_result: null,
    advanced_result: null,
    enrichment_result: null,
    failure_reason: null,
    advanced_failure_reason: null,
    enrichment_failure_reason: null,
    pending_event: null,
    created_at: now,
    updated_at: now,
    fast_started_at: null,
    fast_completed_at: null,
    advanced_started_at: null,
    completed_at: null,
    expires_at: expiresAtFor(input.retentionMode, now),
    file_deleted_at: null,
    attempts: 0,
    lease_owner: null,
    lease_until: null,
    keep_thumbnails: input.keepThumbnails ? 1 : 0,
    page_images: null,
    page_images_deleted_at: null,
    callback_url: input.callbackUrl ?? null,
    callback_key: input.callbackUrl === undefined ? null : (input.principal.keyId ?? LOCAL_KEY_REF),
    batch_id: input.batchId ?? null,
  };
}

/** What an Idempotency-Key must come with again: the file and every option (the password excepted: never kept, not even hashed). */
function fingerprintOf(input: Omit<CreateScanInput, "bytes"> & ({ bytes: ArrayBuffer } | { sha256: string })): string {
  return requestFingerprint({
    sha256: "sha256" in input ? input.sha256 : createHash("sha256").update(new Uint8Array(input.bytes)).digest("hex"),
    fileName: input.fileName,
    retentionMode: input.retentionMode,
    enableEnrichment: input.enableEnrichment,
    keepThumbnails: input.keepThumbnails ?? false,
    callbackUrl: input.callbackUrl,
  });
}

// Keyset cursor: the (created_at, id) of the last item shown, opaque to clients.
function encodeCursor(row: ScanRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof createdAt === "number" && Number.isSafeInteger(createdAt) && typeof id === "string" && isScanId(id))
      return { createdAt, id };
  } catch {
    // fall through
  }
  throw new ApiError("invalid_request", "The cursor is invalid.", {
    errors: [{ field: "cursor", message: "not a cursor from a previous page" }],
  });
}
