// Test fixture: what a document scanner writes, built in code. Each page is one large, mostly white
// RGB image in Flate (lossless scan profiles and "PDF from scanner" drivers do this), with a few dark
// bands where the text lines are: a deflate ratio near 1000:1, like a decompression bomb's, yet every
// image decodes to exactly its declared raster. Test-only: nothing in the product imports this file.
import { deflateSync } from "node:zlib";
import { PdfBuilder } from "./pdf-builder";

export interface ScanOptions {
  pages?: number;
  /** pixels (300 dpi A4-ish by default) */
  width?: number;
  height?: number;
}

/** A multi-page scan: `pages` pages, each a `width` x `height` RGB image over the whole page. */
export function multiPageScanPdf({ pages = 30, width = 2500, height = 3500 }: ScanOptions = {}): Uint8Array {
  const raster = new Uint8Array(width * height * 3).fill(0xff);
  // "text lines": a dark band of 30 rows every 120 rows, broken like words
  for (let y = 300; y + 30 < height - 300; y += 120) {
    for (let row = y; row < y + 30; row++) {
      for (let x = 250; x < width - 250; x++)
        if (x % 97 < 80) raster.fill(0x20, (row * width + x) * 3, (row * width + x) * 3 + 3);
    }
  }
  // one compressed image shared by every page's own image object, so building stays quick
  const data = new Uint8Array(deflateSync(raster));
  const b = new PdfBuilder();
  const pagesNum = b.reserve();
  b.info = b.add("<< /Producer (Scanner PDF driver) /Title (Scan) >>");
  const kids: number[] = [];
  for (let i = 0; i < pages; i++) {
    const img = b.addStream(
      `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
      data,
    );
    const content = b.addStream("", `q 595 0 0 842 0 0 cm /Im0 Do Q`);
    kids.push(
      b.add(
        `<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  b.add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${pages} >>`, { num: pagesNum });
  b.root = b.add(`<< /Type /Catalog /Pages ${pagesNum} 0 R >>`);
  return b.build();
}
