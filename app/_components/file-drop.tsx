"use client";
// The page's one file target: a drop anywhere in the window (not only on the zone, or the browser
// would open the PDF itself) shows a full-page overlay and hands the files over; the zone's picker
// accepts one or many. The picker is the real <input type="file"> (one tab stop, no hidden one):
// it stays visually hidden and its label shows the focus ring.
import { useEffect, useRef, useState } from "react";
import { formatBytes } from "../_lib/format";

// a ZIP of PDFs too: samples travel in password ZIPs ("infected", which the server tries by default)
const ACCEPT = ".pdf,.xdp,.zip,application/pdf,application/vnd.adobe.xdp+xml,application/zip";

export function FileDrop({
  onFiles,
  disabled,
  maxBytes,
  action,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  maxBytes: number;
  action: string;
}) {
  const over = usePageDrop(onFiles, disabled);
  return (
    <div
      data-testid="dropzone"
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
        over ? "border-sky-600 bg-sky-50" : "border-slate-400 bg-white"
      } ${disabled ? "opacity-70" : ""}`}
    >
      <p className="text-base font-medium">Drop PDFs anywhere on this page</p>
      <p className="text-sm text-slate-600">
        <input
          id="file-input"
          type="file"
          multiple
          accept={ACCEPT}
          className="peer sr-only"
          data-testid="file-input"
          disabled={disabled}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            if (files.length > 0) onFiles(files);
          }}
        />
        or{" "}
        <label
          htmlFor="file-input"
          className="cursor-pointer rounded-md border border-slate-400 bg-white px-2.5 py-1 font-medium text-slate-800 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 peer-disabled:cursor-not-allowed"
        >
          choose files
        </label>{" "}
        to start: {action}
      </p>
      <p className="text-xs text-slate-600" data-testid="size-limit">
        PDF or XDP (or a ZIP of them, password “infected”), up to {formatBytes(maxBytes)} each; several files at once
        are fine.
      </p>
      {over && <DropOverlay action={action} />}
    </div>
  );
}

function DropOverlay({ action }: { action: string }) {
  return (
    <div
      className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-6"
      data-testid="drop-overlay"
      aria-hidden
    >
      <div className="rounded-xl border-4 border-dashed border-sky-300 bg-white px-10 py-8 text-center shadow-xl">
        <p className="text-xl font-semibold">Drop to start</p>
        <p className="mt-1 text-sm text-slate-700">{action}</p>
      </div>
    </div>
  );
}

/** Window-level drag and drop: true while files are dragged over the page. */
function usePageDrop(onFiles: (files: File[]) => void, disabled: boolean): boolean {
  const [over, setOver] = useState(false);
  const latest = useRef({ onFiles, disabled });
  latest.current = { onFiles, disabled };
  useEffect(() => {
    const carriesFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes("Files");
    const onDragOver = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault(); // without it the browser navigates to the dropped file
      if (e.dataTransfer) e.dataTransfer.dropEffect = latest.current.disabled ? "none" : "copy";
      setOver(!latest.current.disabled);
    };
    const onDragLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false); // left the window, not just one element
    };
    const onDrop = (e: DragEvent) => {
      if (!carriesFiles(e) && !e.dataTransfer?.files.length) return;
      e.preventDefault();
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length > 0 && !latest.current.disabled) latest.current.onFiles(files);
    };
    window.addEventListener("dragover", onDragOver);
    window.addEventListener("dragleave", onDragLeave);
    window.addEventListener("drop", onDrop);
    return () => {
      window.removeEventListener("dragover", onDragOver);
      window.removeEventListener("dragleave", onDragLeave);
      window.removeEventListener("drop", onDrop);
    };
  }, []);
  return over;
}
