// POST /api/v1/webhook-secret - the versioned path of /api/webhook-secret; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../webhook-secret/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
