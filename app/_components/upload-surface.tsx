"use client";
// The home page's one upload surface: choose quick analysis or scan, then drop files anywhere on the
// page or pick them. Quick analysis posts each file to /analyze/fast and shows one result per file;
// a scan posts each to /api/scans and opens the scan's page (one file) or lists a link per scan.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { postFastAnalysis } from "../_lib/api";
import { formatBytes } from "../_lib/format";
import { postScan } from "../_lib/scans";
import { FileDrop } from "./file-drop";
import { UploadOptions, type UploadChoices } from "./upload-options";
import { UploadResults, type UploadBatch, type UploadOutcome } from "./upload-results";

export function UploadSurface({ maxUploadBytes }: { maxUploadBytes: number }) {
  const router = useRouter();
  const [choices, setChoices] = useState<UploadChoices>({
    mode: "quick",
    retention: "delete_immediately",
    enrichment: false,
    keepThumbnails: false,
    password: "",
  });
  const [batch, setBatch] = useState<UploadBatch | null>(null);
  const batchSeq = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const busy = !!batch && batch.mode === "scan" && batch.items.some((i) => i.outcome.kind === "running");

  async function start(files: File[]) {
    const id = ++batchSeq.current;
    const { mode, retention, enrichment, keepThumbnails, password } = choices;
    inFlight.current?.abort(); // a newer batch owns the page; older quick analyses stop
    const controller = new AbortController();
    inFlight.current = controller;
    const first = files.map((file) => ({
      file,
      outcome: tooLarge(file, maxUploadBytes) ?? ({ kind: "running" } as UploadOutcome),
    }));
    setBatch({ id, mode, items: first });
    const settle = (index: number, outcome: UploadOutcome) =>
      setBatch((b) =>
        b?.id === id ? { ...b, items: b.items.map((item, i) => (i === index ? { ...item, outcome } : item)) } : b,
      );

    for (const [index, { file, outcome }] of first.entries()) {
      if (outcome.kind !== "running") continue;
      if (mode === "quick") {
        const result = await postFastAnalysis(file, controller.signal, password).catch(() => null);
        if (!result) return; // aborted by a newer batch
        settle(
          index,
          result.ok ? { kind: "quick", results: result.results } : { kind: "failed", problem: result.problem },
        );
      } else {
        const created = await postScan(file, {
          retentionMode: retention,
          enableEnrichment: enrichment,
          keepThumbnails,
          password,
        });
        if (created.ok && files.length === 1 && created.scans.length === 1)
          return router.push(created.scans[0]!.resultUrl); // stays busy until the page changes
        settle(
          index,
          created.ok ? { kind: "scan", scans: created.scans } : { kind: "failed", problem: created.problem },
        );
      }
    }
  }

  const action =
    choices.mode === "quick"
      ? "a quick analysis on this page"
      : `a scan (${choices.enrichment ? "with enrichment, " : ""}${choices.retention.replaceAll("_", " ")})`;
  return (
    <div className="space-y-6">
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Upload">
        <UploadOptions choices={choices} onChange={setChoices} disabled={busy} />
        <FileDrop onFiles={start} disabled={busy} maxBytes={maxUploadBytes} action={action} />
      </section>
      {batch && <UploadResults batch={batch} />}
    </div>
  );
}

function tooLarge(file: File, maxBytes: number): UploadOutcome | null {
  if (file.size <= maxBytes) return null;
  const detail = `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(maxBytes)}.`;
  return { kind: "failed", problem: { title: "File too large", status: 413, detail, code: "file_too_large" } };
}
