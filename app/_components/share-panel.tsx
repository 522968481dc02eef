"use client";
// Share links of a scan (issue 8 item 4): mint a read-only, expiring link to this report page and its
// formats, copy it (shown in full only right after minting: the server keeps only its hash), and
// revoke any link.
import { useState } from "react";
import useSWR from "swr";
import { ProblemError, fetchJson, formatTime, sendJson, sharesApiUrl, type ShareLink } from "../_lib/scans";
import type { Problem } from "../_lib/api";
import { CopyButton } from "./copy-button";
import { ProblemPanel } from "./problem-panel";

const EXPIRY_OPTIONS = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 7 * 24, label: "7 days" },
  { hours: 30 * 24, label: "30 days" },
] as const;

export function SharePanel({ scanId }: { scanId: string }) {
  const links = useSWR<{ items: ShareLink[] }, ProblemError>(sharesApiUrl(scanId), fetchJson, {
    revalidateOnFocus: false,
  });
  const [hours, setHours] = useState<number>(24);
  const [minted, setMinted] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  async function mint() {
    setBusy(true);
    setProblem(null);
    const r = await sendJson<ShareLink>(sharesApiUrl(scanId), "POST", { expiresInHours: hours });
    setBusy(false);
    if (!r.ok) return setProblem(r.problem);
    setMinted(new URL(r.value!.url!, window.location.origin).toString());
    await links.mutate();
  }

  async function revoke(shareId: string) {
    setProblem(null);
    const r = await sendJson(`${sharesApiUrl(scanId)}/${encodeURIComponent(shareId)}`, "DELETE");
    if (!r.ok) return setProblem(r.problem);
    await links.mutate();
  }

  const items = links.data?.items ?? [];
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Share"
      data-testid="share-panel"
      data-print="hide"
    >
      <h2 className="text-sm font-semibold">Share report</h2>
      <p className="mt-1 text-xs text-slate-500">A read-only link to this report and its exports, nothing else.</p>
      <div className="mt-2 flex items-center gap-2">
        <label className="text-xs text-slate-600" htmlFor="share-expiry">
          Expires in
        </label>
        <select
          id="share-expiry"
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
          className="rounded-md border border-slate-300 px-1.5 py-1 text-sm"
          data-testid="share-expiry"
        >
          {EXPIRY_OPTIONS.map((o) => (
            <option key={o.hours} value={o.hours}>
              {o.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={mint}
          disabled={busy}
          data-testid="share-create"
          className="rounded-md bg-sky-700 px-2.5 py-1 text-sm font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          Create link
        </button>
      </div>
      {minted && (
        <div className="mt-2 rounded-md border border-emerald-300 bg-emerald-50 p-2 text-xs" data-testid="share-minted">
          <div className="flex items-center justify-between">
            <span className="font-medium text-emerald-900">New link (shown once)</span>
            <CopyButton value={minted} />
          </div>
          <code className="mt-1 block break-all" data-testid="share-url">
            {minted}
          </code>
        </div>
      )}
      {problem && <ProblemPanel problem={problem} context="Share link" testId="share-error" />}
      {items.length > 0 && (
        <ul className="mt-3 space-y-1.5" data-testid="share-list">
          {items.map((s) => (
            <li
              key={s.shareId}
              className="flex items-center justify-between gap-2 text-xs"
              data-testid="share-item"
              data-active={String(s.active)}
            >
              <span className={s.active ? "text-slate-700" : "text-slate-600 line-through"}>
                <code>{s.shareId}</code> ·{" "}
                {s.revokedAt ? "revoked" : s.active ? `until ${formatTime(s.expiresAt)}` : "expired"}
              </span>
              {s.active && (
                <button
                  type="button"
                  onClick={() => revoke(s.shareId)}
                  data-testid="share-revoke"
                  className="rounded border border-red-300 px-1.5 py-0.5 text-red-800 hover:bg-red-50"
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
