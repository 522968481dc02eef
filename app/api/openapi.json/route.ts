// GET /api/openapi.json - the OpenAPI 3.1 document of this API (lib/server/openapi). No auth: it
// describes the API, not anyone's data. Also served as /api/v1/openapi.json (re-exported).
import { otherMethods, publicRoute } from "../../../lib/server/http/api-route";
import { openApiDocument } from "../../../lib/server/openapi/openapi-document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = publicRoute(async () =>
  Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } }),
);

export const { PUT, PATCH, POST, DELETE, OPTIONS } = otherMethods("GET");
