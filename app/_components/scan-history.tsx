"use client";
// The scans history (/scans): the caller's scans, newest first, from GET /api/scans with its filters.
// Paging follows the API's keyset cursor: "Next" asks with the last page's nextCursor and "Previous"
// goes back along the cursors already seen. The filters are kept in the address (?verdict=&status=&q=)
// so a filtered view can be reloaded or bookmarked. Lists with scans still running refresh themselves.
import { useRef, useState } from "react";
import useSWR, { SWRConfig } from "swr";
import { ProblemError, fetchJson, isTerminalStatus, type ScanResource } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";
import { ScanHistoryFilters, isFiltered, type HistoryFilter } from "./scan-history-filters";
import { HISTORY_COLUMNS, ScanHistoryRow } from "./scan-history-row";

export const HISTORY_PAGE_SIZE = 20;
const REFRESH_WHILE_RUNNING_MS = 2000;

export interface ScanListPage {
  items: ScanResource[];
  nextCursor: string | null;
  limit: number;
}

function queryOf(filter: HistoryFilter, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["verdict", "status", "q"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (cursor) params.set("cursor", cursor);
  return params;
}

export const listUrlOf = (filter: HistoryFilter, cursor?: string): string =>
  `/api/scans?${new URLSearchParams([["limit", String(HISTORY_PAGE_SIZE)], ...queryOf(filter, cursor)])}`;

/** The server renders the first page (no loading flash); the client takes over from there. */
export function ScanHistory({
  initialFilter,
  initialPage,
}: {
  initialFilter: HistoryFilter;
  initialPage?: ScanListPage;
}) {
  const fallback = initialPage ? { [listUrlOf(initialFilter)]: initialPage } : {};
  return (
    <SWRConfig value={{ fallback }}>
      <HistoryList initialFilter={initialFilter} />
    </SWRConfig>
  );
}

function HistoryList({ initialFilter }: { initialFilter: HistoryFilter }) {
  const [filter, setFilter] = useState<HistoryFilter>(initialFilter);
  // cursors of the pages before the current one; the current page's cursor is the last
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const url = listUrlOf(filter, cursors.at(-1));
  const list = useSWR<ScanListPage, ProblemError>(url, fetchJson, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    refreshInterval: (page) => (page?.items.some((s) => !isTerminalStatus(s.status)) ? REFRESH_WHILE_RUNNING_MS : 0),
  });
  const page = list.data;

  function applyFilter(next: HistoryFilter) {
    setFilter(next);
    setCursors([undefined]);
    setNotice("");
    const query = queryOf(next).toString();
    window.history.replaceState(null, "", `/scans${query ? `?${query}` : ""}`);
  }

  async function deleted(scanId: string) {
    const name = page?.items.find((s) => s.scanId === scanId)?.file.name ?? scanId;
    setNotice(`Deleted the scan of ${name}.`);
    // an emptied page that is not the first: go back one
    if (page && page.items.length === 1 && cursors.length > 1) setCursors(cursors.slice(0, -1));
    await list.mutate();
    // the pressed button went with its row (after the dialog handed focus back to it): keep the
    // keyboard user's place at the list
    heading.current?.focus();
  }

  const items = page?.items ?? [];
  const pageNumber = cursors.length;
  return (
    <div className="space-y-4" data-testid="history">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight focus:outline-none">
          Scan history
        </h1>
        <a href="/" className="text-sm font-medium text-sky-800 hover:underline">
          Submit a new file
        </a>
      </div>
      <ScanHistoryFilters filter={filter} onChange={applyFilter} />
      <div role="status" aria-live="polite" data-testid="history-notice">
        {notice && (
          <p className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {notice}
          </p>
        )}
      </div>
      {list.error && <ProblemPanel problem={list.error.problem} context="Loading the scans failed" />}
      {!page && !list.error && (
        <p className="text-sm text-slate-600" role="status">
          Loading scans…
        </p>
      )}
      {page && items.length === 0 && <EmptyState filtered={isFiltered(filter)} onClear={() => applyFilter({})} />}
      {items.length > 0 && (
        // while another page or filter loads, the last list stays up, dimmed
        <section
          aria-label="Scans"
          aria-busy={list.isLoading}
          className={`overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity ${list.isLoading ? "opacity-60" : ""}`}
        >
          <div
            className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${HISTORY_COLUMNS}`}
            aria-hidden
          >
            <span>Verdict</span>
            <span className="text-right">Score</span>
            <span>File</span>
            <span>SHA-256</span>
            <span>Created (UTC)</span>
            <span>Status</span>
            <span />
          </div>
          <ul className="divide-y divide-slate-200" data-testid="history-list">
            {items.map((scan) => (
              <ScanHistoryRow key={scan.scanId} scan={scan} onDeleted={deleted} />
            ))}
          </ul>
        </section>
      )}
      {(pageNumber > 1 || page?.nextCursor) && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <PageButton disabled={pageNumber <= 1} onClick={() => setCursors(cursors.slice(0, -1))} testId="history-prev">
            ← Previous
          </PageButton>
          <span className="text-sm text-slate-600" data-testid="history-page">
            Page {pageNumber}
          </span>
          <PageButton
            disabled={!page?.nextCursor}
            onClick={() => page?.nextCursor && setCursors([...cursors, page.nextCursor])}
            testId="history-next"
          >
            Next →
          </PageButton>
        </nav>
      )}
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  return (
    <div
      className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
      data-testid="history-empty"
    >
      {filtered ? (
        <>
          <p className="font-medium">No scans match these filters.</p>
          <button type="button" onClick={onClear} className="mt-3 text-sm font-medium text-sky-800 hover:underline">
            Clear filters
          </button>
        </>
      ) : (
        <>
          <p className="font-medium">No scans yet.</p>
          <p className="mt-1 text-sm text-slate-600">
            Scans you submit show up here.{" "}
            <a href="/" className="font-medium text-sky-800 hover:underline">
              Submit a PDF
            </a>
          </p>
        </>
      )}
    </div>
  );
}

function PageButton({
  disabled,
  onClick,
  testId,
  children,
}: {
  disabled: boolean;
  onClick(): void;
  testId: string;
  children: string;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white"
    >
      {children}
    </button>
  );
}
