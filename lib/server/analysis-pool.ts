// Runs analyses off the request thread: a piscina pool of worker threads executing the bundled
// dist/analysis-worker.mjs (built by scripts/build-worker.mjs, resolved from the project root).
// A route's task gets its stage's wall-clock budget once it starts running. When the budget runs out the
// caller gets AnalysisFailure("analysis_timeout") at once (the API answers 504, analysis-failure.ts);
// when the client goes away (the request's AbortSignal) the work stops too. A scan stage's budget is
// its pipeline's, enforced there once (scans/pipeline.ts withBudget): its signal is its only deadline.
// Stopping is cooperative first: the thread is told to cancel, its engines kill their child processes
// (pdf.js renderer, sandboxes) and the task ends; only a thread that does not end within
// CANCEL_GRACE_MS is terminated (piscina's abort), which a child process forked from that thread would
// outlive, so that is the last resort.
// Admission is fair across callers (queue/fair-gate.ts): a task waits for a thread in the gate, not in
// piscina's FIFO, one key may have at most PDFSCAN_KEY_MAX_ANALYSES running or waiting (429 past
// that), and a freed thread goes to the caller served longest ago.
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { InspectAnswer, InspectRequest, PageImage } from "../analyzer";
import type { DeepResult, FastResult } from "../analyzer/report";
import type { AnalysisTask, DeepWithPageImages, PingResult, TaskMessage } from "./analysis-worker";
import { audit } from "./auth/audit";
import type { Principal } from "./auth/principal";
import { getConfig } from "./config";
import { AnalysisFailure } from "./analysis-failure";
import { FairGate, GateRefusedError, type ReleaseSlot } from "./queue/fair-gate";

export const WORKER_BUNDLE_PATH = "dist/analysis-worker.mjs";
/** Tasks allowed to wait per thread before new requests get 503 instead of an unbounded queue. */
export const MAX_QUEUED_TASKS_PER_WORKER = 16;
/** Retry-After (seconds) of a refused analysis: the pool is full (503) or the key has its most in flight (429). */
export const ANALYSIS_RETRY_AFTER_S = 5;
/** The caller of scan stages in the gate: their concurrency is the stage queue's, so they are never refused for it. */
const STAGE_CALLER_PREFIX = "scan-owner:";
/** V8 old-generation cap of one worker thread: a runaway analysis dies alone, not the server. */
export const WORKER_MAX_OLD_GENERATION_MB = 2048;
/** How long a cancelled task may take to wind down before its thread is terminated. */
export const CANCEL_GRACE_MS = 3_000;
/** How long the start-up self-test (a no-op task) may take before the analyzer counts as broken. */
export const SELF_TEST_TIMEOUT_MS = 30_000;

/**
 * A thread above this heap after a task gets its pool replaced: V8 keeps a grown heap (and the
 * process its pages) long after the document that grew it is gone.
 */
export const WORKER_RECYCLE_HEAP_MB = 256;

/** One set of worker threads. Replaced whole (recycled) rather than thread by thread: race-free. */
interface Generation {
  pool: Piscina<AnalysisTask, PingResult | FastResult | DeepResult>;
  /** tasks a thread has started and not yet ended (piscina counts only the queue) */
  running: number;
  /**
   * tasks handed to the pool and not yet settled: queued, on their way to a thread, running. A task a
   * thread has taken but not yet reported as started is in neither `running` nor piscina's queue; a
   * replaced generation retired on those two alone was destroyed under it (a 500 from /analyze/fast
   * in test/memory-recycling.integration.test.ts, on a loaded machine where the report came late)
   */
  inFlight: number;
  /** tasks started over the generation's life */
  served: number;
  /** advanced-stage tasks among them (their threads may hold render processes) */
  deepServed: number;
  /** set when a task's thread reported a heap over WORKER_RECYCLE_HEAP_MB */
  heapOver: boolean;
  lastActivity: number;
  selfTest: Promise<boolean>;
}

