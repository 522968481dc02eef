// Shellcode kept in a script as escapes (%uXXXX for unescape(), \xXX in string literals) as the bytes
// it stands for (issue 22: analysts read shellcode as hex, not as %u text): the script viewer's hex
// dump, and the static candidates of shellcode-disassembly. Little-endian per %u unit, as unescape()
// puts them in memory. Read from the script text only; nothing is run.

/** Escape runs shorter than this are not shown as bytes (a few %u escapes are just text). */
const MIN_RUN_BYTES = 32;
/** Runs and bytes per run shown at most. */
const MAX_RUNS = 3;
const MAX_RUN_BYTES = 64 * 1024;
/** Text searched at most (the viewer's scripts are bounded already; this bounds the scan). */
const MAX_SCANNED_CHARS = 4 * 1024 * 1024;

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

export function escapedByteRuns(text: string): EscapedBytes[] {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  const runs: EscapedBytes[] = [];
  for (const [re, kind] of [[UNITS, "%u"], [HEX_ESCAPES, "\\x"]] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(scanned); m && runs.length < MAX_RUNS * 2; m = re.exec(scanned)) {
      const step = kind === "%u" ? 6 : 4;
      const size = (m[0].length / step) * (kind === "%u" ? 2 : 1);
      if (size < MIN_RUN_BYTES) continue;
      const shown = Math.min(size, MAX_RUN_BYTES);
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
  }
  return runs.sort((a, b) => a.offset - b.offset).slice(0, MAX_RUNS);
}
