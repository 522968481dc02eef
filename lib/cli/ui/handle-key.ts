// What each key does, by mode (typing a line, confirming a delete, choosing an export format) and
// then by screen (the scans list, a report). Pure: returns the next state and the effects to run.
import { REPORT_FORMAT_CHOICES, exportFileName } from "../../server/report-formats/export-names";
import { clamp, info, type KeyFlags, type Mode, type Step, type UiState, type Viewport } from "./ui-state";

type InputMode = Extract<Mode, { kind: "input" }>;

const none = (state: UiState): Step => ({ state, effects: [] });
const browse: Mode = { kind: "browse" };

const isUp = (input: string, key: KeyFlags) => key.upArrow || input === "k";
const isDown = (input: string, key: KeyFlags) => key.downArrow || input === "j";
const isBack = (input: string, key: KeyFlags) =>
  key.escape || key.leftArrow || key.backspace || key.delete || input === "h";

/** Ink names a key only when it comes alone: the control characters of a longer input, named here */
const CONTROL_KEYS: Record<string, KeyFlags> = {
  "\r": { return: true },
  "\n": { return: true },
  "\t": { tab: true },
  "\b": { backspace: true },
  "\x7f": { delete: true },
};
function asKey(char: string): [string, KeyFlags] {
  if (CONTROL_KEYS[char]) return ["", CONTROL_KEYS[char]];
  // Ctrl+A .. Ctrl+Z are the codes 1 to 26
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ctrl: true }];
  return [char, {}];
}

export function handleKey(previous: UiState, input: string, key: KeyFlags, viewport: Viewport): Step {
  // keys that reach the terminal together (fast typing, a paste, a script) arrive as one input
  const chars = Array.from(input);
  if (chars.length > 1) return pressInTurn(previous, chars.map(asKey), viewport);
  // Esc and a key typed right after it reach us as Alt+key; no key here uses Alt, so it is both
  if (key.meta && !key.escape && input)
    return pressInTurn(
      previous,
      [
        ["", { escape: true }],
        [input, {}],
      ],
      viewport,
    );
  // a message stays until the next key
  const state = previous.message ? { ...previous, message: null } : previous;
  switch (state.mode.kind) {
    case "input":
      return typing(state, state.mode, input, key);
    case "confirm-delete": {
      const { scanId, name } = state.mode;
      if (input === "y" || input === "Y")
        return {
          state: { ...state, mode: browse, message: info(`deleting ${name}...`) },
          effects: [{ type: "delete", scanId }],
        };
      return none({ ...state, mode: browse, message: info("not deleted") });
    }
    case "export-format":
      return choosingFormat(state, state.mode.choice, input, key);
    case "browse":
      if (input === "?") return none({ ...state, help: !state.help });
      if (input === "q") return { state, effects: [{ type: "quit" }] };
      return state.screen === "list" ? onList(state, input, key, viewport) : onReport(state, input, key, viewport);
  }
}

function pressInTurn(state: UiState, presses: [string, KeyFlags][], viewport: Viewport): Step {
  return presses.reduce<Step>(
    (step, [input, key]) => {
      const next = handleKey(step.state, input, key, viewport);
      return { state: next.state, effects: [...step.effects, ...next.effects] };
    },
    { state, effects: [] },
  );
}

function onList(state: UiState, input: string, key: KeyFlags, viewport: Viewport): Step {
  const last = state.scans.length - 1;
  const select = (n: number) => none({ ...state, selected: clamp(n, 0, last) });
  const current = state.scans[state.selected];
  if (isUp(input, key)) return select(state.selected - 1);
  if (isDown(input, key)) return select(state.selected + 1);
  if (key.pageUp) return select(state.selected - viewport.listRows);
  if (key.pageDown) return select(state.selected + viewport.listRows);
  if (key.home || input === "g") return select(0);
  if (key.end || input === "G") return select(last);
  if (key.return && current) {
    const report = { scanId: current.scanId, report: null, scroll: 0 };
    return {
      state: { ...state, screen: "report", report, help: false },
      effects: [{ type: "load-report", scanId: current.scanId }],
    };
  }
  if (input === "/") return none({ ...state, mode: { kind: "input", purpose: "filter", text: state.filter } });
  if (input === "s") return none({ ...state, mode: { kind: "input", purpose: "submit", text: "" } });
  if (input === "d" && current)
    return none({
      ...state,
      mode: { kind: "confirm-delete", scanId: current.scanId, name: current.file?.name ?? current.scanId },
    });
  if (input === "r")
    return {
      state: { ...state, message: info("refreshing...") },
      effects: [{ type: "load-scans", filter: state.filter }],
    };
  // Esc drops a filter
  if (key.escape && state.filter) return { state: filtered(state, ""), effects: [{ type: "load-scans", filter: "" }] };
  return none(state);
}

