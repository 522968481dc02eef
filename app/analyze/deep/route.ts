// POST /analyze/deep - deep analysis of one PDF: the fast result plus metadata, JavaScript analysis,
// embedded files, rendered-page lure checks and YARA (DeepResult). Inputs as POST /analyze/fast: a
// multipart `file` (and `password`), a raw application/pdf body, or a ZIP of PDFs ({archive, results, skipped}).
// Also served as POST /api/v1/analyze/deep (app/api/v1/analyze/deep/route.ts re-exports this handler).
import { runDeepAnalysis } from "../../../lib/server/analysis-pool";
import { analyzeRequest } from "../../../lib/server/http/analyze-request";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute((request, _context, principal) => analyzeRequest(request, principal, runDeepAnalysis));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
