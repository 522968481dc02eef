import { describe, expect, it } from "vitest";
import { FairGate, GateRefusedError, type ReleaseSlot } from "./fair-gate";

/** Acquisitions as they are granted, in order: "caller#n". */
function recorder(gate: FairGate) {
  const granted: string[] = [];
  const releases = new Map<string, ReleaseSlot>();
  const ask = (caller: string, n: number, options: { signal?: AbortSignal; capped?: boolean } = {}) =>
    gate.acquire(caller, options).then((release) => {
      granted.push(`${caller}#${n}`);
      releases.set(`${caller}#${n}`, release);
    });
  const release = (id: string) => releases.get(id)!();
  return { granted, ask, release };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof GateRefusedError ? e.reason : e),
  );

describe("FairGate", () => {
  it("refuses a caller past its own cap and nobody else", async () => {
    const gate = new FairGate({ slots: 1, maxWaiting: 16, perCallerMax: 2 });
    const r = recorder(gate);
    void r.ask("greedy", 1);
    void r.ask("greedy", 2);
    expect(await refusal(gate.acquire("greedy"))).toBe("caller_limit");
    void r.ask("other", 1);
    expect(gate.load()).toEqual({ running: 1, waiting: 2, callers: 2 });
    expect(gate.saturated()).toBe(false);
  });

  it("hands a freed slot to the caller served longest ago, not to the one that queued most", async () => {
    const gate = new FairGate({ slots: 1, maxWaiting: 16, perCallerMax: 10 });
    const r = recorder(gate);
    await r.ask("greedy", 1);
    const waits = [2, 3, 4].map((n) => r.ask("greedy", n));
    const other = r.ask("other", 1);
    const third = r.ask("third", 1);
    r.release("greedy#1");
    await other;
    r.release("other#1");
    await third;
    r.release("third#1");
    await waits[0];
    expect(r.granted).toEqual(["greedy#1", "other#1", "third#1", "greedy#2"]);
  });

  it("gives free slots to the caller with the fewest running tasks first", async () => {
    const gate = new FairGate({ slots: 2, maxWaiting: 16, perCallerMax: 10 });
    const r = recorder(gate);
    await r.ask("a", 1);
    await r.ask("a", 2);
    const a3 = r.ask("a", 3);
    const b1 = r.ask("b", 1);
    r.release("a#1");
    await b1;
    r.release("a#2");
    await a3;
    expect(r.granted).toEqual(["a#1", "a#2", "b#1", "a#3"]);
  });

  it("bounds the waiting room for everyone (full), and uncapped callers skip only their own cap", async () => {
    const gate = new FairGate({ slots: 1, maxWaiting: 2, perCallerMax: 1 });
    const r = recorder(gate);
    await r.ask("stages", 1, { capped: false });
    void r.ask("stages", 2, { capped: false });
    void r.ask("k1", 1);
    expect(gate.saturated()).toBe(true);
    expect(await refusal(gate.acquire("k2"))).toBe("full");
    expect(await refusal(gate.acquire("stages", { capped: false }))).toBe("full");
  });

  it("forgets a waiter whose client went away, and counts it no more", async () => {
    const gate = new FairGate({ slots: 1, maxWaiting: 4, perCallerMax: 2 });
    const r = recorder(gate);
    await r.ask("a", 1);
    const hangUp = new AbortController();
    const gone = gate.acquire("b", { signal: hangUp.signal });
    const b2 = r.ask("b", 2);
    expect(gate.load().waiting).toBe(2);
    hangUp.abort(new Error("client gone"));
    await expect(gone).rejects.toThrow("client gone");
    expect(gate.load()).toEqual({ running: 1, waiting: 1, callers: 2 });
    r.release("a#1");
    await b2;
    expect(r.granted).toEqual(["a#1", "b#2"]);
    r.release("b#2");
    r.release("b#2"); // a second release changes nothing
    expect(gate.load()).toEqual({ running: 0, waiting: 0, callers: 0 });
  });
});
