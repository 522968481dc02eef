"use client";
// Analyses a retained file again (POST /api/scans/:id/rerun, CSRF header through sendJson) and opens
// the new scan's page: the same file through today's engines and rules, the old report kept.
import { useState } from "react";
import type { Problem } from "../_lib/api";
import { scanApiUrl, sendJson, type ScanResource } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";

export function RerunScanButton({ scanId }: { scanId: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  async function rerun() {
    setBusy(true);
    setProblem(null);
    const r = await sendJson<ScanResource>(`${scanApiUrl(scanId)}/rerun`, "POST");
    if (!r.ok || !r.value) {
      setBusy(false);
      if (!r.ok) setProblem(r.problem);
      return;
    }
    window.location.assign(r.value.resultUrl);
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void rerun()}
        disabled={busy}
        data-testid="rerun-scan"
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-sky-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:opacity-60"
      >
        {busy ? "Starting…" : "Analyse again"}
      </button>
      {problem && <ProblemPanel problem={problem} context="Analyse again" />}
    </>
  );
}
