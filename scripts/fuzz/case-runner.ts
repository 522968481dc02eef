// Runs fuzz cases one at a time in a worker thread with a watchdog: a case over its time limit is a
// "hang" failure, a worker killed by its heap limit or a fatal error is a "worker crash"; either way
// the worker is replaced and the run goes on.
import { Worker } from "node:worker_threads";
import type { CaseReply, CaseRequest } from "./case-worker";
import type { Violation } from "./invariants";

export interface CaseOutcome {
  violations: Violation[];
  ms: number;
}

export interface CaseRunnerOptions {
  /** a case running longer is a failure (the fast stage's own budget is 10 s) */
  timeoutMs: number;
  /** heap of the worker: a case that needs more is a failure, not the end of the run */
  maxHeapMb: number;
  /** cases go through the advanced stage (case-worker.ts) */
  deep?: boolean;
}

export class CaseRunner {
  private worker: Worker | null = null;
  private nextId = 0;
  /** a worker that crashes before its first answer is a broken setup (e.g. cannot load), not a finding */
  private answered = false;
  private pending: {
    id: number;
    settle: (o: CaseOutcome) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
    started: number;
  } | null = null;

  constructor(private readonly options: CaseRunnerOptions) {}

  run(bytes: Uint8Array): Promise<CaseOutcome> {
    if (this.pending) throw new Error("CaseRunner runs one case at a time");
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((settle, reject) => {
      const timer = setTimeout(
        () => this.fail(worker, { kind: "hang", detail: `no answer within ${this.options.timeoutMs} ms` }),
        this.options.timeoutMs,
      );
      this.pending = { id, settle, reject, timer, started: performance.now() };
      worker.postMessage({ id, bytes, deep: this.options.deep } satisfies CaseRequest);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    await w?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./case-worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    worker.on("message", (reply: CaseReply) => {
      const p = this.pending;
      if (!p || p.id !== reply.id) return;
      clearTimeout(p.timer);
      this.pending = null;
      this.answered = true;
      p.settle({ violations: reply.violations, ms: reply.ms });
    });
    worker.on("error", (e: Error & { code?: string }) =>
      this.fail(worker, { kind: `worker crash ${e.code ?? e.name}`, detail: e.message }),
    );
    worker.on("exit", (code) =>
      this.fail(worker, { kind: "worker crash exit", detail: `worker exited with code ${code}` }),
    );
    this.worker = worker;
    return worker;
  }

  /** Ends the pending case with `violation` and retires the worker (a new one starts with the next case). */
  private fail(worker: Worker, violation: Violation): void {
    if (worker !== this.worker) return;
    this.worker = null;
    void worker.terminate();
    const p = this.pending;
    if (!p) return;
    clearTimeout(p.timer);
    this.pending = null;
    if (!this.answered && violation.kind !== "hang")
      p.reject(new Error(`fuzz worker failed to start: ${violation.detail}`));
    else p.settle({ violations: [violation], ms: performance.now() - p.started });
  }
}
