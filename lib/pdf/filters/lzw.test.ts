import { describe, expect, it } from "vitest";
import { bytes, text } from "../testing/pdf-builder";
import { decodeLzw } from "./lzw";

/**
 * Test-only LZW encoder (§7.4.4.2). The decoder adds a table entry one code after the encoder does,
 * so each code is written at the width the decoder will read it with: that of table size next-1.
 */
function encodeLzw(data: Uint8Array, earlyChange = 1): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let accBits = 0;
  const write = (code: number, width: number) => {
    acc = (acc << width) | code;
    accBits += width;
    while (accBits >= 8) {
      accBits -= 8;
      out.push((acc >>> accBits) & 0xff);
    }
    acc &= (1 << accBits) - 1;
  };
  const widthFor = (decoderNext: number) => {
    let w = 9;
    while (w < 12 && decoderNext + earlyChange >= 1 << w) w++;
    return w;
  };
  const table = new Map<string, number>();
  let next = 258;
  const codeOf = (s: string) => (s.length === 1 ? s.charCodeAt(0) : table.get(s)!);
  write(256, 9);
  let w = "";
  for (const b of data) {
    const c = String.fromCharCode(b);
    if (w === "" || table.has(w + c)) {
      w += c;
      continue;
    }
    write(codeOf(w), widthFor(next - 1));
    table.set(w + c, next++);
    w = c;
    if (next === 4096) {
      write(256, widthFor(next - 1));
      table.clear();
      next = 258;
    }
  }
  if (w !== "") write(codeOf(w), widthFor(next - 1));
  write(257, widthFor(next)); // the decoder has added the last entry by now
  if (accBits > 0) out.push((acc << (8 - accBits)) & 0xff);
  return Uint8Array.from(out);
}

/** Varied text so the table fills past 511, 1023 and 2047 entries and gets cleared. */
function sample(size: number): Uint8Array {
  const out = new Uint8Array(size);
  let seed = 12345;
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = 97 + ((seed >> 16) % 12);
  }
  return out;
}

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ""), "hex"));

describe("decodeLzw", () => {
  it("decodes the example of ISO 32000 §7.4.4.2", () => {
    // codes 256 45 258 258 65 259 66 257 for "-----A---B"
    const r = decodeLzw(hex("80 0B 60 50 22 0C 0C 85 01"), 1000);
    expect(text(r.data)).toBe("-----A---B");
    expect(r.error).toBeUndefined();
  });

  it.each([
    ["empty", ""],
    ["one byte", "x"],
    ["KwKwK", "aaaaaaaaaaaaaaaaaaaaa"],
    ["text", "BT /F1 12 Tf (Hello, LZW) Tj ET"],
  ])("round-trips %s", (_name, s) => {
    const r = decodeLzw(encodeLzw(bytes(s)), 1000);
    expect(text(r.data)).toBe(s);
    expect(r.error).toBeUndefined();
  });

  it.each([0, 1])("round-trips through 10, 11 and 12-bit codes and table clears with EarlyChange %i", (early) => {
    const data = sample(60_000);
    const r = decodeLzw(encodeLzw(data, early), 100_000, early);
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual(data);
  });

  it("gets garbage when EarlyChange does not match the encoder", () => {
    const data = sample(5_000);
    expect(decodeLzw(encodeLzw(data, 0), 100_000, 1).data).not.toEqual(data);
    expect(decodeLzw(encodeLzw(data, 1), 100_000, 0).data).not.toEqual(data);
  });

  it("tolerates a missing EOD", () => {
    const enc = encodeLzw(bytes("no end of data marker here"));
    const r = decodeLzw(enc.subarray(0, enc.length - 2), 1000);
    expect(text(r.data)).toMatch(/^no end of data marker he/);
    expect(r.error).toBeUndefined();
  });

  it("stops at a code not yet in the table and keeps what came before", () => {
    // 256, 'A' (65), then 300 while the table has 258 entries
    const r = decodeLzw(packCodes([256, 65, 300, 66, 257]), 1000);
    expect(text(r.data)).toBe("A");
    expect(r.error).toMatch(/invalid code 300/);
  });

  it("caps output at maxOut", () => {
    const r = decodeLzw(encodeLzw(new Uint8Array(100_000)), 1000);
    expect(r.data.length).toBe(1000);
    expect(r.truncated).toBe(true);
  });

  it("survives random bytes", () => {
    const r = decodeLzw(
      sample(10_000).map((b) => b * 7),
      50_000,
    );
    expect(r.data.length).toBeLessThanOrEqual(50_000);
  });
});

/** Packs 9-bit codes MSB first. */
function packCodes(codes: number[]): Uint8Array {
  const bits = codes.map((c) => c.toString(2).padStart(9, "0")).join("");
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, "0");
  return Uint8Array.from(padded.match(/.{8}/g)!, (b) => parseInt(b, 2));
}
