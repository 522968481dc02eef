// Hostile documents shared by the renderer, hostile-input and cancellation tests: built in code,
// named by what they do to a reader. Test-only.
import { PdfBuilder, hexString } from "./pdf-builder";

/**
 * One page with a line of text, filled with a tiling pattern whose /YStep is a tiny negative number
 * (the class of the veraPDF TWG A018 test file): pdf.js would copy the tile ~10^40 times per cell.
 */
export function degenerateTilingPdf(text = "Tiled page"): Uint8Array {
  const b = new PdfBuilder();
  const pattern = b.addStream(
    "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 612 792] /XStep 612 /YStep -0.00000000000000000000000000000000000001173 /Resources << >>",
    "0 0 1 rg 0 0 5 5 re f",
  );
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addStream("", `BT /F1 12 Tf 72 720 Td (${text}) Tj ET /Pattern cs /P0 scn 0 0 612 792 re f`);
  b.addCatalog(
    "",
    1,
    `/Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> /Pattern << /P0 ${pattern} 0 R >> >>`,
  );
  return b.build();
}

/** A document whose `count` distinct scripts each run `body(i)`; the first runs on open, all sit in the names tree. */
export function scriptsPdf(count: number, body: (i: number) => string): Uint8Array {
  const b = new PdfBuilder();
  const scripts = Array.from({ length: count }, (_, i) => b.add(`<< /S /JavaScript /JS ${hexString(body(i))} >>`));
  const names = scripts.map((n, i) => `(s${i}) ${n} 0 R`).join(" ");
  b.addCatalog(`/OpenAction ${scripts[0]} 0 R /Names << /JavaScript << /Names [${names}] >> >>`);
  return b.build();
}
