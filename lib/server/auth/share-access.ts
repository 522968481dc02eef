// Opening a share link: the token becomes a read-only view of exactly one scan (the routes under
// app/share/[token] only ever read `scanId` with this principal). Unknown, revoked and expired
// tokens are the same 404.
import { ApiError } from "../errors";
import { getAuth, getScanService } from "../runtime";
import type { ScanRow } from "../scans/scan-repository";
import { toScanResource, type ScanResource } from "../scans/scan-resource";
import { sharePath } from "./share-links";
import type { ScanReport } from "../scans/report";
import type { PageImageSize } from "../storage/page-image-store";
import { audit } from "./audit";
import type { Principal } from "./principal";

export interface OpenedShare {
  shareId: string;
  scan: ScanRow;
  report(): Promise<ScanReport>;
  /** a stored page image of the scan (404 page_not_found otherwise) */
  pageImage(page: number, size: PageImageSize): Promise<Uint8Array>;
  /** the scan as it is now, or null once the link or the scan is gone (an event stream's re-read) */
  reload(): Promise<ScanRow | null>;
}

export async function openShare(token: string): Promise<OpenedShare> {
  const share = await (await getAuth()).shares.resolve(token);
  if (!share) {
    audit("access.denied", { reason: "share link unknown, revoked or expired" });
    throw new ApiError("share_not_found", "This share link does not exist, was revoked or has expired.");
  }
  const viewer: Principal = { id: share.owner, kind: "share", keyId: null, admin: false };
  const service = await getScanService();
  const scan = await service.getScan(viewer, share.scanId);
  audit("share.used", { shareId: share.shareId, scanId: share.scanId });
  return {
    shareId: share.shareId,
    scan,
    report: () => service.getReport(viewer, share.scanId),
    pageImage: (page, size) => service.pageImageOf(scan, page, size),
    reload: async () =>
      (await (await getAuth()).shares.resolve(token)) ? service.findScan(viewer, share.scanId) : null,
  };
}

/** The scan as a share link shows it: its page and report under the link. */
export function sharedScanResource(row: ScanRow, token: string): ScanResource {
  return { ...toScanResource(row), resultUrl: sharePath(token), reportUrl: `${sharePath(token)}/report` };
}
