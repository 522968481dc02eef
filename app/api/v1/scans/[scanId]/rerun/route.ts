// POST /api/v1/scans/:scanId/rerun - the versioned path of /api/scans/:scanId/rerun; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/rerun/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
