// Admission to the analysis threads, fair across callers (issue 19: 36 concurrent deep analyses of one
// key filled the pool's waiting room, another user's /analyze/fast got 503 and /health reported
// saturation). A FIFO queue serves whoever sends most; this gate instead
//   - caps what one caller may have running or waiting at once (`perCallerMax`): past it that caller
//     alone is refused ("caller_limit": 429 + Retry-After), nobody else notices;
//   - hands a freed slot to the waiting caller with the fewest running tasks, and among those to the
//     one served longest ago (round robin by last grant), so a newcomer goes before a caller that
//     already had its turn, however many it queued;
//   - bounds the waiting room for everyone together (`maxWaiting`: "full", 503) as before.
// Uncapped acquisitions (scan stages, whose concurrency the stage queue already bounds) are queued
// fairly too but never refused for their caller's count.

export interface FairGateLimits {
  /** tasks that may run at once (the pool's threads) */
  slots: number;
  /** tasks that may wait for a slot, all callers together */
  maxWaiting: number;
  /** tasks one caller may have running or waiting at once */
  perCallerMax: number;
}

export type GateRefusal = "caller_limit" | "full";

/** Brand: Next bundles this module per route, and the gate may come from another copy (as ApiError's). */
const GATE_REFUSED_BRAND = Symbol.for("pdfscan.GateRefusedError");

export class GateRefusedError extends Error {
  override name = "GateRefusedError";
  readonly [GATE_REFUSED_BRAND] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[GATE_REFUSED_BRAND] === true
    );
  }

  constructor(readonly reason: GateRefusal) {
    super(
      reason === "caller_limit"
        ? "the caller already has its most analyses running or waiting"
        : "the waiting room is full",
    );
  }
}

/** Gives the slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

interface Waiter {
  grant(release: ReleaseSlot): void;
}

interface Caller {
  running: number;
  waiting: Waiter[];
  /** when this caller last got a slot (a grant counter), for round robin */
  lastGrant: number;
}

export interface GateLoad {
  running: number;
  waiting: number;
  /** callers with a task running or waiting */
  callers: number;
}

export class FairGate {
  private readonly callers = new Map<string, Caller>();
  private running = 0;
  private waiting = 0;
  private grants = 0;

  constructor(private readonly limits: FairGateLimits) {}

  load(): GateLoad {
    return { running: this.running, waiting: this.waiting, callers: this.callers.size };
  }

  /** True when no more tasks may wait: new ones are refused with "full". */
  saturated(): boolean {
    return this.waiting >= this.limits.maxWaiting;
  }

  /**
   * A slot for `caller`: at once when one is free and nobody waits, else when the fair order reaches
   * it. Rejects with GateRefusedError, or with the signal's reason when it aborts while waiting.
   */
  acquire(
    caller: string,
    { signal, capped = true }: { signal?: AbortSignal; capped?: boolean } = {},
  ): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const entry = this.callers.get(caller) ?? { running: 0, waiting: [], lastGrant: -1 };
    if (capped && entry.running + entry.waiting.length >= this.limits.perCallerMax)
      return Promise.reject(new GateRefusedError("caller_limit"));
    if (this.running < this.limits.slots && this.waiting === 0) {
      this.callers.set(caller, entry);
      return Promise.resolve(this.grant(caller, entry));
    }
    if (this.saturated()) return Promise.reject(new GateRefusedError("full"));
    this.callers.set(caller, entry);
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const onAbort = () => {
        const at = entry.waiting.indexOf(waiter);
        if (at < 0) return;
        entry.waiting.splice(at, 1);
        this.waiting--;
        this.forgetIfIdle(caller, entry);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      entry.waiting.push(waiter);
      this.waiting++;
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private grant(caller: string, entry: Caller): ReleaseSlot {
    this.running++;
    entry.running++;
    entry.lastGrant = this.grants++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      entry.running--;
      this.forgetIfIdle(caller, entry);
      this.dispatch();
    };
  }

  /** Hands free slots to waiting callers: fewest running first, then the one served longest ago. */
  private dispatch(): void {
    while (this.running < this.limits.slots && this.waiting > 0) {
      let next: [string, Caller] | undefined;
      for (const candidate of this.callers) {
        const c = candidate[1];
        if (c.waiting.length === 0) continue;
        if (!next || c.running < next[1].running || (c.running === next[1].running && c.lastGrant < next[1].lastGrant))
          next = candidate;
      }
      if (!next) return;
      const [caller, entry] = next;
      const waiter = entry.waiting.shift()!;
      this.waiting--;
      waiter.grant(this.grant(caller, entry));
    }
  }

  private forgetIfIdle(caller: string, entry: Caller): void {
    // a caller with nothing running or waiting starts afresh: its next task is a newcomer's
    if (entry.running === 0 && entry.waiting.length === 0) this.callers.delete(caller);
  }
}
