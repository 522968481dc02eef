// POST /analyze/fast - analyse one PDF and answer the FastResult: multipart field `file` (optional
// `password` of an encrypted file), or a raw application/pdf body. A ZIP of PDFs (password field
// `zipPassword`, default "infected") answers {archive, results: FastResult[], skipped}.
// Also served as POST /api/v1/analyze/fast (app/api/v1/analyze/fast/route.ts re-exports this handler).
import { runFastAnalysis } from "../../../lib/server/analysis-pool";
import { analyzeRequest } from "../../../lib/server/http/analyze-request";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute((request, _context, principal) => analyzeRequest(request, principal, runFastAnalysis));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
