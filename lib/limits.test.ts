import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, textWindow, type Budget } from "./limits";

describe("textWindow", () => {
  const budget = (max: number): Budget => ({
    limits: { ...DEFAULT_LIMITS, LURE_TEXT_SCAN_CHARS: max },
    budgetHits: new Set(),
  });

  it("gives a text that fits whole and records nothing", () => {
    const b = budget(5);
    expect(textWindow("abcde", b, "LURE_TEXT_SCAN_CHARS")).toBe("abcde");
    expect(b.budgetHits.size).toBe(0);
  });

  it("cuts a longer text to the limit and records the limit's name", () => {
    const b = budget(5);
    expect(textWindow("abcdef", b, "LURE_TEXT_SCAN_CHARS")).toBe("abcde");
    expect([...b.budgetHits]).toEqual(["LURE_TEXT_SCAN_CHARS"]);
  });
});
