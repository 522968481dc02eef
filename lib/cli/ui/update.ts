// How the terminal UI's state changes with each event, as a pure function: the next state and the
// effects to run. Keys go to handle-key.ts; the rest are the server's answers and the poll's ticks.
import { isTerminal, type ScanStatus } from "../../server/domain/state-machine";
import type { ScanPage } from "../client/scan-client";
import { handleKey } from "./handle-key";
import { isLiveStatus } from "./scan-columns";
import { clamp, info, type Effect, type Message, type Step, type UiEvent, type UiState } from "./ui-state";

export function update(state: UiState, event: UiEvent): Step {
  switch (event.type) {
    case "key":
      return handleKey(state, event.input, event.key, event.viewport);
    case "tick":
      return { state, effects: pollEffects(state) };
    case "scans-loaded":
      return { state: event.filter === state.filter ? withScans(state, event.page) : state, effects: [] };
    case "report-loaded":
      if (state.report?.scanId !== event.scanId) return { state, effects: [] };
      return {
        state: {
          ...state,
          report: { ...state.report, report: event.report },
          message: clearPollMessage(state.message),
        },
        effects: [],
      };
    case "submitted":
      return {
        state: {
          ...state,
          follow: event.scan.scanId,
          message: info(`submitted ${event.name}: scan ${event.scan.scanId}`),
        },
        effects: [{ type: "load-scans", filter: state.filter }],
      };
    case "deleted": {
      const scans = state.scans.filter((s) => s.scanId !== event.scanId);
      const next = {
        ...state,
        scans,
        selected: clamp(state.selected, 0, scans.length - 1),
        message: info(`deleted ${event.scanId}`),
      };
      return { state: next, effects: [{ type: "load-scans", filter: state.filter }] };
    }
    case "exported":
      return { state: { ...state, message: info(`wrote ${event.path} (${event.bytes} bytes)`) }, effects: [] };
    case "failed": {
      const fromPoll = event.effect === "load-scans" || event.effect === "load-report";
      return { state: { ...state, message: { text: event.message, error: true, fromPoll } }, effects: [] };
    }
  }
}

/** a new first page; the selection stays on the same scan when it is still listed */
function withScans(state: UiState, page: ScanPage): UiState {
  const scans = page.items;
  const keep = state.follow ?? state.scans[state.selected]?.scanId;
  const at = scans.findIndex((s) => s.scanId === keep);
  const follow = state.follow && at < 0 ? state.follow : null;
  const selected = at >= 0 ? at : clamp(state.selected, 0, scans.length - 1);
  return {
    ...state,
    scans,
    more: page.nextCursor !== null,
    loaded: true,
    selected,
    follow,
    message: clearPollMessage(state.message),
  };
}

const clearPollMessage = (message: Message | null): Message | null => (message?.fromPoll ? null : message);

/** every tick reloads the list; an open report reloads while its scan is still moving */
function pollEffects(state: UiState): Effect[] {
  const effects: Effect[] = [{ type: "load-scans", filter: state.filter }];
  if (state.screen === "report" && state.report && reportIsMoving(state))
    effects.push({ type: "load-report", scanId: state.report.scanId });
  return effects;
}

function reportIsMoving(state: UiState): boolean {
  const open = state.report!;
  if (open.report) return !isTerminal(open.report.status as ScanStatus);
  // no report yet (409 before the fast stage is done): worth asking again while the scan moves
  const listed = state.scans.find((s) => s.scanId === open.scanId);
  return listed !== undefined && isLiveStatus(listed.status);
}
