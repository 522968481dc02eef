// Renders documents with pdf.js in a child process of its own (render-process.ts) that this host can
// kill. pdf.js draws synchronously, so a deadline inside the renderer cannot interrupt a page stuck
// in a drawing loop, and its native canvas memory is outside any V8 heap cap: the host kills the
// process when the render outlives its CPU-time budget (plus a grace) or the process's resident
// memory grows past the render's memory budget (both read from /proc, as the sandbox's watchdog
// does), and returns what was rendered until then with the budget hit. CPU time, not wall-clock
// time: a busy machine does not cut a render short (issue 19 item 7); a process that makes no
// progress at all meets the wall-clock backstop (ENGINE_WALL_BACKSTOP_FACTOR times the budget). The process is replaced after RENDERS_PER_PROCESS
// documents and stopped when idle, so the memory pdf.js and the canvas keep comes back (issue 7).
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeError,
  withBudgetHit,
  type RenderBudget,
  type RenderFacts,
  type RenderFn,
  type RenderOpenOptions,
} from "../../analyzer";
import { DEFAULT_LIMITS, ENGINE_WALL_BACKSTOP_FACTOR, RENDER_PROCESS_IDLE_MS, type BudgetName } from "../../limits";
import { running, stopAndReap } from "../child-exit";
import { cpuTimeMs, residentBytes } from "../process-usage";
import type { RenderReply, RenderRequest } from "./render-process";

export interface RendererOptions {
  /** decode QR codes on the rendered pages (default true) */
  qr?: boolean;
  /** documents one process renders before it is replaced */
  rendersPerProcess?: number;
  /** an idle process is stopped after this long (milliseconds) */
  idleMs?: number;
}

export interface PdfRenderer extends RenderFn {
  /** stops the render process (a later render starts a new one) */
  close(): Promise<void>;
}

export const RENDERS_PER_PROCESS = 200;
/**
 * A render process that grew by more than this over its smallest size after a document (pdf.js
 * loaded: ~120 MiB bundled, more under tsx) is replaced: its pages stay resident until it exits.
 */
export const RENDER_PROCESS_MAX_GROWTH_BYTES = 192 * 1024 * 1024;
/** V8 heap of the render process: pdf.js's parsed objects (decoded images and canvases are native) */
export const RENDER_PROCESS_HEAP_MB = 768;
/**
 * Old space the render process fills before its first full collection. With the heap capped, V8
 * starts one every few megabytes of pdf.js's long-lived garbage: 19 mark-compacts in 25 renders of a
 * Google Docs export, against 2 with this start and 3 uncapped, and each render ~25% slower. Over
 * ../shared/corpus-large the render process's CPU per file was 68.0 / 68.0 / 69.2 ms with 64 MiB,
 * 64.3 / 66.6 / 65.0 with 128 and 68.5 with 256 (more processes replaced as bloated); 128 MiB stays
 * under what makes the process count as bloated (RENDER_PROCESS_MAX_GROWTH_BYTES).
 */
export const RENDER_PROCESS_INITIAL_OLD_SPACE_MB = 128;
/** CPU time a new render process may spend loading pdf.js before the render counts as failed */
const STARTUP_TIMEOUT_MS = 15_000;
/** how often the host samples the render process's resident memory and CPU time while it renders */
const MEMORY_SAMPLE_MS = 20;

export function createPdfRenderer(options: RendererOptions = {}): PdfRenderer {
  const host = new RenderHost(options);
  return Object.assign(
    (bytes: Uint8Array, budget: RenderBudget, signal?: AbortSignal, open?: RenderOpenOptions) =>
      host.render(bytes, budget, signal, open),
    { close: () => host.close() },
  );
}

