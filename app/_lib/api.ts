// Browser-side client of POST /analyze/fast: returns the result or the RFC 9457 problem.
import type { FastResult } from "../../lib/analyzer/report";
import { csrfHeaders } from "./csrf";

export interface Problem {
  title: string;
  status: number;
  detail: string;
  code: string;
}

/** One result per file; a ZIP of PDFs gives one per PDF inside. */
export type AnalyzeOutcome = { ok: true; results: FastResult[] } | { ok: false; problem: Problem };

/** `password`: the document's password (an encrypted attachment), sent with the file and kept nowhere. */
export async function postFastAnalysis(file: File, signal?: AbortSignal, password = ""): Promise<AnalyzeOutcome> {
  const body = new FormData();
  body.append("file", file, file.name);
  if (password) body.append("password", password);
  let response: Response;
  try {
    response = await fetch("/analyze/fast", { method: "POST", body, signal, headers: csrfHeaders() });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return {
      ok: false,
      problem: { title: "Network error", status: 0, detail: "The server could not be reached.", code: "network" },
    };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok && payload) {
    // a ZIP answers {archive, results, skipped}
    const results = (payload as { results?: FastResult[] }).results;
    return { ok: true, results: Array.isArray(results) ? results : [payload as FastResult] };
  }
  const p = (payload ?? {}) as Partial<Problem>;
  return {
    ok: false,
    problem: {
      title: p.title ?? `HTTP ${response.status}`,
      status: response.status,
      detail: p.detail ?? response.statusText,
      code: p.code ?? "unknown",
    },
  };
}
