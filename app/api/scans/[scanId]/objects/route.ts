// GET /api/scans/:scanId/objects - the object inspector's list of a retained upload (every object, or
// ?search=TEXT / ?refs=N like pdf-parser -s / -r) and its revisions; owner or admin only, 410
// file_not_retained once the file is gone. Also under /api/v1 (re-exported).
import { analysisCallerOf } from "../../../../../lib/server/analysis-pool";
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { parseObjectsQuery } from "../../../../../lib/server/scans/inspection-requests";
import { getScanInspection } from "../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request, { params }: { params: Promise<{ scanId: string }> }, principal) => {
  const { scanId } = await params;
  const filter = parseObjectsQuery(new URL(request.url).searchParams);
  const list = await (
    await getScanInspection()
  ).objects(principal, scanId, filter, analysisCallerOf(principal, request.signal));
  return Response.json(list, { headers: { "cache-control": "no-store" } });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
