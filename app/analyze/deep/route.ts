// POST /analyze/deep - deep analysis of one PDF (multipart field `file`): the fast result plus
// metadata, JavaScript analysis, embedded files, rendered-page lure checks and YARA (DeepResult).
// Also served as POST /api/v1/analyze/deep (app/api/v1/analyze/deep/route.ts re-exports this handler).
import { analysisCallerOf, runDeepAnalysis } from "../../../lib/server/analysis-pool";
import { getConfig } from "../../../lib/server/config";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { readPdfUpload } from "../../../lib/server/http/upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, _context, principal) => {
  const { fileName, bytes } = await readPdfUpload(request, { maxBytes: getConfig().maxUploadBytes });
  const result = await runDeepAnalysis(bytes, fileName, analysisCallerOf(principal, request.signal));
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
