// GET /share/:token/pages/:n/thumbnail.png[?size=large] - a page image of the shared scan, read-only.
import { openShare } from "../../../../../../lib/server/auth/share-access";
import { otherMethods, publicRoute } from "../../../../../../lib/server/http/api-route";
import { pageImageResponse, parsePageImageRequest } from "../../../../../../lib/server/http/page-image-response";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(
  async (request, { params }: { params: Promise<{ token: string; n: string }> }, { rate }) => {
    const { token, n } = await params;
    const share = await openShare(token);
    await rate(`share:${share.shareId}`);
    const { page, size } = parsePageImageRequest(n, new URL(request.url));
    return pageImageResponse(await share.pageImage(page, size));
  },
);

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
