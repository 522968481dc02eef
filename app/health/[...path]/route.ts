// /health/*: the API's 404 problem+json, as for any unknown API path (/health itself is ../route.ts).
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../api/[[...path]]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
