// GET /health - liveness and readiness (analyzer, scan database, queue), for load balancers and the test harness. No auth;
// it reports only a status, the service version and per-dependency ok/error.
// Also served as GET /api/v1/health (app/api/v1/health/route.ts re-exports this handler).
import { checkAnalysisPool } from "../../lib/server/analysis-pool";
import { ApiError, withProblems } from "../../lib/server/http/errors";
import { checkScanStores } from "../../lib/server/scans/runtime";
import { SERVICE_VERSION } from "../../lib/server/version";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withProblems(async () => {
  const [analyzer, stores] = await Promise.all([checkAnalysisPool(), checkScanStores()]);
  const checks = { analyzer, ...stores };
  const down = Object.entries(checks).filter(([, v]) => v !== "ok").map(([k]) => k);
  if (down.length) {
    throw new ApiError("unavailable", `Not available: ${down.join(", ")}.`, { extensions: { checks } });
  }
  return Response.json({ status: "ok", version: SERVICE_VERSION, checks }, { headers: { "cache-control": "no-store" } });
});
