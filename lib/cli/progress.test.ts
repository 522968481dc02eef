import { describe, expect, it } from "vitest";
import { createProgress, formatProgress } from "./progress";

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (s: string) => chunks.push(s) };
}

describe("progress bar", () => {
  it("formats done/total, megabytes and seconds", () => {
    expect(formatProgress(12, 89, 1_400_000, 3.14)).toBe(`[###${"-".repeat(21)}] 12/89 files  1.4 MB  3.1 s`);
    expect(formatProgress(2, 2, 0, 0)).toContain(`[${"#".repeat(24)}]`);
  });

  it("draws on a terminal and erases itself around output and at the end", () => {
    const err = stream(true);
    const progress = createProgress(err, 2, true);
    progress.tick(10);
    progress.around(() => err.chunks.push("RESULT"));
    progress.tick(10);
    progress.done();
    const text = err.chunks.join("");
    expect(text).toContain("1/2 files");
    expect(text).toContain("\r\x1b[2KRESULT\r[");
    expect(text.endsWith("\r\x1b[2K")).toBe(true);
  });

  it("writes nothing when stderr is not a terminal, when disabled, or for a single document", () => {
    for (const [s, enabled, total] of [
      [stream(false), true, 5],
      [stream(true), false, 5],
      [stream(true), true, 1],
    ] as const) {
      const progress = createProgress(s, total, enabled);
      progress.tick(1);
      progress.around(() => undefined);
      progress.done();
      expect(s.chunks).toEqual([]);
    }
  });
});
