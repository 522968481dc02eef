// Test fixtures: small lure-like PDFs written in code (text lines in Helvetica, link annotations,
// QR codes as image XObjects, form fields). Test-only: nothing in the product imports this file.
import QRCode from "qrcode";
import { deflateSync } from "node:zlib";
import { PdfBuilder } from "../../../pdf/testing/pdf-builder";

export interface LureLink {
  url: string;
  /** [x1 y1 x2 y2] in points; the page is 612 x 792 */
  rect: [number, number, number, number];
}

export interface LurePage {
  /** lines of text from the top of the page */
  lines?: string[];
  fontSize?: number;
  links?: LureLink[];
  /** a QR code image of `text`, `size` points wide, lower-left corner at (x, y) */
  qr?: { text: string; x?: number; y?: number; size?: number };
  /** extra annotation dictionaries (e.g. form widgets) */
  annots?: string[];
  /**
   * the lines are drawn by a form XObject that another form paints: the rendering shows them, the fast
   * stage (which reads the forms a page paints, one level deep: page-text.ts) does not
   */
  nested?: boolean;
}

export interface LureDocument {
  pages: LurePage[];
  /** extra catalog entries; `setup` may add objects first and return more */
  catalog?: string;
  setup?: (b: PdfBuilder) => { catalog?: string } | void;
  info?: string;
}

/** A PDF string literal of `s` (Latin-1), escaped. */
export const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function buildLurePdf(spec: LureDocument): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const extra = spec.setup?.(b) ?? {};
  const pageBodies = spec.pages.map((p) => {
    const size = p.fontSize ?? 14;
    let content = "";
    (p.lines ?? []).forEach((line, i) => {
      content += `BT /F1 ${size} Tf 72 ${720 - i * size * 1.4} Td ${pdfString(line)} Tj ET\n`;
    });
    let xobjects = "";
    if (p.nested) {
      const inner = b.addStream(
        `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >>`,
        content,
      );
      const outer = b.addStream(
        `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /In ${inner} 0 R >> >>`,
        "/In Do",
      );
      content = "q /Out Do Q\n";
      xobjects = `/XObject << /Out ${outer} 0 R >>`;
    }
    if (p.qr) {
      const img = qrImage(b, p.qr.text);
      const s = p.qr.size ?? 180;
      content += `q ${s} 0 0 ${s} ${p.qr.x ?? 216} ${p.qr.y ?? 300} cm /Qr Do Q\n`;
      xobjects = p.nested ? xobjects.replace(">>", `/Qr ${img} 0 R >>`) : `/XObject << /Qr ${img} 0 R >>`;
    }
    const stream = b.addFlateStream("", content);
    const annots = [
      ...(p.links ?? []).map((l) =>
        b.add(
          `<< /Type /Annot /Subtype /Link /Rect [${l.rect.join(" ")}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(l.url)} >> >>`,
        ),
      ),
      ...(p.annots ?? []).map((a) => b.add(a)),
    ];
    const annotEntry = annots.length ? `/Annots [${annots.map((n) => `${n} 0 R`).join(" ")}]` : "";
    return `/Resources << /Font << /F1 ${font} 0 R >> ${xobjects} >> /Contents ${stream} 0 R ${annotEntry}`;
  });
  // the builder's page tree gives every page the same entries: write the tree by hand instead
  const pagesNum = b.reserve();
  const kids = pageBodies.map((body) =>
    b.add(`<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 612 792] ${body} >>`),
  );
  b.add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`, { num: pagesNum });
  b.root = b.add(`<< /Type /Catalog /Pages ${pagesNum} 0 R ${spec.catalog ?? ""} ${extra.catalog ?? ""} >>`);
  if (spec.info) b.info = b.add(spec.info);
  return b.build();
}

/** A QR code of `text` as an 8-bit DeviceGray image XObject (4 px per module, 4-module quiet zone). */
export function qrImage(b: PdfBuilder, text: string): number {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const px = 4;
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * px;
  const gray = new Uint8Array(side * side).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / px) - quiet;
      const my = Math.floor(y / px) - quiet;
      if (mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx)) gray[y * side + x] = 0;
    }
  }
  return b.addStream(
    `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    new Uint8Array(deflateSync(gray)),
  );
}

/** `n` lines of ordinary report prose. */
export function prose(n: number): string[] {
  const words =
    "the quarterly results show steady growth in all regions with revenue up and costs under control as planned".split(
      " ",
    );
  return Array.from({ length: n }, (_, i) => words.map((_, k) => words[(i * 7 + k) % words.length]).join(" "));
}
