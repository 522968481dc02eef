// The scan report (GET /api/scans/:scanId/report): the seed's fields (scanId, summary{verdict,score},
// findings, iocs{urls,ips}, mitigations) plus the contract's (schemaVersion, engineVersion, stage,
// finding/IOC/mitigation elements) and additive camelCase fields. Built from the latest completed
// stage: the advanced result when that stage completed, else the fast result. Every export format
// (lib/server/report-formats) renders this one object.
import { z } from "zod";
import { mitigationsFor } from "../../analyzer/mitigations";
import {
  ENGINE_VERSION,
  FastResult,
  Finding,
  Iocs,
  Mitigation,
  SCHEMA_VERSION,
  Stage,
  Summary,
} from "../../analyzer/report";
import { EnrichmentResult } from "../enrichment/enrichment-provider";
import type { StoredPage } from "../storage/page-image-store";
import { RETENTION_MODES, deletesImmediately } from "../domain/retention";
import type { ScanRow } from "./scan-repository";
import { ADVANCED_STATUSES, ENRICHMENT_STATUSES, SCAN_STATUSES, isReportReady } from "../domain/state-machine";

const isoTime = z.iso.datetime();
/** a stage's summary as the analyzer gave it: verdict, score, confidence, and how the model and the evidence reached them */
const StageSummary = Summary;

