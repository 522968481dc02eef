// What stops an analysis in the pool (analysis-pool.ts), said as the pool's own failure and not as an
// HTTP error: the pool serves the scan pipeline, which runs in the background and decides by kind (a
// full pool is waited out, anything else fails the stage with `kind: message` as its reason), and the
// API routes, which answer each kind with the problem code of API_CODE_BY_FAILURE (mapped once, in
// http/problem-response.ts).
import { ApiError, carriesBrand, type ErrorCode } from "./errors";

export const API_CODE_BY_FAILURE = {
  /** dist/analysis-worker.mjs is missing: the build did not run */
  engine_missing: "unavailable",
  /** every thread is busy and the waiting line is full */
  pool_full: "unavailable",
  /** the caller (an API key) has PDFSCAN_KEY_MAX_ANALYSES analyses running or waiting */
  caller_limit: "rate_limited",
  /** the stage's wall-clock budget ran out */
  analysis_timeout: "analysis_timeout",
  /** the caller's signal aborted: the client went away, or the scan stage was stopped */
  cancelled: "client_closed_request",
  /** the worker thread reached its heap cap */
  out_of_memory: "internal",
} as const satisfies Record<string, ErrorCode>;

export type AnalysisFailureKind = keyof typeof API_CODE_BY_FAILURE;

/** Next bundles lib/ once per route: the brand makes `instanceof` hold across copies (as ApiError's). */
const BRAND = Symbol.for("pdfscan.AnalysisFailure");

export class AnalysisFailure extends Error {
  override name = "AnalysisFailure";
  readonly [BRAND] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return carriesBrand(value, BRAND);
  }

  constructor(
    readonly kind: AnalysisFailureKind,
    message: string,
    /** `retryAfterS`: when asking again may succeed (a full pool, the caller's limit) */
    readonly extra: { retryAfterS?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
  }
}

/** The API's answer to a failure: its problem code, and Retry-After where asking again may succeed. */
export function apiErrorOf(failure: AnalysisFailure): ApiError {
  const { retryAfterS, cause } = failure.extra;
  return new ApiError(API_CODE_BY_FAILURE[failure.kind], failure.message, {
    cause,
    ...(retryAfterS !== undefined && { headers: { "retry-after": String(retryAfterS) } }),
  });
}
