// POST /api/v1/analyze/deep - the versioned path of POST /analyze/deep (contract: Versioning); same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../analyze/deep/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
