// Request validation for the scan routes (zod): the multipart options of POST /api/scans and the
// query of GET /api/scans. Unknown fields and unknown option values are a 400 invalid_request with
// errors[] (contract: "Unknown values of an option are a 400, not silently defaulted").
import { z } from "zod";
import { ApiError, type FieldError } from "../http/errors";
import { DEFAULT_RETENTION_MODE, RETENTION_MODES, type RetentionMode } from "./retention";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const oneOf = (values: readonly string[]) => `must be one of ${values.map((v) => `"${v}"`).join(", ")}`;

/** A form field "true" | "false", false when absent. */
const booleanField = () =>
  z
    .enum(["true", "false"], { error: oneOf(["true", "false"]) })
    .default("false")
    .transform((v) => v === "true");

const ScanOptions = z
  .object({
    retentionMode: z.enum(RETENTION_MODES, { error: oneOf(RETENTION_MODES) }).default(DEFAULT_RETENTION_MODE),
    enableEnrichment: booleanField(),
    // page thumbnails stay with the report until the scan is deleted (otherwise they follow the file)
    keepThumbnails: booleanField(),
  })
  .strict();

export interface ScanOptions {
  retentionMode: RetentionMode;
  enableEnrichment: boolean;
  keepThumbnails: boolean;
}

function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: key, message: "unknown field" }))
      : [{ field: issue.path.join(".") || "(request)", message: issue.message }],
  );
}

/** The options sent beside the file (form fields other than `file`). */
export function parseScanOptions(fields: Record<string, string[]>): ScanOptions {
  const duplicated = Object.entries(fields).filter(([, values]) => values.length > 1);
  if (duplicated.length > 0) {
    throw new ApiError("invalid_request", "A form field was sent more than once.", {
      errors: duplicated.map(([field, values]) => ({ field, message: `sent ${values.length} times` })),
    });
  }
  const parsed = ScanOptions.safeParse(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
  if (!parsed.success) throw new ApiError("invalid_request", "The scan options are invalid.", { errors: toFieldErrors(parsed.error) });
  return parsed.data;
}

const ListQuery = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, `must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be from 1 to ${MAX_PAGE_SIZE}`).max(MAX_PAGE_SIZE, `must be from 1 to ${MAX_PAGE_SIZE}`))
    .default(DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(200).optional(),
  // admin keys: everyone's scans
  all: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).transform((v) => v === "true").optional(),
});

export interface ListQuery {
  limit: number;
  cursor?: string;
  all?: boolean;
}

/** GET /api/scans?limit=&cursor= (other parameters are ignored, as usual for queries). */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const raw: Record<string, string> = {};
  for (const key of ["limit", "cursor", "all"]) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = ListQuery.safeParse(raw);
  if (!parsed.success) throw new ApiError("invalid_request", "The query is invalid.", { errors: toFieldErrors(parsed.error) });
  return parsed.data;
}
