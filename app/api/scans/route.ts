// POST /api/scans - create a scan from a PDF (multipart: file, retentionMode, enableEnrichment, keepThumbnails, password, callbackUrl;
//   optional Idempotency-Key header: a retry with the same key and request gets the same scan): 201
//   with Location and {scanId, status: "queued_fast_scan", retentionMode, resultUrl, ...}.
// GET /api/scans - the caller's scans, newest first (?limit=1..100, ?cursor= from nextCursor; ?all=true: an
//   admin key lists every principal's scans, audit-logged; ?verdict=, ?status= and ?q= (SHA-256 prefix or
//   part of the file name) narrow the list).
// Also served under /api/v1/scans (app/api/v1/scans/route.ts re-exports these handlers).
import { getConfig } from "../../../lib/server/config";
import { apiBaseOf } from "../../../lib/server/http/api-base";
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { takeDocumentPassword } from "../../../lib/server/http/document-password";
import { readPdfUpload } from "../../../lib/server/http/upload";
import { getScanService } from "../../../lib/server/scans/runtime";
import { listQueryString, parseListQuery, parseScanOptions } from "../../../lib/server/scans/scan-requests";
import { toScanResource } from "../../../lib/server/scans/scan-resource";
import { idempotencyKeyOf } from "../../../lib/server/scans/idempotency";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (request, _context, principal) => {
  // before the body: a malformed key is refused without reading the upload
  const idempotencyKey = idempotencyKeyOf(request.headers);
  const upload = await readPdfUpload(request, { maxBytes: getConfig().maxUploadBytes });
  const { password, fields } = takeDocumentPassword(upload.fields);
  const options = parseScanOptions(fields);
  const { scan, webhookSecret, replayed } = await (await getScanService()).createScan({
    principal,
    fileName: upload.fileName,
    bytes: upload.bytes,
    password,
    idempotencyKey,
    ...options,
  });
  const apiBase = apiBaseOf(request);
  const body = webhookSecret ? { ...toScanResource(scan, apiBase), webhookSecret } : toScanResource(scan, apiBase);
  const headers: Record<string, string> = { location: `${apiBase}/scans/${scan.id}`, "cache-control": "no-store" };
  // a retry answered with the scan its first request created (Stripe's header)
  if (replayed) headers["idempotent-replayed"] = "true";
  return Response.json(body, { status: 201, headers });
});

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
