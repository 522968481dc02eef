// POST /analyze/deep - deep analysis of one PDF (multipart field `file`, optional `password` of an encrypted file): the fast result plus
// metadata, JavaScript analysis, embedded files, rendered-page lure checks and YARA (DeepResult).
// Also served as POST /api/v1/analyze/deep (app/api/v1/analyze/deep/route.ts re-exports this handler).
import { analysisCallerOf, runDeepAnalysis } from "../../../lib/server/analysis-pool";
import { getConfig } from "../../../lib/server/config";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { takeDocumentPassword } from "../../../lib/server/http/document-password";
import { readPdfUpload } from "../../../lib/server/http/upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, _context, principal) => {
  const { fileName, bytes, fields } = await readPdfUpload(request, { maxBytes: getConfig().maxUploadBytes });
  const { password } = takeDocumentPassword(fields);
  const result = await runDeepAnalysis(bytes, fileName, analysisCallerOf(principal, request.signal), { password });
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
