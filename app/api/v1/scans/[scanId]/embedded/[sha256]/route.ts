// GET /api/v1/scans/:scanId/embedded/:sha256 - the versioned path of /api/scans/:scanId/embedded/:sha256; same handler.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../../../../scans/[scanId]/embedded/[sha256]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
