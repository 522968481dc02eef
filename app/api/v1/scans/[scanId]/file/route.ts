// GET /api/v1/scans/:scanId/file - the versioned path of /api/scans/:scanId/file; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/file/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
