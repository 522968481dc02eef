// POST, GET, DELETE /api/v1/session - the versioned path of /api/session; same handlers.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../session/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
