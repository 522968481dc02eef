// The embedded queue: stage jobs run in this process (the analysis itself on the worker-thread pool).
// Not a second source of truth: enqueue() only wakes the dispatcher early; the dispatcher also polls
// the database (findRunnable) for queued stages and expired leases, which is how work survives a
// restart or a crash of this process. Fast stages go before advanced ones (the fast verdict is what
// a user waits for), oldest first within a stage.
import { jobKey, type JobQueue, type StageHandler, type StageJob } from "./job-queue";

/** How often the dispatcher looks in the database for work it was not told about. */
export const DISPATCH_POLL_INTERVAL_MS = 1_000;

export interface InProcessQueueOptions {
  /** stage jobs run at the same time (the analysis pool has as many threads) */
  concurrency: number;
  pollIntervalMs?: number;
  /** runnable work according to the database (queued stages, expired leases) */
  findRunnable(limit: number): Promise<StageJob[]>;
  log?: (message: string, error?: unknown) => void;
}

export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;

  /** Lives in this process: reachable whenever the process answers. */
  async ping(): Promise<void> {}

  private readonly ready: { fast: StageJob[]; advanced: StageJob[] } = { fast: [], advanced: [] };
  private readonly known = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private handler: StageHandler | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private closed = false;

  constructor(private readonly options: InProcessQueueOptions) {}

  async enqueue(job: StageJob): Promise<void> {
    this.push(job);
    this.pump();
  }

  async start(handler: StageHandler): Promise<void> {
    this.handler = handler;
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollIntervalMs ?? DISPATCH_POLL_INTERVAL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.allSettled(this.running.values());
  }

  private push(job: StageJob): void {
    const key = jobKey(job);
    if (this.closed || this.known.has(key)) return;
    this.known.add(key);
    this.ready[job.stage].push(job);
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler || this.closed) return;
    while (this.running.size < this.options.concurrency) {
      const job = this.ready.fast.shift() ?? this.ready.advanced.shift();
      if (!job) break;
      const key = jobKey(job);
      const run = handler(job)
        .catch((error: unknown) => this.options.log?.(`stage job ${key} failed`, error))
        .finally(() => {
          this.running.delete(key);
          this.known.delete(key);
          this.pump();
        });
      this.running.set(key, run);
    }
  }

  private async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      const jobs = await this.options.findRunnable(this.options.concurrency * 4);
      for (const job of jobs) this.push(job);
      this.pump();
    } catch (error) {
      this.options.log?.("dispatcher poll failed", error);
    } finally {
      this.polling = false;
    }
  }
}
