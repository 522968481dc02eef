// POST /analyze/fast - analyse one PDF (multipart field `file`, optional `password` of an encrypted file) and answer the FastResult.
// Also served as POST /api/v1/analyze/fast (app/api/v1/analyze/fast/route.ts re-exports this handler).
import { analysisCallerOf, runFastAnalysis } from "../../../lib/server/analysis-pool";
import { getConfig } from "../../../lib/server/config";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { takeDocumentPassword } from "../../../lib/server/http/document-password";
import { readPdfUpload } from "../../../lib/server/http/upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, _context, principal) => {
  const { fileName, bytes, fields } = await readPdfUpload(request, { maxBytes: getConfig().maxUploadBytes });
  const { password } = takeDocumentPassword(fields);
  const result = await runFastAnalysis(bytes, fileName, analysisCallerOf(principal, request.signal), { password });
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
