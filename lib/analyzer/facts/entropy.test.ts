import { describe, expect, it } from "vitest";
import { byteEntropy, textEntropy } from "./entropy";

/** The textbook formula, one Math.log2 per distinct byte: what byteEntropy must agree with. */
function reference(bytes: Uint8Array): number {
  const counts = new Map<number, number>();
  for (const b of bytes) counts.set(b, (counts.get(b) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) h -= (c / bytes.length) * Math.log2(c / bytes.length);
  return h;
}

/** Deterministic pseudo-random bytes drawn from `alphabet` values (a 32-bit LCG). */
function bytesFrom(seed: number, length: number, alphabet: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = (s >>> 24) % alphabet;
  }
  return out;
}

describe("byteEntropy", () => {
  it.each<[string, Uint8Array, number]>([
    ["nothing", new Uint8Array(0), 0],
    ["one byte repeated", new Uint8Array(5000).fill(0x41), 0],
    ["two values, equally often", Uint8Array.from({ length: 1000 }, (_, i) => i % 2), 1],
    ["every byte value once", Uint8Array.from({ length: 256 }, (_, i) => i), 8],
    [
      "every byte value 5,000 times (counts past the table)",
      Uint8Array.from({ length: 256 * 5000 }, (_, i) => i % 256),
      8,
    ],
  ])("%s", (_name, bytes, h) => {
    expect(byteEntropy(bytes)).toBeCloseTo(h, 12);
  });

  it("agrees with the textbook formula on short and long inputs of small and full alphabets", () => {
    for (const [length, alphabet] of [
      [7, 3],
      [100, 16],
      [4096, 256],
      [4096, 2],
      [20_000, 256],
      [70_000, 5],
    ]) {
      const bytes = bytesFrom(length * alphabet, length, alphabet);
      expect(Math.abs(byteEntropy(bytes) - reference(bytes))).toBeLessThan(1e-12);
    }
  });

  it("reads only [from, to), and leaves no count behind for the next call", () => {
    const bytes = new Uint8Array([9, 9, 9, 1, 2, 3, 4, 9, 9]);
    expect(byteEntropy(bytes, 3, 7)).toBeCloseTo(2, 12);
    expect(byteEntropy(bytes, 0, 3)).toBe(0);
    expect(byteEntropy(bytes, 5, 5)).toBe(0);
  });
});

describe("textEntropy", () => {
  it("equals the entropy of the text's latin1 bytes, within maxChars", () => {
    const text = "var x = unescape('%u9090%u9090') + '\u20ac\u0141' + String.fromCharCode(0x41, 0x300);".repeat(20);
    for (const max of [0, 10, 333, text.length, 1e9]) {
      const bytes = Buffer.from(text.slice(0, max), "latin1");
      expect(Math.abs(textEntropy(text, max) - reference(bytes))).toBeLessThan(1e-12);
    }
  });
});
