// Retention sweeper (contract.md "Retention"): deletes uploaded bytes whose time is up and marks
// retained scans expired. Runs at start and then every PDFSCAN_SWEEP_INTERVAL_MS in every process
// (web server and workers); every step is idempotent and compare-and-set, so concurrent sweepers are
// harmless. It also repairs what a crash can leave behind: delete_immediately bytes of a scan that
// ended without deleting them, and orphan uploads whose scan row was never written or was deleted.
import type { BlobStore } from "../storage/blob-store";
import type { ScanRepository } from "./scan-repository";

/** Scans handled per sweep; the next sweep continues. */
export const SWEEP_BATCH = 200;
/** An upload without a scan row is an orphan only after this long (creation writes the bytes first). */
export const ORPHAN_GRACE_MS = 15 * 60_000;

export interface SweepResult {
  /** retained scans whose retention ended: file deleted, status expired */
  expired: number;
  /** files deleted without a status change (delete_immediately leftovers, failed scans past retention) */
  filesDeleted: number;
  orphansDeleted: number;
}

export async function sweepExpired({ repo, blobs, now }: { repo: ScanRepository; blobs: BlobStore; now: number }): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, filesDeleted: 0, orphansDeleted: 0 };
  for (const scan of await repo.findRetentionDue(now, SWEEP_BATCH)) {
    // bytes first: if we crash after this, the next sweep finds the scan again and finishes the job
    await blobs.delete(scan.blob_key);
    const retentionEnded = scan.expires_at !== null && scan.expires_at <= now;
    if (scan.status === "completed" && retentionEnded) {
      const done = await repo.transition(scan, { type: "expire" }, { file_retained: 0, file_deleted_at: now });
      if (done) result.expired++;
    } else if (await repo.markFileDeleted(scan.id, now)) {
      result.filesDeleted++;
    }
  }
  // page through old uploads (retained ones included) and drop those no scan refers to
  let after: string | undefined;
  for (;;) {
    const candidates = await blobs.listStoredBefore(now - ORPHAN_GRACE_MS, { limit: SWEEP_BATCH, after });
    if (candidates.length === 0) break;
    const inUse = await repo.blobKeysInUse(candidates);
    for (const key of candidates) {
      if (inUse.has(key)) continue;
      await blobs.delete(key);
      result.orphansDeleted++;
    }
    if (candidates.length < SWEEP_BATCH) break;
    after = candidates.at(-1);
  }
  return result;
}
