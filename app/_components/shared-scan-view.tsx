"use client";
// The scan view opened through a share link: the same page, read from /share/<token>/scan and
// /share/<token>/report, without the owner's controls.
import { pageImageApiUrl, type ScanResource } from "../_lib/scans";
import { ScanView, type ScanSource } from "./scan-view";

export function SharedScanView({ token, initialScan }: { token: string; initialScan: ScanResource }) {
  const base = `/share/${encodeURIComponent(token)}`;
  const source: ScanSource = {
    scanUrl: `${base}/scan`,
    eventsUrl: `${base}/events`,
    reportUrl: (format) => `${base}/report${format ? `?format=${encodeURIComponent(format)}` : ""}`,
    shared: true,
    pageImageUrl: (page, size) => pageImageApiUrl(base, page, size),
  };
  return <ScanView scanId={initialScan.scanId} initialScan={initialScan} source={source} />;
}
