// Runs each script emulation in its own child process (runner.mjs: QuickJS compiled to WebAssembly)
// and watches it from outside: resident memory and CPU time polled from /proc every 10 ms (SIGKILL
// above the memory budget, or past the CPU budget + 1 s of CPU after the job is handed over: a script
// that never lets the interpreter's interrupt handler run), a startup timeout, and at most
// `concurrency` children at once. CPU time, not wall time, so a busy machine does not stop a script
// earlier (issue 19 item 7); a wall-clock backstop far above it stops a child that makes no progress
// at all. The child gets a minimal environment (no secrets), no stdin, no stdout. Whatever happens,
// the caller gets an EmulationResult, never an exception.
import { fork, type ChildProcess } from "node:child_process";
import { ENGINE_WALL_BACKSTOP_FACTOR } from "../../limits";
import { cpuTimeMs, residentBytes } from "../process-usage";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Readable } from "node:stream";
import { CANCELLED, type ApiCall, type EmulateFn, type EmulationBudget, type EmulationResult, type EmulationStatus } from "../../analyzer";
import { locateAsset } from "./locate-asset";

export interface SandboxOptions {
  /** children running at once (default 2) */
  concurrency?: number;
  /** path of runner.mjs (default: found next to this module or in the source tree) */
  runnerPath?: string;
  /** time for the child to start and load QuickJS (default 10 s) */
  startupTimeoutMs?: number;
  /** CPU time allowed past the CPU budget before the child is killed (default 1 s) */
  graceMs?: number;
  /** RSS poll interval (default 10 ms) */
  pollMs?: number;
  /**
   * Run the child under Node's permission model, reading only the runner and node_modules (no
   * writes, no child processes, no workers): defence in depth behind the WebAssembly boundary.
   * Default: on where tested (Node 20); ignored elsewhere.
   */
  permissionModel?: boolean;
}

const MAX_STDERR_CHARS = 2048;
/** V8 heap of the child: records are small; the script's memory is the wasm heap, bounded separately */
const CHILD_HEAP_MB = 128;

export function createSandboxEmulator(opts: SandboxOptions = {}): EmulateFn {
  const slots = new Semaphore(Math.max(1, opts.concurrency ?? 2));
  const runner = opts.runnerPath ?? locateAsset("runner.mjs");
  const execArgv = [`--max-old-space-size=${CHILD_HEAP_MB}`, "--no-warnings", ...permissionArgs(runner, opts.permissionModel)];
  return async (source, prelude, budget, signal) => {
    await slots.acquire();
    try {
      if (signal?.aborted) return failed(CANCELLED, 0);
      return await runOnce(runner, execArgv, source, prelude, budget, opts, signal);
    } catch (e) {
      return failed(`sandbox failed: ${(e as Error).message}`, 0);
    } finally {
      slots.release();
    }
  };
}

