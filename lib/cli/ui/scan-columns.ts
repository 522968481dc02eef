// The scans list's cells as text: the columns' widths for a terminal width, short status labels, the
// age of a scan ("12s ago"), and the tone of each verdict and status. Pure, so tests pin the layout.
import { SCAN_STATUSES, isTerminal, type ScanStatus } from "../../server/domain/state-machine";
import type { Verdict } from "../../analyzer/report";
import { VERDICTS } from "../../analyzer/report-values";
import { printable } from "../format-result";
import type { ScanResource } from "../client/scan-client";
import type { Tone } from "./theme";

/** the status as a person reads it, at most 12 characters (the column's width) */
const STATUS_LABELS: { [S in ScanStatus]: string } = {
  queued_fast_scan: "queued",
  running_fast_scan: "scanning",
  completed_fast_scan: "fast done",
  queued_advanced_scan: "adv. queued",
  running_advanced_scan: "adv. running",
  completed: "completed",
  failed: "failed",
  expired: "expired",
};

const isKnownStatus = (status: string): status is ScanStatus => (SCAN_STATUSES as readonly string[]).includes(status);
const isKnownVerdict = (verdict: string): verdict is Verdict => (VERDICTS as readonly string[]).includes(verdict);

/** a status a newer server may send is shown as it came */
export const statusLabel = (status: string): string =>
  isKnownStatus(status) ? STATUS_LABELS[status] : printable(status);

/** still moving: the list polls and the row is drawn as live */
export const isLiveStatus = (status: string): boolean => isKnownStatus(status) && !isTerminal(status);

export const statusTone = (status: string): Tone =>
  status === "failed" ? "error" : isLiveStatus(status) ? "live" : "muted";

export const verdictTone = (verdict: string | null): Tone => (verdict && isKnownVerdict(verdict) ? verdict : "unknown");

export interface ScanCells {
  verdict: string;
  score: string;
  name: string;
  status: string;
  time: string;
}

export function scanCells(scan: ScanResource, now: number): ScanCells {
  return {
    verdict: scan.verdict ? scan.verdict.toUpperCase() : "-",
    score: scan.score === null ? "-" : String(scan.score),
    name: printable(scan.file.name),
    status: statusLabel(scan.status),
    time: formatAge(scan.createdAt, now),
  };
}

export type ColumnWidths = { [K in keyof ScanCells]: number };

/** fixed columns and a name column that takes the rest (the list is usable from 60 columns) */
export function columnWidths(width: number): ColumnWidths {
  const fixed = { verdict: 11, score: 6, status: 13, time: 10 };
  const marker = 2;
  const name = Math.max(10, width - marker - fixed.verdict - fixed.score - fixed.status - fixed.time);
  return { ...fixed, name };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_DAYS = 7;

/** "now", "12s ago", "5m ago", "3h ago", "2d ago", then the date (UTC) past a week */
export function formatAge(iso: string | undefined, now: number): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return "-";
  const ago = Math.max(0, now - at);
  if (ago < 1_000) return "now";
  if (ago < MINUTE) return `${Math.floor(ago / 1_000)}s ago`;
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < RELATIVE_DAYS * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return new Date(at).toISOString().slice(0, 10);
}