interface PoolState {
  current: Generation;
  maxQueued: number;
  /** who may use a thread next: every task passes here before piscina sees it */
  gate: FairGate;
  /** generations replaced, ended once idle */
  retiring: Set<Generation>;
  /** the replacement being started, until its threads answer the self-test */
  warming: Generation | null;
  timer: NodeJS.Timeout;
  recycled: number;
}

// One pool per process even if Next loads this module in several route bundles.
const STATE_KEY = Symbol.for("pdfscan.analysisPool");
const globalState = globalThis as typeof globalThis & { [STATE_KEY]?: PoolState };

function workerBundlePath(): string {
  return path.join(process.cwd(), WORKER_BUNDLE_PATH);
}

function newGeneration(filename: string, workers: number): Generation {
  const pool = new Piscina<AnalysisTask, PingResult | FastResult | DeepResult>({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Infinity,
    // idle threads run their event loop (piscina would otherwise block them in Atomics.wait): the
    // renderer's idle stop and heartbeat are timers in the thread
    atomics: "disabled",
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MAX_OLD_GENERATION_MB },
  });
  pool.on("error", (error: unknown) => console.error("[pdfscan] analysis worker error:", error));
  return {
    pool,
    running: 0,
    inFlight: 0,
    served: 0,
    deepServed: 0,
    heapOver: false,
    lastActivity: Date.now(),
    selfTest: runSelfTest(pool),
  };
}

function getPool(): PoolState {
  const existing = globalState[STATE_KEY];
  if (existing) return existing;
  const filename = workerBundlePath();
  if (!existsSync(filename)) {
    throw new AnalysisFailure("engine_missing", "The analysis engine is not built.", {
      cause: new Error(`${filename} is missing: run npm run build`),
    });
  }
  const { workers, poolIdleRecycleMs, keyMaxAnalyses } = getConfig();
  const timer = setInterval(() => recycleIfDue(state), Math.min(1_000, Math.max(250, poolIdleRecycleMs / 4)));
  timer.unref();
  const maxQueued = workers * MAX_QUEUED_TASKS_PER_WORKER;
  const gate = new FairGate({ slots: workers, maxWaiting: maxQueued, perCallerMax: keyMaxAnalyses });
  const state: PoolState = {
    current: newGeneration(filename, workers),
    maxQueued,
    gate,
    retiring: new Set(),
    warming: null,
    timer,
    recycled: 0,
  };
  globalState[STATE_KEY] = state;
  return state;
}

/**
 * Memory that comes back: the current pool is replaced by fresh threads after WORKER_RECYCLE_TASKS
 * tasks per thread, when a thread's heap grew past WORKER_RECYCLE_HEAP_MB, or once it has been idle
 * for PDFSCAN_POOL_IDLE_RECYCLE_MS after doing work. The new pool takes over once its threads have
 * loaded and answered the self-test (a request never waits for a cold thread); the old one ends when
 * its tasks are done and its threads have stopped their children.
 */
function recycleIfDue(state: PoolState): void {
  const now = Date.now();
  const { workers, poolIdleRecycleMs, workerRecycleTasks } = getConfig();
  const gen = state.current;
  const idle = gen.running === 0 && gen.pool.queueSize === 0;
  const due =
    gen.heapOver ||
    gen.served >= workerRecycleTasks * workers ||
    (idle && gen.served > 0 && now - gen.lastActivity >= poolIdleRecycleMs);
  if (due && !state.warming) {
    const next = newGeneration(workerBundlePath(), workers);
    state.warming = next;
    void next.selfTest.then((ok) => {
      state.warming = null;
      // a pool that cannot start is dropped; the current one serves on and the next check retries
      if (!ok) return void next.pool.destroy().catch(() => undefined);
      state.retiring.add(state.current);
      state.current = next;
      state.recycled++;
    });
  }
  for (const old of state.retiring) {
    if (old.inFlight > 0 || old.running > 0 || old.pool.queueSize > 0) continue;
    state.retiring.delete(old);
    void retire(old).catch((error: unknown) => console.error("[pdfscan] ending a recycled analysis pool:", error));
  }
}

