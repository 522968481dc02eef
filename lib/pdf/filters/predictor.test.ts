import { describe, expect, it } from "vitest";
import { decodePredictor, type PredictorParams } from "./predictor";

const params = (p: Partial<PredictorParams>): PredictorParams => ({
  predictor: 12,
  colors: 1,
  bitsPerComponent: 8,
  columns: 1,
  ...p,
});

/** PNG-encodes rows with one filter type each (the forward direction of RFC 2083 §6), to build fixtures. */
function pngEncode(rows: number[][], types: number[], bpp: number): Uint8Array {
  const out: number[] = [];
  rows.forEach((row, r) => {
    const prior = r > 0 ? rows[r - 1] : row.map(() => 0);
    out.push(types[r]);
    row.forEach((x, j) => {
      const a = j >= bpp ? row[j - bpp] : 0;
      const b = prior[j];
      const c = j >= bpp ? prior[j - bpp] : 0;
      const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][types[r]];
      out.push((x - pred) & 0xff);
    });
  });
  return Uint8Array.from(out);
}
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

const rows = [
  [10, 20, 30, 40, 50, 60],
  [12, 200, 31, 255, 0, 7],
  [250, 3, 99, 98, 97, 1],
  [0, 0, 255, 255, 128, 128],
  [5, 250, 5, 250, 5, 250],
];

describe("decodePredictor: PNG (10-15)", () => {
  it.each([
    ["None", 0],
    ["Sub", 1],
    ["Up", 2],
    ["Average", 3],
    ["Paeth", 4],
  ])("decodes rows filtered with %s", (_name, type) => {
    for (const colors of [1, 3]) {
      const encoded = pngEncode(
        rows,
        rows.map(() => type),
        colors,
      );
      const r = decodePredictor(encoded, params({ colors, columns: 6 / colors }));
      expect(r.error).toBeUndefined();
      expect(Array.from(r.data)).toEqual(rows.flat());
    }
  });

  it("decodes a different filter per row, whatever the /Predictor value 10-15", () => {
    const encoded = pngEncode(rows, [2, 1, 4, 3, 0], 1);
    for (const predictor of [10, 12, 15]) {
      expect(Array.from(decodePredictor(encoded, params({ predictor, columns: 6 })).data)).toEqual(rows.flat());
    }
  });

  it("decodes a cross-reference stream row layout (/Columns 5, Up)", () => {
    // the shape xref streams use: /W [1 2 2], /Predictor 12
    const xrefRows = [
      [1, 0, 15, 0, 0],
      [1, 0, 99, 0, 0],
      [2, 0, 7, 0, 3],
    ];
    const r = decodePredictor(pngEncode(xrefRows, [2, 2, 2], 1), params({ columns: 5 }));
    expect(Array.from(r.data)).toEqual(xrefRows.flat());
  });

  it("keeps a short final row", () => {
    const encoded = pngEncode(rows, [1, 2, 4, 3, 2], 1);
    const r = decodePredictor(encoded.subarray(0, encoded.length - 2), params({ columns: 6 }));
    expect(Array.from(r.data)).toEqual(rows.flat().slice(0, -2));
  });

  it("stops at an unknown row filter type and keeps the rows before", () => {
    const encoded = pngEncode(rows, [2, 2, 2, 2, 2], 1);
    encoded[14] = 9; // type byte of row 2
    const r = decodePredictor(encoded, params({ columns: 6 }));
    expect(Array.from(r.data)).toEqual(rows.flat().slice(0, 12));
    expect(r.error).toBe("unknown PNG filter type 9 in row 2");
  });
});

describe("decodePredictor: TIFF 2", () => {
  it("decodes 8-bit RGB differences", () => {
    // two rows of two RGB pixels; each component is the delta from the pixel to its left
    const encoded = Uint8Array.from([10, 20, 30, 5, 250, 1, 100, 100, 100, 156, 0, 1]);
    const r = decodePredictor(encoded, params({ predictor: 2, colors: 3, columns: 2 }));
    expect(Array.from(r.data)).toEqual([10, 20, 30, 15, 14, 31, 100, 100, 100, 0, 100, 101]);
  });

  it("decodes 16-bit components", () => {
    const encoded = Uint8Array.from([0x01, 0x00, 0x00, 0x10, 0xff, 0xff]);
    const r = decodePredictor(encoded, params({ predictor: 2, bitsPerComponent: 16, columns: 3 }));
    expect(Array.from(r.data)).toEqual([0x01, 0x00, 0x01, 0x10, 0x01, 0x0f]);
  });

  it("decodes 4-bit components, row padding untouched", () => {
    // 3 samples of 4 bits per row: deltas 1, 2, 3 -> 1, 3, 6; the low nibble of byte 2 is padding
    const encoded = Uint8Array.from([0x12, 0x3f, 0x12, 0x3f]);
    const r = decodePredictor(encoded, params({ predictor: 2, bitsPerComponent: 4, columns: 3 }));
    expect(Array.from(r.data)).toEqual([0x13, 0x6f, 0x13, 0x6f]);
  });
});

describe("decodePredictor: parameters", () => {
  it("passes data through for /Predictor 1", () => {
    const data = Uint8Array.from([1, 2, 3]);
    expect(decodePredictor(data, params({ predictor: 1 }))).toEqual({ data, truncated: false });
  });

  it.each([
    ["unsupported predictor", { predictor: 7 }, /unsupported \/Predictor 7/],
    ["huge row", { colors: 200, columns: 1e9 }, /absurd/],
    ["bad bits per component", { bitsPerComponent: 3 }, /absurd/],
    ["zero columns", { columns: 0 }, /absurd/],
    ["fractional colours", { colors: 1.5 }, /absurd/],
  ])("returns the input with an error on %s", (_name, p, error) => {
    const data = Uint8Array.from([2, 1, 2, 3]);
    const r = decodePredictor(data, params(p));
    expect(r.data).toBe(data);
    expect(r.error).toMatch(error);
  });
});
