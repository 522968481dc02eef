// GET /health - liveness and analyzer readiness, for load balancers and the test harness. No auth;
// it reports only a status, the service version and per-dependency ok/error.
// Also served as GET /api/v1/health (app/api/v1/health/route.ts re-exports this handler).
import { checkAnalysisPool } from "../../lib/server/analysis-pool";
import { ApiError, withProblems } from "../../lib/server/http/errors";
import { SERVICE_VERSION } from "../../lib/server/version";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = withProblems(async () => {
  const checks = { analyzer: await checkAnalysisPool() };
  if (checks.analyzer !== "ok") {
    throw new ApiError("unavailable", "The analysis engine is not available.", { extensions: { checks } });
  }
  return Response.json({ status: "ok", version: SERVICE_VERSION, checks }, { headers: { "cache-control": "no-store" } });
});
