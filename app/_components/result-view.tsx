"use client";
// The whole fast result: summary header (verdict, hashes, structure, export) and one section per part.
import type { FastResult } from "../../lib/analyzer/report";
import { exportFileName, formatBytes } from "../_lib/format";
import { AnomaliesList } from "./anomalies-list";
import { CopyButton } from "./copy-button";
import { FindingsList } from "./findings-list";
import { IocList } from "./ioc-list";
import { KeywordHits } from "./keyword-hits";
import { MitigationsList, mitigationsOf } from "./mitigations-list";
import { ScoreReasons } from "./score-reasons";
import { VerdictBadge } from "./verdict-badge";

/** Several results share the upload page: their findings' anchors carry the file's hash. */
const anchorScopeOf = (result: FastResult) => result.sha256.slice(0, 12);

export function ResultView({ result }: { result: FastResult }) {
  const mitigations = mitigationsOf(result);
  return (
    <div className="space-y-4" data-testid="result">
      <SummaryCard result={result} />
      <FindingsList findings={result.findings} mitigations={mitigations} anchorScope={anchorScopeOf(result)} />
      {mitigations.length > 0 && <MitigationsList mitigations={mitigations} findings={result.findings} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <IocList iocs={result.iocs} />
        <KeywordHits hits={result.keyword_hits} counts={result.keyword_counts} />
      </div>
      <AnomaliesList anomalies={result.anomalies} />
    </div>
  );
}

function SummaryCard({ result }: { result: FastResult }) {
  const s = result.structure;
  const facts: [string, string][] = [
    ["Size", formatBytes(s.size)],
    ["PDF version", s.pdf_version ?? "none"],
    ["Pages", s.pages === null ? "?" : String(s.pages)],
    ["Objects", String(s.objects)],
    ["Streams", String(s.streams)],
    ["Object streams", String(s.object_streams)],
    ["Revisions", String(s.revisions)],
    ["Encrypted", s.encrypted ? "yes" : "no"],
    ["Xref rebuilt", s.xref_rebuilt ? "yes" : "no"],
    ["Analysis time", `${Math.round(result.duration_ms)} ms`],
  ];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Summary">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold" title={result.file_name} data-testid="file-name">
            {result.file_name}
          </h2>
          <div className="mt-1 flex items-center gap-2 text-xs text-slate-500">
            <span>SHA-256</span>
            <code className="break-all text-slate-700" data-testid="sha256">
              {result.sha256}
            </code>
            <CopyButton value={result.sha256} />
          </div>
        </div>
        <button
          type="button"
          onClick={() => downloadJson(result)}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          Download JSON
        </button>
      </div>
      <div className="mt-4">
        <VerdictBadge summary={result.summary} />
        <ScoreReasons summary={result.summary} findings={result.findings} anchorScope={anchorScopeOf(result)} />
      </div>
      {result.truncated && (
        <p
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="status"
        >
          Partial analysis: a budget was hit ({result.budget_hits.join(", ") || "unspecified"}), so parts of the file
          were not inspected.
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-slate-500">{k}</dt>
            <dd className="font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {result.stage} stage · engine {result.engine_version} · schema {result.schema_version}
      </p>
    </section>
  );
}

function downloadJson(result: FastResult) {
  const blob = new Blob([JSON.stringify(result, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = exportFileName(result.file_name, result.sha256);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
