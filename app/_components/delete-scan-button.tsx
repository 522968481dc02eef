"use client";
// Deletes a scan (DELETE /api/scans/:id, CSRF header through sendJson) after a confirmation dialog.
// Without onDeleted (the scan's own page) it goes to the history afterwards: the page it was on is gone.
import { useState } from "react";
import type { Problem } from "../_lib/api";
import { scanApiUrl, sendJson } from "../_lib/scans";
import { ConfirmDialog } from "./confirm-dialog";
import { ProblemPanel } from "./problem-panel";

export const HISTORY_PATH = "/scans";

export function DeleteScanButton({
  scanId,
  fileName,
  onDeleted,
  compact = false,
}: {
  scanId: string;
  fileName?: string;
  onDeleted?(scanId: string): void;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function remove() {
    setBusy(true);
    setProblem(null);
    const r = await sendJson(scanApiUrl(scanId), "DELETE");
    setBusy(false);
    // already gone (deleted elsewhere) is what the user wanted too
    if (!r.ok && r.problem.status !== 404) return setProblem(r.problem);
    setOpen(false);
    if (onDeleted) onDeleted(scanId);
    else window.location.assign(HISTORY_PATH);
  }

  const name = fileName ?? scanId;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setProblem(null);
          setOpen(true);
        }}
        data-testid="delete-scan"
        aria-label={`Delete scan of ${name}`}
        className={`rounded-md border border-red-300 bg-white font-medium text-red-800 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 ${compact ? "px-2 py-0.5 text-xs" : "px-2.5 py-1 text-sm"}`}
      >
        {compact ? "Delete" : "Delete scan"}
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this scan?"
        confirmLabel="Delete scan"
        busyLabel="Deleting…"
        busy={busy}
        error={problem && <ProblemPanel problem={problem} context="Deleting failed" testId="delete-error" />}
        onConfirm={remove}
        onCancel={() => setOpen(false)}
      >
        <p>
          The scan of <strong className="break-all">{name}</strong>, its report and its stored file are removed for
          good. Share links to it stop working.
        </p>
      </ConfirmDialog>
    </>
  );
}
