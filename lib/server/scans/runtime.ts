// Composition root of the scan service: picks the implementations from the configuration and wires
// them. Used by the web server (one runtime per process, started from instrumentation) and by
// `npm run worker` (scripts/worker.ts).
//   PDFSCAN_DATABASE_URL unset -> SQLite under PDFSCAN_DATA_DIR; set -> PostgreSQL
//   PDFSCAN_STORAGE local (default) -> files under PDFSCAN_DATA_DIR/uploads; postgres -> blobs table
//   PDFSCAN_REDIS_URL unset -> in-process queue, the web server runs the stages; set -> BullMQ, the
//     web server only enqueues and `npm run worker` processes run the stages
import { sql } from "kysely";
import { runDeepAnalysis, runFastAnalysis } from "../analysis-pool";
import { getConfig, type Config } from "../config";
import { openDatabase, type OpenDatabase } from "../db/open-database";
import { offlineReputationProvider } from "../enrichment/offline-reputation";
import { ApiError } from "../http/errors";
import { BullMQQueue } from "../queue/bullmq-queue";
import { InProcessQueue } from "../queue/in-process-queue";
import type { JobQueue } from "../queue/job-queue";
import { createBlobStore, type BlobStore } from "../storage/blob-store";
import { ScanPipeline } from "./pipeline";
import { ScanRepository } from "./scan-repository";
import { ScanService } from "./service";

/** How often a BullMQ worker re-enqueues stages the database says are runnable but idle. */
export const RECOVERY_INTERVAL_MS = 2_000;
/** A queued stage counts as lost (never enqueued, or its job vanished) after this long without change. */
export const RECOVERY_GRACE_MS = 5_000;
/** Stages re-enqueued per recovery pass. */
export const RECOVERY_BATCH = 100;

export interface ScanRuntime {
  config: Config;
  database: OpenDatabase;
  repo: ScanRepository;
  blobs: BlobStore;
  queue: JobQueue;
  pipeline: ScanPipeline;
  service: ScanService;
  /**
   * Starts the background work of this process: consuming stage jobs (`consume`), recovery of lost
   * BullMQ jobs (with consume), and the retention sweeper (always).
   */
  startBackground(options: { consume: boolean }): Promise<void>;
  close(): Promise<void>;
}

export const log = (message: string, error?: unknown): void => {
  if (error === undefined) console.log(`[pdfscan] ${message}`);
  else console.error(`[pdfscan] ${message}:`, error instanceof Error ? error.message : error);
};

export async function createScanRuntime(config: Config): Promise<ScanRuntime> {
  const database = await openDatabase(config.database);
  const repo = new ScanRepository(database.db);
  const blobs = createBlobStore(config, database.db);
  const queue: JobQueue =
    config.queue.kind === "bullmq"
      ? new BullMQQueue({ url: config.queue.url, prefix: config.queue.prefix, concurrency: config.workers, lockDurationMs: config.leaseMs, log })
      : new InProcessQueue({
          concurrency: config.workers,
          findRunnable: async (limit) =>
            (await repo.findRunnable({ now: Date.now(), limit })).map((r) => ({ stage: r.stage, scanId: r.id })),
          log,
        });
  const pipeline = new ScanPipeline({
    repo,
    blobs,
    queue,
    analyzers: { fast: runFastAnalysis, advanced: runDeepAnalysis },
    enrichment: offlineReputationProvider,
    config,
    log,
  });
  const service = new ScanService({ repo, blobs, queue, log });
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, task: () => Promise<unknown>, what: string) => {
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      try {
        await task();
      } catch (error) {
        log(`${what} failed`, error);
      } finally {
        busy = false;
      }
    };
    void run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    config,
    database,
    repo,
    blobs,
    queue,
    pipeline,
    service,
    async startBackground({ consume }) {
      if (consume) {
        await queue.start(async (job) => {
          await pipeline.runStage(job);
        });
        if (queue.kind === "bullmq") {
          every(RECOVERY_INTERVAL_MS, async () => {
            const now = Date.now();
            for (const r of await repo.findRunnable({ now, limit: RECOVERY_BATCH, queuedBefore: now - RECOVERY_GRACE_MS })) {
              await queue.enqueue({ stage: r.stage, scanId: r.id });
            }
          }, "recovery");
        }
      }
      every(config.sweepIntervalMs, async () => {
        const r = await service.sweepExpired(Date.now());
        if (r.expired + r.filesDeleted + r.orphansDeleted > 0) {
          log(`retention sweep: ${r.expired} expired, ${r.filesDeleted} files deleted, ${r.orphansDeleted} orphan uploads deleted`);
        }
      }, "retention sweep");
    },
    async close() {
      for (const t of timers) clearInterval(t);
      await queue.close();
      await database.close();
    },
  };
}

// One runtime per web server process, even if Next loads this module in several route bundles.
const RUNTIME_KEY = Symbol.for("pdfscan.scanRuntime");
const globalState = globalThis as typeof globalThis & { [RUNTIME_KEY]?: Promise<ScanRuntime> };

/**
 * The web server's runtime: created (migrations run) and started on first use, normally at server
 * start (on-server-start.ts). The embedded queue consumes in this process; with BullMQ the web
 * server only enqueues.
 */
export function startWebRuntime(): Promise<ScanRuntime> {
  const existing = globalState[RUNTIME_KEY];
  if (existing) return existing;
  const created = (async () => {
    const runtime = await createScanRuntime(getConfig());
    await runtime.startBackground({ consume: runtime.queue.kind === "in-process" });
    return runtime;
  })();
  globalState[RUNTIME_KEY] = created;
  // a failed start (database down) is retried by the next request instead of being cached
  created.catch(() => {
    if (globalState[RUNTIME_KEY] === created) delete globalState[RUNTIME_KEY];
  });
  return created;
}

/** Reachability of the scan stores for GET /health: the database and the queue's service. */
export async function checkScanStores(): Promise<{ database: "ok" | "error"; queue: "ok" | "error" }> {
  let runtime: ScanRuntime;
  try {
    runtime = await startWebRuntime();
  } catch {
    return { database: "error", queue: "error" };
  }
  const [database, queue] = await Promise.all([
    sql`select 1`.execute(runtime.database.db).then(() => "ok" as const, () => "error" as const),
    runtime.queue.ping().then(() => "ok" as const, () => "error" as const),
  ]);
  return { database, queue };
}

/** The scan service for a route handler; 503 unavailable when its stores cannot be reached. */
export async function getScanService(): Promise<ScanService> {
  try {
    return (await startWebRuntime()).service;
  } catch (error) {
    log("scan storage unavailable", error);
    throw new ApiError("unavailable", "The scan store is not available; retry shortly.", { headers: { "retry-after": "5" }, cause: error });
  }
}
