"use client";
// What became of each uploaded file: a progress line while it runs, the full fast result (quick
// analysis), a link to its scan page (scan), or the problem in plain words.
import type { FastResult } from "../../lib/analyzer/report";
import type { Problem } from "../_lib/api";
import { formatBytes } from "../_lib/format";
import { useEffect, useRef } from "react";
import useSWR from "swr";
import { fetchJson, isTerminalStatus, scanApiUrl, type ScanResource } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";
import { ResultView } from "./result-view";
import type { UploadMode } from "./upload-options";
import { Spinner } from "./spinner";
import { VerdictPill } from "./verdict-badge";
import { explainScore, signedPoints } from "../../lib/analyzer/explain-score";

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

/** The anchor of one quick result of a batch (the summary table links to it). */
const resultAnchor = (batchId: number, item: number, member: number) => `result-${batchId}-${item}-${member}`;

export function UploadResults({ batch }: { batch: UploadBatch }) {
  const scans = batch.items.filter((i) => i.outcome.kind === "scan");
  const rows = batch.items.flatMap(({ file, outcome }, i) =>
    outcome.kind === "quick"
      ? outcome.results.map((result, j) => ({ file, result, anchor: resultAnchor(batch.id, i, j) }))
      : [],
  );
  // when every file has its answer, the focus moves to the answers (a keyboard or screen-reader user
  // would otherwise stay on the drop zone, above results that appeared out of sight)
  const done = batch.items.every((i) => i.outcome.kind !== "running");
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) region.current?.focus();
  }, [done, batch.id]);
  return (
    <div
      ref={region}
      tabIndex={-1}
      className="space-y-6 focus:outline-none"
      data-testid="upload-results"
      data-mode={batch.mode}
      aria-label="Upload results"
    >
      {rows.length > 1 && <QuickSummary rows={rows} />}
      {scans.length > 0 && (
        <section
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          aria-label="Created scans"
          data-testid="scan-links"
        >
          <h2 className="text-base font-semibold">Scans created</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {scans.flatMap(({ file, outcome }) =>
              outcome.kind === "scan"
                ? outcome.scans.map((scan) => (
                    <li key={scan.scanId}>
                      <a
                        href={scan.resultUrl}
                        className="font-medium text-sky-800 underline-offset-2 hover:underline"
                        data-testid="scan-link"
                      >
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
            <p
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
              role="status"
              data-testid="progress"
            >
              <Spinner />
              <span>
                {batch.mode === "quick" ? "Analysing" : "Submitting"} <span className="font-medium">{file.name}</span> (
                {formatBytes(file.size)})…
              </span>
            </p>
          )}
          {outcome.kind === "failed" && <ProblemPanel problem={outcome.problem} context={file.name} />}
          {outcome.kind === "quick" &&
            outcome.results.map((result, j) => (
              <div key={j} id={resultAnchor(batch.id, i, j)} className="scroll-mt-4">
                <ResultView result={result} />
              </div>
            ))}
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

/** Several quick results read as one (issue 22): a row per document with its verdict, score and the reason that moved the score most, linking to its report below. */
function QuickSummary({ rows }: { rows: { file: File; result: FastResult; anchor: string }[] }) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Summary of the files"
      data-testid="quick-summary"
    >
      <h2 className="text-base font-semibold">{rows.length} files</h2>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="One row per file">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-600">
            <tr>
              <th className="py-1 pr-3 font-medium">File</th>
              <th className="py-1 pr-3 font-medium">Verdict</th>
              <th className="py-1 pr-3 font-medium">Score</th>
              <th className="py-1 font-medium">Top reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ result, anchor }) => {
              const top = explainScore(result.summary, result.findings).raised[0];
              return (
                <tr key={anchor} className="border-t border-slate-100 align-top" data-testid="quick-summary-row">
                  <td className="py-1.5 pr-3 break-all">
                    <a href={`#${anchor}`} className="font-medium text-sky-800 hover:underline">
                      {result.file_name}
                    </a>
                  </td>
                  <td className="py-1.5 pr-3">
                    <VerdictPill verdict={result.summary.verdict} />
                  </td>
                  <td className="py-1.5 pr-3 font-mono">{result.summary.score}</td>
                  <td className="py-1.5 text-slate-700" data-testid="quick-summary-reason">
                    {top ? `${top.title} (${signedPoints(top.points)})` : "no finding moved the score"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
