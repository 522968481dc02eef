// DELETE /api/v1/scans/:scanId/shares/:shareId - the versioned path; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../../scans/[scanId]/shares/[shareId]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
