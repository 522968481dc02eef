"use client";
// The history's filter bar: verdict and status apply at once, the search text (a SHA-256 or its
// prefix, or part of a file name) when submitted. The values are those GET /api/scans accepts.
import { useEffect, useState } from "react";
import type { Summary } from "../../lib/analyzer/report";
import { SCAN_STATUSES } from "../../lib/server/domain/state-machine";

export const HISTORY_VERDICTS = [
  "malicious",
  "suspicious",
  "benign",
  "unknown",
] as const satisfies readonly Summary["verdict"][];

export interface HistoryFilter {
  verdict?: string;
  status?: string;
  q?: string;
}

export const isFiltered = (f: HistoryFilter): boolean => !!(f.verdict || f.status || f.q);

const FIELD =
  "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500";

export function ScanHistoryFilters({
  filter,
  onChange,
}: {
  filter: HistoryFilter;
  onChange(next: HistoryFilter): void;
}) {
  const [draft, setDraft] = useState(filter.q ?? "");
  useEffect(() => setDraft(filter.q ?? ""), [filter.q]);

  return (
    <form
      role="search"
      aria-label="Filter scans"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filter, q: draft.trim() || undefined });
      }}
    >
      <div className="flex min-w-0 grow basis-72 flex-col gap-1">
        <label htmlFor="history-q" className="text-xs font-medium text-slate-700">
          Search by SHA-256 or file name
        </label>
        <div className="flex gap-2">
          <input
            id="history-q"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={200}
            placeholder="e.g. 3f2a9c… or invoice"
            autoComplete="off"
            spellCheck={false}
            data-testid="history-search"
            className={`${FIELD} min-w-0 grow`}
          />
          <button
            type="submit"
            data-testid="history-search-submit"
            className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2"
          >
            Search
          </button>
        </div>
      </div>
      <Choice
        id="history-verdict"
        label="Verdict"
        all="All verdicts"
        value={filter.verdict}
        options={HISTORY_VERDICTS}
        onChange={(verdict) => onChange({ ...filter, verdict })}
      />
      <Choice
        id="history-status"
        label="Status"
        all="All statuses"
        value={filter.status}
        options={SCAN_STATUSES}
        onChange={(status) => onChange({ ...filter, status })}
      />
      {isFiltered(filter) && (
        <button
          type="button"
          onClick={() => onChange({})}
          data-testid="history-clear"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          Clear filters
        </button>
      )}
    </form>
  );
}

function Choice({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value?: string;
  options: readonly string[];
  onChange(value: string | undefined): void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || undefined)}
        data-testid={id}
        className={FIELD}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </div>
  );
}
