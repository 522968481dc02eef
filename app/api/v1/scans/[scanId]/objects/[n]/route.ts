// GET /api/v1/scans/:scanId/objects/:n - the versioned path of /api/scans/:scanId/objects/:n; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../../scans/[scanId]/objects/[n]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
