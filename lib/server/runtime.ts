// Composition root of the scan service: picks the implementations from the configuration and wires
// them. Used by the web server (one runtime per process, started from instrumentation) and by
// `npm run worker` (lib/server/stage-worker.ts).
//   PDFSCAN_DATABASE_URL unset -> SQLite under PDFSCAN_DATA_DIR; set -> PostgreSQL
//   PDFSCAN_STORAGE local (default) -> files under PDFSCAN_DATA_DIR/uploads; postgres -> blobs table
//   PDFSCAN_REDIS_URL unset -> in-process queue, the web server runs the stages; set -> BullMQ, the
//     web server only enqueues and `npm run worker` processes run the stages
import { sql } from "kysely";
import { runAdvancedStage, runFastStage, runInspection } from "./analysis-pool";
import { ScanInspection } from "./scans/inspection";
import { ApiKeyStore } from "./auth/api-keys";
import { audit, setAuditLimits } from "./auth/audit";
import { Redis } from "ioredis";
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from "./auth/rate-limit";
import { SessionStore } from "./auth/sessions";
import { ShareLinkStore } from "./auth/share-links";
import { getConfig, type Config } from "./config";
import { openDatabase, type OpenDatabase } from "./db/open-database";
import { offlineReputationProvider } from "./enrichment/offline-reputation";
import { ApiError } from "./errors";
import { BullMQQueue } from "./queue/bullmq-queue";
import { InProcessQueue } from "./queue/in-process-queue";
import type { JobQueue } from "./queue/job-queue";
import { createPageImageStore } from "./storage/page-image-store";
import type { BlobStore } from "./storage/blob-store";
import { createBlobStore } from "./storage/create-blob-store";
import { MemoryDocumentPasswords, RedisDocumentPasswords, type DocumentPasswords } from "./scans/document-passwords";
import { ScanPipeline } from "./scans/pipeline";
import { withTestStageDelay } from "./test-stage-delay";
import { onShutdown } from "./shutdown-hooks";
import { LocalScanChanges, RedisScanChanges, type ScanChanges } from "./scans/scan-changes";
import { ScanRepository } from "./scans/scan-repository";
import { ScanService } from "./scans/service";
import { IdempotencyKeys } from "./scans/idempotency";
import { FeedStore } from "./feeds/feed-store";
import { withFeeds } from "./feeds/feed-enrichment";
import { withOnlineProviders, type OnlineLookupDeps } from "./enrichment/online/online-lookups";
import { ProviderCache } from "./enrichment/online/provider-cache";
import { urlhausHost } from "./enrichment/online/urlhaus-host";
import { virusTotal } from "./enrichment/online/virustotal";
import { WebhookDispatcher } from "./webhooks/webhook-dispatcher";
import { webhookDeliveryFor, WebhookStore } from "./webhooks/webhook-store";

/** How often a BullMQ worker re-enqueues stages the database says are runnable but idle. */
export const RECOVERY_INTERVAL_MS = 2_000;
/** A queued stage counts as lost (never enqueued, or its job vanished) after this long without change. */
export const RECOVERY_GRACE_MS = 5_000;
/** Stages re-enqueued per recovery pass. */
export const RECOVERY_BATCH = 100;

/** Credentials and per-principal budgets of the web server (lib/server/auth). */
export interface AuthRuntime {
  keys: ApiKeyStore;
  sessions: SessionStore;
  shares: ShareLinkStore;
  limiter: RateLimiter;
}

