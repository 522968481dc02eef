// A short slice of `npm run soak` for CI: ~45 s of concurrent uploads and reads against the real
// built server in the scale-out configuration (PostgreSQL + Redis + 2 worker processes), with one
// worker SIGKILLed (and replaced) and one Redis restart (`shutdown nosave`: the queue's state is
// lost) on the way. Every scan must still end, delete_immediately uploads must be gone, and the only
// 5xx allowed are the planned 503/504. PostgreSQL and Redis are required (the test fails without).
// It restarts the local Redis: the CI machine's, started with the command line in scripts/soak/faults.ts.
import { describe, expect, it } from "vitest";
import { runSoak } from "../scripts/soak/run-soak";

const SLICE_S = 45;

describe("soak slice (scale-out, worker kill + Redis restart)", () => {
  it("loses no scan, leaves no scan stuck or delete_immediately upload behind, answers no unplanned 5xx, crashes no process", async () => {
    const r = await runSoak({
      kind: "scale-out",
      durationS: SLICE_S,
      uploaders: 3,
      readers: 2,
      workers: 2,
      threads: 1,
      // a killed worker's stage is taken over within seconds, inside the grace period
      leaseMs: 5_000,
      faultEveryS: 15,
      faults: ["kill-worker", "restart-redis"],
      graceS: 60,
      settleS: 0,
      seed: 7,
    });
    const context = JSON.stringify(
      { faults: r.faults, crashes: r.crashes, errors: r.errorSamples, audit: r.audit, outcomes: r.outcomes },
      null,
      1,
    );
    expect(
      r.faults.map((f) => [f.kind, f.error]),
      context,
    ).toEqual([
      ["kill-worker", undefined],
      ["restart-redis", undefined],
    ]);
    expect(r.scansAcknowledged, context).toBeGreaterThan(10);
    expect(r.audit.lost, context).toEqual([]);
    expect(r.audit.stuck, context).toEqual({});
    expect(r.audit.undeletedDeleteImmediately, context).toEqual([]);
    expect(r.unplanned5xx, context).toBe(0);
    expect(r.crashes, context).toEqual([]);
    expect(r.leftoverPids, context).toEqual([]);
  }, 240_000);
});
