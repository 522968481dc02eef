"use client";
// Copies the current page's URL (the scan's shareable resultUrl) to the clipboard.
import { useState } from "react";

export function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  async function copy() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const area = document.createElement("textarea");
      area.value = url;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }
  return (
    <button
      type="button"
      onClick={copy}
      data-testid="copy-link"
      className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      {copied ? "Link copied" : "Copy link"}
    </button>
  );
}
