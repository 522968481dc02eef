// The scan as the API shows it (POST /api/scans, GET /api/scans/:scanId, GET /api/scans): the seed's
// fields (scanId, status, retentionMode, resultUrl, verdict, score, advancedStatus, expiresAt) plus
// additive camelCase ones. Times are RFC 3339 UTC.
import { z } from "zod";
import { Confidence, Verdict } from "../../analyzer/report";
import { RETENTION_MODES } from "../domain/retention";
import type { ScanRow } from "./scan-repository";
import { iso } from "./report";
import { SkippedMember } from "../http/upload-archive";
import { ADVANCED_STATUSES, ENRICHMENT_STATUSES, SCAN_STATUSES, isTerminal } from "../domain/state-machine";

const isoTime = z.iso.datetime();

/** The scan resource: the type of toScanResource() and its schema in the OpenAPI document. */
export const ScanResource = z.object({
  scanId: z.string().meta({ description: "22 URL-safe characters, 131 random bits" }),
  status: z.enum(SCAN_STATUSES),
  retentionMode: z.enum(RETENTION_MODES),
  enableEnrichment: z.boolean(),
  resultUrl: z.string().meta({ description: "the scan's page in the web UI (a share link's page for a shared scan)" }),
  reportUrl: z.string(),
  verdict: Verdict.nullable().meta({ description: "set from completed_fast_scan on" }),
  score: z.number().int().min(0).max(100).nullable(),
  confidence: Confidence.nullable(),
  advancedStatus: z.enum(ADVANCED_STATUSES),
  advancedFailureReason: z.string().nullable(),
  enrichmentStatus: z.enum(ENRICHMENT_STATUSES),
  enrichmentFailureReason: z.string().nullable(),
  failureReason: z.string().nullable().meta({ description: "why the scan failed (status failed)" }),
  expiresAt: isoTime.nullable(),
  fileRetained: z.boolean(),
  keepThumbnails: z
    .boolean()
    .meta({ description: "page thumbnails stay until the scan is deleted (else they follow the file's retention)" }),
  file: z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  callbackUrl: z
    .string()
    .nullable()
    .meta({ description: "where this scan's webhooks go (GET .../webhooks lists the deliveries)" }),
  batchId: z.string().nullable().meta({
    description: "the uploaded ZIP this file came from (GET /api/scans?batch= lists its scans); null: uploaded alone",
  }),
  createdAt: isoTime,
  updatedAt: isoTime,
  fastCompletedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
});
export type ScanResource = z.infer<typeof ScanResource>;

/** The answer of POST /api/scans: the scan, and the key's webhook signing secret the first time a callbackUrl needed one. */
export const CreatedScanResource = ScanResource.extend({
  webhookSecret: z.string().optional().meta({
    description:
      "whsec_... : the Standard Webhooks signing secret of your key, present only in the answer that created it (shown once; POST /api/webhook-secret makes a new one)",
  }),
});

/** The answer to a ZIP upload (the OpenAPI document's schema of it). */
export const ScanBatch = z.object({
  batchId: z.string().meta({ description: "the scans of this archive share it: GET /api/scans?batch=<batchId>" }),
  archive: z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string() }),
  scans: z.array(ScanResource).meta({ description: "one scan per PDF member, named <archive>/<member path>" }),
  skipped: z
    .array(SkippedMember)
    .meta({ description: "members that are not PDFs, or were refused (size, ratio, password); empty on a replay" }),
  webhookSecret: z
    .string()
    .optional()
    .meta({ description: "as for a single file: the key's new webhook secret, shown once" }),
});

export const resultUrlOf = (scanId: string): string => `/scans/${scanId}`;

export function toScanResource(row: ScanRow, apiBase = "/api"): ScanResource {
  const time = (ms: number | null) => (ms === null ? null : iso(ms));
  return {
    scanId: row.id,
    status: row.status,
    retentionMode: row.retention_mode,
    enableEnrichment: row.enable_enrichment === 1,
    resultUrl: resultUrlOf(row.id),
    reportUrl: `${apiBase}/scans/${row.id}/report`,
    verdict: row.verdict as Verdict | null,
    score: row.score,
    confidence: row.confidence as Confidence | null,
    advancedStatus: row.advanced_status,
    advancedFailureReason: row.advanced_failure_reason,
    enrichmentStatus: row.enrichment_status,
    enrichmentFailureReason: row.enrichment_failure_reason,
    failureReason: row.failure_reason,
    expiresAt: time(row.expires_at),
    fileRetained: row.file_retained === 1,
    keepThumbnails: row.keep_thumbnails === 1,
    file: { name: row.file_name, size: row.file_size, sha256: row.sha256 },
    callbackUrl: row.callback_url,
    batchId: row.batch_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    fastCompletedAt: time(row.fast_completed_at),
    completedAt: isTerminal(row.status) ? time(row.completed_at) : null,
  };
}
