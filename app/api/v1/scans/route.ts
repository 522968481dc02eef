// POST /api/v1/scans, GET /api/v1/scans - the versioned paths of /api/scans (contract: Versioning); same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../scans/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
