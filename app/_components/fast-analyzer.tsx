"use client";
// Upload page logic: pick or drop a file, POST it to /analyze/fast, render the result or the problem.
import { useRef, useState } from "react";
import type { FastResult } from "../../lib/analyzer/report";
import { postFastAnalysis, type Problem } from "../_lib/api";
import { formatBytes } from "../_lib/format";
import { FileDrop } from "./file-drop";
import { ResultView } from "./result-view";

type State =
  | { phase: "idle" }
  | { phase: "running"; file: File }
  | { phase: "done"; result: FastResult }
  | { phase: "failed"; fileName: string; problem: Problem };

export function FastAnalyzer({ maxUploadBytes }: { maxUploadBytes: number }) {
  const [state, setState] = useState<State>({ phase: "idle" });
  const inFlight = useRef<AbortController | null>(null);

  async function analyze(file: File) {
    if (file.size > maxUploadBytes) {
      const detail = `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(maxUploadBytes)}.`;
      setState({ phase: "failed", fileName: file.name, problem: { title: "File too large", status: 413, detail, code: "file_too_large" } });
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ phase: "running", file });
    try {
      const outcome = await postFastAnalysis(file, controller.signal);
      setState(outcome.ok ? { phase: "done", result: outcome.result } : { phase: "failed", fileName: file.name, problem: outcome.problem });
    } catch {
      // aborted by a newer upload: that one owns the state now
    }
  }

  return (
    <div className="space-y-6">
      <FileDrop onFile={analyze} disabled={state.phase === "running"} maxBytes={maxUploadBytes} />
      {state.phase === "running" && (
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3" role="status" data-testid="progress">
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-sky-600" aria-hidden />
          <span className="text-sm">
            Analysing <span className="font-medium">{state.file.name}</span> ({formatBytes(state.file.size)})…
          </span>
        </div>
      )}
      {state.phase === "failed" && (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert" data-testid="error">
          <p className="font-semibold">
            {state.problem.title}
            {state.problem.status > 0 && <span className="font-normal text-red-700"> (HTTP {state.problem.status}, {state.problem.code})</span>}
          </p>
          <p className="mt-1">
            {state.fileName}: {state.problem.detail}
          </p>
        </div>
      )}
      {state.phase === "done" && <ResultView result={state.result} />}
    </div>
  );
}
