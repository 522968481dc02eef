"use client";
// Thumbnails of the pages the advanced stage drew with pdf.js (on the server, scripting off): PNGs
// from the page-image route, never the PDF itself in the browser. A click opens the enlarged image in
// a modal <dialog> (Escape closes it, focus goes back to the thumbnail). Pages a lure finding points
// at (evidence path /Root/Pages[i]) are outlined and labelled. When retention removed the images, or
// they cannot be loaded any more, one line says so instead of broken images.
import { useEffect, useRef, useState } from "react";
import type { ScanReport } from "../_lib/scans";
import { Section } from "./section";

export type PageImageUrl = (page: number, size: "thumbnail" | "large") => string;

/** Rules whose findings are about what a reader sees on a page (lures, phishing layouts). */
const LURE_RULE = /^(lure|phishing)-/;
const PAGE_PATH = /^\/Root\/Pages\[(\d+)\]/;

/** 1-based pages that lure findings point at, with the titles of those findings. */
export function lurePagesOf(findings: ScanReport["findings"]): Map<number, string[]> {
  const pages = new Map<number, string[]>();
  for (const f of findings) {
    if (!LURE_RULE.test(f.ruleId)) continue;
    for (const e of f.evidence) {
      const m = e.path ? PAGE_PATH.exec(e.path) : null;
      if (!m) continue;
      const page = Number(m[1]) + 1;
      const titles = pages.get(page) ?? [];
      if (!titles.includes(f.title)) pages.set(page, [...titles, f.title]);
    }
  }
  return pages;
}

const GONE: Record<string, string> = {
  deleted: "Page thumbnails were deleted when the file's retention period ended.",
  not_kept:
    'Page thumbnails are not kept for scans whose file is deleted right after the analysis (choose "Keep page pictures" when submitting to keep them).',
  none: "No page thumbnails: no page could be drawn.",
  unavailable: "Page thumbnails are no longer available on the server.",
};

export function PageThumbnails({ report, imageUrl }: { report: ScanReport; imageUrl: PageImageUrl }) {
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  // only the advanced stage draws pages; before it, the section would only say "not yet"
  if (report.stage !== "advanced") return null;
  const { status, pages } = report.pageImages;
  const lurePages = lurePagesOf(report.findings);
  const gone = failed ? "unavailable" : status === "available" ? null : status;
  return (
    <Section title="Pages" count={gone ? undefined : pages.length} testId="page-thumbnails">
      {gone ? (
        <p className="text-sm text-slate-600" data-testid="thumbnails-gone" data-reason={gone}>
          {GONE[gone]}
        </p>
      ) : (
        <>
          <p className="mb-3 text-xs text-slate-600">
            Rendered on the server with pdf.js, scripts off. Select a page to enlarge it.
          </p>
          <ul className="flex flex-wrap gap-4">
            {pages.map(({ page }) => (
              <Thumbnail
                key={page}
                page={page}
                src={imageUrl(page, "thumbnail")}
                lures={lurePages.get(page)}
                onOpen={() => setOpen(page)}
                onError={() => setFailed(true)}
              />
            ))}
          </ul>
        </>
      )}
      {open !== null && !gone && (
        <Enlarged
          page={open}
          src={imageUrl(open, pages.find((p) => p.page === open)?.large ? "large" : "thumbnail")}
          lures={lurePages.get(open)}
          onClose={() => setOpen(null)}
        />
      )}
    </Section>
  );
}

function Thumbnail({
  page,
  src,
  lures,
  onOpen,
  onError,
}: {
  page: number;
  src: string;
  lures?: string[];
  onOpen(): void;
  onError(): void;
}) {
  return (
    <li className="w-36 sm:w-40" data-testid="page-thumbnail" data-page={page} data-lure={lures ? "true" : "false"}>
      <button
        type="button"
        onClick={onOpen}
        data-page-button={page}
        // the printed report shows the pictures (print hides buttons: app/globals.css)
        data-print="keep"
        aria-label={`Enlarge page ${page}${lures ? " (lure on this page)" : ""}`}
        className={`block w-full overflow-hidden rounded-md bg-white text-left shadow-sm hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2 ${
          lures ? "border-[3px] border-red-600" : "border border-slate-300"
        }`}
      >
        {/* a plain img: a private, per-scan PNG needs no image optimisation */}
        {/* eager: a lazy picture below the fold would be missing from a printed report */}
        <img src={src} alt={`Page ${page}`} className="block h-auto w-full" onError={onError} />
      </button>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
        <span>Page {page}</span>
        {lures && (
          <span
            className="rounded bg-red-700 px-1.5 py-0.5 font-semibold text-white"
            title={lures.join("; ")}
            data-testid="lure-label"
          >
            lure on this page
          </span>
        )}
      </p>
    </li>
  );
}

/** The enlarged page in a modal dialog: the browser traps focus and closes it on Escape. */
function Enlarged({ page, src, lures, onClose }: { page: number; src: string; lures?: string[]; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  // the latest onClose, so re-renders of the page (polling) never reopen the dialog
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // the thumbnail that opened the dialog gets the focus back, whatever closed it
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const closed = () => {
      onCloseRef.current();
      opener?.focus();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);
  const titleId = `page-dialog-title-${page}`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="page-dialog"
      className="m-auto max-h-[95vh] w-[min(56rem,95vw)] rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
      onClick={(e) => e.target === e.currentTarget && ref.current?.close()}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
          Page {page}
          {lures && (
            <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">lure on this page</span>
          )}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          Close <span className="sr-only">(Escape)</span>
        </button>
      </div>
      {lures && <p className="px-4 pt-2 text-xs text-slate-700">Findings: {lures.join("; ")}</p>}
      <div className="p-4">
        <img
          src={src}
          alt={`Page ${page}`}
          className="mx-auto block h-auto max-h-[calc(95vh-8rem)] w-auto max-w-full border border-slate-200"
        />
      </div>
    </dialog>
  );
}
