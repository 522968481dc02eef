// Every operation of the API, declared once as data: path, method, who may call it, its inputs, its
// answers and the problem codes it can send. lib/server/openapi/openapi-document.ts renders this table
// as OpenAPI 3.1 (GET /api/openapi.json); the API reference page reads the rendered document. The
// schemas are the ones the routes use (request validation in scan-requests.ts and the route files,
// results in lib/analyzer/report.ts, resources beside the code that builds them), so the document cannot
// describe another API than the one served. openapi-document.test.ts fails when a route file is not
// in this table or a problem code is sent by no operation.
import { z } from "zod";
import { DeepResult, FastResult } from "../../analyzer/report";
import { SignIn } from "../auth/sessions";
import { MintShare, ShareResource } from "../auth/share-links";
import type { ErrorCode } from "../errors";
import { REPORT_FORMAT_NAMES } from "../report-formats";
import { ScanReport } from "../scans/report";
import { ListQuery, MAX_PAGE_SIZE, ScanOptions } from "../scans/scan-requests";
import { CreatedScanResource, ScanBatch, ScanResource } from "../scans/scan-resource";
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_CHARS } from "../scans/idempotency";
import { WebhookDelivery } from "../webhooks/webhook-store";
import { HTTP_LIMITS } from "../../limits";
import { PDF_HEADER_WINDOW_BYTES } from "../../pdf/sniff";
import { SAMPLE_ZIP_PASSWORD, SkippedMember } from "../http/upload-archive";
import {
  EmbeddedParam,
  ObjectList,
  ObjectParam,
  ObjectQuery,
  ObjectView,
  ObjectsQuery,
} from "../scans/inspection-requests";

export type Method = "get" | "post" | "delete";
/** key: a Bearer API key or a web UI session (+ CSRF token on writes); share: the token in the path; none */
export type Access = "key" | "share" | "none";

export interface Answer {
  status: number;
  description: string;
  /** media type -> schema; a `string` schema for text and binary bodies */
  content?: Record<string, z.ZodType>;
  headers?: Record<string, string>;
}

export interface Operation {
  method: Method;
  /** OpenAPI path template, e.g. /api/scans/{scanId} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: "Analysis" | "Scans" | "Reports" | "Webhooks" | "Share links" | "Session" | "Service";
  access: Access;
  /** also served under /api/v1 (every /api route, and /analyze/* and /health as /api/v1/analyze/*, /api/v1/health) */
  v1: boolean;
  path_params?: z.ZodObject;
  query?: z.ZodObject;
  /** request headers the operation reads (besides Authorization) */
  headers?: z.ZodObject;
  /** media type -> schema of the request body (an upload takes several) */
  body?: { content: Record<string, z.ZodType>; required: boolean };
  answers: Answer[];
  /** the problem codes it can answer (problem+json), besides the ones every operation can (COMMON_PROBLEMS) */
  problems: ErrorCode[];
}

/** Answers any operation can give: another Host (421), an unexpected fault (500), a store down (503). */
export const COMMON_PROBLEMS: ErrorCode[] = ["misdirected_request", "internal", "unavailable"];
/** Answers of every operation that needs a caller (Access "key"). */
export const KEY_PROBLEMS: ErrorCode[] = ["authentication_required", "forbidden", "rate_limited"];
/**
 * Codes no operation of the table lists, and why: they answer requests the document does not describe
 * (a method a path does not serve, a method served nowhere), or are never sent (logged when the
 * client went away first). The document's description says so.
 */
export const UNLISTED_PROBLEMS: Partial<Record<ErrorCode, string>> = {
  not_found: "a path the API does not have: 404",
  method_not_allowed: "a method the path does not serve: 405 with Allow",
  not_implemented: "a method served on no path (TRACE, CONNECT, PROPFIND...): 501",
  client_closed_request: "the client went away before the answer: logged, never sent",
};

