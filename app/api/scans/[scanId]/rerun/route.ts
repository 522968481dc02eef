// POST /api/scans/:scanId/rerun - a new scan of the scan's retained file, with its options (retention,
// enrichment, thumbnails): 201 with the new scan and Location, as POST /api/scans answers. 410
// file_not_retained once the file is gone. Also under /api/v1 (re-exported).
import { apiBaseOf } from "../../../../../lib/server/http/api-base";
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { getScanService } from "../../../../../lib/server/runtime";
import { toScanResource } from "../../../../../lib/server/scans/scan-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, { params }: { params: Promise<{ scanId: string }> }, principal) => {
  const { scanId } = await params;
  const { scan } = await (await getScanService()).rerunScan(principal, scanId);
  const apiBase = apiBaseOf(request);
  return Response.json(toScanResource(scan, apiBase), {
    status: 201,
    headers: { location: `${apiBase}/scans/${scan.id}`, "cache-control": "no-store" },
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
