// A realistic ~1 MB benign PDF for the HTTP benchmark: many pages with Flate text content, a shared
// font, some Flate images, link annotations, an outline-free catalog with /Info. Deterministic
// (seeded PRNG) so runs compare; not one giant blob, so the parser sees a normal object count.
import { deflateSync } from "node:zlib";
import { mulberry32 } from "../lib/analyzer/model/folds";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";

const WORDS = (
  "the annual report shows revenue growth across all regions while operating costs remained stable " +
  "management expects continued investment in research development and customer support during next year " +
  "risk factors include currency exchange rates supply chain delays regulatory changes and competition"
).split(" ");
const LINES_PER_PAGE = 48;
const IMAGE_EVERY_N_PAGES = 8;
const IMAGE_SIDE_PX = 120;

/** Builds a benign PDF of about `targetBytes` (within a few percent). */
export function buildBenchPdf(targetBytes = 1_000_000): Uint8Array {
  // size grows about linearly with the page count: estimate from a small build, then correct once
  const probePages = 24;
  let pages = Math.max(1, Math.round((targetBytes / buildWithPages(probePages).length) * probePages));
  const first = buildWithPages(pages);
  pages = Math.max(1, Math.round((targetBytes / first.length) * pages));
  return buildWithPages(pages);
}

function buildWithPages(pageCount: number): Uint8Array {
  const rand = mulberry32(0x5eed);
  const b = new PdfBuilder();
  // catalog and page tree are written last but referenced first: reserve 1 and 2
  const catalogNum = 1;
  const pagesNum = 2;
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", { num: 3 });
  const kids: number[] = [];
  for (let p = 0; p < pageCount; p++) {
    let content = "BT /F1 10 Tf 14 TL 56 760 Td\n";
    for (let l = 0; l < LINES_PER_PAGE; l++) content += `(${sentence(rand)}) '\n`;
    content += "ET\n";
    let xobjects = "";
    if (p % IMAGE_EVERY_N_PAGES === 0) {
      const img = b.addStream(
        `/Type /XObject /Subtype /Image /Width ${IMAGE_SIDE_PX} /Height ${IMAGE_SIDE_PX} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
        new Uint8Array(deflateSync(noisyImage(rand))),
      );
      xobjects = `/XObject << /Im1 ${img} 0 R >>`;
      content += "q 120 0 0 120 436 640 cm /Im1 Do Q\n";
    }
    const contents = b.addFlateStream("", content);
    let annots = "";
    if (p % 10 === 3) {
      const link = b.add(
        `<< /Type /Annot /Subtype /Link /Rect [56 40 300 56] /Border [0 0 0] /A << /S /URI /URI (https://example.com/reports/page-${p}) >> >>`,
      );
      annots = `/Annots [${link} 0 R]`;
    }
    kids.push(
      b.add(
        `<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> ${xobjects} >> ${annots} >>`,
      ),
    );
  }
  b.add(`<< /Type /Catalog /Pages ${pagesNum} 0 R /PageMode /UseNone /Lang (en-US) >>`, { num: catalogNum });
  b.add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`, { num: pagesNum });
  b.root = catalogNum;
  b.info = b.add(
    "<< /Title (Annual report) /Author (Finance team) /Producer (pdfscan bench fixture) /CreationDate (D:20240101120000Z) >>",
  );
  return b.build();
}

function sentence(rand: () => number): string {
  const n = 8 + Math.floor(rand() * 8);
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
}

/** A smooth gradient with noise: compresses like a photo, not like zeros or pure noise. */
function noisyImage(rand: () => number): Uint8Array {
  const px = new Uint8Array(IMAGE_SIDE_PX * IMAGE_SIDE_PX * 3);
  for (let i = 0; i < px.length; i++) px[i] = ((i / 3) % IMAGE_SIDE_PX) + Math.floor(rand() * 48);
  return px;
}
