import { describe, expect, it } from "vitest";
import { scriptSignals } from "./script-signals";

/** the longest run of hex digits, by a regex over every run (the reference) */
const reference = (text: string) => Math.max(0, ...[...text.matchAll(/[0-9a-fA-F]+/g)].map((m) => m[0].length));

describe("scriptSignals: longestHexRun", () => {
  it.each([
    ["no hex", "xyz-+=() ghij", 0],
    ["a run at the end", 'var s = "zz" + "0c0c0c0c"', 8],
    ["a run at the start", "deadBEEF1234 = 1", 12],
    ["letters beyond f end a run", "abcdefg", 6],
    ["a code unit above 0xFF is no digit", "12\u0661\u0662ab", 2],
    ["empty", "", 0],
  ])("%s", (_name, text, expected) => {
    expect(scriptSignals(text).longestHexRun).toBe(expected);
  });

  it("agrees with a regex over every run on random text", () => {
    let seed = 7;
    const alphabet = "0123456789abcdefABCDEFghxyz %\\u\"'+;\n\u0100\u00e9";
    for (let k = 0; k < 300; k++) {
      let text = "";
      const length = 1 + (k % 50) * 40;
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        // long stretches of digits now and then
        text += (seed >> 8) % 9 === 0 ? "0c0c0c0c".repeat((seed >> 12) % 5) : alphabet[(seed >> 4) % alphabet.length];
      }
      expect(scriptSignals(text).longestHexRun, text).toBe(reference(text));
    }
  });
});
