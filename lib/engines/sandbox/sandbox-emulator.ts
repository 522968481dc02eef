// Runs script emulations in child processes (runner.mjs: QuickJS compiled to WebAssembly), each
// script in a fresh interpreter instance, and watches them from outside: resident memory and CPU time
// polled from /proc every 10 ms (SIGKILL above the memory budget, or past the CPU budget + 1 s of CPU
// after the job is handed over: a script that never lets the interpreter's interrupt handler run), a
// startup timeout, and at most `concurrency` children at once. CPU time, not wall time, so a busy
// machine does not stop a script earlier (issue 19 item 7); a wall-clock backstop far above it stops a
// child that makes no progress at all. The child gets a minimal environment (no secrets), no stdin, no
// stdout. Whatever happens, the caller gets an EmulationResult, never an exception.
//
// A child serves one script at a time and up to SCRIPTS_PER_CHILD of them (issue 23: a new process per
// script cost ~10 times the script; runner.mjs says why). It is replaced sooner when a script ended it
// (a kill or a crash), when its resident memory after a script stays CHILD_MAX_GROWTH_BYTES above what
// it had once warm, and it is stopped after SANDBOX_PROCESS_IDLE_MS without work. Its handles are
// unref'd: an idle child keeps no CLI alive, and it exits when this process goes away.
import { fork, type ChildProcess } from "node:child_process";
import { ENGINE_WALL_BACKSTOP_FACTOR, SANDBOX_PROCESS_IDLE_MS } from "../../limits";
import { running, stopAndReap } from "../child-exit";
import { cpuTimeMs, residentBytes } from "../process-usage";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Readable } from "node:stream";
import {
  CANCELLED,
  type ApiCall,
  type EmulateFn,
  type EmulationBudget,
  type EmulationResult,
  type EmulationStatus,
} from "../../analyzer";
import { locateAsset } from "./locate-asset";

export interface SandboxOptions {
  /** children running at once (default 2) */
  concurrency?: number;
  /** path of runner.mjs (default: found next to this module or in the source tree) */
  runnerPath?: string;
  /** time for the child to start, load QuickJS and warm up (default 10 s) */
  startupTimeoutMs?: number;
  /** CPU time allowed past the CPU budget before the child is killed (default 1 s) */
  graceMs?: number;
  /** RSS poll interval (default 10 ms) */
  pollMs?: number;
  /** an idle child is stopped after this long (default SANDBOX_PROCESS_IDLE_MS) */
  idleMs?: number;
  /** scripts one child runs before it is replaced (default SCRIPTS_PER_CHILD) */
  scriptsPerChild?: number;
  /**
   * Run the child under Node's permission model, reading only the runner and node_modules (no
   * writes, no child processes, no workers): defence in depth behind the WebAssembly boundary.
   * Default: on where tested (Node 20); ignored elsewhere.
   */
  permissionModel?: boolean;
}

export interface SandboxEmulator extends EmulateFn {
  /** stops every child (a later emulation starts new ones) and resolves once they have exited */
  close(): Promise<void>;
}

/**
 * Scripts one child runs before it is replaced: each runs in a new interpreter instance, so this only
 * bounds what the host process itself may accumulate (V8's heap, code caches).
 */
export const SCRIPTS_PER_CHILD = 100;
/** A child whose resident memory after a script is this much above its size once warm is replaced. */
export const CHILD_MAX_GROWTH_BYTES = 64 * 1024 * 1024;
const MAX_STDERR_CHARS = 2048;
/** V8 heap of the child: records are small; the script's memory is the wasm heap, bounded separately */
const CHILD_HEAP_MB = 128;

