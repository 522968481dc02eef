// Resident memory of a process and everything it started (worker threads are in the process itself;
// the render children are separate processes), read from /proc (Linux only: elsewhere it reads 0).
import { readdirSync, readFileSync } from "node:fs";

const PAGE_FIELD = /^VmRSS:\s+(\d+) kB$/m;

function rssKb(pid: number): number {
  try {
    return Number(PAGE_FIELD.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // gone in the meantime
  }
}

/** pid -> parent pid of every live process */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")"
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      out.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited while listing
    }
  }
  return out;
}

/** "pid:start time" (field 22 of /proc/pid/stat): names one process even if its pid is reused later. */
function processKey(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" ? undefined : `${pid}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

/** RSS in MB of each root pid plus its descendants; each process counted is added to `seen`. */
export function treeRssMb(roots: number[], seen?: Set<string>): number[] {
  const ppid = parents();
  const children = new Map<number, number[]>();
  for (const [pid, parent] of ppid) children.set(parent, [...(children.get(parent) ?? []), pid]);
  return roots.map((root) => {
    let kb = 0;
    const stack = [root];
    while (stack.length > 0) {
      const pid = stack.pop()!;
      kb += rssKb(pid);
      const key = seen && processKey(pid);
      if (key) seen.add(key);
      stack.push(...(children.get(pid) ?? []));
    }
    return kb / 1024;
  });
}

/** The processes of `keys` (from treeRssMb) still running, zombies aside (they hold no memory). */
export function stillRunning(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => processKey(Number(key.split(":")[0])) === key);
}
