// QR codes in RGBA pixels. zxing-cpp (zxing-wasm) is the decoder: ~10 ms on a rendered text page
// where jsQR takes ~200 ms (jsQR tests every dark run of every glyph as a finder pattern), and it
// returns several codes per image. zxing-wasm fetches its .wasm from a CDN by default: offline it
// must be given the installed binary (wasmBinary override). jsQR is the fallback when the wasm
// module cannot be loaded, so QR decoding degrades to slower, not to nothing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import jsQR from "jsqr";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

/** codes decoded from one pixel buffer */
export const QR_MAX_PER_IMAGE = 4;
/** smallest side (pixels) that can hold a version-1 QR code (21 modules) at 1 px per module */
const QR_MIN_SIDE_PX = 21;

export type QrDecoderName = "zxing" | "jsqr";

let zxing: Promise<boolean> | null = null;

/** Loads the zxing wasm module from the installed package once; false when it cannot be used. */
function zxingReady(): Promise<boolean> {
  zxing ??= (async () => {
    try {
      const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
      await prepareZXingModule({
        overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
        fireImmediately: true,
      });
      return true;
    } catch {
      return false;
    }
  })();
  return zxing;
}

/** The decoder in use (after the first decode), for diagnostics and tests. */
export async function qrDecoderName(): Promise<QrDecoderName> {
  return (await zxingReady()) ? "zxing" : "jsqr";
}

/** The texts of the QR codes in an RGBA buffer (`width` * `height` * 4 bytes), deduplicated. */
export async function decodeQrCodes(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  max = QR_MAX_PER_IMAGE,
): Promise<string[]> {
  if (width < QR_MIN_SIDE_PX || height < QR_MIN_SIDE_PX || rgba.length < width * height * 4) return [];
  if (await zxingReady()) {
    try {
      const results = await readBarcodes({ data: rgba, width, height } as ImageData, {
        formats: ["QRCode", "MicroQRCode", "RMQRCode"],
        tryHarder: true,
        maxNumberOfSymbols: max,
      });
      return [...new Set(results.filter((r) => r.isValid && r.text).map((r) => r.text))];
    } catch {
      // a decoder failure on one image is no answer for that image, not a failed analysis
      return [];
    }
  }
  return decodeWithJsqr(rgba, width, height, max);
}

/** jsQR returns one code per call: a found code is painted over and the search repeated. */
export function decodeWithJsqr(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  max = QR_MAX_PER_IMAGE,
): string[] {
  const out: string[] = [];
  let pixels = rgba;
  for (let i = 0; i < max; i++) {
    // light-on-dark codes are rare in lures and cost a second binarisation pass: not searched
    const code = jsQR(pixels, width, height, { inversionAttempts: "dontInvert" });
    if (!code) break;
    if (code.data && !out.includes(code.data)) out.push(code.data);
    if (i + 1 === max) break;
    if (pixels === rgba) pixels = new Uint8ClampedArray(rgba);
    const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c, bottomRightCorner: d } = code.location;
    const xs = [a.x, b.x, c.x, d.x];
    const ys = [a.y, b.y, c.y, d.y];
    // the corners jsQR reports are module centres near the edge: widen the box by a margin
    const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * 0.2 + 4;
    fillWhite(
      pixels,
      width,
      height,
      Math.min(...xs) - margin,
      Math.min(...ys) - margin,
      Math.max(...xs) + margin,
      Math.max(...ys) + margin,
    );
  }
  return out;
}

function fillWhite(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  const left = clamp(Math.floor(x0), 0, width);
  const right = clamp(Math.ceil(x1), 0, width);
  for (let y = clamp(Math.floor(y0), 0, height); y < clamp(Math.ceil(y1), 0, height); y++)
    rgba.fill(255, (y * width + left) * 4, (y * width + right) * 4);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
