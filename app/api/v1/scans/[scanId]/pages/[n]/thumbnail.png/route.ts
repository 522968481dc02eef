// GET /api/v1/scans/:scanId/pages/:n/thumbnail.png - the versioned path; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../../../scans/[scanId]/pages/[n]/thumbnail.png/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
