// GET /api/v1/health - the versioned path of GET /health (contract: Versioning); same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../health/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
