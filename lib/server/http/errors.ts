// One error model for every route: ApiError carries a stable `code`; STATUS_BY_CODE maps each code to
// its HTTP status once; problemResponse() renders RFC 9457 application/problem+json
// {type, title, status, detail, code, errors?}. Codes are from contract.md "Errors".
import { isConnectionLost } from "../db/connection-lost";

export const STATUS_BY_CODE = {
  invalid_request: 400,
  missing_file: 400,
  authentication_required: 401,
  forbidden: 403,
  not_found: 404,
  scan_not_found: 404,
  share_not_found: 404,
  page_not_found: 404,
  /** an object number or an embedded file's hash that the document does not hold (the object inspector) */
  object_not_found: 404,
  method_not_allowed: 405,
  report_not_ready: 409,
  report_unavailable: 409,
  /** the uploaded file was deleted under its retention mode (or never kept): RFC 9110 410 Gone */
  file_not_retained: 410,
  /** a sign-in while a session is live, without `replace: true` (a link must not swap accounts) */
  session_exists: 409,
  /** an Idempotency-Key whose first request is still being handled (draft-ietf-httpapi-idempotency-key-header) */
  idempotency_key_in_use: 409,
  file_too_large: 413,
  quota_exceeded: 413,
  /** a request body over its route's limit (a JSON body, or any body where the route takes none) */
  body_too_large: 413,
  unsupported_media_type: 415,
  /** an Idempotency-Key reused with another request */
  idempotency_key_mismatch: 422,
  misdirected_request: 421,
  rate_limited: 429,
  /** the client went away before the answer (nginx's 499): logged as such, never sent */
  client_closed_request: 499,
  internal: 500,
  /** a method this server serves on no path (TRACE, CONNECT, PROPFIND, ...): RFC 9110 section 15.6.2 */
  not_implemented: 501,
  unavailable: 503,
  analysis_timeout: 504,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

const TITLE_BY_CODE: Record<ErrorCode, string> = {
  invalid_request: "Invalid request",
  missing_file: "Missing file",
  authentication_required: "Authentication required",
  forbidden: "Forbidden",
  not_found: "Not found",
  scan_not_found: "Scan not found",
  share_not_found: "Share link not found",
  page_not_found: "Page image not found",
  object_not_found: "Object not found",
  method_not_allowed: "Method not allowed",
  report_not_ready: "Report not ready",
  file_not_retained: "File not retained",
  report_unavailable: "Report unavailable",
  session_exists: "Already signed in",
  idempotency_key_in_use: "Request with this key in progress",
  idempotency_key_mismatch: "Idempotency key reused",
  file_too_large: "File too large",
  quota_exceeded: "Storage quota exceeded",
  body_too_large: "Request body too large",
  unsupported_media_type: "Unsupported media type",
  misdirected_request: "Misdirected request",
  rate_limited: "Too many requests",
  client_closed_request: "Client closed request",
  internal: "Internal error",
  not_implemented: "Method not implemented",
  unavailable: "Service unavailable",
  analysis_timeout: "Analysis timed out",
};

/** One field-level problem, for `errors[]` (as zod issues: a path and a message). */
export interface FieldError {
  field: string;
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
}

/**
 * Next bundles lib/ once per route and once for instrumentation, so an ApiError thrown by the scan
 * runtime (created at start-up) may come from another copy of this class than the route's. The brand
 * makes `instanceof ApiError` hold across those copies.
 */
const API_ERROR_BRAND = Symbol.for("pdfscan.ApiError");

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly [API_ERROR_BRAND] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true;
  }

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly extra: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      /** extension members of the problem object (RFC 9457 section 3.2) */
      extensions?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = STATUS_BY_CODE[code];
  }
}

/** The problem `type` URI: a stable, relative reference per code (RFC 9457 section 3.1.1). */
export const problemType = (code: ErrorCode): string => `/problems/${code}`;

export function toProblem(error: ApiError): ProblemDetails {
  const problem: ProblemDetails = {
    type: problemType(error.code),
    title: TITLE_BY_CODE[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.extra.errors ? { errors: error.extra.errors } : {}),
  };
  // extension members come after the standard ones and never replace them
  return { ...problem, ...error.extra.extensions, ...problem };
}

export function problemResponse(error: ApiError): Response {
  return new Response(JSON.stringify(toProblem(error)), {
    status: error.status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...error.extra.headers },
  });
}

/**
 * Wraps a route handler so every thrown error leaves as problem+json. Anything that is not an
 * ApiError is a bug: it is logged here and answered as a generic 500 that leaks no internals.
 */
export function withProblems<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/** The problem+json answer to anything thrown while handling `request`. */
export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiError) return problemResponse(error);
  if (isConnectionLost(error)) {
    console.error(`[pdfscan] database connection lost on ${request.method} ${new URL(request.url).pathname}:`, (error as Error).message);
    return problemResponse(new ApiError("unavailable", "The scan store connection was lost; retry shortly.", { headers: { "retry-after": "1" } }));
  }
  console.error(`[pdfscan] unhandled error on ${request.method} ${new URL(request.url).pathname}:`, error);
  return problemResponse(new ApiError("internal", "The server failed to handle this request."));
}
