// POST /api/scans: the upload (a PDF, or a ZIP of PDFs), its options and its Idempotency-Key, into one
// scan (201 with the scan and Location) or one scan per PDF member of the ZIP (201 {batchId, archive,
// scans, skipped}, Location /api/scans?batch=<batchId>). The route file only hands the request here.
import { createHash } from "node:crypto";
import { HTTP_LIMITS } from "../../limits";
import type { Principal } from "../auth/principal";
import { getConfig } from "../config";
import { apiBaseOf } from "../http/api-base";
import { takeDocumentPassword } from "../http/document-password";
import { readUpload } from "../http/upload";
import { openUploadedArchive, takeZipPassword } from "../http/upload-archive";
import { idempotencyKeyOf } from "./idempotency";
import { getScanService } from "../runtime";
import { parseScanOptions } from "./scan-requests";
import { toScanResource } from "./scan-resource";

export async function createScanRequest(request: Request, principal: Principal): Promise<Response> {
  // before the body: a malformed key is refused without reading the upload
  const idempotencyKey = idempotencyKeyOf(request.headers);
  const maxBytes = getConfig().maxUploadBytes;
  const upload = await readUpload(request, { maxBytes });
  const { password, fields: rest } = takeDocumentPassword(upload.fields);
  // taken whatever the upload is: a client may send it with every file
  const { zipPassword, fields } = takeZipPassword(rest);
  const apiBase = apiBaseOf(request);
  const service = await getScanService();
  if (upload.kind === "zip") {
    const options = parseScanOptions(fields);
    const archive = new Uint8Array(upload.bytes);
    const { members, skipped } = await openUploadedArchive(archive, zipPassword, {
      maxPdfMembers: HTTP_LIMITS.ARCHIVE_MAX_PDF_MEMBERS,
      maxMemberBytes: maxBytes,
    });
    const archiveSha256 = createHash("sha256").update(archive).digest("hex");
    const batch = await service.createBatch({
      principal,
      archiveName: upload.fileName,
      archiveSha256,
      members,
      password,
      idempotencyKey,
      ...options,
    });
    const body = {
      batchId: batch.batchId,
      archive: { name: upload.fileName, size: archive.byteLength, sha256: archiveSha256 },
      scans: batch.scans.map((row) => toScanResource(row, apiBase)),
      skipped,
      ...(batch.webhookSecret ? { webhookSecret: batch.webhookSecret } : {}),
    };
    return Response.json(body, {
      status: 201,
      headers: createdHeaders(`${apiBase}/scans?batch=${batch.batchId}`, batch.replayed),
    });
  }
  const options = parseScanOptions(fields);
  const { scan, webhookSecret, replayed } = await service.createScan({
    principal,
    fileName: upload.fileName,
    bytes: upload.bytes,
    password,
    idempotencyKey,
    ...options,
  });
  const body = webhookSecret ? { ...toScanResource(scan, apiBase), webhookSecret } : toScanResource(scan, apiBase);
  return Response.json(body, { status: 201, headers: createdHeaders(`${apiBase}/scans/${scan.id}`, replayed) });
}

function createdHeaders(location: string, replayed: boolean): Record<string, string> {
  const headers: Record<string, string> = { location, "cache-control": "no-store" };
  // a retry answered with what its first request created (Stripe's header)
  if (replayed) headers["idempotent-replayed"] = "true";
  return headers;
}
