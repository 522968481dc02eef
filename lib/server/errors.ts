// The service's one error model: ApiError carries a stable `code`, and STATUS_BY_CODE maps each code to
// its HTTP status once. It sits at the top of lib/server, not in http/, because the scan service and auth
// throw it too, answering a request; rendering it as RFC 9457 problem+json is HTTP's job
// (http/problem-response.ts). Codes are from contract.md "Errors". The analysis pool, which also serves
// background stages, has its own failure (analysis-failure.ts), mapped to these codes there.

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

/** One field-level problem, for `errors[]` (as zod issues: a path and a message). */
export interface FieldError {
  field: string;
  message: string;
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
    return carriesBrand(value, API_ERROR_BRAND);
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

/** `value` was made by a class marked with `brand` (any copy of it): what `instanceof` checks for these errors. */
export function carriesBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
