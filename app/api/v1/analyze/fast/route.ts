// POST /api/v1/analyze/fast - the versioned path of POST /analyze/fast (contract: Versioning); same handler.
export { POST } from "../../../../analyze/fast/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
