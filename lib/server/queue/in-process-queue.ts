// The embedded queue: stage jobs run in this process (the analysis itself on the worker-thread pool).
// Not a second source of truth: enqueue() only wakes the dispatcher early; the dispatcher also polls
// the database (findRunnable) for queued stages and expired leases, which is how work survives a
// restart or a crash of this process. Fast stages go before advanced ones (the fast verdict is what
// a user waits for); within a stage, owners take turns (fewest stages running first, then the owner
// served longest ago, then the oldest job), so one owner's hundred uploads do not hold up another's
// one (issue 19).
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
  /** per owner: stages running, and when one last started (a counter), for taking turns */
  private readonly owners = new Map<string, { running: number; lastServed: number }>();
  private served = 0;
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
      const job = this.nextJob();
      if (!job) break;
      const key = jobKey(job);
      const owner = this.ownerOf(job);
      owner.running++;
      owner.lastServed = this.served++;
      const run = handler(job)
        .catch((error: unknown) => this.options.log?.(`stage job ${key} failed`, error))
        .finally(() => {
          this.running.delete(key);
          this.known.delete(key);
          owner.running--;
          this.forgetIdleOwner(job.owner ?? "");
          this.pump();
        });
      this.running.set(key, run);
    }
  }

  /** The next job: fast stages first; among them the owner with fewest running, then served longest ago, then the oldest job. */
  private nextJob(): StageJob | undefined {
    const list = this.ready.fast.length > 0 ? this.ready.fast : this.ready.advanced;
    let best = -1;
    for (let i = 0; i < list.length; i++) {
      if (best < 0) {
        best = i;
        continue;
      }
      const a = this.owners.get(list[i].owner ?? "") ?? { running: 0, lastServed: -1 };
      const b = this.owners.get(list[best].owner ?? "") ?? { running: 0, lastServed: -1 };
      if (a.running < b.running || (a.running === b.running && a.lastServed < b.lastServed)) best = i;
    }
    return best < 0 ? undefined : list.splice(best, 1)[0];
  }

  private ownerOf(job: StageJob): { running: number; lastServed: number } {
    const id = job.owner ?? "";
    let owner = this.owners.get(id);
    if (!owner) this.owners.set(id, (owner = { running: 0, lastServed: -1 }));
    return owner;
  }

  /** An owner with nothing running or waiting starts afresh: its next job is a newcomer's. */
  private forgetIdleOwner(id: string): void {
    if (this.owners.get(id)?.running !== 0) return;
    if ([...this.ready.fast, ...this.ready.advanced].some((j) => (j.owner ?? "") === id)) return;
    this.owners.delete(id);
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
