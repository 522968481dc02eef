"use client";
// The scan page (/scans/:scanId): follows the scan's event stream (GET /api/scans/:id/events), with
// polling of GET /api/scans/:id as the fallback (every second without the stream) until the scan has ended,
// shows both stages live, the verdict as soon as the fast stage sets it, then the report (findings,
// IOCs, mitigations, advanced details, enrichment) and links to every export format.
import { useEffect, useRef } from "react";
import { useDocumentTitle } from "../_lib/use-document-title";
import useSWR from "swr";
import type { Summary } from "../../lib/analyzer/report";
import {
  ProblemError,
  fetchJson,
  formatTime,
  isReportReadyStatus,
  isTerminalStatus,
  pageImageApiUrl,
  reportApiUrl,
  scanApiUrl,
  type ScanReport,
  type ScanResource,
} from "../_lib/scans";
import { useScanEvents } from "../_lib/use-scan-events";
import { AdvancedDetails, EnrichmentView } from "./advanced-details";
import { CopyLinkButton } from "./copy-link-button";
import { DeleteScanButton } from "./delete-scan-button";
import { ExportLinks } from "./export-links";
import { FileFacts } from "./file-facts";
import { FindingsList } from "./findings-list";
import { IocList } from "./ioc-list";
import { KeywordHits } from "./keyword-hits";
import { MitigationsList } from "./mitigations-list";
import { ObjectInspector } from "./object-inspector";
import { ObjectTreeView } from "./object-tree-view";
import { PageThumbnails, type PageImageUrl } from "./page-thumbnails";
import { ProblemPanel } from "./problem-panel";
import { RerunScanButton } from "./rerun-scan-button";
import { ScanStages } from "./scan-stages";
import { ScoreReasons } from "./score-reasons";
import { ScriptsSection } from "./scripts-section";
import { SharePanel } from "./share-panel";
import { Spinner } from "./spinner";
import { VerdictBadge } from "./verdict-badge";
import { VerdictChangeNotice } from "./verdict-change-notice";

const POLL_MS = 1000;
/** polling while the event stream is open: a safety net only */
const POLL_LIVE_MS = 15_000;

/** Where the view reads the scan: the owner's API, or a share link's read-only routes. */
export interface ScanSource {
  scanUrl: string;
  /** the scan's Server-Sent Events stream */
  eventsUrl: string;
  reportUrl(format?: string): string;
  /** opened through a share link: no sharing controls */
  shared: boolean;
  /** a page thumbnail (or ?size=large) */
  pageImageUrl: PageImageUrl;
}

export const ownerSource = (scanId: string): ScanSource => ({
  scanUrl: scanApiUrl(scanId),
  eventsUrl: `${scanApiUrl(scanId)}/events`,
  reportUrl: (f) => reportApiUrl(scanId, f),
  shared: false,
  pageImageUrl: (page, size) => pageImageApiUrl(scanApiUrl(scanId), page, size),
});

