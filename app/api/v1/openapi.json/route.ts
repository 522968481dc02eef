// GET /api/v1/openapi.json: the same document as /api/openapi.json
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../openapi.json/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
