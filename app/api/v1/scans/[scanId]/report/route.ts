// GET /api/v1/scans/:scanId/report - the versioned path of /api/scans/:scanId/report; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/report/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
