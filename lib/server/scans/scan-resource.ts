// The scan as the API shows it (POST /api/scans, GET /api/scans/:scanId, GET /api/scans): the seed's
// fields (scanId, status, retentionMode, resultUrl, verdict, score, advancedStatus, expiresAt) plus
// additive camelCase ones. Times are RFC 3339 UTC.
import type { ScanRow } from "./scan-repository";
import { iso } from "./report";

export interface ScanResource {
  scanId: string;
  status: ScanRow["status"];
  retentionMode: ScanRow["retention_mode"];
  enableEnrichment: boolean;
  /** the shareable page of the scan */
  resultUrl: string;
  reportUrl: string;
  verdict: string | null;
  score: number | null;
  confidence: string | null;
  advancedStatus: ScanRow["advanced_status"];
  advancedFailureReason: string | null;
  enrichmentStatus: ScanRow["enrichment_status"];
  enrichmentFailureReason: string | null;
  /** why the scan failed (status failed) */
  failureReason: string | null;
  expiresAt: string | null;
  fileRetained: boolean;
  /** page thumbnails stay until the scan is deleted (else they follow the file's retention) */
  keepThumbnails: boolean;
  file: { name: string; size: number; sha256: string };
  createdAt: string;
  updatedAt: string;
  fastCompletedAt: string | null;
  completedAt: string | null;
}

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
    verdict: row.verdict,
    score: row.score,
    confidence: row.confidence,
    advancedStatus: row.advanced_status,
    advancedFailureReason: row.advanced_failure_reason,
    enrichmentStatus: row.enrichment_status,
    enrichmentFailureReason: row.enrichment_failure_reason,
    failureReason: row.failure_reason,
    expiresAt: time(row.expires_at),
    fileRetained: row.file_retained === 1,
    keepThumbnails: row.keep_thumbnails === 1,
    file: { name: row.file_name, size: row.file_size, sha256: row.sha256 },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    fastCompletedAt: time(row.fast_completed_at),
    completedAt: row.status === "completed" || row.status === "failed" || row.status === "expired" ? time(row.completed_at) : null,
  };
}