export interface ScanRuntime {
  config: Config;
  database: OpenDatabase;
  auth: AuthRuntime;
  repo: ScanRepository;
  /** scan X changed: the event streams' wake-up, across processes when scaled out */
  changes: ScanChanges;
  blobs: BlobStore;
  queue: JobQueue;
  pipeline: ScanPipeline;
  service: ScanService;
  /** the object inspector and embedded-file downloads of retained uploads */
  inspection: ScanInspection;
  /** signing secrets and the delivery outbox of callbackUrl webhooks */
  webhooks: WebhookStore;
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
  const changes: ScanChanges =
    config.queue.kind === "bullmq"
      ? new RedisScanChanges(config.queue.url, config.queue.prefix, log)
      : new LocalScanChanges();
  const webhooks = new WebhookStore(database.db);
  const idempotency = new IdempotencyKeys(database.db);
  const dispatcher = new WebhookDispatcher({ store: webhooks, ...config.webhooks, log });
  let sendingWebhooks = false;
  const repo = new ScanRepository(
    database.db,
    Date.now,
    (row) => {
      changes.notify(row.id, row);
      // a step that wrote a webhook: send it now rather than at the next poll
      if (sendingWebhooks && row.callback_url)
        void dispatcher.run().catch((error: unknown) => log("sending webhooks failed", error));
    },
    webhookDeliveryFor,
  );
  const blobs = createBlobStore(config, database.db);
  const pageImages = createPageImageStore(config, database.db);
  const queue: JobQueue =
    config.queue.kind === "bullmq"
      ? new BullMQQueue({
          url: config.queue.url,
          prefix: config.queue.prefix,
          concurrency: config.workers,
          lockDurationMs: config.leaseMs,
          backlogOf: (owner, stage) => repo.countQueued(owner, stage),
          log,
        })
      : new InProcessQueue({
          concurrency: config.workers,
          findRunnable: async (limit) =>
            (await repo.findRunnable({ now: Date.now(), limit })).map((r) => ({
              stage: r.stage,
              scanId: r.id,
              owner: r.owner,
            })),
          log,
        });
  const passwords = documentPasswordsFor(config);
  const online = onlineLookupsFor(config, database.db);
  const pipeline = new ScanPipeline({
    repo,
    passwords,
    blobs,
    pageImages,
    queue,
    analyzers: withTestStageDelay(config.testStageDelayMs, { fast: runFastStage, advanced: runAdvancedStage }),
    // the offline reputation of each indicator, the imported feeds' entries that name them, and the
    // online services the operator configured (none by default)
    enrichment: withOnlineProviders(withFeeds(offlineReputationProvider, new FeedStore(database.db)), online),
    config,
    log,
  });
  const service = new ScanService({
    repo,
    blobs,
    pageImages,
    queue,
    log,
    purgeDeleted: database.purgeDeleted,
    quotaBytes: config.quotaBytes,
    passwords,
    webhooks: { store: webhooks, allowPrivate: config.webhooks.allowPrivate },
    idempotency,
    // a stage of the deleted scan running in this process stops at once (a worker's, at its next heartbeat)
    onDeleted: (scanId) => {
      pipeline.cancel(scanId);
      changes.notify(scanId, null);
    },
  });
  setAuditLimits({ linesPerSource: config.audit.linesPerSource, windowMs: config.audit.windowS * 1000 });
  const keys = new ApiKeyStore(database.db);
  const auth: AuthRuntime = {
    keys,
    sessions: new SessionStore(database.db, keys, config.sessionTtlS * 1000),
    shares: new ShareLinkStore(database.db),
    limiter: rateLimiterFor(config),
  };
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
    const timer = setInterval(() => void run(), ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    config,
    database,
    auth,
    repo,
    changes,
    blobs,
    queue,
    pipeline,
    service,
    inspection: new ScanInspection({ service, inspect: runInspection }),
    webhooks,
    async startBackground({ consume }) {
      if (consume) {
        await queue.start(async (job) => {
          await pipeline.runStage(job);
        });
        if (queue.kind === "bullmq") {
          every(
            RECOVERY_INTERVAL_MS,
            async () => {
              const now = Date.now();
              for (const r of await repo.findRunnable({
                now,
                limit: RECOVERY_BATCH,
                queuedBefore: now - RECOVERY_GRACE_MS,
              })) {
                await queue.enqueue({ stage: r.stage, scanId: r.id, owner: r.owner });
              }
            },
            "recovery",
          );
        }
      }
      // every process sends webhooks: retries that came due (new ones go at once, see the repository's callback)
      sendingWebhooks = true;
      every(config.webhooks.pollMs, () => dispatcher.run(), "webhook delivery");
      every(
        config.sweepIntervalMs,
        async () => {
          await idempotency.sweep();
          await online.cache.sweep();
          const r = await service.sweepExpired(Date.now());
          if (r.expired + r.filesDeleted + r.orphansDeleted > 0) {
            log(
              `retention sweep: ${r.expired} expired, ${r.filesDeleted} files deleted, ${r.orphansDeleted} orphan uploads deleted`,
            );
          }
        },
        "retention sweep",
      );
    },
    async close() {
      for (const t of timers) clearInterval(t);
      sendingWebhooks = false;
      // the stages and webhooks in flight go back to the database for the next process (not a lease timeout later)
      pipeline.stopAll();
      await dispatcher.close();
      await auth.limiter.close?.();
      await online.close();
      await passwords.close?.();
      await changes.close();
      await queue.close();
      await database.close();
    },
  };
}

