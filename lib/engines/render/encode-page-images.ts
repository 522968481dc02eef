// PNG images of a drawn page (a thumbnail and an enlarged preview) for a scan's report, scaled down
// from the canvas the renderer already drew: no second drawing. Canvases come from the document's
// canvasFactory (the @napi-rs/canvas copy pdf.js resolves; a second copy in the process crashes).
import type { PageImage, PageImageBudget } from "../../analyzer";

/** What the renderer hands over: pdf.js's canvas factory and the drawn page's canvas. */
export interface CanvasFactory {
  create(width: number, height: number): { canvas: unknown; context: CanvasRenderingContext2D };
  destroy(target: unknown): void;
}

interface EncodableCanvas {
  encode(format: "png"): Promise<Uint8Array>;
}

/** Bytes already spent on the document's images; encodePageImages adds to it. */
export interface ImageBytes {
  used: number;
}

/**
 * The page's thumbnail and, when the budget leaves room, its preview; null when not even the
 * thumbnail fits. Never upscales: a small page stays its drawn size.
 */
export async function encodePageImages(
  factory: CanvasFactory,
  drawn: { canvas: unknown; width: number; height: number },
  index: number,
  budget: PageImageBudget,
  spent: ImageBytes,
): Promise<PageImage | null> {
  const thumbnail = await encodeScaled(factory, drawn, budget.thumbnailMaxPx);
  if (spent.used + thumbnail.byteLength > budget.maxTotalBytes) return null;
  spent.used += thumbnail.byteLength;
  const large = await encodeScaled(factory, drawn, budget.largeMaxPx);
  if (spent.used + large.byteLength > budget.maxTotalBytes) return { index, thumbnail };
  spent.used += large.byteLength;
  return { index, thumbnail, large };
}

/** Dimensions of a `width` x `height` image whose long side is at most `maxPx` (at least 1 x 1). */
export function scaledSize(width: number, height: number, maxPx: number): { width: number; height: number } {
  const ratio = Math.min(1, maxPx / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

async function encodeScaled(
  factory: CanvasFactory,
  drawn: { canvas: unknown; width: number; height: number },
  maxPx: number,
): Promise<Uint8Array> {
  const size = scaledSize(drawn.width, drawn.height, maxPx);
  const target = factory.create(size.width, size.height);
  try {
    // pdf.js leaves transparent what the page does not paint: a reader shows paper, so do we
    target.context.fillStyle = "#ffffff";
    target.context.fillRect(0, 0, size.width, size.height);
    target.context.imageSmoothingEnabled = true;
    target.context.imageSmoothingQuality = "high";
    target.context.drawImage(drawn.canvas as CanvasImageSource, 0, 0, size.width, size.height);
    const png = await (target.canvas as EncodableCanvas).encode("png");
    // a plain Uint8Array crosses the process boundary as one (a Buffer would arrive as a Uint8Array anyway)
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  } finally {
    factory.destroy(target);
  }
}
