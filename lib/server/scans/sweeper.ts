// Retention sweeper (contract.md "Retention"): deletes uploaded bytes whose time is up and marks
// retained scans expired. Runs at start and then every PDFSCAN_SWEEP_INTERVAL_MS in every process
// (web server and workers); every step is idempotent and compare-and-set, so concurrent sweepers are
// harmless. It also repairs what a crash can leave behind: delete_immediately bytes of a scan that
// ended without deleting them, and orphan uploads whose scan row was never written or was deleted.
// Page thumbnails follow the file (deleted when its retention ends) unless the scan keeps them
// (keepThumbnails); orphan thumbnails (a stage that stored them after its scan was deleted) go too.
import type { BlobStore } from "../storage/blob-store";
import type { PageImageStore } from "../storage/page-image-store";
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

export async function sweepExpired({
  repo,
  blobs,
  pageImages,
  now,
}: {
  repo: ScanRepository;
  blobs: BlobStore;
  pageImages?: PageImageStore;
  now: number;
}): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, filesDeleted: 0, orphansDeleted: 0 };
  for (const scan of await repo.findRetentionDue(now, SWEEP_BATCH)) {
    const retentionEnded = scan.expires_at !== null && scan.expires_at <= now;
    // images before the bytes: the scan stays due (file_retained) until both are gone
    if (pageImages && retentionEnded && scan.keep_thumbnails === 0 && scan.page_images !== null) {
      await pageImages.delete(scan.id);
      await repo.markPageImagesDeleted(scan.id, now);
    }
    // bytes first: if we crash after this, the next sweep finds the scan again and finishes the job
    await blobs.delete(scan.blob_key);
    if (scan.status === "completed" && retentionEnded) {
      const done = await repo.transition(scan, { type: "expire" }, { file_retained: 0, file_deleted_at: now });
      if (done) result.expired++;
    } else if (await repo.markFileDeleted(scan.id, now)) {
      result.filesDeleted++;
    }
  }
  result.orphansDeleted += await deleteOrphans(repo, blobs, now);
  // page-image bundles are keyed by scan id, which is also the scan's blob key (service.createScan)
  if (pageImages) result.orphansDeleted += await deleteOrphans(repo, pageImages.blobs, now);
  return result;
}

/** Pages through old entries of a store (retained ones included) and drops those no scan refers to. */
async function deleteOrphans(repo: ScanRepository, store: BlobStore, now: number): Promise<number> {
  let deleted = 0;
  let after: string | undefined;
  for (;;) {
    const candidates = await store.listStoredBefore(now - ORPHAN_GRACE_MS, { limit: SWEEP_BATCH, after });
    if (candidates.length === 0) break;
    const inUse = await repo.blobKeysInUse(candidates);
    for (const key of candidates) {
      if (inUse.has(key)) continue;
      await store.delete(key);
      deleted++;
    }
    if (candidates.length < SWEEP_BATCH) break;
    after = candidates.at(-1);
  }
  return deleted;
}