function runOnce(runner: string, execArgv: string[], source: string, prelude: string, budget: EmulationBudget, opts: SandboxOptions, signal?: AbortSignal): Promise<EmulationResult> {
  return new Promise((resolvePromise) => {
    const layers: string[] = [];
    const apiCalls: ApiCall[] = [];
    const strings: string[] = [];
    let done: { status: EmulationStatus; detail?: string; cpuMs: number } | null = null;
    /** the script's CPU time as the watchdog last read it (the child's own count when it reports one) */
    let lastCpuMs = 0;
    let killedFor: { status: EmulationStatus; detail: string } | null = null;
    let stderr = "";
    let jobSentAt = 0;
    /** the child's CPU time when it was handed the job: its start-up is not the script's */
    let cpuAtJob: number | null = null;
    let hardCpuMs = Infinity;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    let child: ChildProcess;
    try {
      child = fork(runner, [], {
        execArgv,
        env: { NODE_ENV: "production" },
        stdio: ["ignore", "ignore", "pipe", "pipe", "ipc"],
        serialization: "json",
      });
    } catch (e) {
      resolvePromise(failed(`sandbox did not start: ${(e as Error).message}`, 0));
      return;
    }

    const kill = (status: EmulationStatus, detail: string) => {
      // a child that reported "done" but lingers is killed too, its result stands
      if (!killedFor && !done) killedFor = { status, detail };
      child.kill("SIGKILL");
    };
    const finish = (fallback?: string) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      clearInterval(watchdog);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      const durationMs = jobSentAt ? Date.now() - jobSentAt : 0;
      const end = done ?? killedFor ?? { status: "error" as const, detail: fallback ?? `sandbox exited (code ${child.exitCode}, signal ${child.signalCode})${stderr ? `: ${stderr.trim().slice(-300)}` : ""}` };
      resolvePromise({ status: end.status, detail: end.detail, layers, apiCalls, strings, durationMs, cpuMs: done?.cpuMs ?? lastCpuMs });
    };

    child.on("error", (e) => finish(`sandbox error: ${e.message}`));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += d.slice(0, MAX_STDERR_CHARS - stderr.length);
    });
    readLines(child.stdio[3] as Readable, (line) => {
      let rec: { t: string; [k: string]: unknown };
      try {
        rec = JSON.parse(line);
      } catch {
        return;
      }
      switch (rec.t) {
        case "ready": {
          jobSentAt = Date.now();
          cpuAtJob = child.pid ? cpuTimeMs(child.pid) : null;
          child.send({ source, prelude, budget }, (err) => err && finish(`could not hand the script to the sandbox: ${err.message}`));
          hardCpuMs = budget.cpuMs + (opts.graceMs ?? 1000);
          // without /proc (not Linux) there is no CPU count to watch: the wall clock stops it as before
          const backstopMs = cpuAtJob === null ? hardCpuMs : hardCpuMs * ENGINE_WALL_BACKSTOP_FACTOR;
          timers.push(setTimeout(() => kill("timeout", `no result ${backstopMs} ms after the job was handed over`), backstopMs));
          break;
        }
        case "layer":
          layers.push(String(rec.code));
          break;
        case "api":
          apiCalls.push({ api: String(rec.api), args: Array.isArray(rec.args) ? rec.args.map(String) : [] });
          break;
        case "string":
          strings.push(String(rec.value));
          break;
        case "done":
          done = { status: rec.status as EmulationStatus, detail: rec.detail === undefined ? undefined : String(rec.detail), cpuMs: Number(rec.cpuMs) || 0 };
          break;
      }
    }, () => {
      // the record pipe closes when the child exits: everything it wrote has been read
      if (child.exitCode !== null || child.signalCode !== null) finish();
      else child.once("exit", () => finish());
    });
    timers.push(setTimeout(() => !jobSentAt && kill("error", `sandbox did not start within ${opts.startupTimeoutMs ?? 10_000} ms`), opts.startupTimeoutMs ?? 10_000));

    const watchdog = setInterval(() => {
      if (!child.pid) return;
      const rss = residentBytes(child.pid);
      if (rss !== null && rss > budget.memoryBytes) return kill("memory-limit", `resident memory above ${Math.round(budget.memoryBytes / 1048576)} MiB`);
      const cpu = cpuAtJob === null ? null : cpuTimeMs(child.pid);
      if (cpu === null || cpuAtJob === null) return;
      lastCpuMs = cpu - cpuAtJob;
      if (lastCpuMs > hardCpuMs) kill("timeout", `killed after ${Math.round(lastCpuMs)} ms of CPU time`);
    }, opts.pollMs ?? 10);
    // the analysis was cancelled: kill the child now (its exit, reaped by this thread, settles the run)
    const onAbort = () => kill("error", CANCELLED);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Node 20's permission flags (`/dir/*` wildcards; Node 22+ changed the syntax, so not used there). */
function permissionArgs(runner: string, wanted: boolean | undefined): string[] {
  if (wanted === false || !process.versions.node.startsWith("20.") || !process.allowedNodeEnvironmentFlags.has("--experimental-permission")) return [];
  try {
    const entry = createRequire(runner).resolve("quickjs-emscripten");
    const at = entry.lastIndexOf("/node_modules/");
    if (at < 0) return [];
    return ["--experimental-permission", `--allow-fs-read=${entry.slice(0, at + "/node_modules".length)}/*`, `--allow-fs-read=${dirname(runner)}/*`];
  } catch {
    return [];
  }
}

function readLines(stream: Readable, onLine: (line: string) => void, onEnd: () => void): void {
  let buf = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buf += chunk;
    let start = 0;
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n", start)) {
      onLine(buf.slice(start, i));
      start = i + 1;
    }
    buf = buf.slice(start);
  });
  stream.on("end", onEnd);
  stream.on("error", onEnd);
}

function failed(detail: string, durationMs: number): EmulationResult {
  return { status: "error", detail, layers: [], apiCalls: [], strings: [], durationMs, cpuMs: 0 };
}

class Semaphore {
  private queue: (() => void)[] = [];
  constructor(private free: number) {}
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((r) => this.queue.push(r));
  }
  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.free++;
  }
}
