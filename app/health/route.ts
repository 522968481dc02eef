// GET /health - liveness and readiness (analyzer, scan database, queue), for load balancers and the test harness. No auth;
// it reports only a status, the service version, per-dependency ok/error and the analysis pool's load
// (503 "degraded" while the pool is saturated, so a balancer sends new work elsewhere).
// Also served as GET /api/v1/health (app/api/v1/health/route.ts re-exports this handler).
import { analysisPoolLoad, checkAnalysisPool } from "../../lib/server/analysis-pool";
import { otherMethods, publicRoute } from "../../lib/server/http/api-route";
import { ApiError } from "../../lib/server/errors";
import { checkScanStores } from "../../lib/server/runtime";
import { SERVICE_VERSION } from "../../lib/server/version";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(
  async () => {
    const [analyzer, stores] = await Promise.all([checkAnalysisPool(), checkScanStores()]);
    const checks = { analyzer, ...stores };
    // saturation: every thread busy and the waiting room full, so new analyses get 503 until some end
    const load = { analysis: analysisPoolLoad() };
    const down = Object.entries(checks)
      .filter(([, v]) => v !== "ok")
      .map(([k]) => k);
    if (down.length) {
      throw new ApiError("unavailable", `Not available: ${down.join(", ")}.`, {
        extensions: { status: "down", checks, load },
      });
    }
    if (load.analysis?.saturated) {
      throw new ApiError("unavailable", "Saturated: the analysis queue is full.", {
        headers: { "retry-after": "5" },
        extensions: { status: "degraded", checks, load },
      });
    }
    return Response.json(
      { status: "ok", version: SERVICE_VERSION, checks, load },
      { headers: { "cache-control": "no-store" } },
    );
  },
  { anyHost: true },
); // load balancers probe by IP address; /health discloses nothing

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