export const ScanReport = z.object({
  scanId: z.string(),
  schemaVersion: z.string(),
  engineVersion: z.string(),
  /** the stage whose result this report shows */
  stage: Stage,
  status: z.enum(SCAN_STATUSES),
  advancedStatus: z.enum(ADVANCED_STATUSES),
  advancedFailureReason: z.string().nullable(),
  enrichmentStatus: z.enum(ENRICHMENT_STATUSES),
  summary: StageSummary,
  /** the fast stage's summary, kept when the advanced stage replaces it (the UI says how it moved) */
  fastSummary: StageSummary,
  /** the advanced stage's summary once that stage completed, else null */
  advancedSummary: StageSummary.nullable(),
  findings: z.array(Finding),
  iocs: Iocs,
  mitigations: z.array(Mitigation),
  keywordHits: z.array(z.string()),
  file: z.object({
    name: z.string(),
    size: z.number().int(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** null for a scan analysed before the report carried them */
    md5: z.string().nullable(),
    sha1: z.string().nullable(),
    /** TLSH of the advanced stage; null before it, or when the file is too small, too uniform or too large for one */
    tlsh: z.string().nullable(),
  }),
  fileRetained: z.boolean(),
  retentionMode: z.enum(RETENTION_MODES),
  expiresAt: isoTime.nullable(),
  createdAt: isoTime,
  /** when the stage shown here completed */
  completedAt: isoTime,
  /** parts of the file were not inspected (an analysis budget was hit) */
  truncated: z.boolean(),
  /**
   * The other scans of the same file (same SHA-256): the caller's own, an admin's everyone's; the
   * oldest ten listed. Absent from a share link's view (it would disclose the owner's history).
   */
  seenBefore: z
    .object({
      count: z.number().int().min(0),
      scans: z.array(
        z.object({ scanId: z.string(), createdAt: isoTime, verdict: z.string().nullable(), fileName: z.string() }),
      ),
    })
    .optional(),
  /** the enrichment step's output when enrichment ran and completed */
  enrichment: EnrichmentResult.nullable(),
  /**
   * Advanced-stage details (metadata, JavaScript, embedded files, lures, ...) passed through as the
   * analyzer returns them, so the deep analysis can grow without changing this schema.
   */
  details: z.record(z.string(), z.unknown()),
  /**
   * Page thumbnails of the advanced stage's render (GET .../pages/:n/thumbnail.png): `available` with
   * the pages stored, `deleted` by retention, `not_kept` (delete_immediately without keepThumbnails),
   * or `none` (no page was drawn, or the advanced stage has not run).
   */
  pageImages: z.object({
    status: z.enum(["available", "deleted", "not_kept", "none"]),
    pages: z.array(z.object({ page: z.number().int().min(1), large: z.boolean() })),
    keepThumbnails: z.boolean(),
  }),
});
export type ScanReport = z.infer<typeof ScanReport>;

/** Fields of a stage result that the report maps itself; the rest goes to `details`. */
const MAPPED_RESULT_FIELDS = new Set([
  "file_name",
  "sha256",
  "hashes",
  "keyword_hits",
  "iocs",
  "summary",
  "schema_version",
  "engine_version",
  "stage",
  "findings",
  "truncated",
  "mitigations",
]);

export const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A stored stage result; results stored before results carried `mitigations` still read, and so do
 * those whose model summary still had the snake_case names (prior_score, top_features) of before the
 * report's one naming rule (issue 20).
 */
const StoredResult = z.preprocess(
  renamedModelFields,
  FastResult.extend({ mitigations: z.array(Mitigation).optional() }),
);

function renamedModelFields(raw: unknown): unknown {
  const model = (raw as { summary?: { model?: Record<string, unknown> } } | null)?.summary?.model;
  if (!model || !("prior_score" in model || "top_features" in model)) return raw;
  const { prior_score, top_features, ...rest } = model;
  const r = raw as { summary: Record<string, unknown> };
  return { ...r, summary: { ...r.summary, model: { ...rest, priorScore: prior_score, topFeatures: top_features } } };
}

/** The report of a scan whose fast stage is done; null before that (409 report_not_ready). */
export function buildReport(scan: ScanRow): ScanReport | null {
  if (!isReportReady(scan.status) || !scan.fast_result) return null;
  const useAdvanced = scan.advanced_status === "completed" && scan.advanced_result !== null;
  const raw = JSON.parse(useAdvanced ? scan.advanced_result! : scan.fast_result) as Record<string, unknown>;
  const result = StoredResult.parse(raw);
  const fastSummary = useAdvanced ? StoredResult.parse(JSON.parse(scan.fast_result)).summary : result.summary;
  const completedAt = (useAdvanced ? scan.completed_at : scan.fast_completed_at) ?? scan.updated_at;
  const details = Object.fromEntries(Object.entries(raw).filter(([k]) => !MAPPED_RESULT_FIELDS.has(k)));
  const enrichment = scan.enrichment_result ? EnrichmentResult.parse(JSON.parse(scan.enrichment_result)) : null;
  return {
    scanId: scan.id,
    schemaVersion: result.schema_version || SCHEMA_VERSION,
    engineVersion: result.engine_version || ENGINE_VERSION,
    stage: useAdvanced ? "advanced" : "fast",
    status: scan.status,
    advancedStatus: scan.advanced_status,
    advancedFailureReason: scan.advanced_failure_reason,
    enrichmentStatus: scan.enrichment_status,
    summary: result.summary,
    fastSummary,
    advancedSummary: useAdvanced ? result.summary : null,
    findings: result.findings,
    iocs: result.iocs,
    // results carry their mitigations; one stored before they did gets them from the same builder
    mitigations: result.mitigations ?? mitigationsFor(result.findings),
    keywordHits: result.keyword_hits,
    file: {
      name: scan.file_name,
      size: scan.file_size,
      sha256: scan.sha256,
      md5: result.hashes?.md5 ?? null,
      sha1: result.hashes?.sha1 ?? null,
      tlsh: result.hashes?.tlsh ?? null,
    },
    fileRetained: scan.file_retained === 1,
    retentionMode: scan.retention_mode,
    expiresAt: scan.expires_at === null ? null : iso(scan.expires_at),
    createdAt: iso(scan.created_at),
    completedAt: iso(completedAt),
    truncated: result.truncated,
    enrichment,
    details,
    pageImages: pageImagesOf(scan),
  };
}

/** The pages whose images are stored, as the scan row records them. */
export function storedPagesOf(scan: Pick<ScanRow, "page_images" | "page_images_deleted_at">): StoredPage[] {
  if (!scan.page_images || scan.page_images_deleted_at !== null) return [];
  const pages = JSON.parse(scan.page_images) as StoredPage[];
  return Array.isArray(pages) ? pages : [];
}

function pageImagesOf(scan: ScanRow): ScanReport["pageImages"] {
  const keepThumbnails = scan.keep_thumbnails === 1;
  const pages = storedPagesOf(scan);
  const status = pages.length
    ? "available"
    : scan.page_images_deleted_at !== null
      ? "deleted"
      : deletesImmediately(scan.retention_mode) && !keepThumbnails
        ? "not_kept"
        : "none";
  return { status, pages, keepThumbnails };
}