/**
 * Ends an idle replaced pool. Threads that ran advanced tasks first stop their render processes, one
 * dispose task per thread (a thread takes one task at a time, so each idle thread gets one): a child
 * that outlives its thread is never reaped and stays a zombie.
 */
async function retire(old: Generation): Promise<void> {
  if (old.deepServed > 0) {
    const disposals = old.pool.threads.map(() =>
      old.pool.run({ kind: "dispose" }, { signal: AbortSignal.timeout(CANCEL_GRACE_MS) }).catch(() => undefined),
    );
    await Promise.all(disposals);
  }
  await old.pool.destroy();
}

async function runSelfTest(pool: Piscina<AnalysisTask, unknown>): Promise<boolean> {
  try {
    await pool.run({ kind: "ping" }, { signal: AbortSignal.timeout(SELF_TEST_TIMEOUT_MS) });
    return true;
  } catch (error) {
    console.error("[pdfscan] analysis pool self-test failed:", error);
    return false;
  }
}

/** Creates the pool and starts its self-test; called at server start so the first request is warm. */
export function warmAnalysisPool(): void {
  getPool();
}

/**
 * Health of the analyzer for GET /health. It does not queue a task (that would wait behind running
 * analyses); it reports whether the worker bundle loaded and answered the start-up self-test.
 */
export async function checkAnalysisPool(): Promise<"ok" | "error"> {
  let state: PoolState;
  try {
    state = getPool();
  } catch {
    return "error";
  }
  const gen = state.current;
  if (await gen.selfTest) return "ok";
  gen.selfTest = runSelfTest(gen.pool); // retry on the next check
  return "error";
}

/** How busy the pool is, for GET /health: tasks running, waiting, and how many may wait. */
export interface PoolLoad {
  threads: number;
  running: number;
  queued: number;
  maxQueued: number;
  /** callers (keys, scan owners) with an analysis running or waiting */
  callers: number;
  /** no room left: new analyses are refused with 503 until some finish */
  saturated: boolean;
  /** times the threads were replaced by fresh ones (memory recycling) since start */
  recycled: number;
  /** threads of replaced pools still finishing their work */
  retiringThreads: number;
}

export function analysisPoolLoad(): PoolLoad | null {
  const state = globalState[STATE_KEY];
  if (!state) return null;
  const { current, maxQueued, gate } = state;
  const retiringThreads = [...state.retiring].reduce((n, g) => n + g.pool.threads.length, 0);
  const { running, waiting, callers } = gate.load();
  return {
    threads: current.pool.threads.length,
    running,
    queued: waiting + current.pool.queueSize,
    maxQueued,
    callers,
    saturated: gate.saturated(),
    recycled: state.recycled,
    retiringThreads,
  };
}

/** Who asks for an analysis over the API (the gate's fairness unit: the key), and the request's signal. */
export interface AnalysisCaller {
  id: string;
  /** the client went away: stop the work, or stop waiting for a thread */
  signal?: AbortSignal;
}

/** The API caller of a route: its key (a session counts as its key), else its principal. */
export const analysisCallerOf = (principal: Principal, signal?: AbortSignal): AnalysisCaller => ({
  id: `key:${principal.keyId ?? principal.id}`,
  signal,
});

/** How to open the document: the analyst's password of an encrypted file (sent to the thread, kept nowhere). */
export interface DocumentOptions {
  password?: string;
}

/** What a scan stage passes: its scan's owner, the stage's own signal (its budget, a deleted scan) and the document's password. */
export interface StageRunOptions extends DocumentOptions {
  owner?: string;
  /** the stage's deadline: the pool sets no budget of its own for a stage */
  signal: AbortSignal;
}

/**
 * Fast stage of one PDF in a worker thread. `bytes` is transferred: it is detached afterwards.
 * `caller.signal` (the request's): the client went away, stop the work.
 */
export function runFastAnalysis(
  bytes: ArrayBuffer,
  fileName: string,
  caller: AnalysisCaller,
  document: DocumentOptions = {},
): Promise<FastResult> {
  return runInPool("fast", bytes, fileName, getConfig().fastTimeoutMs, {
    caller: caller.id,
    capped: true,
    signal: caller.signal,
    ...document,
  }) as Promise<FastResult>;
}

