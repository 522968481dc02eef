// GET /api/scans/:scanId/pages/:n/thumbnail.png - a PNG thumbnail of page n (1-based) as the advanced
// stage's pdf.js render drew it; ?size=large for the enlarged preview. 404 scan_not_found for a scan
// the caller cannot read, 404 page_not_found when the image is not stored (not rendered, or deleted
// under the scan's retention mode). Also served under /api/v1 (re-exported).
import { apiRoute, otherMethods } from "../../../../../../../lib/server/http/api-route";
import { pageImageResponse, parsePageImageRequest } from "../../../../../../../lib/server/http/page-image-response";
import { getScanService } from "../../../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(
  async (request, { params }: { params: Promise<{ scanId: string; n: string }> }, principal) => {
    const { scanId, n } = await params;
    const service = await getScanService();
    // the scan first: someone else's scan is scan_not_found whatever the page
    const scan = await service.getScan(principal, scanId);
    const { page, size } = parsePageImageRequest(n, new URL(request.url));
    return pageImageResponse(await service.pageImageOf(scan, page, size));
  },
);

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
