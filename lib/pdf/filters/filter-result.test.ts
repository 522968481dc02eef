import { describe, expect, it } from "vitest";
import { BoundedOutput, compact } from "./filter-result";

describe("BoundedOutput", () => {
  it("grows past its size hint up to the cap", () => {
    const out = new BoundedOutput(100, 1);
    for (let i = 0; i < 100; i++) expect(out.push(i)).toBe(true);
    expect(out.push(100)).toBe(false);
    const r = out.finish();
    expect(Array.from(r.data)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(r).toMatchObject({ truncated: true });
    expect(r.error).toBeUndefined();
  });

  it("writes the part of a chunk that fits", () => {
    const out = new BoundedOutput(5);
    expect(out.pushBytes(Uint8Array.from([1, 2, 3]))).toBe(true);
    expect(out.pushRepeat(9, 4)).toBe(false);
    expect(out.pushBytes(Uint8Array.from([7]))).toBe(false);
    expect(out.finish("why")).toEqual({ data: Uint8Array.from([1, 2, 3, 9, 9]), error: "why", truncated: true });
  });

  it("is not truncated when the output fills the cap exactly", () => {
    const out = new BoundedOutput(3);
    out.pushRepeat(1, 3);
    expect(out.finish()).toEqual({ data: Uint8Array.from([1, 1, 1]), truncated: false });
  });

  it("holds nothing with a zero cap", () => {
    const out = new BoundedOutput(0);
    expect(out.push(1)).toBe(false);
    expect(out.finish().data.length).toBe(0);
  });
});

describe("compact", () => {
  it("copies a small view of a big buffer and keeps a view that fills most of its buffer", () => {
    const big = new Uint8Array(100_000);
    expect(compact(big.subarray(0, 10)).buffer.byteLength).toBe(10);
    const most = big.subarray(0, 90_000);
    expect(compact(most)).toBe(most);
  });
});