export function createSandboxEmulator(opts: SandboxOptions = {}): SandboxEmulator {
  const slots = new Semaphore(Math.max(1, opts.concurrency ?? 2));
  const runner = opts.runnerPath ?? locateAsset("runner.mjs");
  const execArgv = [
    `--max-old-space-size=${CHILD_HEAP_MB}`,
    "--expose-gc",
    "--no-warnings",
    ...permissionArgs(runner, opts.permissionModel),
  ];
  const pool = new ChildPool(runner, execArgv, opts);
  const emulate: EmulateFn = async (source, prelude, budget, signal) => {
    await slots.acquire();
    try {
      if (signal?.aborted) return failed(CANCELLED, 0);
      const child = pool.take();
      const { result, reusable } = await runJob(child, { source, prelude, budget }, opts, signal);
      pool.give(child, reusable);
      return result;
    } catch (e) {
      return failed(`sandbox failed: ${(e as Error).message}`, 0);
    } finally {
      slots.release();
    }
  };
  return Object.assign(emulate, { close: () => pool.close() });
}

type ChildRecord = { t: string; [k: string]: unknown };

interface JobListener {
  onReady(): void;
  onRecord(record: ChildRecord): void;
  onGone(): void;
}

/** One runner process: its records read line by line and handed to the job that runs on it. */
class SandboxChild {
  readonly proc: ChildProcess;
  /** it said "ready" and was sent nothing since */
  ready = false;
  warmed = false;
  /** exited, and every record it wrote has been read */
  gone = false;
  scripts = 0;
  /** resident memory once warm, before its first script */
  baselineBytes: number | null = null;
  stderr = "";
  spawnError: string | null = null;
  idleTimer: NodeJS.Timeout | undefined;
  private listener: JobListener | null = null;
  /** called when it becomes ready or goes away with no job listening (the pool's check of an idle child) */
  onIdleEvent: (() => void) | null = null;

  constructor(runner: string, execArgv: string[]) {
    this.proc = fork(runner, [], {
      execArgv,
      env: { NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe", "pipe", "ipc"],
      serialization: "json",
    });
    const records = this.proc.stdio[3] as Readable & { unref?: () => void };
    const stderr = this.proc.stderr as (Readable & { unref?: () => void }) | null;
    // a job in progress holds the event loop with its timers; an idle child must not
    this.proc.unref();
    this.proc.channel?.unref();
    records.unref?.();
    stderr?.unref?.();
    this.proc.on("error", (e) => {
      this.spawnError = e.message;
      this.markGone();
    });
    stderr?.setEncoding("utf8").on("data", (d: string) => {
      if (this.stderr.length < MAX_STDERR_CHARS) this.stderr += d.slice(0, MAX_STDERR_CHARS - this.stderr.length);
    });
    readLines(
      records,
      (line) => this.onLine(line),
      () => {
        // the record pipe closes when the child exits: everything it wrote has been read
        if (this.exited) this.markGone();
        else this.proc.once("exit", () => this.markGone());
      },
    );
  }

  get exited(): boolean {
    return !running(this.proc);
  }

  listen(listener: JobListener | null): void {
    this.listener = listener;
  }

  send(message: object, onError: (e: Error) => void): void {
    this.ready = false;
    this.proc.send(message, (err) => err && onError(err));
  }

  kill(): void {
    if (!this.exited) this.proc.kill("SIGKILL");
  }

  exitDescription(): string {
    if (this.spawnError) return `sandbox error: ${this.spawnError}`;
    return `sandbox exited (code ${this.proc.exitCode}, signal ${this.proc.signalCode})${this.stderr ? `: ${this.stderr.trim().slice(-300)}` : ""}`;
  }

  private onLine(line: string): void {
    let rec: ChildRecord;
    try {
      rec = JSON.parse(line);
    } catch {
      return;
    }
    if (rec.t === "ready") {
      this.ready = true;
      if (this.listener) this.listener.onReady();
      else this.onIdleEvent?.();
    } else {
      this.listener?.onRecord(rec);
    }
  }

  private markGone(): void {
    if (this.gone) return;
    this.gone = true;
    if (this.listener) this.listener.onGone();
    else this.onIdleEvent?.();
  }
}

/** The warm children not running a script, and the replacement of those that should not run another. */
class ChildPool {
  private readonly idle = new Set<SandboxChild>();
  private readonly live = new Set<SandboxChild>();

