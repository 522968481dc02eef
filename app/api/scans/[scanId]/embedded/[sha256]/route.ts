// GET /api/scans/:scanId/embedded/:sha256 - an embedded file of a retained upload, by the SHA-256 the
// report lists, as a ZIP encrypted with the password "infected"; owner or admin only, audited. Also
// under /api/v1 (re-exported).
import { analysisCallerOf } from "../../../../../../lib/server/analysis-pool";
import { apiRoute, otherMethods } from "../../../../../../lib/server/http/api-route";
import { parseEmbeddedHash } from "../../../../../../lib/server/scans/inspection-requests";
import { getScanInspection } from "../../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(
  async (request, { params }: { params: Promise<{ scanId: string; sha256: string }> }, principal) => {
    const { scanId, sha256 } = await params;
    const caller = analysisCallerOf(principal, request.signal);
    const { zip, fileName } = await (
      await getScanInspection()
    ).embeddedArchive(principal, scanId, parseEmbeddedHash(sha256), caller);
    return new Response(zip as Uint8Array<ArrayBuffer>, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      },
    });
  },
);

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
