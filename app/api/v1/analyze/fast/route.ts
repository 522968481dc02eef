// POST /api/v1/analyze/fast - the versioned path of POST /analyze/fast (contract: Versioning); same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../analyze/fast/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
