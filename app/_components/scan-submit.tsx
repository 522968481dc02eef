"use client";
// "Submit as scan": upload a PDF to POST /api/scans with a retention mode and optional offline
// enrichment, then open the scan's page (resultUrl) where both stages can be followed live.
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import type { Problem } from "../_lib/api";
import { formatBytes } from "../_lib/format";
import { RETENTION_OPTIONS, postScan, type RetentionOption } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";

export function ScanSubmit({ maxUploadBytes }: { maxUploadBytes: number }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [retention, setRetention] = useState<RetentionOption>("delete_immediately");
  const [enrichment, setEnrichment] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    if (file.size > maxUploadBytes) {
      setProblem({
        title: "File too large",
        status: 413,
        code: "file_too_large",
        detail: `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(maxUploadBytes)}.`,
      });
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await postScan(file, retention, enrichment);
    if (outcome.ok) {
      router.push(outcome.scan.resultUrl);
      return; // stay busy until the navigation replaces this page
    }
    setProblem(outcome.problem);
    setBusy(false);
  }

  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby="scan-submit-title" data-testid="scan-submit">
      <div className="border-b border-slate-200 px-4 py-2.5">
        <h2 id="scan-submit-title" className="text-base font-semibold">
          Submit as scan
        </h2>
        <p className="text-xs text-slate-500">
          Background analysis in two stages (fast verdict, then deep analysis) with a shareable result page and exports
          (JSON, STIX 2.1, MISP, CSV, Markdown, HTML).
        </p>
      </div>
      <form onSubmit={submit} className="grid gap-4 p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div className="min-w-0">
          <label htmlFor="scan-file" className="block text-xs font-medium text-slate-600">
            PDF file
          </label>
          <div className="mt-1 flex items-center gap-2">
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={busy}
              className="shrink-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
            >
              Choose file
            </button>
            <span className="truncate text-sm text-slate-600" data-testid="scan-file-name">
              {file ? `${file.name} (${formatBytes(file.size)})` : "no file chosen"}
            </span>
          </div>
          <input
            ref={input}
            id="scan-file"
            type="file"
            accept=".pdf,.xdp,application/pdf,application/vnd.adobe.xdp+xml"
            className="sr-only"
            data-testid="scan-file-input"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
        </div>
        <div>
          <label htmlFor="scan-retention" className="block text-xs font-medium text-slate-600">
            File retention
          </label>
          <select
            id="scan-retention"
            data-testid="scan-retention"
            value={retention}
            disabled={busy}
            onChange={(e) => setRetention(e.target.value as RetentionOption)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            {RETENTION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 pb-1.5 text-sm" title="Classifies the extracted indicators locally; nothing is sent anywhere.">
          <input
            type="checkbox"
            data-testid="scan-enrichment"
            checked={enrichment}
            disabled={busy}
            onChange={(e) => setEnrichment(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Offline IOC enrichment
        </label>
        <button
          type="submit"
          disabled={!file || busy}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          {busy ? "Submitting…" : "Submit scan"}
        </button>
      </form>
      {problem && (
        <div className="px-4 pb-4">
          <ProblemPanel problem={problem} context={file?.name} testId="scan-submit-error" />
        </div>
      )}
    </section>
  );
}