export function ScanView({
  scanId,
  initialScan,
  source = ownerSource(scanId),
}: {
  scanId: string;
  initialScan?: ScanResource;
  source?: ScanSource;
}) {
  // read when SWR schedules its next poll; the stream's state is known only after useSWR below
  const streamOpen = useRef(false);
  const scanQuery = useSWR<ScanResource, ProblemError>(source.scanUrl, fetchJson, {
    fallbackData: initialScan,
    refreshInterval: (latest) =>
      latest && isTerminalStatus(latest.status) ? 0 : streamOpen.current ? POLL_LIVE_MS : POLL_MS,
    revalidateOnFocus: false,
    shouldRetryOnError: (err) => !(err instanceof ProblemError && err.problem.status === 404),
  });
  const scan = scanQuery.data;
  const ended = !!scan && isTerminalStatus(scan.status);
  streamOpen.current = useScanEvents(
    ended ? null : source.eventsUrl,
    (next) => void scanQuery.mutate(next, { revalidate: false }),
  ).live;
  const reportReady = !!scan && isReportReadyStatus(scan.status);
  // Re-read the report whenever the scan moves (the advanced stage replaces the fast report).
  const reportQuery = useSWR<ScanReport, ProblemError, readonly [string, string] | null>(
    reportReady
      ? ([source.reportUrl(), `${scan.status}/${scan.advancedStatus}/${scan.enrichmentStatus}`] as const)
      : null,
    ([url]) => fetchJson<ScanReport>(url),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const report = reportQuery.data;
  // the tab says which scan it is, and its verdict once known (issue 22: every tab read "Scan · pdfscan")
  useDocumentTitle(
    scan ? `${scan.verdict ? `${scan.verdict.toUpperCase()} · ` : ""}${scan.file.name} · pdfscan` : null,
  );

  if (!scan) {
    if (scanQuery.error) {
      return (
        <div className="space-y-4" data-testid="scan" data-status="error">
          <h1 className="text-2xl font-semibold tracking-tight">Scan {scanId}</h1>
          <ProblemPanel problem={scanQuery.error.problem} />
          <a href="/" className="text-sm text-sky-700 hover:underline">
            ← Submit a file
          </a>
        </div>
      );
    }
    return (
      <div className="flex items-center gap-3 text-sm text-slate-600" role="status">
        <Spinner /> Loading scan {scanId}…
      </div>
    );
  }

  // the object inspector and embedded-file downloads read the retained file: its owner's only
  const inspectable = !source.shared && scan.fileRetained;
  const summary: Summary | null =
    report?.summary ??
    (scan.verdict && scan.score !== null
      ? ({ verdict: scan.verdict, score: scan.score, confidence: scan.confidence ?? "low" } as Summary)
      : null);

  return (
    <div className="space-y-4" data-testid="scan" data-status={scan.status}>
      <Header scan={scan} />
      {scanQuery.error && (
        <ProblemPanel
          problem={scanQuery.error.problem}
          context="Refreshing the scan failed (showing the last known state)"
        />
      )}
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4">
          <section
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            aria-label="Verdict and progress"
          >
            {summary ? (
              <>
                <VerdictBadge summary={summary} />
                {report && <ScoreReasons summary={report.summary} findings={report.findings} />}
              </>
            ) : scan.status === "failed" ? (
              <p className="text-sm text-slate-600">No verdict: the scan failed.</p>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="verdict-pending">
                <Spinner /> Verdict pending: waiting for the fast stage…
              </p>
            )}
            {report && (
              <p className="mt-2 text-xs text-slate-500" data-testid="report-stage" data-stage={report.stage}>
                Showing the <span className="font-medium">{report.stage}</span> stage report
                <span className="hidden sm:inline">
                  {" "}
                  · engine {report.engineVersion} · schema {report.schemaVersion} · completed{" "}
                  {formatTime(report.completedAt)}
                </span>
                {report.stage === "fast" &&
                  !isTerminalStatus(scan.status) &&
                  " · updates when the advanced stage finishes"}
              </p>
            )}
            <VerdictChangeNotice report={report} />
            <ScanStages scan={scan} />
            {scan.failureReason && (
              <p
                className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
                role="alert"
              >
                Scan failed: <code>{scan.failureReason}</code>
              </p>
            )}
          </section>
          {/* the findings beside the file's facts, so that the first screen shows them (issue 22) */}
          {report && (
            <FindingsList findings={report.findings} mitigations={report.mitigations} objectLinks={inspectable} />
          )}
        </div>
        <aside className="space-y-4">
          <FileFacts
            scan={scan}
            hashes={report?.file}
            seenBefore={report?.seenBefore}
            sampleUrl={source.shared ? undefined : `${source.scanUrl}/file`}
          />
          <ExportLinks reportUrl={source.reportUrl} ready={reportReady} />
          {source.shared ? (
            <p className="text-xs text-slate-500" data-testid="shared-view">
              Read-only view through a share link.
            </p>
          ) : (
            <SharePanel scanId={scan.scanId} />
          )}
          {!source.shared && (
            <div className="flex flex-wrap gap-2">
              {scan.fileRetained && <RerunScanButton scanId={scan.scanId} />}
              <DeleteScanButton scanId={scan.scanId} fileName={scan.file.name} />
            </div>
          )}
        </aside>
      </div>
      {report?.truncated && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          Partial analysis: a budget was hit, so parts of the file were not inspected.
        </p>
      )}
      {reportQuery.error && !report && <ProblemPanel problem={reportQuery.error.problem} context="Report" />}
      {reportReady && !report && !reportQuery.error && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> Loading the report…
        </p>
      )}
      {report && <PageThumbnails report={report} imageUrl={source.pageImageUrl} />}
      {report && <ReportBody report={report} scanUrl={inspectable ? source.scanUrl : undefined} />}
    </div>
  );
}

function Header({ scan }: { scan: ScanResource }) {
  // arriving from the upload (a client-side navigation) leaves the focus nowhere: it moves to the page's
  // heading, so the next Tab starts here and a screen reader reads the scan's name
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Scan</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="truncate text-2xl font-semibold tracking-tight focus:outline-none"
          title={scan.file.name}
          data-testid="file-name"
        >
          {scan.file.name}
        </h1>
        <p className="mt-0.5 font-mono text-xs text-slate-500" data-testid="scan-id">
          {scan.scanId}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <StatusPill status={scan.status} />
        <CopyLinkButton />
      </div>
    </div>
  );
}

const STATUS_STYLE: Record<string, string> = {
  completed: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  failed: "bg-red-100 text-red-900 ring-red-300",
  expired: "bg-slate-200 text-slate-700 ring-slate-300",
};

function StatusPill({ status }: { status: string }) {
  const running = !isTerminalStatus(status);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${
        STATUS_STYLE[status] ?? "bg-sky-100 text-sky-900 ring-sky-300"
      }`}
      data-testid="scan-status"
      data-status={status}
      role="status"
      aria-live="polite"
    >
      {running && <span className="h-2 w-2 animate-pulse rounded-full bg-sky-600" aria-hidden />}
      {status.replaceAll("_", " ")}
    </span>
  );
}

/** `scanUrl`: the owner's view of a retained file, with the object inspector and embedded-file downloads. */
function ReportBody({ report, scanUrl }: { report: ScanReport; scanUrl?: string }) {
  return (
    <div className="space-y-4" data-testid="report">
      {report.mitigations.length > 0 && <MitigationsList mitigations={report.mitigations} findings={report.findings} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <IocList iocs={report.iocs} />
        <KeywordHits hits={report.keywordHits} counts={countsOf(report.details)} />
      </div>
      <ObjectTreeView findings={report.findings} details={report.details} stage={report.stage} />
      {report.enrichment && <EnrichmentView enrichment={report.enrichment} />}
      <ScriptsSection scanId={report.scanId} details={report.details} stage={report.stage} />
      <AdvancedDetails
        details={report.details}
        stage={report.stage}
        embeddedUrl={scanUrl ? (sha256) => `${scanUrl}/embedded/${sha256}` : undefined}
      />
      {scanUrl && <ObjectInspector scanUrl={scanUrl} />}
    </div>
  );
}

function countsOf(details: Record<string, unknown>): Record<string, number> {
  const c = details.keyword_counts;
  return c && typeof c === "object" ? (c as Record<string, number>) : {};
}

export { Spinner } from "./spinner";
