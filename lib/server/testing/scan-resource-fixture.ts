// Test helper: a complete scan resource (the API's shape, scan-resource.ts) for tests of its readers
// (the CLI's list and updates), with the fields a test cares about given in `extra`.
import type { ScanResource } from "../scans/scan-resource";

export function scanResourceFixture(extra: Partial<ScanResource> & Pick<ScanResource, "scanId">): ScanResource {
  const { scanId } = extra;
  return {
    status: "completed",
    retentionMode: "delete_immediately",
    enableEnrichment: false,
    resultUrl: `/scans/${scanId}`,
    reportUrl: `/api/scans/${scanId}/report`,
    verdict: "benign",
    score: 10,
    confidence: "high",
    advancedStatus: "completed",
    advancedFailureReason: null,
    enrichmentStatus: "disabled",
    enrichmentFailureReason: null,
    failureReason: null,
    expiresAt: null,
    fileRetained: false,
    keepThumbnails: false,
    file: { name: `${scanId}.pdf`, size: 100, sha256: "0".repeat(64) },
    callbackUrl: null,
    batchId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    fastCompletedAt: null,
    completedAt: null,
    ...extra,
  };
}
