// Request validation for the scan routes (zod): the multipart options of POST /api/scans and the
// query of GET /api/scans. Unknown fields and unknown option values are a 400 invalid_request with
// errors[] (contract: "Unknown values of an option are a 400, not silently defaulted").
import { z } from "zod";
import { ApiError, type FieldError } from "../errors";
import { VERDICTS } from "../../analyzer/report";
import { DEFAULT_RETENTION_MODE, RETENTION_MODES, type RetentionMode } from "../domain/retention";
import type { ScanFilter } from "./scan-repository";
import { SCAN_STATUSES } from "../domain/state-machine";
import { callbackUrlProblem } from "../webhooks/callback-url";
import { refang } from "../../analyzer/iocs/defang";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** longest search text (a full SHA-256 is 64; file names are cut at 255 by most systems) */
export const MAX_SEARCH_CHARS = 200;

const oneOf = (values: readonly string[]) => `must be one of ${values.map((v) => `"${v}"`).join(", ")}`;

/** A form field "true" | "false", false when absent. */
const booleanField = () =>
  z
    .enum(["true", "false"], { error: oneOf(["true", "false"]) })
    .default("false")
    .transform((v) => v === "true");

/** The form fields of POST /api/scans besides `file` and `password` (the OpenAPI document shows these). */
export const ScanOptions = z
  .object({
    retentionMode: z
      .enum(RETENTION_MODES, { error: oneOf(RETENTION_MODES) })
      .default(DEFAULT_RETENTION_MODE)
      .meta({ description: "what happens to the file after analysis" }),
    enableEnrichment: booleanField().meta({ description: "run the enrichment step on the extracted indicators" }),
    // page thumbnails stay with the report until the scan is deleted (otherwise they follow the file)
    keepThumbnails: booleanField().meta({ description: "keep the page thumbnails until the scan is deleted" }),
    callbackUrl: z
      .string()
      .superRefine((value, ctx) => {
        const problem = callbackUrlProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional()
      .meta({
        description:
          "an http(s) URL that receives Standard Webhooks-signed POSTs (scan.fast_completed, scan.completed, scan.failed); private, loopback and link-local targets are refused",
      }),
  })
  .strict();

export interface ScanOptions {
  retentionMode: RetentionMode;
  enableEnrichment: boolean;
  keepThumbnails: boolean;
  callbackUrl?: string;
}

export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: key, message: "unknown field" }))
      : [{ field: issue.path.join(".") || "(request)", message: issue.message }],
  );
}

/** The options sent beside the file (form fields other than `file`, by name: a Map, see multipart.ts). */
export function parseScanOptions(fields: ReadonlyMap<string, string[]>): ScanOptions {
  const duplicated = [...fields].filter(([, values]) => values.length > 1);
  if (duplicated.length > 0) {
    throw new ApiError("invalid_request", "A form field was sent more than once.", {
      errors: duplicated.map(([field, values]) => ({ field, message: `sent ${values.length} times` })),
    });
  }
  // a null-prototype object: a field named `__proto__` is a key like any other (zod reports it unknown)
  const input: Record<string, string> = Object.create(null);
  for (const [name, [value]] of fields) input[name] = value;
  const parsed = ScanOptions.safeParse(input);
  if (!parsed.success)
    throw new ApiError("invalid_request", "The scan options are invalid.", { errors: toFieldErrors(parsed.error) });
  return parsed.data;
}

export const ListQuery = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `must be from 1 to ${MAX_PAGE_SIZE}`)
        .max(MAX_PAGE_SIZE, `must be from 1 to ${MAX_PAGE_SIZE}`),
    )
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(200).optional(),
  // admin keys: everyone's scans
  all: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .transform((v) => v === "true")
    .optional(),
  verdict: z.enum(VERDICTS, { error: oneOf(VERDICTS) }).optional(),
  status: z.enum(SCAN_STATUSES, { error: oneOf(SCAN_STATUSES) }).optional(),
  // the scans whose indicators include this one (a URL, domain, IP or address; defanged spellings accepted)
  ioc: z
    .string()
    .max(2048, "must be at most 2048 characters")
    .transform((v) => refang(v.trim()).toLowerCase())
    .optional(),
  // the scans of one uploaded ZIP (batchId of POST /api/scans)
  batch: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/, "must be a batchId")
    .optional(),
  // a SHA-256 (or its hex prefix) or part of the file name; blank means no search
  q: z
    .string()
    .max(MAX_SEARCH_CHARS, `must be at most ${MAX_SEARCH_CHARS} characters`)
    .transform((v) => v.trim())
    .optional(),
});

export interface ListQuery extends ScanFilter {
  limit: number;
  cursor?: string;
  all?: boolean;
}

const LIST_PARAMS = ["limit", "cursor", "all", "verdict", "status", "q", "batch", "ioc"] as const;

/** GET /api/scans?limit=&cursor=&verdict=&status=&q= (other parameters are ignored, as usual for queries). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const raw: Record<string, string> = {};
  for (const key of LIST_PARAMS) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = ListQuery.safeParse(raw);
  if (!parsed.success)
    throw new ApiError("invalid_request", "The query is invalid.", { errors: toFieldErrors(parsed.error) });
  const { q, batch, ioc, ...rest } = parsed.data;
  return { ...rest, ...(q ? { q } : {}), ...(batch ? { batchId: batch } : {}), ...(ioc ? { ioc } : {}) };
}

/** The query string of the same listing at another cursor (the Link: rel="next" header). */
export function listQueryString(query: ListQuery, cursor: string): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.all) params.set("all", "true");
  if (query.verdict) params.set("verdict", query.verdict);
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.batchId) params.set("batch", query.batchId);
  if (query.ioc) params.set("ioc", query.ioc);
  params.set("cursor", cursor);
  return params.toString();
}
