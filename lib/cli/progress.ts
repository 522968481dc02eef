// A one-line progress bar on stderr, drawn only when stderr is a terminal (never in a pipe or a log
// file). Redraws at most every REDRAW_MS; stdout lines are written between a clear and a redraw so
// the bar never lands in the middle of a result.
import type { OutputStream } from "./context";

const REDRAW_MS = 80;
const BAR_WIDTH = 24;

export interface Progress {
  /** one more document done */
  tick(bytes: number): void;
  /** erase the bar, run `write`, draw it again */
  around(write: () => void): void;
  /** erase the bar for good */
  done(): void;
}

const NO_PROGRESS: Progress = { tick: () => undefined, around: (w) => w(), done: () => undefined };

export function createProgress(stderr: OutputStream, total: number, enabled: boolean): Progress {
  if (!enabled || stderr.isTTY !== true || total < 2) return NO_PROGRESS;
  const started = performance.now();
  let done = 0;
  let bytes = 0;
  let drawn = false;
  let last = 0;
  const clear = () => drawn && (stderr.write("\r\x1b[2K"), (drawn = false));
  const draw = () => {
    stderr.write(`\r${formatProgress(done, total, bytes, (performance.now() - started) / 1000)}`);
    drawn = true;
    last = performance.now();
  };
  return {
    tick(n) {
      done++;
      bytes += n;
      if (performance.now() - last >= REDRAW_MS || done === total) {
        clear();
        draw();
      }
    },
    around(write) {
      const was = drawn;
      clear();
      write();
      if (was) draw();
    },
    done: () => void clear(),
  };
}

/** "[#########---------------]  12/89 files  1.4 MB  3.1 s" */
export function formatProgress(done: number, total: number, bytes: number, seconds: number): string {
  const filled = total > 0 ? Math.round((done / total) * BAR_WIDTH) : 0;
  const bar = `${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}`;
  return `[${bar}] ${String(done).padStart(String(total).length)}/${total} files  ${(bytes / 1e6).toFixed(1)} MB  ${seconds.toFixed(1)} s`;
}
