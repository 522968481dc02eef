// One scan in the history list. The file name is the row's link (stretched over the whole row); the
// copy and delete controls sit above that link. Narrow screens stack the cells, wide ones align them
// in columns with the list header (scan-history.tsx, HISTORY_COLUMNS).
import { formatTime, isTerminalStatus, type ScanResource } from "../_lib/scans";
import { CopyButton } from "./copy-button";
import { DeleteScanButton } from "./delete-scan-button";
import { VerdictPill } from "./verdict-badge";

/** the column template shared by the header and the rows (wide screens) */
export const HISTORY_COLUMNS =
  "md:grid md:grid-cols-[6.5rem_4.5rem_minmax(0,1fr)_10.5rem_11.5rem_10.5rem_4.5rem] md:gap-x-3";

export const SHORT_SHA_CHARS = 12;

export function ScanHistoryRow({ scan, onDeleted }: { scan: ScanResource; onDeleted(scanId: string): void }) {
  return (
    <li
      className={`relative flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-slate-50 ${HISTORY_COLUMNS} md:items-center`}
      data-testid="history-row"
      data-scan-id={scan.scanId}
    >
      <a
        href={`/scans/${encodeURIComponent(scan.scanId)}`}
        className="basis-full truncate font-medium text-sky-800 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-sky-500 md:col-start-3 md:row-start-1 md:basis-auto"
        title={scan.file.name}
        data-testid="row-name"
      >
        {scan.file.name}
      </a>
      <span className="md:col-start-1 md:row-start-1">
        <VerdictPill verdict={scan.verdict} />
      </span>
      <span className="font-mono text-sm md:col-start-2 md:row-start-1 md:text-right" data-testid="row-score">
        <span className="sr-only">Score </span>
        {scan.score === null ? (
          <span className="text-slate-500">–</span>
        ) : (
          <>
            {scan.score}
            <span className="text-xs text-slate-500">/100</span>
          </>
        )}
      </span>
      <span className="ml-auto md:col-start-6 md:row-start-1 md:ml-0">
        <StatusLabel status={scan.status} />
      </span>
      <span
        className="relative z-10 flex basis-full items-center gap-2 md:col-start-4 md:row-start-1 md:basis-auto"
        data-testid="row-sha"
      >
        <span className="sr-only">SHA-256 </span>
        <code className="font-mono text-xs text-slate-700" title={scan.file.sha256} data-sha256={scan.file.sha256}>
          {scan.file.sha256.slice(0, SHORT_SHA_CHARS)}…
        </code>
        <CopyButton value={scan.file.sha256} />
      </span>
      <span className="text-xs text-slate-600 md:col-start-5 md:row-start-1 md:text-sm">
        <span className="sr-only">Created </span>
        <time dateTime={scan.createdAt}>{formatTime(scan.createdAt)}</time>
      </span>
      <span className="relative z-10 ml-auto md:col-start-7 md:row-start-1 md:ml-0 md:text-right">
        <DeleteScanButton scanId={scan.scanId} fileName={scan.file.name} onDeleted={onDeleted} compact />
      </span>
    </li>
  );
}

const STATUS_STYLE: Record<string, string> = {
  completed: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  failed: "bg-red-50 text-red-900 ring-red-300",
  expired: "bg-slate-100 text-slate-700 ring-slate-300",
};

function StatusLabel({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${STATUS_STYLE[status] ?? "bg-sky-50 text-sky-900 ring-sky-300"}`}
      data-testid="row-status"
      data-status={status}
    >
      {!isTerminalStatus(status) && <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-600" aria-hidden />}
      {status.replaceAll("_", " ")}
    </span>
  );
}
