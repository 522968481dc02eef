import { describe, expect, it } from "vitest";
import type { StageAnalyzers } from "./scans/pipeline";
import { withTestStageDelay } from "./test-stage-delay";

const calls: string[] = [];
const analyzers: StageAnalyzers = {
  fast: async (_b, name) => (calls.push(`fast ${name}`), "fast result"),
  advanced: async (_b, name) => (calls.push(`advanced ${name}`), "advanced result"),
};

describe("the test-only stage delay", () => {
  it("leaves the analyzers as they are when unset", () => {
    expect(withTestStageDelay(0, analyzers)).toBe(analyzers);
  });

  it("waits inside the stage until its signal stops it, without analysing", async () => {
    calls.length = 0;
    const delayed = withTestStageDelay(600_000, analyzers);
    const stop = new AbortController();
    const fast = delayed.fast(new ArrayBuffer(1), "a.pdf", { owner: "o", signal: stop.signal });
    const advanced = delayed.advanced(new ArrayBuffer(1), "a.pdf", { owner: "o", signal: stop.signal });
    stop.abort();
    await expect(fast).rejects.toMatchObject({ name: "AbortError" });
    await expect(advanced).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toEqual([]);
  });

  it("then runs the analysis it wraps", async () => {
    calls.length = 0;
    const delayed = withTestStageDelay(1, analyzers);
    expect(
      await delayed.advanced(new ArrayBuffer(1), "b.pdf", { owner: "o", signal: new AbortController().signal }),
    ).toBe("advanced result");
    expect(calls).toEqual(["advanced b.pdf"]);
  });
});
