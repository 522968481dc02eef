import { describe, expect, it } from "vitest";
import { pageImageBudgetOf, renderBudgetOf } from "../../analyzer/pages/render-facts";
import { buildLurePdf } from "../../analyzer/pages/testing/lure-pdf";
import { DEFAULT_LIMITS } from "../../limits";
import { scaledSize } from "./encode-page-images";
import { createInThreadRenderer } from "./render-document";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const render = createInThreadRenderer({ qr: false });
const twoPages = () =>
  buildLurePdf({
    pages: [
      {
        lines: ["Your invoice is ready", "Click below to view it"],
        links: [{ url: "https://phish.example.net/login", rect: [72, 600, 300, 630] }],
      },
      { lines: ["Page two"] },
    ],
  });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("page images", () => {
  it("are not made unless the budget asks for them", async () => {
    const facts = await render(twoPages(), renderBudgetOf(DEFAULT_LIMITS));
    expect(facts.pagesRendered).toBe(2);
    expect(facts.pageImages).toBeUndefined();
  });

  it("are PNGs of each drawn page within the size limits", async () => {
    const facts = await render(twoPages(), {
      ...renderBudgetOf(DEFAULT_LIMITS),
      pageImages: pageImageBudgetOf(DEFAULT_LIMITS),
    });
    expect(facts.pageImages?.map((p) => p.index)).toEqual([0, 1]);
    for (const image of facts.pageImages ?? []) {
      for (const png of [image.thumbnail, image.large!]) expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      const thumb = pngSize(image.thumbnail);
      const large = pngSize(image.large!);
      expect(Math.max(thumb.width, thumb.height)).toBe(DEFAULT_LIMITS.RENDER_THUMBNAIL_MAX_PX);
      // letter size at scale 1.5 is 918 x 1188: the preview is scaled down to the limit
      expect(Math.max(large.width, large.height)).toBe(DEFAULT_LIMITS.RENDER_PREVIEW_MAX_PX);
      expect(thumb.width / thumb.height).toBeCloseTo(612 / 792, 1);
    }
    // the thumbnail has ink on it (not a blank or transparent image): a PNG of text is not tiny
    expect(facts.pageImages![0].thumbnail.byteLength).toBeGreaterThan(1_000);
  });

  it("stay within the total bytes cap: thumbnails first, then nothing", async () => {
    const budget = { ...pageImageBudgetOf(DEFAULT_LIMITS), maxTotalBytes: 1 };
    const none = await render(twoPages(), { ...renderBudgetOf(DEFAULT_LIMITS), pageImages: budget });
    expect(none.pageImages).toEqual([]);
    const full = await render(twoPages(), {
      ...renderBudgetOf(DEFAULT_LIMITS),
      pageImages: pageImageBudgetOf(DEFAULT_LIMITS),
    });
    const thumbsOnly =
      full.pageImages!.reduce((n, p) => n + p.thumbnail.byteLength, 0) + full.pageImages![0].large!.byteLength - 1;
    const some = await render(twoPages(), {
      ...renderBudgetOf(DEFAULT_LIMITS),
      pageImages: { ...budget, maxTotalBytes: thumbsOnly },
    });
    const total = some.pageImages!.reduce((n, p) => n + p.thumbnail.byteLength + (p.large?.byteLength ?? 0), 0);
    expect(total).toBeLessThanOrEqual(thumbsOnly);
    expect(some.pageImages!.every((p) => p.thumbnail.byteLength > 0)).toBe(true);
  });

  it("never upscale and keep the aspect ratio", () => {
    expect(scaledSize(200, 100, 320)).toEqual({ width: 200, height: 100 });
    expect(scaledSize(918, 1188, 320)).toEqual({ width: 247, height: 320 });
    expect(scaledSize(50_000, 1, 320)).toEqual({ width: 320, height: 1 });
  });
});
