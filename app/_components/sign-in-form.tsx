"use client";
// Sign-in form: POST /api/session {apiKey}; the answer sets the session cookies, then we go on to
// `next`. A key in the URL fragment (the server's first-start link) is used once and removed from the
// address bar and history.
import { useEffect, useRef, useState } from "react";
import type { Problem } from "../_lib/api";
import { ProblemPanel } from "./problem-panel";

export function SignInForm({ next }: { next: string }) {
  const [apiKey, setApiKey] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);

  async function signIn(key: string) {
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch("/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ apiKey: key.trim() }) });
      if (res.ok) {
        window.location.assign(next);
        return;
      }
      const p = (await res.json().catch(() => ({}))) as Partial<Problem>;
      setProblem({ title: p.title ?? `HTTP ${res.status}`, status: res.status, detail: p.detail ?? "", code: p.code ?? "unknown" });
    } catch {
      setProblem({ title: "Network error", status: 0, detail: "The server could not be reached.", code: "network" });
    }
    setBusy(false);
  }

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const m = /^#key=(pdfscan_[A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!m) return;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    void signIn(m[1]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void signIn(apiKey);
      }}
    >
      <label className="block text-sm font-medium" htmlFor="api-key">
        API key
      </label>
      <input
        id="api-key"
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm"
        placeholder="pdfscan_…"
        data-testid="api-key"
        required
      />
      <button
        type="submit"
        disabled={busy || apiKey.trim() === ""}
        className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        data-testid="sign-in"
      >
        Sign in
      </button>
      {problem && <ProblemPanel problem={problem} context="Sign-in" testId="sign-in-error" />}
    </form>
  );
}