const ScanIdParam = z.object({
  scanId: z.string().min(1).meta({ description: "the scan's id (scanId of POST /api/scans)" }),
});
const TokenParam = z.object({
  token: z.string().min(1).meta({ description: "the share link's token (pdfscan_share_...)" }),
});
const PageParam = z.object({
  n: z
    .string()
    .regex(/^[1-9]\d*$/)
    .meta({ description: "page number, from 1" }),
});
const ThumbnailQuery = z.object({
  size: z.enum(["large"]).optional().meta({ description: "large: the enlarged preview" }),
});
const ReportQuery = z.object({
  format: z
    .enum(REPORT_FORMAT_NAMES)
    .optional()
    .meta({
      description: `overrides Accept: ${REPORT_FORMAT_NAMES.map((f) => (f === "json" ? "json (default)" : f)).join(", ")}`,
    }),
  download: z
    .enum(["1"])
    .optional()
    .meta({ description: "1: Content-Disposition attachment with the export's file name" }),
});

const binary = z.string().meta({ format: "binary" });
const upload = (extra: Record<string, z.ZodType>) =>
  z.object({
    file: binary.meta({
      description: `the PDF (or an XDP package wrapping one); %PDF- in its first ${PDF_HEADER_WINDOW_BYTES} bytes`,
    }),
    password: z.string().optional().meta({
      description: "the document password of an encrypted PDF: used for this analysis only, never stored or logged",
    }),
    ...extra,
  });
const zipPassword = z
  .string()
  .optional()
  .meta({ description: `the password of a ZIP upload (default "${SAMPLE_ZIP_PASSWORD}")` });
const ScanUpload = upload({ ...ScanOptions.shape, zipPassword });
const AnalyzeUpload = upload({ zipPassword });
/** An upload as a form, or as the raw file (options in the query string, the name in ?fileName= or Content-Disposition). */
const uploadContent = (form: z.ZodType): Record<string, z.ZodType> => ({
  "multipart/form-data": form,
  "application/pdf": binary.meta({
    description:
      "the PDF itself; options as query parameters (as the form fields), the name in ?fileName= or Content-Disposition",
  }),
  "application/zip": binary.meta({
    description: "a ZIP of PDFs (password zipPassword in the query, default infected); options as query parameters",
  }),
});
/** The answer of /analyze/* to a ZIP. */
const AnalyzedArchive = (result: z.ZodType) =>
  z.object({
    archive: z.object({ file_name: z.string(), sha256: z.string(), size: z.number().int().min(0) }),
    results: z
      .array(result)
      .meta({ description: "one per PDF member, in archive order; file_name is the member's path" }),
    skipped: z.array(SkippedMember),
  });

export const Health = z.object({
  status: z.enum(["ok"]),
  version: z.string(),
  checks: z.record(z.string(), z.enum(["ok", "error"])),
  load: z.object({
    analysis: z
      .object({
        threads: z.number(),
        running: z.number(),
        queued: z.number(),
        maxQueued: z.number(),
        callers: z.number(),
        saturated: z.boolean(),
      })
      .passthrough()
      .nullable(),
  }),
});
const ScanList = z.object({
  items: z.array(ScanResource),
  nextCursor: z.string().nullable(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE),
});
const SignedIn = z.object({ keyPrefix: z.string(), name: z.string(), admin: z.boolean(), expiresAt: z.iso.datetime() });
const Who = z.object({
  principal: z.string(),
  kind: z.string(),
  admin: z.boolean(),
  keyId: z.string().nullable().optional(),
});
const MintedShare = ShareResource.extend({
  url: z.string().meta({ description: "/share/<token>: the page" }),
  token: z.string().meta({ description: "shown only here (stored hashed)" }),
});

const json = (schema: z.ZodType) => ({ "application/json": schema });
const text = z.string();
/** the report in each format of lib/server/report-formats (json is the ScanReport; the others are renderings of it) */
const MispEvent = z
  .object({ Event: z.record(z.string(), z.unknown()) })
  .meta({ description: "a MISP event (format misp)" });
