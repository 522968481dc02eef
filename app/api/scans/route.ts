// POST /api/scans - create a scan from a PDF (multipart: file, retentionMode, enableEnrichment, keepThumbnails, password, callbackUrl;
//   or a raw application/pdf body with the options in the query; optional Idempotency-Key header: a retry with the same key and
//   request gets the same scan): 201. A ZIP (zipPassword, default "infected") makes one scan per PDF member: 201
//   {batchId, archive, scans, skipped}, Location /api/scans?batch=<batchId>. See lib/server/scans/create-scan-request.ts.
// GET /api/scans - the caller's scans, newest first (?limit=1..100, ?cursor= from nextCursor; ?all=true: an
//   admin key lists every principal's scans, audit-logged; ?verdict=, ?status= and ?q= (SHA-256 prefix or
//   part of the file name) narrow the list).
// Also served under /api/v1/scans (app/api/v1/scans/route.ts re-exports these handlers).
import { apiBaseOf } from "../../../lib/server/http/api-base";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { getScanService } from "../../../lib/server/runtime";
import { createScanRequest } from "../../../lib/server/scans/create-scan-request";
import { listQueryString, parseListQuery } from "../../../lib/server/scans/scan-requests";
import { toScanResource } from "../../../lib/server/scans/scan-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute((request, _context, principal) => createScanRequest(request, principal));

export const GET = apiRoute(async (request, _context, principal) => {
  const query = parseListQuery(new URL(request.url).searchParams);
  const page = await (await getScanService()).listScans(principal, query);
  const apiBase = apiBaseOf(request);
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (page.nextCursor) headers.link = `<${apiBase}/scans?${listQueryString(query, page.nextCursor)}>; rel="next"`;
  const items = page.items.map((row) => toScanResource(row, apiBase));
  return Response.json({ items, nextCursor: page.nextCursor, limit: query.limit }, { headers });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
