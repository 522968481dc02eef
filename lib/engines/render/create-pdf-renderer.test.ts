import QRCode from "qrcode";
import { afterAll, describe, expect, it, vi } from "vitest";
import { renderBudgetOf } from "../../analyzer/pages/render-facts";
import { buildLurePdf, prose } from "../../analyzer/pages/testing/lure-pdf";
import { DEFAULT_LIMITS } from "../../limits";
import { degenerateTilingPdf } from "../../pdf/testing/hostile-pdfs";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { createPdfRenderer } from "./create-pdf-renderer";
import { decodeQrCodes, decodeWithJsqr, qrDecoderName } from "./decode-qr";
import type { CanvasFactory } from "./encode-page-images";
import { loadPdfjs, pdfjsDataUrls } from "./load-pdfjs";
import { createInThreadRenderer, pagePixels } from "./render-document";
import { warmUpDocument } from "./warm-up-document";

const render = createPdfRenderer();
const BUDGET = renderBudgetOf(DEFAULT_LIMITS);
afterAll(() => render.close());

const QR_URL = "https://evil.example/qr-payload?id=42";

/** RGBA pixels of a QR code of `text`, `px` pixels per module, with a 4-module white quiet zone. */
function qrPixels(text: string, px = 4): { data: Uint8ClampedArray; width: number; height: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = (modules.size + 8) * px;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / px) - 4;
      const my = Math.floor(y / px) - 4;
      if (mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx))
        data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, width: side, height: side };
}

/** A QR code drawn as vector rectangles (as report generators do), `module` points per module. */
function vectorQrContent(text: string, x: number, y: number, module: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let ops = "0 g\n";
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) ops += `${x + c * module} ${y + (modules.size - 1 - r) * module} ${module} ${module} re\n`;
  }
  return `${ops}f\n`;
}

