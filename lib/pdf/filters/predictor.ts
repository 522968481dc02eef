// Predictor functions of FlateDecode and LZWDecode (ISO 32000 §7.4.4.4, parameters in Table 8):
// 2 is TIFF Predictor 2 (horizontal differencing), 10-15 are PNG predictors where each row starts
// with its own filter-type byte (so the exact value 10-15 does not matter when decoding).
// Output is never larger than the input, so no output cap is needed here.
import type { FilterResult } from "./filter-result";

export interface PredictorParams {
  /** /Predictor: 1 none, 2 TIFF, 10-15 PNG (default 1) */
  predictor: number;
  /** /Colors: components per sample (default 1) */
  colors: number;
  /** /BitsPerComponent: 1, 2, 4, 8 or 16 (default 8) */
  bitsPerComponent: number;
  /** /Columns: samples per row (default 1) */
  columns: number;
}

export const DEFAULT_PREDICTOR_PARAMS: Readonly<PredictorParams> = Object.freeze({
  predictor: 1,
  colors: 1,
  bitsPerComponent: 8,
  columns: 1,
});

/** A row wider than this is taken as hostile parameters, not an image (legit rows are kilobytes). */
const MAX_PREDICTOR_ROW_BYTES = 16 * 1024 * 1024;
/** More components per sample than any colour space has (DeviceN is capped at 32 by Annex C). */
const MAX_PREDICTOR_COLORS = 256;

export function decodePredictor(data: Uint8Array, params: PredictorParams): FilterResult {
  const { predictor, colors, bitsPerComponent: bpc, columns } = params;
  if (predictor === 1) return { data, truncated: false };
  if (predictor !== 2 && !(predictor >= 10 && predictor <= 15)) {
    return { data, error: `unsupported /Predictor ${predictor}; data left as is`, truncated: false };
  }
  const bad =
    !Number.isInteger(colors) ||
    colors < 1 ||
    colors > MAX_PREDICTOR_COLORS ||
    ![1, 2, 4, 8, 16].includes(bpc) ||
    !Number.isInteger(columns) ||
    columns < 1 ||
    Math.ceil((colors * bpc * columns) / 8) > MAX_PREDICTOR_ROW_BYTES;
  if (bad) {
    return {
      data,
      error: `absurd predictor parameters /Colors ${colors} /BitsPerComponent ${bpc} /Columns ${columns}; data left as is`,
      truncated: false,
    };
  }
  return predictor === 2 ? decodeTiff(data, colors, bpc, columns) : decodePng(data, colors, bpc, columns);
}

function decodePng(data: Uint8Array, colors: number, bpc: number, columns: number): FilterResult {
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  // PNG filters work on bytes: the "left" neighbour is one whole pixel back, at least one byte
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rows = Math.ceil(data.length / (rowBytes + 1));
  const out = new Uint8Array(Math.max(0, data.length - rows));
  let prior = new Uint8Array(rowBytes); // the row above the first one is all zero
  let o = 0;
  for (let r = 0, i = 0; i < data.length; r++, i += rowBytes + 1) {
    const type = data[i];
    const raw = data.subarray(i + 1, i + 1 + rowBytes); // the last row may be short
    const cur = out.subarray(o, o + raw.length);
    switch (type) {
      case 0:
        cur.set(raw);
        break;
      case 1: // Sub
        for (let j = 0; j < raw.length; j++) cur[j] = raw[j] + (j >= bpp ? cur[j - bpp] : 0);
        break;
      case 2: // Up
        for (let j = 0; j < raw.length; j++) cur[j] = raw[j] + prior[j];
        break;
      case 3: // Average
        for (let j = 0; j < raw.length; j++) cur[j] = raw[j] + (((j >= bpp ? cur[j - bpp] : 0) + prior[j]) >> 1);
        break;
      case 4: // Paeth
        for (let j = 0; j < raw.length; j++) {
          const left = j >= bpp ? cur[j - bpp] : 0;
          const upLeft = j >= bpp ? prior[j - bpp] : 0;
          cur[j] = raw[j] + paeth(left, prior[j], upLeft);
        }
        break;
      default:
        return { data: out.subarray(0, o), error: `unknown PNG filter type ${type} in row ${r}`, truncated: false };
    }
    o += raw.length;
    prior = cur;
  }
  return { data: out.subarray(0, o), truncated: false };
}

/** PNG Paeth predictor: whichever of left, up, up-left is closest to left + up - upLeft. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/** TIFF Predictor 2: each component is stored as the difference from the same component one pixel left. */
function decodeTiff(data: Uint8Array, colors: number, bpc: number, columns: number): FilterResult {
  const out = Uint8Array.from(data); // decoded in place; padding bits at row ends stay as they are
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  const mask = bpc === 16 ? 0xffff : (1 << bpc) - 1;
  const left = new Array<number>(colors);
  for (let rowStart = 0; rowStart < out.length; rowStart += rowBytes) {
    const rowBits = Math.min(rowBytes, out.length - rowStart) * 8;
    const count = Math.min(colors * columns, Math.floor(rowBits / bpc)); // whole components only
    for (let k = 0; k < count; k++) {
      const bit = rowStart * 8 + k * bpc;
      const value = k < colors ? readBits(out, bit, bpc) : (readBits(out, bit, bpc) + left[k % colors]) & mask;
      writeBits(out, bit, bpc, value);
      left[k % colors] = value;
    }
  }
  return { data: out, truncated: false };
}

function readBits(buf: Uint8Array, bit: number, n: number): number {
  if (n === 8) return buf[bit >> 3];
  if (n === 16) return (buf[bit >> 3] << 8) | buf[(bit >> 3) + 1];
  return (buf[bit >> 3] >> (8 - n - (bit & 7))) & ((1 << n) - 1);
}

function writeBits(buf: Uint8Array, bit: number, n: number, value: number): void {
  const i = bit >> 3;
  if (n === 8) {
    buf[i] = value;
  } else if (n === 16) {
    buf[i] = value >> 8;
    buf[i + 1] = value;
  } else {
    const shift = 8 - n - (bit & 7);
    const m = ((1 << n) - 1) << shift;
    buf[i] = (buf[i] & ~m) | ((value << shift) & m);
  }
}