  constructor(
    private readonly runner: string,
    private readonly execArgv: string[],
    private readonly opts: SandboxOptions,
  ) {}

  take(): SandboxChild {
    for (const child of this.idle) {
      this.idle.delete(child);
      clearTimeout(child.idleTimer);
      child.onIdleEvent = null;
      if (!child.gone && !bloated(child)) return child;
      this.retire(child);
    }
    const child = new SandboxChild(this.runner, this.execArgv);
    this.live.add(child);
    child.proc.once("exit", () => this.live.delete(child));
    return child;
  }

  give(child: SandboxChild, reusable: boolean): void {
    child.scripts++;
    if (!reusable || child.gone || child.scripts >= (this.opts.scriptsPerChild ?? SCRIPTS_PER_CHILD))
      return this.retire(child);
    this.idle.add(child);
    // checked again once it has dropped the last script's instance and says it is ready
    child.onIdleEvent = () => (child.gone || bloated(child)) && this.retireIdle(child);
    child.idleTimer = setTimeout(() => this.retireIdle(child), this.opts.idleMs ?? SANDBOX_PROCESS_IDLE_MS);
    child.idleTimer.unref();
  }

  async close(): Promise<void> {
    for (const child of this.idle) this.retireIdle(child);
    await Promise.all([...this.live].map((child) => stopAndReap(child.proc)));
  }

  private retireIdle(child: SandboxChild): void {
    this.idle.delete(child);
    this.retire(child);
  }

