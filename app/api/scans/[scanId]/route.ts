// GET /api/scans/:scanId - status of a scan: {scanId, status, verdict, score, advancedStatus,
//   enrichmentStatus, expiresAt, ...}; 404 scan_not_found for a missing or another owner's scan.
// DELETE /api/scans/:scanId - remove the scan, its report and its file, in any state: 204.
// Also served under /api/v1/scans/:scanId (re-exported).
import { apiBaseOf } from "../../../../lib/server/http/api-base";
import { apiRoute, otherMethods } from "../../../../lib/server/http/api-route";
import { getScanService } from "../../../../lib/server/runtime";
import { toScanResource } from "../../../../lib/server/scans/scan-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ scanId: string }>;
}

export const GET = apiRoute(async (request, { params }: Context, principal) => {
  const { scanId } = await params;
  const scan = await (await getScanService()).getScan(principal, scanId);
  return Response.json(toScanResource(scan, apiBaseOf(request)), { headers: { "cache-control": "no-store" } });
});

export const DELETE = apiRoute(async (_request, { params }: Context, principal) => {
  const { scanId } = await params;
  await (await getScanService()).deleteScan(principal, scanId);
  return new Response(null, { status: 204 });
});

export const { PUT, PATCH, POST, OPTIONS } = otherMethods("GET", "DELETE");
