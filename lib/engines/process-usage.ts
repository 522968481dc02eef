// What a child process uses, read from outside: the watchdogs of the engines' child processes
// (sandbox, renderer) kill a child above its memory budget, whatever allocated it (a V8 heap cap does
// not see WebAssembly memory or native canvas buffers), and above its CPU-time budget: CPU time, not
// wall-clock time, so that a busy machine does not cut an analysis short and change its verdict
// (issue 19 item 7).
import { readFileSync } from "node:fs";

/**
 * Clock ticks per second of /proc/<pid>/stat's utime and stime: USER_HZ, 100 on every Linux ABI
 * Node supports (sysconf(_SC_CLK_TCK); proc(5)).
 */
const USER_HZ = 100;

/** VmRSS of a process from /proc (Linux); null where /proc is not available or the process is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, all threads) a process has used, in milliseconds, from /proc/<pid>/stat
 * (fields 14 and 15, counted after the parenthesised command name, which may hold spaces); null where
 * /proc is not available or the process is gone. Resolution: 10 ms.
 */
export function cpuTimeMs(
  pid: number | "self",
  { reapedChildren = false }: { reapedChildren?: boolean } = {},
): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): utime is field 14, stime field 15, and the children it has waited
    // for (reapedChildren) cutime and cstime, fields 16 and 17
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : null;
  } catch {
    return null;
  }
}

/** This process's CPU time (user + system, all threads) in milliseconds: the clock of in-process budgets. */
export function ownCpuTimeMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
