import { describe, expect, it } from "vitest";
import { hexDump } from "../../hex-dump";
import { defaultBudget, resolveLimits, type Budget } from "../../limits";
import { escapedByteRuns } from "./escaped-bytes";

describe("escapedByteRuns", () => {
  it("turns a %u run into its little-endian bytes, as unescape() lays them in memory", () => {
    const sled = "%u9090".repeat(16) + "%u10eb%u4141";
    const [run] = escapedByteRuns(`var s = unescape("${sled}");`, defaultBudget());
    expect(run).toMatchObject({ kind: "%u", offset: 'var s = unescape("'.length, cut: false });
    expect(Array.from(run!.bytes.slice(30))).toEqual([0x90, 0x90, 0xeb, 0x10, 0x41, 0x41]);
    expect(run!.bytes).toHaveLength(36);
  });

  it("reads \\x runs too, and leaves short runs and ordinary text alone", () => {
    const hex = "\\x31\\xc0".repeat(16);
    expect(escapedByteRuns(`s = "${hex}";`, defaultBudget())[0]).toMatchObject({
      kind: "\\x",
      bytes: new Uint8Array(Array(16).fill([0x31, 0xc0]).flat()),
    });
    expect(escapedByteRuns('app.alert("%u0041%u0042 hello");', defaultBudget())).toEqual([]);
    expect(escapedByteRuns("\\x41\\x42", defaultBudget())).toEqual([]);
  });
});

describe("escapedByteRuns budgets", () => {
  const budgetOf = (o: Parameters<typeof resolveLimits>[0]): Budget => ({
    limits: resolveLimits(o),
    budgetHits: new Set(),
  });
  const text = `a = "${"%u9090".repeat(16)}"; b = "${"\\x90".repeat(40)}";`;

  it("reports the runs, bytes and characters it leaves unread, and nothing when the text fits", () => {
    const runs = budgetOf({ SHELLCODE_ESCAPE_RUNS: 1 });
    expect(escapedByteRuns(text, runs)).toHaveLength(1);
    expect([...runs.budgetHits]).toEqual(["SHELLCODE_ESCAPE_RUNS"]);
    const bytes = budgetOf({ SHELLCODE_ESCAPE_RUN_BYTES: 32 });
    expect(escapedByteRuns(text, bytes).map((r) => r.cut)).toEqual([false, true]);
    expect([...bytes.budgetHits]).toEqual(["SHELLCODE_ESCAPE_RUN_BYTES"]);
    const chars = budgetOf({ SHELLCODE_ESCAPE_SCAN_CHARS: 120 });
    expect(escapedByteRuns(text, chars)).toHaveLength(1);
    expect([...chars.budgetHits]).toEqual(["SHELLCODE_ESCAPE_SCAN_CHARS"]);
    const fits = budgetOf({
      SHELLCODE_ESCAPE_RUNS: 2,
      SHELLCODE_ESCAPE_RUN_BYTES: 40,
      SHELLCODE_ESCAPE_SCAN_CHARS: text.length,
    });
    expect(escapedByteRuns(text, fits)).toHaveLength(2);
    expect(fits.budgetHits.size).toBe(0);
  });
});

describe("hexDump", () => {
  it("writes offsets, 16 bytes a line and the printable characters", () => {
    expect(hexDump(new Uint8Array([0x90, 0x41, 0x42, 0x0a]))).toBe(`00000000  ${"90 41 42 0a".padEnd(47)}  .AB.`);
    expect(hexDump(new Uint8Array(17)).split("\n")[1]).toMatch(/^00000010 {2}00 {46} \.$/);
  });
});
