// RFC 9457 rendering of the error model (../errors.ts): problemResponse() turns an ApiError into
// application/problem+json {type, title, status, detail, code, errors?}; errorResponse() makes every
// thrown error leave a route that way, and anything that is not an ApiError a generic 500.
import { AnalysisFailure, apiErrorOf } from "../analysis-failure";
import { isConnectionLost } from "../db/connection-lost";
import { ApiError, type ErrorCode, type FieldError } from "../errors";

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

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
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
 * The problem+json answer to anything thrown while handling `request` (the route wrapper, api-route.ts,
 * calls it). Anything that is not an ApiError is a bug: it is logged here and
 * answered as a generic 500 that leaks no internals.
 */
export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiError) return problemResponse(error);
  if (error instanceof AnalysisFailure) return problemResponse(apiErrorOf(error));
  if (isConnectionLost(error)) {
    console.error(
      `[pdfscan] database connection lost on ${request.method} ${new URL(request.url).pathname}:`,
      (error as Error).message,
    );
    return problemResponse(
      new ApiError("unavailable", "The scan store connection was lost; retry shortly.", {
        headers: { "retry-after": "1" },
      }),
    );
  }
  console.error(`[pdfscan] unhandled error on ${request.method} ${new URL(request.url).pathname}:`, error);
  return problemResponse(new ApiError("internal", "The server failed to handle this request."));
}
