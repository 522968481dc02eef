// Runs analyses off the request thread: a piscina pool of worker threads executing the bundled
// dist/analysis-worker.mjs (built by scripts/build-worker.mjs, resolved from the project root).
// Each task gets the fast-stage wall-clock budget once it starts running; on expiry the AbortSignal
// makes piscina terminate that thread, and the caller gets ApiError("analysis_timeout").
import { existsSync } from "node:fs";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { DeepResult, FastResult } from "../analyzer/report";
import type { AnalysisTask, PingResult } from "./analysis-worker";
import { getConfig } from "./config";
import { ApiError } from "./http/errors";

export const WORKER_BUNDLE_PATH = "dist/analysis-worker.mjs";
/** Tasks allowed to wait per thread before new requests get 503 instead of an unbounded queue. */
export const MAX_QUEUED_TASKS_PER_WORKER = 16;
/** V8 old-generation cap of one worker thread: a runaway analysis dies alone, not the server. */
export const WORKER_MAX_OLD_GENERATION_MB = 2048;
/** How long the start-up self-test (a no-op task) may take before the analyzer counts as broken. */
export const SELF_TEST_TIMEOUT_MS = 30_000;

interface PoolState {
  pool: Piscina<AnalysisTask, PingResult | FastResult | DeepResult>;
  maxQueued: number;
  selfTest: Promise<boolean>;
}

// One pool per process even if Next loads this module in several route bundles.
const STATE_KEY = Symbol.for("pdfscan.analysisPool");
const globalState = globalThis as typeof globalThis & { [STATE_KEY]?: PoolState };

function workerBundlePath(): string {
  return path.join(process.cwd(), WORKER_BUNDLE_PATH);
}

function getPool(): PoolState {
  const existing = globalState[STATE_KEY];
  if (existing) return existing;
  const filename = workerBundlePath();
  if (!existsSync(filename)) {
    throw new ApiError("unavailable", "The analysis engine is not built.", {
      cause: new Error(`${filename} is missing: run npm run build`),
    });
  }
  const { workers } = getConfig();
  const pool = new Piscina<AnalysisTask, PingResult | FastResult | DeepResult>({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Infinity,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MAX_OLD_GENERATION_MB },
  });
  pool.on("error", (error: unknown) => console.error("[pdfscan] analysis worker error:", error));
  const state: PoolState = { pool, maxQueued: workers * MAX_QUEUED_TASKS_PER_WORKER, selfTest: runSelfTest(pool) };
  globalState[STATE_KEY] = state;
  return state;
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
  if (await state.selfTest) return "ok";
  state.selfTest = runSelfTest(state.pool); // retry on the next check
  return "error";
}

/** Fast stage of one PDF in a worker thread. `bytes` is transferred: it is detached afterwards. */
export function runFastAnalysis(bytes: ArrayBuffer, fileName: string): Promise<FastResult> {
  return runInPool("fast", bytes, fileName, getConfig().fastTimeoutMs) as Promise<FastResult>;
}

/** Advanced stage (deep analysis) of one PDF in a worker thread. `bytes` is transferred. */
export function runDeepAnalysis(bytes: ArrayBuffer, fileName: string): Promise<DeepResult> {
  return runInPool("deep", bytes, fileName, getConfig().advancedTimeoutMs) as Promise<DeepResult>;
}

async function runInPool(kind: "fast" | "deep", bytes: ArrayBuffer, fileName: string, timeoutMs: number): Promise<FastResult | DeepResult> {
  const { pool, maxQueued } = getPool();
  if (pool.queueSize >= maxQueued) {
    throw new ApiError("unavailable", "Too many analyses are waiting; retry shortly.", { headers: { "retry-after": "5" } });
  }
  const controller = new AbortController();
  const channel = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  channel.port1.once("message", () => {
    if (!settled) timer = setTimeout(() => controller.abort(), timeoutMs);
  });
  try {
    return (await pool.run(
      { kind, bytes, fileName, started: channel.port2 },
      { transferList: [bytes, channel.port2], signal: controller.signal },
    )) as FastResult | DeepResult;
  } catch (error) {
    if (controller.signal.aborted) {
      throw new ApiError("analysis_timeout", `The analysis did not finish within ${timeoutMs} ms.`);
    }
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new ApiError("internal", "The analysis ran out of memory.", { cause: error });
    }
    throw error;
  } finally {
    settled = true;
    clearTimeout(timer);
    channel.port1.close();
  }
}
