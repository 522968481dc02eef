import { describe, expect, it } from "vitest";
import { text } from "../testing/pdf-builder";
import { decodeRunLength } from "./run-length";

const rl = (...b: number[]) => Uint8Array.from(b);

describe("decodeRunLength", () => {
  it.each([
    ["literal run", rl(2, 65, 66, 67, 128), "ABC"],
    ["repeat run", rl(254, 90, 128), "ZZZ"],
    ["mixed runs", rl(0, 65, 255, 66, 1, 67, 68, 128), "ABBCD"],
    ["longest repeat run", rl(129, 120, 128), "x".repeat(128)],
    ["missing EOD tolerated", rl(1, 72, 105), "Hi"],
    ["data after EOD ignored", rl(0, 65, 128, 0, 66), "A"],
    ["empty", rl(128), ""],
  ])("%s", (_name, encoded, decoded) => {
    const r = decodeRunLength(encoded, 1000);
    expect(text(r.data)).toBe(decoded);
    expect(r.error).toBeUndefined();
  });

  it("keeps a literal run cut short by the end of data", () => {
    const r = decodeRunLength(rl(0, 65, 4, 66, 67), 1000);
    expect(text(r.data)).toBe("ABC");
    expect(r.error).toMatch(/cut short/);
  });

  it("reports a repeat run without its byte", () => {
    const r = decodeRunLength(rl(0, 65, 200), 1000);
    expect(text(r.data)).toBe("A");
    expect(r.error).toMatch(/without its byte/);
  });

  it("caps the 128x expansion at maxOut", () => {
    const r = decodeRunLength(new Uint8Array(20_000).fill(129), 1000);
    expect(r.data.length).toBe(1000);
    expect(r.truncated).toBe(true);
  });
});
