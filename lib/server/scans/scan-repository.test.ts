// The one query layer on both dialects: compare-and-set transitions, the lease guard, the column
// invariants that go with states, and the database's own CHECK constraints as a second line.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { benignPdf } from "../../../test/fixtures/sample-pdfs";
import { setUpShared } from "../testing/set-up-shared";
import { createHarness, type Harness } from "../testing/scan-harness";
import { ScanDataInvariantError, stateOf } from "./scan-repository";
import { IllegalTransitionError } from "../domain/state-machine";

describe.each(["sqlite", "postgres"] as const)("ScanRepository (%s)", (kind) => {
  let h: Harness;
  setUpShared(
    () => createHarness(kind),
    (x) => (h = x),
    (x) => x.close(),
  );

  const fresh = async () => (await h.stores.repo.get(await h.create(benignPdf())))!;

  it("moves a scan only from the state the writer saw (compare-and-set)", async () => {
    const scan = await fresh();
    const a = await h.stores.repo.transition(
      scan,
      { type: "start_fast" },
      { lease_owner: "a", lease_until: h.clock.now + 1000 },
    );
    expect(a && stateOf(a)).toEqual({
      status: "running_fast_scan",
      advancedStatus: "pending",
      enrichmentStatus: "disabled",
    });
    // a second writer holding the same stale read loses: nothing is written
    expect(await h.stores.repo.transition(scan, { type: "start_fast" }, { lease_owner: "b" })).toBeNull();
    expect((await h.stores.repo.get(scan.id))!.lease_owner).toBe("a");
  });

  it("lets only the lease holder finish a stage, and a take-over only after the lease expired", async () => {
    const scan = await fresh();
    const claimed = (await h.stores.repo.transition(
      scan,
      { type: "start_fast" },
      { lease_owner: "a", lease_until: h.clock.now + 1000 },
    ))!;
    expect(
      await h.stores.repo.transition(
        claimed,
        { type: "resume_fast" },
        { lease_owner: "b" },
        { leaseExpiredBefore: h.clock.now },
      ),
    ).toBeNull();
    expect(await h.stores.repo.heartbeat(claimed, "b", h.clock.now + 5000)).toBe(false);
    expect(await h.stores.repo.heartbeat(claimed, "a", h.clock.now + 5000)).toBe(true);
    const taken = await h.stores.repo.transition(
      claimed,
      { type: "resume_fast" },
      { lease_owner: "b" },
      { leaseExpiredBefore: h.clock.now + 6000 },
    );
    expect(taken?.lease_owner).toBe("b");
    // the old owner can no longer write its outcome
    expect(await h.stores.repo.checkpoint(claimed, "a", { failure_reason: "late" })).toBeNull();
  });

  it("refuses illegal events before touching the database", async () => {
    const scan = await fresh();
    await expect(h.stores.repo.transition(scan, { type: "fast_succeeded" })).rejects.toThrow(IllegalTransitionError);
    await expect(h.stores.repo.transition(scan, { type: "expire" })).rejects.toThrow(IllegalTransitionError);
    expect((await h.stores.repo.get(scan.id))!.status).toBe("queued_fast_scan");
  });

  it("refuses a state whose columns break the contract (no verdict after the fast stage)", async () => {
    const scan = await fresh();
    const running = (await h.stores.repo.transition(scan, { type: "start_fast" }, { lease_owner: "a" }))!;
    await expect(
      h.stores.repo.transition(running, { type: "fast_succeeded" }, {}, { leaseOwner: "a" }),
    ).rejects.toThrow(ScanDataInvariantError);
    await expect(h.stores.repo.transition(running, { type: "fast_failed" }, {}, { leaseOwner: "a" })).rejects.toThrow(
      /failure reason/,
    );
    await expect(h.stores.repo.checkpoint(running, "a", { status: "completed" } as never)).rejects.toThrow(
      /state machine/,
    );
    await expect(
      h.stores.repo.transition(running, { type: "fast_failed" }, { status: "failed" } as never),
    ).rejects.toThrow(/state machine/);
  });

  it("has CHECK constraints on the vocabularies as a second line of defence", async () => {
    const scan = await fresh();
    await expect(
      sql`update scans set status = 'bogus' where id = ${scan.id}`.execute(h.stores.database.db),
    ).rejects.toThrow();
    await expect(
      sql`update scans set advanced_status = 'done' where id = ${scan.id}`.execute(h.stores.database.db),
    ).rejects.toThrow();
    await expect(
      sql`update scans set score = 101 where id = ${scan.id}`.execute(h.stores.database.db),
    ).rejects.toThrow();
  });

  it("finds queued stages and stages whose lease expired", async () => {
    const queued = await fresh();
    const live = (await h.stores.repo.transition(
      await fresh(),
      { type: "start_fast" },
      { lease_owner: "x", lease_until: h.clock.now + 10_000 },
    ))!;
    const dead = (await h.stores.repo.transition(
      await fresh(),
      { type: "start_fast" },
      { lease_owner: "y", lease_until: h.clock.now - 1 },
    ))!;
    const found = await h.stores.repo.findRunnable({ now: h.clock.now, limit: 1000 });
    const ids = found.map((r) => r.id);
    expect(ids).toContain(queued.id);
    expect(ids).toContain(dead.id);
    expect(ids).not.toContain(live.id);
    expect(found.find((r) => r.id === dead.id)?.stage).toBe("fast");
    // recovery ignores queued work younger than its grace period
    const recent = await h.stores.repo.findRunnable({
      now: h.clock.now,
      limit: 1000,
      queuedBefore: queued.updated_at - 1,
    });
    expect(recent.map((r) => r.id)).not.toContain(queued.id);
    h.jobs.length = 0;
  });

  it("finds runnable work owner by owner: each owner's oldest first, so one backlog does not fill a batch", async () => {
    const principal = (id: string) => ({ id: `${id}-${kind}`, kind: "key" as const, keyId: null, admin: false });
    const made: Record<string, string> = {};
    for (const [owner, n] of [
      ["greedy", 1],
      ["greedy", 2],
      ["greedy", 3],
      ["other", 1],
    ] as const) {
      h.clock.now += 1;
      made[await h.create(benignPdf(), { principal: principal(owner) })] = `${owner}${n}`;
    }
    const found = await h.stores.repo.findRunnable({ now: h.clock.now, limit: 1000 });
    expect(found.filter((r) => r.id in made).map((r) => made[r.id])).toEqual([
      "greedy1",
      "other1",
      "greedy2",
      "greedy3",
    ]);
    expect(found.find((r) => made[r.id] === "other1")?.owner).toBe(`other-${kind}`);
    expect(await h.stores.repo.countQueued(`greedy-${kind}`, "fast")).toBe(3);
    expect(await h.stores.repo.countQueued(`greedy-${kind}`, "advanced")).toBe(0);
    h.jobs.length = 0;
  });
});
