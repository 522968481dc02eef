// GET /api/scans/:scanId/events - the scan's Server-Sent Events stream: scan (each status change),
// verdict, and end at a terminal state (lib/server/scans/scan-event-stream.ts). Owner (or admin) only;
// a share link has its own (/share/:token/events). Also served under /api/v1 (re-exported).
import { apiBaseOf } from "../../../../../lib/server/http/api-base";
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { getScanService } from "../../../../../lib/server/runtime";
import { scanEventsResponse } from "../../../../../lib/server/scans/scan-events-response";
import { toScanResource } from "../../../../../lib/server/scans/scan-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request, { params }: { params: Promise<{ scanId: string }> }, principal) => {
  const { scanId } = await params;
  const service = await getScanService();
  // someone else's scan is scan_not_found before any stream starts
  await service.getScan(principal, scanId);
  const apiBase = apiBaseOf(request);
  return scanEventsResponse(request, scanId, {
    reload: () => service.findScan(principal, scanId),
    show: (row) => toScanResource(row, apiBase),
  });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
