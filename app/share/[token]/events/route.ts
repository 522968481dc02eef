// GET /share/:token/events - the shared scan's Server-Sent Events stream (read-only, as
// /api/scans/:scanId/events; ends too when the link is revoked or expires).
import { openShare, sharedScanResource } from "../../../../lib/server/auth/share-access";
import { otherMethods, publicRoute } from "../../../../lib/server/http/api-route";
import { scanEventsResponse } from "../../../../lib/server/scans/scan-events-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(async (request, { params }: { params: Promise<{ token: string }> }, { rate }) => {
  const { token } = await params;
  const share = await openShare(token);
  await rate(`share:${share.shareId}`);
  return scanEventsResponse(request, share.scan.id, {
    reload: share.reload,
    show: (row) => sharedScanResource(row, token),
  });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
