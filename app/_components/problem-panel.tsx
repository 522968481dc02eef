// An RFC 9457 problem, readable: title, HTTP status and stable code, detail and a hint for the common codes.
import type { Problem } from "../_lib/api";

const HINTS: Record<string, string> = {
  scan_not_found: "The scan does not exist, was deleted, or belongs to someone else. Check the link or submit the file again.",
  report_unavailable: "The scan failed, so there is no report.",
  report_not_ready: "The fast stage has not finished yet; this page retries on its own.",
  file_too_large: "Split or shrink the file, or raise PDFSCAN_MAX_UPLOAD_BYTES on the server.",
  unsupported_media_type: "Only PDF files (or XDP packages wrapping a PDF) are accepted.",
  unavailable: "The analysis workers are busy or down. Try again shortly.",
  network: "Check that the service is running and reachable.",
  authentication_required: "Sign in again: the session ended, or the API key was revoked or expired.",
  forbidden: "Reload the page and try again (the request did not come from this site's pages).",
  share_not_found: "The share link was revoked, has expired, or never existed. Ask its owner for a new one.",
  rate_limited: "Too many requests for this key; wait a moment and retry.",
  quota_exceeded: "Delete scans you no longer need, or wait for retained files to expire.",
};

export function ProblemPanel({ problem, context, testId = "error" }: { problem: Problem; context?: string; testId?: string }) {
  const hint = HINTS[problem.code];
  return (
    <div
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      role="alert"
      data-testid={testId}
      data-problem-code={problem.code}
    >
      <p className="font-semibold">
        {problem.title}
        {problem.status > 0 && (
          <span className="font-normal text-red-700">
            {" "}
            (HTTP {problem.status}, <code>{problem.code}</code>)
          </span>
        )}
      </p>
      <p className="mt-1">
        {context ? `${context}: ` : ""}
        {problem.detail}
      </p>
      {hint && <p className="mt-1 text-xs text-red-700">{hint}</p>}
    </div>
  );
}
