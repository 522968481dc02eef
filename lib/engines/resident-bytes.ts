// Resident memory of a child process, read from outside: the watchdogs of the engines' child
// processes (sandbox, renderer) kill a child above its memory budget, whatever allocated it (a V8
// heap cap does not see WebAssembly memory or native canvas buffers).
import { readFileSync } from "node:fs";

/** VmRSS of a process from /proc (Linux); null where /proc is not available or the process is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