class RenderHost {
  private child: ChildProcess | null = null;
  private served = 0;
  /** the smallest resident size the process had after a document (pdf.js loaded, no pages held) */
  private baselineBytes: number | null = null;
  private nextId = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RendererOptions) {}

  /** One document at a time per process: pdf.js in one process renders sequentially anyway. */
  render(
    bytes: Uint8Array,
    budget: RenderBudget,
    signal?: AbortSignal,
    open?: RenderOpenOptions,
  ): Promise<RenderFacts> {
    const run = this.tail.then(() => (signal?.aborted ? cancelledFacts() : this.run(bytes, budget, signal, open)));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Stops the render process and resolves once it has exited (and this thread has reaped it). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = null;
    if (child) await stopAndReap(child);
  }

  private run(
    bytes: Uint8Array,
    budget: RenderBudget,
    signal?: AbortSignal,
    open?: RenderOpenOptions,
  ): Promise<RenderFacts> {
    clearTimeout(this.idleTimer);
    return new Promise((resolve) => {
      const started = performance.now();
      let child: ChildProcess;
      try {
        child = this.ensureChild();
      } catch (e) {
        const why = `render process did not start: ${describeError(e, 300)}`;
        resolve({ ...failed(why, started), engineFailure: why });
        return;
      }
      const id = ++this.nextId;
      let partial: RenderFacts | null = null;
      const maxGrowth = budget.maxMemoryBytes ?? DEFAULT_LIMITS.RENDER_MAX_MEMORY_BYTES;
      // the budget is what this document adds to the process (the limits table's wording): measured
      // from its size when the render begins, since pdf.js, its fonts and the QR decoder are resident
      // before (~130 MiB bundled, ~450 MiB under tsx in the tests)
      let residentAtStart: number | null = null;
      /** the process's CPU time when the render began (null before, or without /proc) */
      let cpuAtStart: number | null = null;
      const grace = budget.hardStopGraceMs ?? DEFAULT_LIMITS.RENDER_HARD_STOP_GRACE_MS;
      const renderMs = budget.timeoutMs + grace;

      const finish = (facts: RenderFacts, keepChild: boolean) => {
        clearTimeout(timer);
        clearInterval(memoryWatch);
        signal?.removeEventListener("abort", onAbort);
        child.off("message", onMessage);
        child.off("exit", onExit);
        child.off("error", onError);
        // a process that grew for this document keeps its pages: start a lean one for the next
        const resident = child.pid !== undefined ? (residentBytes(child.pid) ?? 0) : 0;
        this.baselineBytes = Math.min(this.baselineBytes ?? resident, resident);
        const bloated = resident > this.baselineBytes + RENDER_PROCESS_MAX_GROWTH_BYTES;
        if (!keepChild || bloated || ++this.served >= (this.options.rendersPerProcess ?? RENDERS_PER_PROCESS))
          this.stopChild();
        else this.armIdleStop();
        resolve(facts);
      };
      const stop = (budgetName: BudgetName, reason: string) =>
        finish(stoppedFacts(partial, budgetName, reason, started), false);
      const onMessage = (reply: RenderReply) => {
        if (reply.id !== id) return;
        if ("started" in reply) {
          residentAtStart = child.pid !== undefined ? residentBytes(child.pid) : null;
          cpuAtStart = child.pid !== undefined ? cpuTimeMs(child.pid) : null;
          // the CPU watch below stops it; the wall clock only a process that makes no progress (or,
          // without /proc, as the only clock there is)
          armTimer(cpuAtStart === null ? renderMs : renderMs * ENGINE_WALL_BACKSTOP_FACTOR);
        } else if (reply.done) finish(reply.facts, true);
        else partial = reply.facts;
      };
      // an engine failure, not a budget: the facts say what happened, budgetHits stay as they were
      const onExit = (code: number | null, signal: string | null) =>
        finish(stoppedFacts(partial, null, `render process exited (${signal ?? `code ${code}`})`, started), false);
      const onError = (e: Error) =>
        finish(stoppedFacts(partial, null, `render process failed: ${describeError(e, 300)}`, started), false);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const armTimer = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => stop("RENDER_TIMEOUT_MS", `no result ${ms} ms after the render began: stopped`), ms);
      };
      // until the process says the render began, it may be loading pdf.js (a new process): that too is
      // budgeted in the process's CPU time, so a busy machine does not turn a slow start into no render
      // (issue 19 item 7); the wall clock stops only a process that makes no progress
      const startupMs = STARTUP_TIMEOUT_MS + renderMs;
      const cpuAtRequest = child.pid !== undefined ? cpuTimeMs(child.pid) : null;
      armTimer(cpuAtRequest === null ? startupMs : startupMs * ENGINE_WALL_BACKSTOP_FACTOR);
      const memoryWatch = setInterval(() => {
        if (residentAtStart === null) {
          const cpu = cpuAtRequest !== null && child.pid ? cpuTimeMs(child.pid) : null;
          if (cpu !== null && cpu - cpuAtRequest! > startupMs)
            stop(
              "RENDER_TIMEOUT_MS",
              `the render process spent ${startupMs} ms of CPU time without starting the render: stopped`,
            );
          return;
        }
        const resident = child.pid ? residentBytes(child.pid) : null;
        if (resident !== null && resident - residentAtStart > maxGrowth)
          return stop("RENDER_MAX_MEMORY_BYTES", `render process grew by more than ${mib(maxGrowth)} MiB: stopped`);
        const cpu = cpuAtStart !== null && child.pid ? cpuTimeMs(child.pid) : null;
        if (cpu !== null && cpu - cpuAtStart! > renderMs)
          stop(
            "RENDER_TIMEOUT_MS",
            `still rendering ${grace} ms of CPU time after its ${budget.timeoutMs} ms budget: stopped`,
          );
      }, MEMORY_SAMPLE_MS);
      const onAbort = () =>
        finish({ ...stoppedFacts(partial, null, "analysis cancelled", started), engineFailure: undefined }, false);
      signal?.addEventListener("abort", onAbort, { once: true });
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.once("error", onError);
      child.send(
        {
          id,
          bytes,
          budget,
          qr: this.options.qr !== false,
          ...(open?.password !== undefined && { password: open.password }),
        } satisfies RenderRequest,
        (err) => err && onError(err),
      );
    });
  }

  private ensureChild(): ChildProcess {
    if (this.child && running(this.child)) return this.child;
    const entry = renderProcessEntry();
    const child = fork(entry.file, [], {
      execArgv: [
        ...entry.execArgv,
        `--max-old-space-size=${RENDER_PROCESS_HEAP_MB}`,
        `--initial-old-space-size=${RENDER_PROCESS_INITIAL_OLD_SPACE_MB}`,
      ],
      env: { NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      // Uint8Array and nested facts cross as structured clones
      serialization: "advanced",
    });
    // an idle render process must not keep a CLI or an evaluation run alive
    child.unref();
    child.channel?.unref();
    this.child = child;
    this.served = 0;
    this.baselineBytes = null;
    return child;
  }

  private armIdleStop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stopChild(), this.options.idleMs ?? RENDER_PROCESS_IDLE_MS);
    this.idleTimer.unref();
  }

  private stopChild(): void {
    const child = this.child;
    this.child = null;
    // SIGKILL: a process stuck in a synchronous draw does not run signal handlers; Node reaps it
    if (child && running(child)) child.kill("SIGKILL");
  }
}