describe("createPdfRenderer", () => {
  it("renders text, a link with its area, and decodes the QR code image to the exact URL", async () => {
    const pdf = buildLurePdf({
      pages: [
        {
          lines: ["Secure Document", "Click here to view the document"],
          links: [{ url: "https://bit.ly/3xYz", rect: [0, 0, 612, 396] }],
          qr: { text: QR_URL, x: 216, y: 420, size: 180 },
        },
      ],
    });
    const r = await render(pdf, BUDGET);
    expect(r.error).toBeUndefined();
    expect(r).toMatchObject({ pagesRendered: 1, pageCount: 1, pdfjs: { pageCount: 1, hasCatalog: true } });
    const [page] = r.pages;
    expect(page.text).toContain("Secure Document");
    expect(page.text).toContain("Click here to view the document");
    expect(page.links).toEqual([{ url: "https://bit.ly/3xYz", rect: [0, 0, 612, 396], areaRatio: 0.5 }]);
    expect(page.qrCodes).toEqual([QR_URL]);
    expect(r.qrCodes).toEqual([{ page: 0, text: QR_URL }]);
    expect(page.imageCoverage).toBeGreaterThan(0.05);
    expect(page.imageCoverage).toBeLessThan(0.15);
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it("decodes a QR code drawn with vector rectangles, and a small one (1 inch)", async () => {
    const b = new PdfBuilder();
    const content = b.addFlateStream(
      "",
      vectorQrContent("https://vector.example/a", 72, 400, 6) + `q 72 0 0 72 400 100 cm /Qr Do Q`,
    );
    const { qrImage } = await import("../../analyzer/pages/testing/lure-pdf");
    const img = qrImage(b, "https://small.example/b");
    b.addCatalog("", 1, `/Contents ${content} 0 R /Resources << /XObject << /Qr ${img} 0 R >> >>`);
    const r = await render(b.build(), BUDGET);
    expect([...r.pages[0].qrCodes].sort()).toEqual(["https://small.example/b", "https://vector.example/a"]);
  });

  it("draws a page whose only QR code is vector rectangles, and reads a page of text without drawing it", async () => {
    const b = new PdfBuilder();
    const content = b.addFlateStream("", vectorQrContent("https://vector.example/only", 72, 400, 6));
    b.addCatalog("", 1, `/Contents ${content} 0 R`);
    expect((await render(b.build(), BUDGET)).pages[0].qrCodes).toEqual(["https://vector.example/only"]);
    // not drawn (needs-drawing.ts): no pixels, so no image on it either
    const text = await render(buildLurePdf({ pages: [{ lines: prose(8) }] }), BUDGET);
    expect(text.pages[0]).toMatchObject({ qrCodes: [], imageCoverage: 0 });
    expect(text.pages[0].text).toContain("quarterly results");
  });

  it("renders at most maxPages pages but reports the page count", async () => {
    const pdf = buildLurePdf({
      pages: Array.from({ length: 7 }, (_, i) => ({ lines: [`Page ${i + 1}`, ...prose(3)] })),
    });
    const r = await render(pdf, { ...BUDGET, maxPages: 2 });
    expect(r.pagesRendered).toBe(2);
    expect(r.pages.map((p) => p.text.split("\n")[0])).toEqual(["Page 1", "Page 2"]);
    expect(r).toMatchObject({ pageCount: 7, pdfjs: { pageCount: 7 } });
  });

  it("keeps only the budgeted characters of text", async () => {
    const r = await render(buildLurePdf({ pages: [{ lines: prose(20) }] }), { ...BUDGET, maxTextCharsPerPage: 100 });
    expect(r.pages[0].text.length).toBeLessThanOrEqual(100);
  });

  it("renders a page with a huge MediaBox at a lower scale instead of allocating a huge canvas", async () => {
    const b = new PdfBuilder();
    b.addCatalog("", 1, "/MediaBox [0 0 14400 14400]");
    const r = await render(b.build(), { ...BUDGET, maxPixelsPerPage: 250_000 });
    expect(r.error).toBeUndefined();
    expect(r.pagesRendered).toBe(1);
  });

  it.each([
    ["garbage", new TextEncoder().encode("this is not a PDF at all")],
    ["an empty file", new Uint8Array(0)],
    ["a header and nothing else", new TextEncoder().encode("%PDF-1.7\n%%EOF\n")],
  ])("returns an error, without throwing, for %s", async (_name, bytes) => {
    const r = await render(bytes, BUDGET);
    expect(r.error).toMatch(/\w/);
    expect(r.pdfjs).toMatchObject({ pageCount: null, hasCatalog: false });
    expect(r.pdfjs.error).toBe(r.error);
    expect(r.pagesRendered).toBe(0);
  });

  it("stops at the time budget and reports it, without throwing", async () => {
    const pdf = buildLurePdf({ pages: Array.from({ length: 5 }, () => ({ lines: prose(10), qr: { text: QR_URL } })) });
    const r = await render(pdf, { ...BUDGET, timeoutMs: 1 });
    expect(r.timedOut).toBe(true);
    expect(r.error).toMatch(/time/);
    expect(r.pagesRendered).toBeLessThan(5);
    // the pages left out make the result truncated
    expect(r.budgetHits).toContain("RENDER_TIMEOUT_MS");
  });

  it("warms a new process up on a document that renders whole (text, fonts, image, link), so a first document is not charged for compiling pdf.js", async () => {
    const r = await createInThreadRenderer({ qr: true })(warmUpDocument(), BUDGET);
    expect(r.error).toBeUndefined();
    expect(r.pagesRendered).toBe(1);
    expect(r.pages[0].text).toContain("Warm-up page");
    expect(r.pages[0].text).toContain("kerned text");
    expect(r.pages[0].links.map((l) => l.url)).toEqual(["https://example.org/"]);
  });

  it("does not mutate or detach the caller's bytes", async () => {
    const pdf = buildLurePdf({ pages: [{ lines: ["Hello"] }] });
    const copy = pdf.slice();
    await render(pdf, BUDGET);
    expect(pdf.byteLength).toBe(copy.byteLength);
    expect(Buffer.compare(pdf, copy)).toBe(0);
  });

  it("reads but does not draw a page filled with a degenerate tiling pattern, and says which budget", async () => {
    const r = await render(degenerateTilingPdf(), BUDGET);
    expect(r.pages[0]).toMatchObject({ text: "Tiled page", drawSkipped: "RENDER_MAX_PATTERN_TILES" });
    expect(r.pages[0].error).toMatch(/tiling pattern/);
    expect(r.budgetHits).toEqual(["RENDER_MAX_PATTERN_TILES"]);
    expect(r.stopped).toBeUndefined();
  });

  it("kills a render stuck in pdf.js's drawing (checks off) at its memory budget and keeps what it knew", async () => {
    const unchecked = {
      ...BUDGET,
      maxPatternTiles: Infinity,
      maxOperatorsPerPage: Infinity,
      maxMemoryBytes: 400 * 1024 * 1024,
      timeoutMs: 60_000,
    };
    const r = await render(degenerateTilingPdf(), unchecked);
    expect(r).toMatchObject({
      stopped: true,
      budgetHits: ["RENDER_MAX_MEMORY_BYTES"],
      pdfjs: { pageCount: 1, hasCatalog: true },
    });
    // the next document gets a fresh process and renders normally
    const next = await render(buildLurePdf({ pages: [{ lines: ["After the stop"] }] }), BUDGET);
    expect(next.pages[0].text).toContain("After the stop");
  });

  it("kills a render stuck in pdf.js's drawing (checks off) once its time budget and grace are over", async () => {
    const unchecked = {
      ...BUDGET,
      maxPatternTiles: Infinity,
      maxOperatorsPerPage: Infinity,
      maxMemoryBytes: 8 * 1024 ** 3,
      timeoutMs: 300,
      hardStopGraceMs: 200,
    };
    // a warm process (pdf.js loaded), as the previous test may have left none: the in-process deadline
    // counts from the start of the render, which would otherwise include loading pdf.js
    await render(buildLurePdf({ pages: [{ lines: ["warm-up"] }] }), BUDGET);
    // the memory budget is out of reach here: only the clock can stop this render
    const r = await render(degenerateTilingPdf(), unchecked);
    expect(r).toMatchObject({ stopped: true, timedOut: true, budgetHits: ["RENDER_TIMEOUT_MS"] });
    expect(r.error).toMatch(/after its 300 ms budget/);
  });

  it("skips QR decoding when asked to", async () => {
    const plain = createPdfRenderer({ qr: false });
    const r = await plain(buildLurePdf({ pages: [{ qr: { text: QR_URL } }] }), BUDGET);
    await plain.close();
    expect(r.pages[0].qrCodes).toEqual([]);
    expect(r.pagesRendered).toBe(1);
  });
});

describe("pagePixels", () => {
  it("reads a drawn page's pixels without getImageData, byte for byte as getImageData reads them", async () => {
    const pdfjs = await loadPdfjs();
    const pdf = await pdfjs.getDocument({
      data: buildLurePdf({ pages: [{ lines: prose(2), qr: { text: QR_URL } }] }),
      ...pdfjsDataUrls(),
    }).promise;
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: 1.5 });
    const [width, height] = [Math.floor(viewport.width), Math.floor(viewport.height)];
    const factory = pdf.canvasFactory as CanvasFactory;
    const target = factory.create(width, height);
    await page.render({ canvasContext: target.context, canvas: target.canvas as HTMLCanvasElement, viewport }).promise;
    const slow = target.context.getImageData(0, 0, width, height).data;
    const read = vi.spyOn(target.context, "getImageData");
    const pixels = pagePixels(target, width, height);
    expect(read).not.toHaveBeenCalled();
    expect(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength).equals(Buffer.from(slow))).toBe(true);
    expect(await decodeQrCodes(pixels, width, height)).toEqual([QR_URL]);
    factory.destroy(target);
    await pdf.destroy();
  });

  it("reads a canvas with translucent pixels through getImageData (its stored pixels are premultiplied)", async () => {
    const pdfjs = await loadPdfjs();
    const pdf = await pdfjs.getDocument({ data: buildLurePdf({ pages: [{ lines: ["x"] }] }), ...pdfjsDataUrls() })
      .promise;
    const factory = pdf.canvasFactory as CanvasFactory;
    const target = factory.create(4, 4);
    target.context.fillStyle = "rgba(255, 0, 0, 0.5)";
    target.context.fillRect(0, 0, 4, 4);
    const read = vi.spyOn(target.context, "getImageData");
    const pixels = pagePixels(target, 4, 4);
    expect(read).toHaveBeenCalledTimes(1);
    // straight red at half alpha, as getImageData gives it; stored premultiplied, red would be ~127
    expect([pixels[0], pixels[1], pixels[2]]).toEqual([255, 0, 0]);
    expect(pixels[3]).toBeGreaterThan(100);
    expect(pixels[3]).toBeLessThan(150);
    factory.destroy(target);
    await pdf.destroy();
  });
});