  private retire(child: SandboxChild): void {
    clearTimeout(child.idleTimer);
    child.onIdleEvent = null;
    child.kill();
  }
}

/** An idle child that is ready and has grown past its warm size (a script's memory not given back). */
function bloated(child: SandboxChild): boolean {
  if (!child.ready || child.baselineBytes === null || !child.proc.pid) return false;
  const rss = residentBytes(child.proc.pid);
  return rss !== null && rss - child.baselineBytes > CHILD_MAX_GROWTH_BYTES;
}

interface Job {
  source: string;
  prelude: string;
  budget: EmulationBudget;
}

/**
 * One script on `child`: warms a new child with the prelude first, hands the job over at "ready", and
 * watches it. `reusable`: the child finished the script itself and may run another.
 */
function runJob(
  child: SandboxChild,
  job: Job,
  opts: SandboxOptions,
  signal?: AbortSignal,
): Promise<{ result: EmulationResult; reusable: boolean }> {
  return new Promise((resolvePromise) => {
    const layers: string[] = [];
    const apiCalls: ApiCall[] = [];
    const strings: string[] = [];
    let done: { status: EmulationStatus; detail?: string; cpuMs: number } | null = null;
    /** the script's CPU time as the watchdog last read it (the child's own count when it reports one) */
    let lastCpuMs = 0;
    let killedFor: { status: EmulationStatus; detail: string } | null = null;
    let jobSentAt = 0;
    /** the child's CPU time when it was handed the job: its start-up and earlier scripts are not this script's */
    let cpuAtJob: number | null = null;
    let hardCpuMs = Infinity;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    let watchdog: NodeJS.Timeout | undefined;
    child.stderr = "";

    const kill = (status: EmulationStatus, detail: string) => {
      // a child that reported "done" but lingers is killed too, its result stands
      if (!killedFor && !done) killedFor = { status, detail };
      child.kill();
    };
    const finish = (fallback?: string) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      clearInterval(watchdog);
      signal?.removeEventListener("abort", onAbort);
      child.listen(null);
      const durationMs = jobSentAt ? Date.now() - jobSentAt : 0;
      const end = done ?? killedFor ?? { status: "error" as const, detail: fallback ?? child.exitDescription() };
      const result: EmulationResult = {
        status: end.status,
        detail: end.detail,
        layers,
        apiCalls,
        strings,
        durationMs,
        cpuMs: done?.cpuMs ?? lastCpuMs,
      };
      resolvePromise({ result, reusable: done !== null && killedFor === null && !child.gone });
    };
    /** memory and CPU of the child running the script; false once it was killed */
    const check = (): boolean => {
      if (!child.proc.pid) return true;
      const rss = residentBytes(child.proc.pid);
      if (rss !== null && rss > job.budget.memoryBytes) {
        kill("memory-limit", `resident memory above ${Math.round(job.budget.memoryBytes / 1048576)} MiB`);
        return false;
      }
      const cpu = cpuAtJob === null ? null : cpuTimeMs(child.proc.pid);
      if (cpu === null || cpuAtJob === null) return true;
      lastCpuMs = cpu - cpuAtJob;
      if (lastCpuMs <= hardCpuMs) return true;
      kill("timeout", `killed after ${Math.round(lastCpuMs)} ms of CPU time`);
      return false;
    };
    const start = () => {
      if (jobSentAt || settled) return;
      const onSendError = (err: Error) => finish(`could not hand the script to the sandbox: ${err.message}`);
      if (!child.warmed) {
        // the first script's prelude warms the interpreter; the next "ready" starts the script
        child.warmed = true;
        return child.send({ t: "warm", prelude: job.prelude }, onSendError);
      }
      if (child.baselineBytes === null && child.proc.pid) child.baselineBytes = residentBytes(child.proc.pid);
      jobSentAt = Date.now();
      cpuAtJob = child.proc.pid ? cpuTimeMs(child.proc.pid) : null;
      hardCpuMs = job.budget.cpuMs + (opts.graceMs ?? 1000);
      // a child already over the memory budget does not get the script
      if (!check()) return;
      child.send({ t: "job", ...job }, onSendError);
      // without /proc (not Linux) there is no CPU count to watch: the wall clock stops it as before
      const backstopMs = cpuAtJob === null ? hardCpuMs : hardCpuMs * ENGINE_WALL_BACKSTOP_FACTOR;
      timers.push(
        setTimeout(() => kill("timeout", `no result ${backstopMs} ms after the job was handed over`), backstopMs),
      );
      watchdog = setInterval(check, opts.pollMs ?? 10);
    };

    child.listen({
      onReady: start,
      onRecord: (rec) => {
        switch (rec.t) {
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
            done = {
              status: rec.status as EmulationStatus,
              detail: rec.detail === undefined ? undefined : String(rec.detail),
              cpuMs: Number(rec.cpuMs) || 0,
            };
            // the records come in order on one pipe: everything the script recorded has been read
            finish();
            break;
        }
      },
      onGone: () => finish(),
    });
    const startupMs = opts.startupTimeoutMs ?? 10_000;
    timers.push(
      setTimeout(() => !jobSentAt && kill("error", `sandbox did not start within ${startupMs} ms`), startupMs),
    );
    // the analysis was cancelled: kill the child now (its exit, reaped by this thread, settles the run)
    const onAbort = () => kill("error", CANCELLED);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    if (child.gone) finish();
    else if (child.ready) start();
  });
}

/** Node 20's permission flags (`/dir/*` wildcards; Node 22+ changed the syntax, so not used there). */
function permissionArgs(runner: string, wanted: boolean | undefined): string[] {
  if (
    wanted === false ||
    !process.versions.node.startsWith("20.") ||
    !process.allowedNodeEnvironmentFlags.has("--experimental-permission")
  )
    return [];
  try {
    const entry = createRequire(runner).resolve("quickjs-emscripten");
    const at = entry.lastIndexOf("/node_modules/");
    if (at < 0) return [];
    return [
      "--experimental-permission",
      `--allow-fs-read=${entry.slice(0, at + "/node_modules".length)}/*`,
      `--allow-fs-read=${dirname(runner)}/*`,
    ];
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
