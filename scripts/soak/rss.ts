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

/** `root` and every process below it, each with its pid. */
function descendants(root: number, children: Map<number, number[]>): number[] {
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents()) children.set(parent, [...(children.get(parent) ?? []), pid]);
  return children;
}

/** RSS in MB of each root pid plus its descendants; each process counted is added to `seen`. */
export function treeRssMb(roots: number[], seen?: Set<string>): number[] {
  const children = childrenByParent();
  return roots.map((root) => {
    let kb = 0;
    for (const pid of descendants(root, children)) {
      kb += rssKb(pid);
      const key = seen && processKey(pid);
      if (key) seen.add(key);
    }
    return kb / 1024;
  });
}

/** `root` and its descendants with their resident size (MB) and a short name (the script it runs). */
export function processTree(root: number): { pid: number; command: string; rssMb: number }[] {
  return descendants(root, childrenByParent()).map((pid) => ({
    pid,
    command: commandOf(pid),
    rssMb: rssKb(pid) / 1024,
  }));
}

function commandOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return (
      args
        .find((a) => /\.(m?js|ts)$/.test(a))
        ?.split("/")
        .pop() ??
      args[0]?.split("/").pop() ??
      "?"
    );
  } catch {
    return "?";
  }
}

/** The processes of `keys` (from treeRssMb) still running, zombies aside (they hold no memory). */
export function stillRunning(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => processKey(Number(key.split(":")[0])) === key);
}