function onReport(state: UiState, input: string, key: KeyFlags, viewport: Viewport): Step {
  const open = state.report!;
  const lastTop = Math.max(0, viewport.reportLines - viewport.reportRows);
  const scrollTo = (n: number) => none({ ...state, report: { ...open, scroll: clamp(n, 0, lastTop) } });
  if (isUp(input, key)) return scrollTo(open.scroll - 1);
  if (isDown(input, key)) return scrollTo(open.scroll + 1);
  if (key.pageUp || input === "b") return scrollTo(open.scroll - viewport.reportRows);
  if (key.pageDown || input === " ") return scrollTo(open.scroll + viewport.reportRows);
  if (key.home || input === "g") return scrollTo(0);
  if (key.end || input === "G") return scrollTo(lastTop);
  if (isBack(input, key)) return none({ ...state, screen: "list", report: null, help: false });
  if (input === "e") return none({ ...state, mode: { kind: "export-format", choice: 0 } });
  if (input === "r")
    return {
      state: { ...state, message: info("reloading...") },
      effects: [
        { type: "load-report", scanId: open.scanId },
        { type: "load-scans", filter: state.filter },
      ],
    };
  return none(state);
}

/** arrows (or j/k) and Enter, or the format's number; Esc cancels */
function choosingFormat(state: UiState, choice: number, input: string, key: KeyFlags): Step {
  const last = REPORT_FORMAT_CHOICES.length - 1;
  if (key.escape) return none({ ...state, mode: browse });
  const move = (by: number) => none({ ...state, mode: { kind: "export-format", choice: clamp(choice + by, 0, last) } });
  if (isUp(input, key) || key.leftArrow) return move(-1);
  if (isDown(input, key) || key.rightArrow) return move(1);
  const numbered = /^[1-9]$/.test(input) ? Number(input) - 1 : -1;
  const picked = key.return ? choice : numbered <= last ? numbered : -1;
  if (picked < 0 || !state.report) return none(state);
  const format = REPORT_FORMAT_CHOICES[picked];
  return none({
    ...state,
    mode: { kind: "input", purpose: "export-path", format, text: exportFileName(state.report.scanId, format) },
  });
}

/** a line editor: printable text appends, Backspace deletes, Ctrl+U clears, Enter commits, Esc cancels */
function typing(state: UiState, mode: InputMode, input: string, key: KeyFlags): Step {
  if (key.escape) return none({ ...state, mode: browse });
  if (key.return) return commit({ ...state, mode: browse }, mode);
  if (key.backspace || key.delete)
    return none({ ...state, mode: { ...mode, text: Array.from(mode.text).slice(0, -1).join("") } });
  if (key.ctrl && input === "u") return none({ ...state, mode: { ...mode, text: "" } });
  // a paste arrives as one input; control characters (and Ink's named keys, which come as "") are dropped
  const text = key.ctrl || key.meta ? "" : input.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  return text ? none({ ...state, mode: { ...mode, text: mode.text + text } }) : none(state);
}

/** a new filter empties the list until the server answers for it: rows of the old filter would lie */
const filtered = (state: UiState, filter: string): UiState => ({
  ...state,
  filter,
  scans: [],
  loaded: false,
  more: false,
  selected: 0,
});

function commit(state: UiState, mode: InputMode): Step {
  const text = mode.text.trim();
  switch (mode.purpose) {
    case "filter":
      return { state: filtered(state, text), effects: [{ type: "load-scans", filter: text }] };
    case "submit":
      if (!text) return none(state);
      return { state: { ...state, message: info(`uploading ${text}...`) }, effects: [{ type: "submit", path: text }] };
    case "export-path":
      if (!text || !state.report || !mode.format) return none(state);
      return {
        state: { ...state, message: info(`exporting ${mode.format}...`) },
        effects: [{ type: "export", scanId: state.report.scanId, format: mode.format, path: text }],
      };
  }
}
