// POST, GET /api/v1/scans/:scanId/shares - the versioned path of /api/scans/:scanId/shares; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/shares/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
