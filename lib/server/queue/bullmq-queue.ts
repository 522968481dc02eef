// Stage jobs on Redis with BullMQ. The web server only enqueues; `npm run worker` processes consume.
// Job ids are "<stage>-<scanId>", so enqueueing a job that is still waiting or active is a no-op
// (the recovery loop relies on that). Jobs are removed when they end: the database, not Redis, says
// what is done. Fast stages have priority over advanced ones, and owners take turns: a job is ranked
// behind the jobs its owner already has waiting (priority = stage + 2 x backlog), so a newcomer's
// first scan goes before someone's hundredth (issue 19). A SIGKILLed worker stops renewing its job
// lock; after lockDuration another worker's stalled-job check puts the job back, and it is retried.
import { Queue, Worker, type ConnectionOptions } from "bullmq";
import { jobKey, type JobQueue, type StageHandler, type StageJob } from "./job-queue";
import type { Stage } from "../domain/state-machine";

export const STAGE_QUEUE_NAME = "pdfscan-stages";
/** Retries of a job whose handler threw (database briefly down, ...); stage failures do not throw. */
export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 1_000;
/** A job may be found stalled this many times (its worker died) before BullMQ fails it. */
export const MAX_STALLED_COUNT = 3;
/**
 * How long enqueue() waits for Redis. The scan row is already durable when a stage is enqueued, so a
 * slow or absent Redis must not hold up an upload: the workers' recovery loop enqueues it later.
 */
export const ENQUEUE_TIMEOUT_MS = 3_000;
/** BullMQ priorities (lower runs first): the fast verdict is what a user waits for. */
export const STAGE_PRIORITY = { fast: 1, advanced: 2 } as const;
/** Backlog ranks beyond this share one priority (BullMQ priorities end at 2^21). */
export const MAX_OWNER_RANK = 1_000_000;

/** A job's priority: its stage's, behind the jobs its owner already has waiting. */
export const stagePriority = (stage: Stage, ownerBacklog: number): number =>
  STAGE_PRIORITY[stage] + 2 * Math.min(Math.max(0, ownerBacklog), MAX_OWNER_RANK);
/** The same Redis connection error is logged at most once per this interval (it retries every few ms). */
const REPEATED_ERROR_LOG_MS = 30_000;

export interface BullMQQueueOptions {
  url: string;
  prefix: string;
  /** jobs run at the same time in this process when consuming */
  concurrency: number;
  /** lock of an active job; a dead worker's job is taken back after at most about this long */
  lockDurationMs: number;
  /** jobs the owner already has waiting for this stage (the scans table knows); without it, first come first served */
  backlogOf?: (owner: string, stage: Stage) => Promise<number>;
  log?: (message: string, error?: unknown) => void;
}

/** How long GET /health waits for Redis. */
const HEALTH_PING_TIMEOUT_MS = 1_000;

export class BullMQQueue implements JobQueue {
  readonly kind = "bullmq" as const;
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private lastError = { text: "", at: 0 };

  constructor(private readonly options: BullMQQueueOptions) {
    this.queue = new Queue(STAGE_QUEUE_NAME, { connection: this.connection(), prefix: options.prefix });
    this.queue.on("error", (error) => this.logRedisError("redis (queue) error", error));
  }

  private logRedisError(what: string, error: Error): void {
    const text = `${what}: ${error.message}`;
    const now = Date.now();
    if (text === this.lastError.text && now - this.lastError.at < REPEATED_ERROR_LOG_MS) return;
    this.lastError = { text, at: now };
    this.options.log?.(what, error);
  }

  private connection(): ConnectionOptions {
    // maxRetriesPerRequest null: BullMQ's blocking commands must wait for Redis to come back
    return { url: this.options.url, maxRetriesPerRequest: null };
  }

  async ping(): Promise<void> {
    // a cheap read that needs the server: BullMQ 6 keeps the raw client behind its backend
    await Promise.race([
      this.queue.getJobCounts("wait"),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("Redis did not answer PING")), HEALTH_PING_TIMEOUT_MS).unref(),
      ),
    ]);
  }

  async enqueue(job: StageJob): Promise<void> {
    // the job's own scan is among the queued ones: its rank is the others'
    const backlog =
      job.owner !== undefined && this.options.backlogOf ? (await this.options.backlogOf(job.owner, job.stage)) - 1 : 0;
    const added = this.queue.add(
      job.stage,
      { scanId: job.scanId },
      {
        jobId: jobKey(job),
        priority: stagePriority(job.stage, backlog),
        removeOnComplete: true,
        removeOnFail: true,
        attempts: JOB_ATTEMPTS,
        backoff: { type: "exponential", delay: JOB_BACKOFF_MS },
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not accept the ${jobKey(job)} job within ${ENQUEUE_TIMEOUT_MS} ms`)),
        ENQUEUE_TIMEOUT_MS,
      );
    });
    // if the add completes later, the job simply exists (ids make a second add a no-op)
    added.catch(() => {});
    try {
      await Promise.race([added, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async start(handler: StageHandler): Promise<void> {
    const worker = new Worker(
      STAGE_QUEUE_NAME,
      async (job) => handler({ stage: job.name as Stage, scanId: String(job.data.scanId) }),
      {
        connection: this.connection(),
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockDurationMs,
        stalledInterval: this.options.lockDurationMs,
        maxStalledCount: MAX_STALLED_COUNT,
      },
    );
    worker.on("error", (error) => this.logRedisError("redis (worker) error", error));
    worker.on("failed", (job, error) => this.options.log?.(`stage job ${job?.id ?? "?"} failed`, error));
    this.worker = worker;
    await worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
