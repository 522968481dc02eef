// Browser-side client of the scans API (/api/scans): submit a scan, poll it, read its report. Every
// failure comes back as a readable RFC 9457 problem (ProblemError for SWR fetchers).
import type { ScanReport } from "../../lib/server/scans/report";
import type { ScanResource } from "../../lib/server/scans/scan-resource";
import { REPORT_EXPORTS, REPORT_FORMAT_CHOICES, type ReportFormat } from "../../lib/server/report-formats/export-names";
import { REPORT_READY_STATUSES, TERMINAL_STATUSES } from "../../lib/server/domain/state-machine";
import type { Problem } from "./api";
import { csrfHeaders } from "./csrf";

export type { ScanReport, ScanResource };

export const RETENTION_OPTIONS = [
  {
    value: "delete_immediately",
    label: "Delete after analysis",
    hint: "The file is deleted as soon as both stages end; the report stays.",
  },
  {
    value: "retain_24h",
    label: "Keep 24 hours",
    hint: "The file stays on the server for a day (to re-run or download it), then is deleted.",
  },
  {
    value: "retain_7d",
    label: "Keep 7 days",
    hint: "The file stays on the server for a week, then is deleted; the report stays.",
  },
  {
    value: "retain_30d",
    label: "Keep 30 days",
    hint: "The file stays on the server for 30 days, then is deleted; the report stays.",
  },
] as const;
export type RetentionOption = (typeof RETENTION_OPTIONS)[number]["value"];

/** The scan page's export links: every format the server answers, as the CLI offers them. */
export const EXPORT_FORMATS: readonly { format: ReportFormat; label: string; hint: string }[] =
  REPORT_FORMAT_CHOICES.map((format) => ({
    format,
    label: REPORT_EXPORTS[format].label,
    hint: REPORT_EXPORTS[format].hint,
  }));

// the server's state machine decides both (it holds no server-only code: the browser may load it)
const TERMINAL = new Set<string>(TERMINAL_STATUSES);
const REPORT_READY = new Set<string>(REPORT_READY_STATUSES);
export const isTerminalStatus = (status: string): boolean => TERMINAL.has(status);
export const isReportReadyStatus = (status: string): boolean => REPORT_READY.has(status);

export const scanApiUrl = (scanId: string): string => `/api/scans/${encodeURIComponent(scanId)}`;
export const reportApiUrl = (scanId: string, format?: string): string =>
  `${scanApiUrl(scanId)}/report${format ? `?format=${encodeURIComponent(format)}` : ""}`;
/** An export link: the report in `format` as a file to save (the API answers inline without download=1). */
export const downloadUrl = (reportUrl: string): string =>
  `${reportUrl}${reportUrl.includes("?") ? "&" : "?"}download=1`;

/** A page image under a scan's base path (the owner's /api/scans/:id or a share link's /share/:token). */
export const pageImageApiUrl = (base: string, page: number, size: "thumbnail" | "large"): string =>
  `${base}/pages/${page}/thumbnail.png${size === "large" ? "?size=large" : ""}`;

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.title} (${problem.status})`);
  }
}

const networkProblem = (): Problem => ({
  title: "Network error",
  status: 0,
  detail: "The server could not be reached.",
  code: "network",
});

async function problemOf(response: Response): Promise<Problem> {
  const p = ((await response.json().catch(() => null)) ?? {}) as Partial<Problem>;
  return {
    title: p.title ?? `HTTP ${response.status}`,
    status: response.status,
    detail: p.detail ?? response.statusText,
    code: p.code ?? "unknown",
  };
}

/** SWR fetcher: the JSON body, or throws ProblemError. */
export async function fetchJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    throw new ProblemError(networkProblem());
  }
  if (!response.ok) throw new ProblemError(await problemOf(response));
  return (await response.json()) as T;
}

/** The scan of a PDF, or one scan per PDF inside a ZIP. */
export type CreateScanOutcome = { ok: true; scans: ScanResource[] } | { ok: false; problem: Problem };

export interface ScanChoices {
  retentionMode: RetentionOption;
  enableEnrichment: boolean;
  keepThumbnails?: boolean;
  /** the document's password (an encrypted attachment): it reaches the stages and is stored nowhere */
  password?: string;
}

export async function postScan(
  file: File,
  { retentionMode, enableEnrichment, keepThumbnails = false, password = "" }: ScanChoices,
): Promise<CreateScanOutcome> {
  const body = new FormData();
  body.append("file", file, file.name);
  body.append("retentionMode", retentionMode);
  body.append("enableEnrichment", String(enableEnrichment));
  body.append("keepThumbnails", String(keepThumbnails));
  if (password) body.append("password", password);
  let response: Response;
  try {
    response = await fetch("/api/scans", { method: "POST", body, headers: csrfHeaders() });
  } catch {
    return { ok: false, problem: networkProblem() };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  const created = (await response.json()) as ScanResource | { scans: ScanResource[] };
  return { ok: true, scans: "scans" in created ? created.scans : [created] };
}

export interface ShareLink {
  shareId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
  /** only in the answer that minted it */
  url?: string;
}

export const sharesApiUrl = (scanId: string): string => `${scanApiUrl(scanId)}/shares`;

/** A state-changing JSON call of the signed-in UI (CSRF header included); the JSON answer or a problem. */
export async function sendJson<T>(
  url: string,
  method: "POST" | "DELETE",
  body?: unknown,
): Promise<{ ok: true; value: T | null } | { ok: false; problem: Problem }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { ...csrfHeaders(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, problem: networkProblem() };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  return { ok: true, value: response.status === 204 ? null : ((await response.json()) as T) };
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "–";
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC");
}
