// GET /api/scans/:scanId/report - the scan report once the fast stage is done (409 report_not_ready
// with Retry-After before; 409 report_unavailable for a failed scan). Format by ?format=
// json|stix|misp|csv|md|html or by Accept; json by default.
// Also served under /api/v1/scans/:scanId/report (re-exported).
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { negotiateFormat, reportResponse, wantsDownload } from "../../../../../lib/server/report-formats";
import { getScanService } from "../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(async (request, { params }: { params: Promise<{ scanId: string }> }, principal) => {
  const format = negotiateFormat(new URL(request.url), request.headers.get("accept"));
  const { scanId } = await params;
  const service = await getScanService();
  const report = await service.getReport(principal, scanId);
  // the HTML export holds the pictures of the pages, as the scan page shows them; the scan is read once for all of them
  let scan: ReturnType<typeof service.getScan> | undefined;
  const pageImage = async (page: number) =>
    service.pageImageOf(await (scan ??= service.getScan(principal, scanId)), page, "thumbnail");
  return reportResponse(report, format, { download: wantsDownload(new URL(request.url)), pageImage });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
