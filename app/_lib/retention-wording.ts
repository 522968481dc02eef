// Retention in words for the scan page, from one place so the policy line and the file line never
// contradict each other (no "expires when the last stage ends" beside "file deleted").
import type { ScanResource } from "./scans";
import { formatTime } from "./scans";

type RetentionFacts = Pick<ScanResource, "retentionMode" | "fileRetained" | "expiresAt">;

export interface RetentionWording {
  /** what the submitter chose */
  policy: string;
  /** where the uploaded bytes are now, and until when */
  file: string;
}

const POLICY: Record<ScanResource["retentionMode"], string> = {
  delete_immediately: "Delete the file once the analysis ends",
  retain_24h: "Keep the file for 24 hours",
  retain_7d: "Keep the file for 7 days",
  retain_30d: "Keep the file for 30 days",
};

export function describeRetention(scan: RetentionFacts, now = Date.now()): RetentionWording {
  const policy = POLICY[scan.retentionMode];
  if (scan.fileRetained) {
    const file = scan.expiresAt
      ? `Kept on the server until ${formatTime(scan.expiresAt)}`
      : "On the server until the analysis ends, then deleted";
    return { policy, file };
  }
  const expired = scan.expiresAt !== null && Date.parse(scan.expiresAt) <= now;
  const when = expired
    ? ` at ${formatTime(scan.expiresAt)}, when retention ended`
    : scan.retentionMode === "delete_immediately"
      ? " after the analysis"
      : "";
  return { policy, file: `Deleted${when}; the report is kept` };
}
