import { describe, expect, it } from "vitest";
import { rc4, rc4Schedule, rc4WithSchedule } from "./rc4";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const ascii = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));

describe("rc4", () => {
  it.each([
    // the classic test vectors (Wikipedia "RC4", from the 1994 cypherpunks posting)
    ["Key", "Plaintext", "bbf316e8d940af0ad3"],
    ["Wiki", "pedia", "1021bf0420"],
    ["Secret", "Attack at dawn", "45a01f645fc35b383552544b9bf5"],
  ])("encrypts %s / %s", (key, text, expected) => {
    expect(hex(rc4(ascii(key), ascii(text)))).toBe(expected);
  });

  it("gives the same output from a reused key schedule, which it leaves as it was", () => {
    const schedule = rc4Schedule(ascii("Key"));
    const copy = Uint8Array.from(schedule);
    const data = ascii("Plaintext");
    expect(hex(rc4WithSchedule(schedule, data))).toBe("bbf316e8d940af0ad3");
    expect(hex(rc4WithSchedule(schedule, data))).toBe("bbf316e8d940af0ad3");
    expect(schedule).toEqual(copy);
    expect(hex(rc4WithSchedule(rc4Schedule(ascii("Wiki")), ascii("pedia")))).toBe("1021bf0420");
    // decryption is the same operation
    expect(Buffer.from(rc4(ascii("Secret"), rc4(ascii("Secret"), ascii("Attack at dawn")))).toString("latin1")).toBe(
      "Attack at dawn",
    );
  });
});