/** Deep analysis of one PDF in a worker thread (POST /analyze/deep). `bytes` is transferred. */
export function runDeepAnalysis(
  bytes: ArrayBuffer,
  fileName: string,
  caller: AnalysisCaller,
  document: DocumentOptions = {},
): Promise<DeepResult> {
  const { advancedTimeoutMs, testDeepHoldMs } = getConfig();
  return runInPool("deep", bytes, fileName, advancedTimeoutMs, {
    caller: caller.id,
    capped: true,
    signal: caller.signal,
    holdMs: testDeepHoldMs,
    ...document,
  }) as Promise<DeepResult>;
}

/**
 * The object inspector's question about a retained upload (lib/analyzer/inspect-document.ts), in a
 * worker thread under the fast stage's budget, counted toward the caller's concurrent analyses as a
 * route's analysis is. `bytes` is transferred.
 */
export function runInspection(
  bytes: ArrayBuffer,
  request: InspectRequest,
  caller: AnalysisCaller,
): Promise<InspectAnswer> {
  return runInPool(
    "inspect",
    bytes,
    "",
    getConfig().fastTimeoutMs,
    { caller: caller.id, capped: true, signal: caller.signal },
    request,
  ) as Promise<InspectAnswer>;
}

/** A scan's fast stage (see runFastAnalysis), queued fairly among scan owners and never refused for its owner's count. */
export function runFastStage(bytes: ArrayBuffer, fileName: string, options: StageRunOptions): Promise<FastResult> {
  return runInPool("fast", bytes, fileName, null, stageAdmission(options)) as Promise<FastResult>;
}

/**
 * A scan's advanced stage: the deep analysis, and with `onPageImages` also PNG images of the rendered
 * pages, handed to it beside the result (they never enter the report). `bytes` is transferred.
 */
export async function runAdvancedStage(
  bytes: ArrayBuffer,
  fileName: string,
  options: StageRunOptions & { onPageImages?: (images: PageImage[]) => void },
): Promise<DeepResult> {
  const admission = { ...stageAdmission(options), holdMs: getConfig().testDeepHoldMs };
  if (!options.onPageImages) return runInPool("deep", bytes, fileName, null, admission) as Promise<DeepResult>;
  const answer = (await runInPool("deep", bytes, fileName, null, {
    ...admission,
    pageImages: true,
  })) as unknown as DeepWithPageImages;
  options.onPageImages(answer.pageImages);
  return answer.result;
}

const stageAdmission = ({ owner, signal, password }: StageRunOptions): Admission => ({
  caller: `${STAGE_CALLER_PREFIX}${owner ?? ""}`,
  capped: false,
  signal,
  password,
});

interface Admission extends DocumentOptions {
  caller: string;
  /** refused past PDFSCAN_KEY_MAX_ANALYSES (routes); scan stages are not */
  capped: boolean;
  signal?: AbortSignal;
  /** the deep analysis returns the page images too */
  pageImages?: boolean;
  /** TEST ONLY (PDFSCAN_TEST_DEEP_HOLD_MS): hold the slot this long (or until the signal) before starting */
  holdMs?: number;
}

/** A thread slot for the caller, or the refusal: the pool is full, or the caller has its most in flight. */
async function admit(gate: FairGate, { caller, capped, signal }: Admission): Promise<ReleaseSlot> {
  try {
    return await gate.acquire(caller, { signal, capped });
  } catch (error) {
    if (signal?.aborted) throw clientGone();
    if (!(error instanceof GateRefusedError)) throw error;
    const retry = { retryAfterS: ANALYSIS_RETRY_AFTER_S };
    if (error.reason === "full")
      throw new AnalysisFailure("pool_full", "Too many analyses are waiting; retry shortly.", retry);
    audit("rate.limited", { subject: caller, reason: "concurrent analyses" });
    throw new AnalysisFailure(
      "caller_limit",
      `This key already has ${getConfig().keyMaxAnalyses} analyses running or waiting; retry when one has ended.`,
      retry,
    );
  }
}

