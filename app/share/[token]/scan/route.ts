// GET /share/:token/scan - the shared scan's status (read-only; what the share page polls).
import { openShare, sharedScanResource } from "../../../../lib/server/auth/share-access";
import { otherMethods, publicRoute } from "../../../../lib/server/http/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(async (_request, { params }: { params: Promise<{ token: string }> }, { rate }) => {
  const { token } = await params;
  const share = await openShare(token);
  await rate(`share:${share.shareId}`);
  return Response.json(sharedScanResource(share.scan, token));
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
