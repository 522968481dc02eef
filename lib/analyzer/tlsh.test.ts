// tlsh.ts against the `tlsh` npm port it replaces (the port is 10x slower: a dev dependency kept as the
// reference). Over the 1,790 files of the three corpora the two agreed on every digest (2026-11-29).
import computeTlsh from "tlsh";
import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { tlsh, TLSH_MIN_INPUT_BYTES } from "./tlsh";

const reference = (bytes: Uint8Array): string | null => {
  try {
    return computeTlsh(Buffer.from(bytes).toString("latin1"));
  } catch {
    return null; // InsufficientComplexityError
  }
};

/** deterministic bytes (xorshift32) */
function noise(length: number, seed: number, alphabet = 256): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = (x >>> 0) % alphabet;
  }
  return out;
}

function pdfWithText(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog();
  b.addStream(
    "<< >>",
    "BT /F1 12 Tf 72 720 Td (Quarterly report: revenue, costs and outlook for the year) Tj ET\n".repeat(20),
  );
  return b.build();
}

describe("tlsh", () => {
  const cases: [string, Uint8Array][] = [
    ["random bytes, just long enough", noise(TLSH_MIN_INPUT_BYTES, 1)],
    ["random bytes, one short", noise(TLSH_MIN_INPUT_BYTES - 1, 2)],
    ["random bytes in each length range (<= 656, <= 3199, longer)", noise(600, 3)],
    ["random bytes, 3 kB", noise(3000, 4)],
    ["random bytes, 200 kB", noise(200_000, 5)],
    ["text-like bytes (a 27-letter alphabet)", noise(20_000, 6, 27)],
    ["two symbols only: too uniform", noise(5_000, 7, 2)],
    ["one byte repeated: too uniform", new Uint8Array(10_000).fill(0x41)],
    ["a PDF built in code", pdfWithText()],
  ];

  it.each(cases)("gives the port's digest: %s", (_name, bytes) => {
    expect(tlsh(bytes)).toBe(reference(bytes));
  });

  it("refuses what the port refuses, and digests the rest in 70 hex digits", () => {
    expect(tlsh(noise(100, 8))).toBeNull();
    expect(tlsh(new Uint8Array(10_000).fill(0x41))).toBeNull();
    expect(tlsh(noise(4096, 9))).toMatch(/^[0-9A-F]{70}$/);
  });

  it("keeps near-duplicates near: one changed byte changes few digits", () => {
    const a = noise(50_000, 10, 64);
    const b = Uint8Array.from(a);
    b[25_000] ^= 0xff;
    const [da, db] = [tlsh(a)!, tlsh(b)!];
    const differing = [...da].filter((c, i) => c !== db[i]).length;
    expect(differing).toBeLessThan(8);
  });
});
