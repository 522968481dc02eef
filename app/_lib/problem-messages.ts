// Plain sentences for every problem code the API answers with (lib/server/errors.ts), plus the
// two the browser makes up itself (network, unknown). The UI leads with these; the API's own title,
// status and detail stay visible in small print for whoever reports the problem.
import type { ErrorCode } from "../../lib/server/errors";
import type { Problem } from "./api";

/** Codes only the browser produces: the server was unreachable, or answered without a problem body. */
export type ClientProblemCode = "network" | "unknown";

export const PROBLEM_MESSAGES: Record<ErrorCode | ClientProblemCode, string> = {
  invalid_request: "The request was not understood. Reload the page and try again.",
  missing_file: "No file arrived. Choose a PDF (it may be empty or still downloading) and try again.",
  authentication_required:
    "You are not signed in, or the API key is wrong, revoked or expired. Sign in with a valid key.",
  forbidden: "The request was refused because it did not come from this site's pages. Reload the page and try again.",
  not_found: "This page or resource does not exist.",
  scan_not_found: "This scan does not exist, was deleted, or belongs to someone else.",
  page_not_found: "No picture of this page was kept: it was not drawn, or the retention rules deleted it.",
  object_not_found: "The document holds no such object or embedded file. Reload the object list and pick one from it.",
  file_not_retained: "The uploaded file is not kept any more: its retention mode deleted it. The report stays.",
  share_not_found: "This share link was revoked, has expired, or never existed. Ask its owner for a new one.",
  method_not_allowed: "The server does not accept this action here. Reload the page and try again.",
  report_not_ready: "The report is not ready yet: the fast stage is still running. This page retries on its own.",
  report_unavailable: "There is no report: the scan failed before the fast stage finished.",
  session_exists: "You are already signed in. Sign out first, or confirm that you want to switch keys.",
  idempotency_key_in_use: "The same upload is still being received. Wait a moment; it will appear in your scans.",
  idempotency_key_mismatch: "This upload reused a request key of another upload. Upload again.",
  file_too_large:
    "The file is larger than this server accepts. Split or shrink it, or ask the operator to raise the limit.",
  body_too_large: "The request was larger than this server accepts here. Reload the page and try again.",
  quota_exceeded: "Your storage quota is full. Delete scans you no longer need, or wait for retained files to expire.",
  unsupported_media_type: "This file is not a PDF. Only PDF files (or XDP packages wrapping one) can be analysed.",
  misdirected_request: "The request reached the wrong server address. Open the service through its usual address.",
  rate_limited: "Too many requests in a short time. Wait a moment and try again.",
  client_closed_request: "The upload was cancelled before the server answered.",
  internal: "The server failed while handling this file. Try again; if it keeps failing, report the file's SHA-256.",
  not_implemented: "The server does not support this kind of request. Reload the page and try again.",
  unavailable: "The analysis service is busy or restarting. Try again in a moment.",
  analysis_timeout:
    "The analysis took too long and was stopped. The file may be very large or built to stall analysers.",
  network: "The server could not be reached. Check your connection and that the service is running.",
  unknown: "Something went wrong. Try again.",
};

/** The plain sentence for a problem; an unknown code falls back to the generic one. */
export function problemMessage(problem: Pick<Problem, "code">): string {
  return Object.hasOwn(PROBLEM_MESSAGES, problem.code)
    ? PROBLEM_MESSAGES[problem.code as ErrorCode]
    : PROBLEM_MESSAGES.unknown;
}
