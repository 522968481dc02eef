// GET /api/v1/scans/:scanId/objects - the versioned path of /api/scans/:scanId/objects; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/objects/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
