// The words at the bottom of the screen: the keys of the screen in use, the longer help that `?`
// opens, and the prompt of a mode that asks for something (a filter, a path, a confirmation).
import { printable } from "../format-result";
import type { Mode, UiState } from "./ui-state";

const HINTS = {
  list: "↑↓ move  Enter open  / filter  s submit  d delete  r refresh  ? help  q quit",
  report: "↑↓ PgUp PgDn scroll  e export  r reload  Esc back  ? help  q quit",
} as const;

const HELP = {
  list: [
    "↑ ↓ or k j: move    PgUp PgDn: a page    g G (Home End): first, last",
    "Enter: open the report    r: refresh now (the list refreshes itself every 2 s)",
    "/: filter: name, hash prefix, verdict:malicious, status:failed   Esc: no filter",
    "s: submit a file (type its path)    d: delete (asks y/n)    q or Ctrl+C: quit",
  ],
  report: [
    "↑ ↓ or k j: a line    PgUp PgDn (b Space): a page    g G (Home End): top, end",
    "e: export (json md stix misp csv html) to pdfscan-<id>.<ext> or a path you type",
    "Esc (← h Backspace): back to the list    r: reload    q or Ctrl+C: quit",
  ],
} as const;

export const keyHints = (state: UiState): string => HINTS[state.screen];

export const helpLines = (state: UiState): readonly string[] => (state.help ? HELP[state.screen] : []);

export interface PromptParts {
  label: string;
  /** the typed text, its start cut ("…") when the line is too narrow: the end is where one types */
  text: string;
  after: string;
}

/** The prompt line of a mode that asks for something, fitted to `width` (the cursor takes one column). */
export function promptLine(mode: Mode, width: number): PromptParts | null {
  const parts = promptParts(mode);
  if (!parts) return null;
  const typed = mode.kind === "input" ? Array.from(mode.text) : [];
  const after = parts.label.length + typed.length + 1 + parts.after.length <= width ? parts.after : "";
  const room = Math.max(1, width - parts.label.length - 1 - after.length);
  const text = typed.length <= room ? typed.join("") : `…${typed.slice(typed.length - room + 1).join("")}`;
  return { label: parts.label, text, after };
}

/** the label before the typed text, and what Enter and Esc do after it */
function promptParts(mode: Mode): { label: string; after: string } | null {
  switch (mode.kind) {
    case "input":
      switch (mode.purpose) {
        case "filter":
          return { label: "filter: ", after: "  Enter apply, Esc cancel" };
        case "submit":
          return { label: "submit file: ", after: "  Enter upload, Esc cancel" };
        case "export-path":
          return { label: `export ${mode.format} to: `, after: "  Enter write, Esc cancel" };
      }
      break;
    case "confirm-delete":
      return { label: `delete ${printable(mode.name)}? y/n `, after: "" };
    default:
      return null;
  }
}
