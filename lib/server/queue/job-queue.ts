// Stage jobs: "run stage S of scan X". The scans table is the durable truth (status + lease); a queue
// only says *when* and *where* to run a stage, and every handler re-checks the scan before doing
// anything, so a lost, duplicated or replayed job is harmless. Two implementations:
//   InProcessQueue (default): this process, on the worker-thread pool; polls the database for
//     queued work and expired leases, so nothing is lost across a restart.
//   BullMQQueue (PDFSCAN_REDIS_URL): Redis; the web server only enqueues, `npm run worker` processes
//     (any number, any machine) consume. A killed worker's job is retried by BullMQ's stalled-job
//     check, and the workers' recovery loop re-enqueues anything the database says is runnable.
import type { Stage } from "../domain/state-machine";

export interface StageJob {
  stage: Stage;
  scanId: string;
  /** the scan's owner: queues take owners in turn, so one owner's backlog does not hold up everyone's */
  owner?: string;
}

export type StageHandler = (job: StageJob) => Promise<void>;

export interface JobQueue {
  readonly kind: "in-process" | "bullmq";
  /** Schedules a stage; enqueueing a job that is already waiting is a no-op. */
  enqueue(job: StageJob): Promise<void>;
  /** Starts consuming jobs in this process. */
  start(handler: StageHandler): Promise<void>;
  /** Stops consuming and waits for jobs in flight (bounded by the caller's patience). */
  close(): Promise<void>;
  /** Rejects when the queue's backing service cannot be reached (GET /health). */
  ping(): Promise<void>;
}

export const jobKey = (job: StageJob): string => `${job.stage}-${job.scanId}`;
