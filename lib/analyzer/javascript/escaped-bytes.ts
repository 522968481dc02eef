// Shellcode kept in a script as escapes (%uXXXX for unescape(), \xXX in string literals) as the bytes
// it stands for (issue 22: analysts read shellcode as hex, not as %u text): the script viewer's hex
// dump, and the static candidates of shellcode-disassembly. Little-endian per %u unit, as unescape()
// puts them in memory. Read from the script text only; nothing is run.

import { textWindow, type Budget } from "../../limits";

/** Escape runs shorter than this are not shown as bytes (a few %u escapes are just text): a detection threshold. */
const MIN_RUN_BYTES = 32;

const UNITS = /(?:%u[0-9a-fA-F]{4}){16,}/g;
const HEX_ESCAPES = /(?:\\x[0-9a-fA-F]{2}){32,}/g;

export interface EscapedBytes {
  /** where the run starts in the text */
  offset: number;
  kind: "%u" | "\\x";
  bytes: Uint8Array;
  /** the run held more bytes than are shown */
  cut: boolean;
}

/**
 * The escape runs of `text`, in text order: SHELLCODE_ESCAPE_SCAN_CHARS of it searched, SHELLCODE_ESCAPE_RUNS
 * runs kept, SHELLCODE_ESCAPE_RUN_BYTES bytes decoded per run (each a hit in `budget` when it cuts).
 */
export function escapedByteRuns(text: string, budget: Budget): EscapedBytes[] {
  const { SHELLCODE_ESCAPE_RUNS: maxRuns, SHELLCODE_ESCAPE_RUN_BYTES: maxRunBytes } = budget.limits;
  const scanned = textWindow(text, budget, "SHELLCODE_ESCAPE_SCAN_CHARS");
  const runs: EscapedBytes[] = [];
  for (const [re, kind] of [
    [UNITS, "%u"],
    [HEX_ESCAPES, "\\x"],
  ] as const) {
    re.lastIndex = 0;
    let m = re.exec(scanned);
    for (; m && runs.length < maxRuns * 2; m = re.exec(scanned)) {
      const step = kind === "%u" ? 6 : 4;
      const size = (m[0].length / step) * (kind === "%u" ? 2 : 1);
      if (size < MIN_RUN_BYTES) continue;
      if (size > maxRunBytes) budget.budgetHits.add("SHELLCODE_ESCAPE_RUN_BYTES");
      const shown = Math.min(size, maxRunBytes);
      const bytes = new Uint8Array(shown);
      for (let i = 0, b = 0; b < shown; i += step) {
        const v = parseInt(m[0].slice(i + 2, i + step), 16);
        if (kind === "%u") {
          bytes[b++] = v & 0xff;
          if (b < shown) bytes[b++] = v >> 8;
        } else bytes[b++] = v;
      }
      runs.push({ offset: m.index, kind, bytes, cut: shown < size });
    }
    // a match left unread (every match of both patterns is at least MIN_RUN_BYTES long)
    if (m) budget.budgetHits.add("SHELLCODE_ESCAPE_RUNS");
  }
  if (runs.length > maxRuns) budget.budgetHits.add("SHELLCODE_ESCAPE_RUNS");
  return runs.sort((a, b) => a.offset - b.offset).slice(0, maxRuns);
}
