// The terminal UI as data: its state, the events that change it (keys, server answers, the poll's
// ticks) and the effects a change asks for (requests, file writes, quitting). update.ts and
// handle-key.ts compute the changes; app.tsx runs the effects and feeds their outcome back as events.
import type { Key } from "ink";
import type { ReportFormat } from "../../server/report-formats/export-names";
import type { ScanReport } from "../../server/scans/report";
import type { ScanPage, ScanResource } from "../client/scan-client";

export type InputPurpose = "filter" | "submit" | "export-path";

/** what the keys do now */
export type Mode =
  | { kind: "browse" }
  | { kind: "input"; purpose: InputPurpose; text: string; format?: ReportFormat }
  | { kind: "confirm-delete"; scanId: string; name: string }
  | { kind: "export-format"; choice: number };

export interface OpenReport {
  scanId: string;
  /** null until the server answered (or while it answers 409 report_not_ready) */
  report: ScanReport | null;
  /** first line shown */
  scroll: number;
}

export interface Message {
  text: string;
  error: boolean;
  /** from the background poll: the next successful poll clears it */
  fromPoll: boolean;
}

export interface UiState {
  screen: "list" | "report";
  scans: ScanResource[];
  /** the server has more matching scans than the first page */
  more: boolean;
  /** the first list answer arrived */
  loaded: boolean;
  selected: number;
  /** a scan to select once the list shows it (one just submitted) */
  follow: string | null;
  /** the applied filter, as typed (list-filter.ts) */
  filter: string;
  mode: Mode;
  report: OpenReport | null;
  message: Message | null;
  help: boolean;
}

export type Effect =
  | { type: "load-scans"; filter: string }
  | { type: "load-report"; scanId: string }
  | { type: "submit"; path: string }
  | { type: "delete"; scanId: string }
  | { type: "export"; scanId: string; format: ReportFormat; path: string }
  | { type: "quit" };

/** Ink's key flags; tests pass only the ones they press */
export type KeyFlags = Partial<Omit<Key, "eventType">>;

/** what the screen can show, for paging and scroll bounds */
export interface Viewport {
  listRows: number;
  reportRows: number;
  reportLines: number;
}

export type UiEvent =
  | { type: "key"; input: string; key: KeyFlags; viewport: Viewport }
  | { type: "tick" }
  | { type: "scans-loaded"; filter: string; page: ScanPage }
  | { type: "report-loaded"; scanId: string; report: ScanReport }
  | { type: "submitted"; scan: ScanResource; name: string }
  | { type: "deleted"; scanId: string }
  | { type: "exported"; path: string; bytes: number }
  | { type: "failed"; effect: Effect["type"]; message: string };

export interface Step {
  state: UiState;
  effects: Effect[];
}

export const initialState: UiState = {
  screen: "list",
  scans: [],
  more: false,
  loaded: false,
  selected: 0,
  follow: null,
  filter: "",
  mode: { kind: "browse" },
  report: null,
  message: null,
  help: false,
};

export const info = (text: string): Message => ({ text, error: false, fromPoll: false });
export const clamp = (n: number, min: number, max: number): number => Math.max(min, Math.min(max, n));
