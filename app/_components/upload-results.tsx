"use client";
// What became of each uploaded file: a progress line while it runs, the full fast result (quick
// analysis), a link to its scan page (scan), or the problem in plain words.
import type { FastResult } from "../../lib/analyzer/report";
import type { Problem } from "../_lib/api";
import { formatBytes } from "../_lib/format";
import useSWR from "swr";
import { fetchJson, isTerminalStatus, scanApiUrl, type ScanResource } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";
import { ResultView } from "./result-view";
import type { UploadMode } from "./upload-options";
import { Spinner } from "./spinner";

export type UploadOutcome =
  | { kind: "running" }
  /** one result per PDF (a ZIP holds several) */
  | { kind: "quick"; results: FastResult[] }
  /** one scan per PDF (a ZIP holds several) */
  | { kind: "scan"; scans: ScanResource[] }
  | { kind: "failed"; problem: Problem };

export interface UploadBatch {
  id: number;
  mode: UploadMode;
  items: { file: File; outcome: UploadOutcome }[];
}

export function UploadResults({ batch }: { batch: UploadBatch }) {
  const scans = batch.items.filter((i) => i.outcome.kind === "scan");
  return (
    <div className="space-y-6" data-testid="upload-results" data-mode={batch.mode}>
      {scans.length > 0 && (
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Created scans" data-testid="scan-links">
          <h2 className="text-base font-semibold">Scans created</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {scans.flatMap(({ file, outcome }) =>
              outcome.kind === "scan"
                ? outcome.scans.map((scan) => (
                    <li key={scan.scanId}>
                      <a href={scan.resultUrl} className="font-medium text-sky-800 underline-offset-2 hover:underline" data-testid="scan-link">
                        {outcome.scans.length > 1 ? scan.file.name : file.name}
                      </a>{" "}
                      <LiveStatus created={scan} />
                    </li>
                  ))
                : [],
            )}
          </ul>
        </section>
      )}
      {batch.items.map(({ file, outcome }, i) => (
        <article key={`${batch.id}-${i}`} aria-label={file.name} data-testid="upload-item" data-state={outcome.kind}>
          {outcome.kind === "running" && (
            <p className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm" role="status" data-testid="progress">
              <Spinner />
              <span>
                {batch.mode === "quick" ? "Analysing" : "Submitting"} <span className="font-medium">{file.name}</span> ({formatBytes(file.size)})…
              </span>
            </p>
          )}
          {outcome.kind === "failed" && <ProblemPanel problem={outcome.problem} context={file.name} />}
          {outcome.kind === "quick" && outcome.results.map((result, j) => <ResultView key={j} result={result} />)}
        </article>
      ))}
    </div>
  );
}

/** How often a created scan's row re-reads its status until the scan ends (issue 22: rows stayed at "queued fast scan"). */
const STATUS_POLL_MS = 1_500;

/** A created scan's status and verdict, kept current until the scan ends. */
function LiveStatus({ created }: { created: ScanResource }) {
  const { data } = useSWR<ScanResource>(scanApiUrl(created.scanId), fetchJson, {
    fallbackData: created,
    revalidateOnMount: true,
    revalidateOnFocus: false,
    refreshInterval: (latest) => (latest && isTerminalStatus(latest.status) ? 0 : STATUS_POLL_MS),
  });
  const scan = data ?? created;
  return (
    <span className="text-slate-600" data-testid="scan-link-status" data-status={scan.status}>
      · {scan.status.replaceAll("_", " ")}
      {scan.verdict ? ` · ${scan.verdict}${scan.score === null ? "" : ` ${scan.score}`}` : ""}
    </span>
  );
}
