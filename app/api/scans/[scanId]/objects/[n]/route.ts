// GET /api/scans/:scanId/objects/:n - one object of a retained upload: its value in PDF syntax, the
// objects referring to it, and with ?stream=decoded|raw its stream's bytes (base64, bounded); 404
// object_not_found for an object the document does not hold. Also under /api/v1 (re-exported).
import { analysisCallerOf } from "../../../../../../lib/server/analysis-pool";
import { apiRoute, otherMethods } from "../../../../../../lib/server/http/api-route";
import { parseObjectNumber, parseObjectQuery } from "../../../../../../lib/server/scans/inspection-requests";
import { getScanInspection } from "../../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(
  async (request, { params }: { params: Promise<{ scanId: string; n: string }> }, principal) => {
    const { scanId, n } = await params;
    const num = parseObjectNumber(n);
    const { stream } = parseObjectQuery(new URL(request.url).searchParams);
    const view = await (
      await getScanInspection()
    ).object(principal, scanId, num, stream, analysisCallerOf(principal, request.signal));
    return Response.json(view, { headers: { "cache-control": "no-store" } });
  },
);

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
