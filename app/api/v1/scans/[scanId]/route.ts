// GET, DELETE /api/v1/scans/:scanId - the versioned path of /api/scans/:scanId; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../scans/[scanId]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
