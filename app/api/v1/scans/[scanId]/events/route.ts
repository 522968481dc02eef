// GET /api/v1/scans/:scanId/events: the same stream as /api/scans/:scanId/events
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/events/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
