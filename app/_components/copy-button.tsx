"use client";
// Copies a raw value (e.g. an un-defanged IOC) to the clipboard. Falls back to execCommand when the
// Clipboard API is unavailable (plain http on a non-loopback host is not a secure context).
import { useState } from "react";

export function CopyButton({
  value,
  label = "Copy",
  title = `Copy raw value: ${value}`,
}: {
  value: string;
  label?: string;
  title?: string;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const area = document.createElement("textarea");
      area.value = value;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1200);
  }
  return (
    <button
      type="button"
      onClick={copy}
      title={title}
      className="shrink-0 rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      {copied ? "Copied" : label}
    </button>
  );
}
