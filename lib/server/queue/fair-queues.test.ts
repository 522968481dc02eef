// Both stage queues let owners take turns (issue 19: one key's backlog must not hold up another's
// scan): the in-process dispatcher picks the owner served longest ago, BullMQ ranks a job behind the
// jobs its owner already has waiting. Fast stages still go first.
import { describe, expect, it } from "vitest";
import { setUpShared } from "../testing/set-up-shared";
import { createRedisPrefix, TEST_REDIS_URL, type RedisPrefix } from "../testing/test-stores";
import { BullMQQueue, stagePriority } from "./bullmq-queue";
import { InProcessQueue } from "./in-process-queue";
import type { StageJob } from "./job-queue";

const job = (owner: string, n: number, stage: StageJob["stage"] = "fast"): StageJob => ({
  stage,
  scanId: `${owner}${n}`,
  owner,
});

/** Runs jobs one at a time; each holds the queue until the test lets it go, so the order is the queue's alone. */
function oneAtATime() {
  const order: string[] = [];
  const waiting: (() => void)[] = [];
  let started: (() => void) | undefined;
  const handler = (j: StageJob) =>
    new Promise<void>((resolve) => {
      order.push(j.scanId);
      waiting.push(resolve);
      started?.();
    });
  /** lets the running job end and waits until the next one has started */
  const next = () =>
    new Promise<void>((resolve) => {
      started = resolve;
      waiting.shift()!();
    });
  /** lets every job still held end (a queue closes only when its jobs have) */
  const finish = () => {
    started = undefined;
    for (const release of waiting.splice(0)) release();
  };
  return { order, handler, next, finish };
}

describe("InProcessQueue", () => {
  it("takes owners in turn within a stage, fast stages first", async () => {
    const queue = new InProcessQueue({ concurrency: 1, findRunnable: async () => [] });
    const run = oneAtATime();
    for (const j of [job("g", 1), job("g", 2), job("g", 3), job("a", 1, "advanced"), job("o", 1), job("g", 4)])
      await queue.enqueue(j);
    await queue.start(run.handler);
    for (let i = 0; i < 5; i++) await run.next();
    expect(run.order).toEqual(["g1", "o1", "g2", "g3", "g4", "a1"]);
    run.finish();
    await queue.close();
  });
});

describe("BullMQQueue", () => {
  let redis: RedisPrefix;
  setUpShared(
    createRedisPrefix,
    (r) => (redis = r),
    (r) => r.drop(),
  );

  it("ranks a job behind its owner's waiting jobs: a newcomer goes before someone's backlog", async () => {
    const backlog = new Map<string, number>();
    const queue = new BullMQQueue({
      url: TEST_REDIS_URL,
      prefix: redis.prefix,
      concurrency: 1,
      lockDurationMs: 30_000,
      // as the scans table counts them: this job's scan and those queued before it
      backlogOf: async (owner) => backlog.get(owner) ?? 0,
    });
    let run: ReturnType<typeof oneAtATime> | undefined;
    const enqueue = async (j: StageJob) => {
      backlog.set(j.owner!, (backlog.get(j.owner!) ?? 0) + 1);
      await queue.enqueue(j);
    };
    try {
      for (const j of [job("g", 1), job("g", 2), job("g", 3), job("o", 1), job("g", 4, "advanced")]) await enqueue(j);
      run = oneAtATime();
      const first = new Promise<void>((resolve) => {
        const handler = run!.handler;
        void queue.start((j) => {
          const p = handler(j);
          resolve();
          return p;
        });
      });
      await first;
      for (let i = 0; i < 4; i++) await run.next();
      run.finish();
      expect(run.order).toEqual(["g1", "o1", "g2", "g3", "g4"]);
      expect([
        stagePriority("fast", 0),
        stagePriority("advanced", 0),
        stagePriority("fast", 2),
        stagePriority("fast", 10 ** 9),
      ]).toEqual([1, 2, 5, 2_000_001]);
    } finally {
      run?.finish();
      await queue.close();
    }
  });
});