async function runInPool(
  kind: "fast" | "deep" | "inspect",
  bytes: ArrayBuffer,
  fileName: string,
  /** from the task's start; null: the caller's signal is its only deadline (a scan stage) */
  timeoutMs: number | null,
  admission: Admission,
  request?: InspectRequest,
): Promise<FastResult | DeepResult | InspectAnswer> {
  const { signal: clientSignal, pageImages = false, password } = admission;
  const state = getPool();
  if (clientSignal?.aborted) throw clientGone();
  const release = await admit(state.gate, admission);
  try {
    if (admission.holdMs) await sleep(admission.holdMs, undefined, { signal: clientSignal });
    // gone while it waited for its turn: the slot goes to the next caller at once
    if (clientSignal?.aborted) throw clientGone();
  } catch {
    release();
    throw clientGone();
  }
  // a pool that served its share of tasks is replaced before this one is routed (the timer would be late)
  recycleIfDue(state);
  const gen = state.current;
  const { pool } = gen;
  gen.lastActivity = Date.now();
  // piscina's signal: removes a queued task, terminates the thread of a running one
  const terminate = new AbortController();
  // the task's port: the thread says "started" on it, and hears "cancel" on it
  const channel = new MessageChannel();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  let stopped: AnalysisFailure | null = null;
  let rejectStop!: (e: AnalysisFailure) => void;
  const stop = new Promise<never>((_, reject) => (rejectStop = reject));
  stop.catch(() => undefined);

  const cancel = (reason: AnalysisFailure) => {
    if (stopped) return;
    stopped = reason;
    rejectStop(reason);
    // a fast or inspect task has no child processes and may sit in a synchronous loop: end its thread now
    if (!started || kind !== "deep") return terminate.abort();
    channel.port1.postMessage("cancel");
    graceTimer = setTimeout(() => terminate.abort(), CANCEL_GRACE_MS);
    graceTimer.unref();
  };
  const onClientGone = () => cancel(clientGone());
  clientSignal?.addEventListener("abort", onClientGone, { once: true });
  channel.port1.on("message", (message: TaskMessage) => {
    // the heap the thread holds (committed) when it starts: what earlier tasks left it with
    if (message.heapTotalMb > WORKER_RECYCLE_HEAP_MB) gen.heapOver = true;
    if (started || stopped) return;
    started = true;
    gen.running++;
    gen.served++;
    if (kind === "deep") gen.deepServed++;
    if (timeoutMs !== null)
      timer = setTimeout(
        () => cancel(new AnalysisFailure("analysis_timeout", `The analysis did not finish within ${timeoutMs} ms.`)),
        timeoutMs,
      );
  });
  const task = pool.run(
    // one object for the three task kinds: the kind names which fields the thread reads
    {
      kind,
      bytes,
      fileName,
      control: channel.port2,
      ...(pageImages && { pageImages }),
      ...(password !== undefined && { password }),
      ...(request && { request }),
    } as AnalysisTask,
    { transferList: [bytes, channel.port2], signal: terminate.signal },
  );
  // counted in the same synchronous step that hands it over: no retirement check runs in between
  gen.inFlight++;
  // a cancelled task still settles later (its partial result, or the termination): nobody waits for
  // it, but its thread is busy until then, so its slot is given back only then
  void task
    .catch(() => undefined)
    .finally(() => {
      if (started) gen.running--;
      gen.inFlight--;
      gen.lastActivity = Date.now();
      clearTimeout(graceTimer);
      channel.port1.close();
      release();
    });
  try {
    return (await Promise.race([task, stop])) as FastResult | DeepResult | InspectAnswer;
  } catch (error) {
    if (stopped) throw stopped;
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new AnalysisFailure("out_of_memory", "The analysis ran out of memory.", { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    clientSignal?.removeEventListener("abort", onClientGone);
  }
}

function clientGone(): AnalysisFailure {
  return new AnalysisFailure("cancelled", "The client closed the request before the analysis ended.");
}
