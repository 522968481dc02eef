"use client";
// Drag & drop target with a file picker fallback; keyboard users reach the picker through the button.
import { useRef, useState, type DragEvent } from "react";
import { formatBytes } from "../_lib/format";

export function FileDrop({ onFile, disabled, maxBytes }: { onFile: (file: File) => void; disabled: boolean; maxBytes: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="dropzone"
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
        over ? "border-sky-500 bg-sky-50" : "border-slate-300 bg-white"
      } ${disabled ? "opacity-60" : ""}`}
    >
      <p className="text-base font-medium">Drop a PDF here</p>
      <p className="text-sm text-slate-500">
        or{" "}
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          choose a file
        </button>
      </p>
      <p className="text-xs text-slate-400">
        PDF or XDP, up to {formatBytes(maxBytes)}. The file is analysed statically on this server and not kept.
      </p>
      <input
        ref={input}
        type="file"
        accept=".pdf,.xdp,application/pdf,application/vnd.adobe.xdp+xml"
        className="sr-only"
        aria-label="PDF file"
        data-testid="file-input"
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