/** Scale-out: the document passwords wait in Redis, where every worker can read them; embedded: in memory. */
function documentPasswordsFor(config: Config): DocumentPasswords {
  if (config.queue.kind !== "bullmq") return new MemoryDocumentPasswords();
  const redis = new Redis(config.queue.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on("error", () => {}); // a failed command is reported by the caller
  return new RedisDocumentPasswords(redis, config.queue.prefix);
}

/** The configured online services (enrichment/online), their answer cache and per-service rate limits. */
function onlineLookupsFor(config: Config, db: OpenDatabase["db"]): OnlineLookupDeps & { close(): Promise<void> } {
  const { virusTotal: vt, urlhaus, timeoutMs, cacheTtlMs } = config.onlineProviders;
  const providers = [...(vt ? [virusTotal(vt)] : []), ...(urlhaus ? [urlhausHost(urlhaus)] : [])];
  const limiters = new Map(providers.map((p) => [p, limiterFor(config, p.perMinute, 60)]));
  return {
    providers,
    cache: new ProviderCache(db, cacheTtlMs),
    limiterOf: (p) => limiters.get(p)!,
    timeoutMs,
    close: async () => {
      for (const l of limiters.values()) await l.close?.();
    },
  };
}

/** How long a rate-limit count may wait for Redis before the request is let through. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;

/** Per-key counts in Redis when the service runs on it (shared by every web server), else in this process. */
function rateLimiterFor(config: Config): RateLimiter {
  return limiterFor(config, config.rateLimit.requests, config.rateLimit.windowS);
}

/** `requests` per `windowS`, counted in Redis in scale-out (every process together), else in this process. */
function limiterFor(config: Config, requests: number, windowS: number): RateLimiter {
  if (config.queue.kind !== "bullmq") return new MemoryRateLimiter(requests, windowS);
  const redis = new Redis(config.queue.url, {
    maxRetriesPerRequest: 1,
    commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
    lazyConnect: true,
  });
  redis.on("error", () => {}); // reported by the limiter when a count fails
  return new RedisRateLimiter(redis, config.queue.prefix, requests, windowS, log);
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
    onShutdown(() => runtime.close());
    await ensureFirstKey(runtime);
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

/**
 * Secure by default: a server with auth on and no key at all creates one admin key and prints it
 * once, with the sign-in URL (as Jupyter prints its token). The key travels in the URL fragment, so
 * it never reaches a server log or a Referer.
 */
async function ensureFirstKey({ config, auth }: ScanRuntime): Promise<void> {
  if (!config.authEnabled || (await auth.keys.count()) > 0) return;
  const { key, info } = await auth.keys.create({ name: "admin (first start)", admin: true }, "bootstrap");
  audit("key.bootstrap", { keyId: info.id, prefix: info.prefix });
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const origin = config.publicOrigin ?? `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
  console.log(
    `[pdfscan] No API key existed, so an admin key was created. It is shown only this once:\n` +
      `[pdfscan]   PDFSCAN_ADMIN_KEY=${key}\n` +
      `[pdfscan]   sign in: ${origin}/signin#key=${key}\n` +
      "[pdfscan] More keys: `npx pdfscan keys create --name <name>`.",
  );
}

/** Credentials and budgets for a route handler; 503 unavailable when the database cannot be reached. */
export async function getAuth(): Promise<AuthRuntime> {
  return (await availableRuntime()).auth;
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
    sql`select 1`.execute(runtime.database.db).then(
      () => "ok" as const,
      () => "error" as const,
    ),
    runtime.queue.ping().then(
      () => "ok" as const,
      () => "error" as const,
    ),
  ]);
  return { database, queue };
}

/** Webhook secrets and delivery logs for a route handler. */
export async function getWebhookStore(): Promise<WebhookStore> {
  return (await availableRuntime()).webhooks;
}

/** The change signal of scans for an event stream (scan-changes.ts). */
export async function getScanChanges(): Promise<ScanChanges> {
  return (await availableRuntime()).changes;
}

/** The scan service for a route handler; 503 unavailable when its stores cannot be reached. */
export async function getScanService(): Promise<ScanService> {
  return (await availableRuntime()).service;
}

/** The object inspector of retained uploads for a route handler. */
export async function getScanInspection(): Promise<ScanInspection> {
  return (await availableRuntime()).inspection;
}

async function availableRuntime(): Promise<ScanRuntime> {
  try {
    return await startWebRuntime();
  } catch (error) {
    log("scan storage unavailable", error);
    throw new ApiError("unavailable", "The scan store is not available; retry shortly.", {
      headers: { "retry-after": "5" },
      cause: error,
    });
  }
}
