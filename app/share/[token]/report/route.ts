// GET /share/:token/report - the shared scan's report in any format (?format= or Accept), read-only.
import { openShare } from "../../../../lib/server/auth/share-access";
import { otherMethods, publicRoute } from "../../../../lib/server/http/api-route";
import { negotiateFormat, reportResponse, wantsDownload } from "../../../../lib/server/report-formats";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(async (request, { params }: { params: Promise<{ token: string }> }, { rate }) => {
  const format = negotiateFormat(new URL(request.url), request.headers.get("accept"));
  const { token } = await params;
  const share = await openShare(token);
  await rate(`share:${share.shareId}`);
  return reportResponse(await share.report(), format, {
    download: wantsDownload(new URL(request.url)),
    pageImage: (page) => share.pageImage(page, "thumbnail"),
  });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
