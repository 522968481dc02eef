// DELETE /api/scans/:scanId/shares/:shareId - revoke a share link: 204; the link stops at once.
import { apiRoute, otherMethods } from "../../../../../../lib/server/http/api-route";
import { ApiError } from "../../../../../../lib/server/errors";
import { getAuth, getScanService } from "../../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const DELETE = apiRoute(
  async (_request, { params }: { params: Promise<{ scanId: string; shareId: string }> }, principal) => {
    const { scanId, shareId } = await params;
    const scan = await (await getScanService()).getScan(principal, scanId);
    if (!(await (await getAuth()).shares.revoke(scan.id, shareId, principal.keyId ?? principal.id))) {
      throw new ApiError("share_not_found", "No active share link with that id on this scan.");
    }
    return new Response(null, { status: 204 });
  },
);

export const { GET, PUT, PATCH, POST, OPTIONS } = otherMethods("DELETE");