/**
 * The process's entry: the bundled dist/render-process.mjs beside the bundle this code runs in, or,
 * from the source tree (tsx, vitest), render-process.ts under tsx.
 */
function renderProcessEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return { file: join(dirname(here), "render-process.ts"), execArgv: ["--import", "tsx"] };
  const candidates = [join(dirname(here), "render-process.mjs"), join(process.cwd(), "dist", "render-process.mjs")];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`render-process.mjs is missing (looked in ${candidates.join(", ")}): run npm run build`);
  return { file: found, execArgv: [] };
}

function stoppedFacts(
  partial: RenderFacts | null,
  budgetName: BudgetName | null,
  reason: string,
  started: number,
): RenderFacts {
  const base = partial ?? failed(reason, started);
  const budgetHits = budgetName ? withBudgetHit(base.budgetHits, budgetName) : base.budgetHits;
  const engineFailure = budgetName ? undefined : reason;
  return {
    ...base,
    error: reason,
    stopped: true,
    engineFailure,
    timedOut: budgetName === "RENDER_TIMEOUT_MS" || undefined,
    budgetHits,
    durationMs: Math.round(performance.now() - started),
  };
}

function cancelledFacts(): RenderFacts {
  return { ...failed("analysis cancelled", performance.now()), stopped: true };
}

function failed(error: string, started: number): RenderFacts {
  return {
    pagesRendered: 0,
    pageCount: null,
    pages: [],
    qrCodes: [],
    error,
    durationMs: Math.round(performance.now() - started),
    pdfjs: { pageCount: null, hasCatalog: false },
  };
}

function mib(n: number): number {
  return Math.round(n / (1024 * 1024));
}