const reportContent = {
  // format json is the ScanReport; format misp is also served as application/json
  "application/json": z.union([ScanReport, MispEvent]),
  "application/stix+json": z
    .object({ type: z.literal("bundle"), id: z.string(), objects: z.array(z.record(z.string(), z.unknown())) })
    .passthrough(),
  "text/csv": text,
  "text/markdown": text,
  "text/html": text.meta({ description: "a self-contained page with its own no-script CSP" }),
  "application/sarif+json": z
    .object({ version: z.literal("2.1.0"), runs: z.array(z.record(z.string(), z.unknown())) })
    .passthrough()
    .meta({ description: "a SARIF 2.1.0 log: one result per finding" }),
};
const png = { "image/png": binary };
const zipContent = { "application/zip": binary };
const eventStream = {
  "text/event-stream": z.string().meta({
    description:
      "Server-Sent Events. `scan` (data: the Scan; id: its updatedAt in ms) on connect and on each change; `verdict` (data: {verdict, score, confidence, stage}) when they change; `end` (data: {status}) at a terminal state, then the stream ends; `deleted` (data: {scanId}) when the scan is deleted. Send Last-Event-ID to resume: the current state comes again only if it changed since. Comment lines keep the connection alive.",
  }),
};
const RATE_HEADERS = {
  RateLimit: "the caller's remaining budget (RFC draft-ietf-httpapi-ratelimit-headers)",
  "RateLimit-Policy": "the caller's budget",
};

/** POST /analyze/fast and /analyze/deep: one upload, one synchronous result, nothing stored */
function analysis(stage: "fast" | "deep", summary: string, does: string, result: z.ZodType, answer: string): Operation {
  return {
    method: "post",
    path: `/analyze/${stage}`,
    operationId: stage === "fast" ? "analyzeFast" : "analyzeDeep",
    tag: "Analysis",
    access: "key",
    v1: true,
    summary,
    description: `${does} Nothing is stored.`,
    body: { content: uploadContent(AnalyzeUpload), required: true },
    answers: [
      {
        status: 200,
        description: `${answer}; for a ZIP, {archive, results, skipped}: one result per PDF member (at most ${HTTP_LIMITS.ANALYZE_ARCHIVE_MAX_PDF_MEMBERS})`,
        content: json(z.union([result, AnalyzedArchive(result)])),
        headers: RATE_HEADERS,
      },
    ],
    problems: [
      "invalid_request",
      "missing_file",
      "file_too_large",
      "body_too_large",
      "unsupported_media_type",
      "analysis_timeout",
    ],
  };
}

