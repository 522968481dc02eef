// Which pages the renderer draws (needs-drawing.ts), on the operator lists pdf.js makes of documents
// built in code: a page of text or a few rules is read, not drawn; a page whose pixels could hold a QR
// code (an image, a code drawn as rectangles, a tiling pattern, Type 3 glyphs) is drawn.
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { buildLurePdf, prose } from "../../analyzer/pages/testing/lure-pdf";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { loadPdfjs, pdfjsDataUrls } from "./load-pdfjs";
import { MIN_CODE_PATH_NUMBERS, needsDrawing, type3FontTest } from "./needs-drawing";

async function decide(pdf: Uint8Array): Promise<boolean> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({
    data: pdf,
    ...pdfjsDataUrls(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const list = await page.getOperatorList({ intent: "display" });
    return needsDrawing(list, pdfjs.OPS, type3FontTest(page));
  } finally {
    await doc.destroy();
  }
}

/** one page with `content` and `resources` (a dictionary body) */
function page(content: string, resources = "", setup?: (b: PdfBuilder) => string): Uint8Array {
  const b = new PdfBuilder();
  const extra = setup?.(b) ?? "";
  const stream = b.addFlateStream("", content);
  b.addCatalog("", 1, `/Contents ${stream} 0 R /Resources << ${resources} ${extra} >>`);
  return b.build();
}

/** one rectangle per dark module, as report generators draw QR codes */
function vectorQr(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "L" });
  let ops = "0 g\n";
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) ops += `${100 + c * 4} ${500 - r * 4} 4 4 re\n`;
  return `${ops}f\n`;
}

describe("needsDrawing", () => {
  it("reads a page of text without drawing it", async () => {
    expect(
      await decide(
        buildLurePdf({
          pages: [{ lines: prose(30), links: [{ url: "https://example.com/", rect: [0, 0, 100, 20] }] }],
        }),
      ),
    ).toBe(false);
  });

  it("reads a page of text with a few rules and a table's boxes without drawing it", async () => {
    const rules = Array.from({ length: 12 }, (_, i) => `72 ${700 - i * 20} 468 0.5 re`).join("\n");
    expect(
      await decide(
        page(
          `${rules}\nf\nBT /F1 12 Tf 72 720 Td (Totals) Tj ET`,
          "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>",
        ),
      ),
    ).toBe(false);
  });

  it("draws a page with an image (a QR code picture)", async () => {
    expect(
      await decide(buildLurePdf({ pages: [{ lines: ["Scan to verify"], qr: { text: "https://example.top/x" } }] })),
    ).toBe(true);
  });

  it("draws a page with a QR code drawn as rectangles, even the smallest code", async () => {
    // a version 1 code: the fewest modules a code has
    expect(QRCode.create("a", { errorCorrectionLevel: "L" }).modules.size).toBe(21);
    expect(await decide(page(vectorQr("a")))).toBe(true);
  });

  it("draws a page painted with a tiling pattern", async () => {
    const pdf = page("/Pattern cs /P1 scn 0 0 200 200 re f", "", (b) => {
      const pattern = b.addStream(
        "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >>",
        "0 0 5 5 re f",
      );
      return `/Pattern << /P1 ${pattern} 0 R >>`;
    });
    expect(await decide(pdf)).toBe(true);
  });

  it("draws a page of Type 3 glyphs (their procedures may paint images)", async () => {
    const pdf = page("BT /T3 12 Tf 72 700 Td (AAAA) Tj ET", "", (b) => {
      const glyph = b.addStream("", "10 0 0 0 10 10 d1 0 0 10 10 re f");
      const font = b.add(
        `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.1 0 0 0.1 0 0] /CharProcs << /sq ${glyph} 0 R >> /Encoding << /Type /Encoding /Differences [65 /sq] >> /FirstChar 65 /LastChar 65 /Widths [10] /Resources << >> >>`,
      );
      return `/Font << /T3 ${font} 0 R >>`;
    });
    expect(await decide(pdf)).toBe(true);
  });

  it("counts path data across the page: many small shapes add up", () => {
    const ops = {
      paintImageMaskXObject: 1,
      paintImageMaskXObjectGroup: 2,
      paintImageXObject: 3,
      paintInlineImageXObject: 4,
      paintInlineImageXObjectGroup: 5,
      paintImageXObjectRepeat: 6,
      paintImageMaskXObjectRepeat: 7,
      paintSolidColorImageMask: 8,
      constructPath: 9,
      setFont: 10,
    };
    const rect = new Float32Array(13);
    const shapes = (n: number) => ({
      fnArray: Array(n).fill(9),
      argsArray: Array.from({ length: n }, () => [22, [rect], null]),
    });
    const below = Math.floor((MIN_CODE_PATH_NUMBERS - 1) / 13);
    expect(needsDrawing(shapes(below), ops, () => false)).toBe(false);
    expect(needsDrawing(shapes(below + 1), ops, () => false)).toBe(true);
  });
});
