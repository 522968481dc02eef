// GET /api/v1/scans/:scanId/webhooks - the versioned path of /api/scans/:scanId/webhooks; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../scans/[scanId]/webhooks/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