export const OPERATIONS: Operation[] = [
  analysis(
    "fast",
    "Analyse a PDF now (fast stage)",
    "Parses the file, runs every rule and the verdict model, and answers the fast result synchronously (10 s budget).",
    FastResult,
    "the fast result",
  ),
  analysis(
    "deep",
    "Analyse a PDF now (fast + advanced stage)",
    "The fast result plus the advanced stage: scripts run in a WebAssembly sandbox, pages rendered, embedded files analysed (120 s budget).",
    DeepResult,
    "the deep result, a superset of the fast result",
  ),
  {
    method: "get",
    path: "/health",
    operationId: "health",
    tag: "Service",
    access: "none",
    v1: true,
    summary: "Liveness and readiness",
    description:
      "No authentication; discloses a status, the version, each dependency's ok/error and the analysis pool's load. 503 when a dependency is down or the pool is saturated.",
    answers: [{ status: 200, description: "every dependency answers", content: json(Health) }],
    problems: [],
  },
  {
    method: "post",
    path: "/api/scans",
    operationId: "createScan",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "Create a scan",
    description:
      "Stores the upload under the retention mode and queues the fast stage, then the advanced stage (and enrichment when asked). Follow GET /api/scans/{scanId}/events, poll GET /api/scans/{scanId}, give a callbackUrl, or open resultUrl. With an Idempotency-Key, a retry of the same request answers the scan the first one created (Idempotent-Replayed: true) instead of creating another.",
    headers: z.object({
      [IDEMPOTENCY_HEADER]: z.string().min(1).max(MAX_IDEMPOTENCY_KEY_CHARS).optional().meta({
        description:
          "a unique value per upload (a UUID): the same key with the same file and options within 24 h gives the same scan; with another request, 422",
      }),
    }),
    body: { content: uploadContent(ScanUpload), required: true },
    answers: [
      {
        status: 201,
        description: `the scan, queued (or, for a retry with the same Idempotency-Key, as it is now); for a ZIP, the batch: one scan per PDF member (at most ${HTTP_LIMITS.ARCHIVE_MAX_PDF_MEMBERS})`,
        content: json(z.union([CreatedScanResource, ScanBatch])),
        headers: {
          Location: "/api/scans/{scanId}",
          "Idempotent-Replayed": "true when an earlier request with the same Idempotency-Key created the scan",
          ...RATE_HEADERS,
        },
      },
    ],
    problems: [
      "invalid_request",
      "missing_file",
      "file_too_large",
      "quota_exceeded",
      "body_too_large",
      "unsupported_media_type",
      "idempotency_key_in_use",
      "idempotency_key_mismatch",
    ],
  },
  {
    method: "get",
    path: "/api/scans",
    operationId: "listScans",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "List the caller's scans, newest first",
    description:
      'Cursor pagination (nextCursor, and a Link: rel="next" header). all=true lists everyone\'s scans for an admin key (audit-logged).',
    query: ListQuery,
    answers: [
      {
        status: 200,
        description: "a page of scans",
        content: json(ScanList),
        headers: { Link: 'the next page, rel="next"', ...RATE_HEADERS },
      },
    ],
    problems: ["invalid_request"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}",
    operationId: "getScan",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "A scan's status and verdict",
    description: "Another principal's scan is 404 scan_not_found, never 403.",
    path_params: ScanIdParam,
    answers: [{ status: 200, description: "the scan", content: json(ScanResource), headers: RATE_HEADERS }],
    problems: ["scan_not_found"],
  },
  {
    method: "delete",
    path: "/api/scans/{scanId}",
    operationId: "deleteScan",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "Delete a scan, its report, page images and file, in any state",
    path_params: ScanIdParam,
    answers: [{ status: 204, description: "deleted" }],
    problems: ["scan_not_found"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/report",
    operationId: "getReport",
    tag: "Reports",
    access: "key",
    v1: true,
    summary: "The scan's report, in the format asked for",
    description:
      "Once the fast stage is done (before: 409 report_not_ready with Retry-After; a failed scan: 409 report_unavailable). Format by ?format= or Accept.",
    path_params: ScanIdParam,
    query: ReportQuery,
    answers: [
      {
        status: 200,
        description: "the report (the advanced stage's once it completed, else the fast stage's)",
        content: reportContent,
        headers: RATE_HEADERS,
      },
    ],
    problems: ["scan_not_found", "report_not_ready", "report_unavailable", "invalid_request"],
  },
  {
    method: "post",
    path: "/api/scans/{scanId}/rerun",
    operationId: "rerunScan",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "Analyse a retained file again, as a new scan",
    description:
      "A new scan of the scan's retained file with its options (retention, enrichment, thumbnails), through today's engines and rules; the caller's, counted toward the caller's quota. A document password is not reused.",
    path_params: ScanIdParam,
    answers: [
      {
        status: 201,
        description: "the new scan, queued",
        content: json(CreatedScanResource),
        headers: { Location: "/api/scans/{scanId}", ...RATE_HEADERS },
      },
    ],
    problems: ["scan_not_found", "file_not_retained", "quota_exceeded", "forbidden"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/file",
    operationId: "getSampleArchive",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: 'The uploaded file, while retained, in a ZIP encrypted with the password "infected"',
    description:
      "The owner's or an admin's only (not through a share link); audited. The member is named <sha256>.pdf. 410 file_not_retained once the retention mode deleted the file.",
    path_params: ScanIdParam,
    answers: [{ status: 200, description: "a ZipCrypto archive of the file (password infected)", content: zipContent }],
    problems: ["scan_not_found", "file_not_retained", "forbidden"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/objects",
    operationId: "listObjects",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "The object inspector: the retained file's objects and revisions",
    description:
      "Read again from the retained file in the analysis pool. The owner's or an admin's only (not through a share link). ?search= or ?refs= filters the list as pdf-parser -s / -r do.",
    path_params: ScanIdParam,
    query: ObjectsQuery,
    answers: [
      {
        status: 200,
        description: "the objects (at most 5,000 listed) and each revision's xref section and trailer",
        content: json(ObjectList),
      },
    ],
    problems: ["scan_not_found", "file_not_retained", "forbidden", "invalid_request", "analysis_timeout"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/objects/{n}",
    operationId: "getObject",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "One object of the retained file: its value, referrers and stream",
    description:
      "The value in PDF syntax, the objects that refer to it, and with ?stream=decoded|raw the stream's bytes in base64 (at most 512 KiB). Show decoded content as inert text: it is the document's, and hostile.",
    path_params: ScanIdParam.extend(ObjectParam.shape),
    query: ObjectQuery,
    answers: [{ status: 200, description: "the object", content: json(ObjectView) }],
    problems: [
      "scan_not_found",
      "file_not_retained",
      "object_not_found",
      "forbidden",
      "invalid_request",
      "analysis_timeout",
    ],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/embedded/{sha256}",
    operationId: "getEmbeddedFileArchive",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: `An embedded file of the retained file, in a ZIP encrypted with the password "${SAMPLE_ZIP_PASSWORD}"`,
    description:
      "By the SHA-256 the report's embedded_files lists; the member is named <sha256>.<its extension>. The owner's or an admin's only; audited.",
    path_params: ScanIdParam.extend(EmbeddedParam.shape),
    answers: [{ status: 200, description: "a ZipCrypto archive of the embedded file", content: zipContent }],
    problems: [
      "scan_not_found",
      "file_not_retained",
      "object_not_found",
      "forbidden",
      "invalid_request",
      "analysis_timeout",
    ],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/pages/{n}/thumbnail.png",
    operationId: "getPageThumbnail",
    tag: "Reports",
    access: "key",
    v1: true,
    summary: "A page as the advanced stage rendered it (PNG)",
    path_params: ScanIdParam.extend(PageParam.shape),
    query: ThumbnailQuery,
    answers: [{ status: 200, description: "the page image", content: png }],
    problems: ["scan_not_found", "page_not_found", "invalid_request"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/events",
    operationId: "getScanEvents",
    tag: "Scans",
    access: "key",
    v1: true,
    summary: "The scan's status changes, as Server-Sent Events",
    description:
      "Instead of polling: each status, advancedStatus, enrichmentStatus and verdict change as it happens (in the scale-out configuration too: changes cross processes through Redis), until a terminal state.",
    path_params: ScanIdParam,
    answers: [{ status: 200, description: "the event stream", content: eventStream }],
    problems: ["scan_not_found"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/webhooks",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    access: "key",
    v1: true,
    summary: "The delivery log of the scan's webhooks",
    description:
      "One item per webhook sent to the scan's callbackUrl, oldest first: its webhook-id, event, state and every attempt with the receiver's HTTP status or the error.",
    path_params: ScanIdParam,
    answers: [
      {
        status: 200,
        description: "the deliveries",
        content: json(z.object({ callbackUrl: z.string().nullable(), items: z.array(WebhookDelivery) })),
      },
    ],
    problems: ["scan_not_found"],
  },
  {
    method: "post",
    path: "/api/webhook-secret",
    operationId: "rotateWebhookSecret",
    tag: "Webhooks",
    access: "key",
    v1: true,
    summary: "Replace the caller's webhook signing secret",
    description:
      "A new whsec_ secret for the calling key, shown only in this answer. Every webhook sent from now on (retries included) is signed with it; the old secret stops at once.",
    answers: [
      {
        status: 201,
        description: "the new secret",
        content: json(
          z.object({
            webhookSecret: z.string().meta({ description: "whsec_<base64>: the Standard Webhooks signing secret" }),
          }),
        ),
      },
    ],
    problems: [],
  },
  {
    method: "post",
    path: "/api/scans/{scanId}/shares",
    operationId: "createShareLink",
    tag: "Share links",
    access: "key",
    v1: true,
    summary: "Mint a read-only, expiring share link to the scan's report",
    description:
      "The token is shown only in this answer. A link dies with its expiry, its revocation, or the key that minted it.",
    path_params: ScanIdParam,
    body: { content: json(MintShare), required: false },
    answers: [
      { status: 201, description: "the link", content: json(MintedShare), headers: { Location: "/share/<token>" } },
    ],
    problems: ["scan_not_found", "invalid_request", "body_too_large", "unsupported_media_type"],
  },
  {
    method: "get",
    path: "/api/scans/{scanId}/shares",
    operationId: "listShareLinks",
    tag: "Share links",
    access: "key",
    v1: true,
    summary: "The scan's share links (without tokens), newest first",
    path_params: ScanIdParam,
    answers: [{ status: 200, description: "the links", content: json(z.object({ items: z.array(ShareResource) })) }],
    problems: ["scan_not_found"],
  },
  {
    method: "delete",
    path: "/api/scans/{scanId}/shares/{shareId}",
    operationId: "revokeShareLink",
    tag: "Share links",
    access: "key",
    v1: true,
    summary: "Revoke a share link",
    path_params: ScanIdParam.extend({ shareId: z.string().min(1) }),
    answers: [{ status: 204, description: "revoked" }],
    problems: ["scan_not_found", "share_not_found"],
  },
  {
    method: "get",
    path: "/share/{token}/scan",
    operationId: "getSharedScan",
    tag: "Share links",
    access: "share",
    v1: false,
    summary: "The shared scan's status (read-only)",
    path_params: TokenParam,
    answers: [
      {
        status: 200,
        description: "the scan, with resultUrl and reportUrl under the share link",
        content: json(ScanResource),
      },
    ],
    problems: ["share_not_found", "rate_limited"],
  },
  {
    method: "get",
    path: "/share/{token}/events",
    operationId: "getSharedScanEvents",
    tag: "Share links",
    access: "share",
    v1: false,
    summary: "The shared scan's status changes, as Server-Sent Events",
    description: "As GET /api/scans/{scanId}/events; the stream also ends when the link is revoked or expires.",
    path_params: TokenParam,
    answers: [{ status: 200, description: "the event stream", content: eventStream }],
    problems: ["share_not_found", "rate_limited"],
  },
  {
    method: "get",
    path: "/share/{token}/report",
    operationId: "getSharedReport",
    tag: "Share links",
    access: "share",
    v1: false,
    summary: "The shared scan's report, in the format asked for",
    path_params: TokenParam,
    query: ReportQuery,
    answers: [{ status: 200, description: "the report", content: reportContent }],
    problems: ["share_not_found", "report_not_ready", "report_unavailable", "invalid_request", "rate_limited"],
  },
  {
    method: "get",
    path: "/share/{token}/pages/{n}/thumbnail.png",
    operationId: "getSharedPageThumbnail",
    tag: "Share links",
    access: "share",
    v1: false,
    summary: "A page image of the shared scan (PNG)",
    path_params: TokenParam.extend(PageParam.shape),
    query: ThumbnailQuery,
    answers: [{ status: 200, description: "the page image", content: png }],
    problems: ["share_not_found", "page_not_found", "invalid_request", "rate_limited"],
  },
  {
    method: "post",
    path: "/api/session",
    operationId: "signIn",
    tag: "Session",
    access: "none",
    v1: true,
    summary: "Web UI sign-in: exchange an API key for a session cookie",
    description:
      "Sets the HttpOnly session cookie and the CSRF cookie. Only from the service's own pages (Origin). A browser already signed in gets 409 session_exists unless replace is true.",
    body: { content: json(SignIn), required: true },
    answers: [
      {
        status: 200,
        description: "signed in",
        content: json(SignedIn),
        headers: { "Set-Cookie": "pdfscan_session (HttpOnly) and pdfscan_csrf" },
      },
    ],
    problems: [
      "invalid_request",
      "authentication_required",
      "forbidden",
      "session_exists",
      "body_too_large",
      "unsupported_media_type",
    ],
  },
  {
    method: "get",
    path: "/api/session",
    operationId: "whoAmI",
    tag: "Session",
    access: "key",
    v1: true,
    summary: "Who is calling",
    answers: [{ status: 200, description: "the principal", content: json(Who) }],
    problems: [],
  },
  {
    method: "delete",
    path: "/api/session",
    operationId: "signOut",
    tag: "Session",
    access: "key",
    v1: true,
    summary: "Sign out (ends the UI session, clears its cookies)",
    answers: [{ status: 204, description: "signed out" }],
    problems: [],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "openApiDocument",
    tag: "Service",
    access: "none",
    v1: true,
    summary: "This document (OpenAPI 3.1)",
    answers: [
      {
        status: 200,
        description: "the OpenAPI document",
        content: json(z.object({ openapi: z.string() }).passthrough()),
      },
    ],
    problems: [],
  },
];

/** The problem codes an operation can answer, its own first. */
export function problemsOf(op: Operation): ErrorCode[] {
  return [...new Set([...op.problems, ...(op.access === "key" ? KEY_PROBLEMS : []), ...COMMON_PROBLEMS])];
}

/** The path an operation is also served at under /api/v1, or null. */
export function v1PathOf(op: Operation): string | null {
  if (!op.v1) return null;
  return op.path.startsWith("/api/") ? `/api/v1/${op.path.slice("/api/".length)}` : `/api/v1${op.path}`;
}
