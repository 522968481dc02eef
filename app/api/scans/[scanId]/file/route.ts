// GET /api/scans/:scanId/file - the uploaded file while it is retained, as a ZIP encrypted with the
// password "infected" (lib/zip/sample-archive.ts), member named <sha256>.pdf; the owner's or an admin's
// only, audited. 410 file_not_retained once the retention mode deleted it. Also under /api/v1 (re-exported).
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { getScanService } from "../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(async (_request, { params }: { params: Promise<{ scanId: string }> }, principal) => {
  const { scanId } = await params;
  const { zip, fileName } = await (await getScanService()).getSampleArchive(principal, scanId);
  return new Response(zip as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
});

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
