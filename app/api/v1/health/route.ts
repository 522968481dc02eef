// GET /api/v1/health - the versioned path of GET /health (contract: Versioning); same handler.
export { GET } from "../../../health/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