describe("decodeQrCodes", () => {
  it("uses zxing (the wasm loads offline) and finds several codes in one image", async () => {
    const a = qrPixels("https://a.example/1");
    const b = qrPixels("https://b.example/2");
    const width = a.width + b.width;
    const data = new Uint8ClampedArray(width * a.height * 4).fill(255);
    for (let y = 0; y < a.height; y++) {
      data.set(a.data.subarray(y * a.width * 4, (y + 1) * a.width * 4), y * width * 4);
      data.set(b.data.subarray(y * b.width * 4, (y + 1) * b.width * 4), (y * width + a.width) * 4);
    }
    expect(await qrDecoderName()).toBe("zxing");
    expect((await decodeQrCodes(data, width, a.height)).sort()).toEqual(["https://a.example/1", "https://b.example/2"]);
    // the jsQR fallback (no wasm) reads a single code; two of the same size confuse its locator
    expect(decodeWithJsqr(a.data, a.width, a.height)).toEqual(["https://a.example/1"]);
  });

  it("returns nothing for blank, tiny or short buffers", async () => {
    expect(await decodeQrCodes(new Uint8ClampedArray(100 * 100 * 4).fill(255), 100, 100)).toEqual([]);
    expect(await decodeQrCodes(new Uint8ClampedArray(10 * 10 * 4), 10, 10)).toEqual([]);
    expect(await decodeQrCodes(new Uint8ClampedArray(16), 100, 100)).toEqual([]);
  });
});
