import { describe, expect, it } from "vitest";
import { defaultJobs } from "./analyze-options";

describe("defaultJobs", () => {
  it("leaves one core to the CLI's own thread for the fast stage, never fewer than one thread", () => {
    expect(defaultJobs(false, 1)).toBe(1);
    expect(defaultJobs(false, 2)).toBe(1);
    expect(defaultJobs(false, 8)).toBe(7);
  });

  it("takes a thread per core with --deep, whose engines run in their own processes", () => {
    expect(defaultJobs(true, 1)).toBe(1);
    expect(defaultJobs(true, 2)).toBe(2);
    expect(defaultJobs(true, 8)).toBe(8);
  });
});
