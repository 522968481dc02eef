// What each route may receive as a request body, declared once. The front door (front-door.ts) refuses
// a larger body before Next sees it and stops passing bytes past the limit on the raw stream; the
// route's own reader (read-body.ts) enforces the same number as the body streams in. Every path not
// listed here takes no body at all: pages, unknown paths and GET/DELETE routes get 413 for one, so no
// layer (Next's proxy buffers bodies it matches) ever holds an unasked-for body in memory (issue 19).
import { HTTP_LIMITS } from "../../limits";
import { ApiError } from "../errors";

export type BodyKind = "upload" | "json" | "none";

/** POST routes that read an upload (readUpload: a form or a raw PDF/ZIP body): /analyze/* and scan creation. */
const UPLOAD_PATHS = /^\/(?:api\/v1\/)?analyze\/(?:fast|deep)$|^\/api\/(?:v1\/)?scans$/;
/** POST routes that read a small JSON body (readJsonBody): sign-in and share-link creation. */
const JSON_PATHS = /^\/api\/(?:v1\/)?(?:session|scans\/[^/]+\/shares)$/;

/** The kind of body a request may carry, from its method and raw (undecoded) path. */
export function bodyKindOf(method: string, pathname: string): BodyKind {
  if (method !== "POST") return "none";
  if (UPLOAD_PATHS.test(pathname)) return "upload";
  if (JSON_PATHS.test(pathname)) return "json";
  return "none";
}

export interface BodyLimit {
  kind: BodyKind;
  /** most bytes of body accepted */
  maxBytes: number;
  /** the refusal of a body over maxBytes (413) */
  tooLarge(): ApiError;
}

/** The limit of a kind of body; `maxUploadBytes` is the configured file cap (PDFSCAN_MAX_UPLOAD_BYTES). */
export function bodyLimitOf(kind: BodyKind, maxUploadBytes: number): BodyLimit {
  switch (kind) {
    case "upload":
      return {
        kind,
        maxBytes: maxUploadBytes + HTTP_LIMITS.MULTIPART_OVERHEAD_BYTES,
        tooLarge: () => fileTooLarge(maxUploadBytes),
      };
    case "json":
      return {
        kind,
        maxBytes: HTTP_LIMITS.MAX_JSON_BODY_BYTES,
        tooLarge: () =>
          new ApiError("body_too_large", `The JSON body is over ${HTTP_LIMITS.MAX_JSON_BODY_BYTES} bytes.`),
      };
    case "none":
      return { kind, maxBytes: 0, tooLarge: () => new ApiError("body_too_large", "This request takes no body.") };
  }
}

export function fileTooLarge(maxUploadBytes: number): ApiError {
  return new ApiError(
    "file_too_large",
    `The upload exceeds the limit of ${formatSize(maxUploadBytes)} (${maxUploadBytes} bytes).`,
  );
}

function formatSize(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** The Content-Length a request declares, or null (none, or not a plain decimal number). */
export function declaredLength(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}
