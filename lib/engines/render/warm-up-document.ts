// A small document the render process renders once before its first real one, outside any budget.
// A render process's first document pays for V8 compiling pdf.js's parser, fonts, canvas and QR code
// paths: a two-page pdfminer test file (issue-00352-hash-twos-complement.pdf) cost 2.6 s of CPU in a
// new process and 0.8 s in a warm one, so its second page fell past RENDER_TIMEOUT_MS (2.5 s) in a new
// process only, and its verdict depended on whether the process had rendered before (issue 19 item 7:
// a verdict must not depend on the machine's state). This page uses what most documents do: standard
// fonts, text, a path, an image, a link annotation.

const PAGE_CONTENT = [
  "q 0.2 0.4 0.8 rg 72 600 200 40 re f Q",
  "BT /F1 18 Tf 72 700 Td (Warm-up page: text, shapes, an image and a link) Tj ET",
  "BT /F2 11 Tf 72 680 Td [(Second font,) -250 (kerned text)] TJ 0 -14 Td (Another line) Tj ET",
  "q 64 0 0 64 320 560 cm /Im1 Do Q",
].join("\n");

/** an 8x8 RGB image (a gradient), uncompressed */
function imageStream(): string {
  let data = "";
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) data += String.fromCharCode(x * 32, y * 32, 128);
  return `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

/** The document's bytes: objects numbered from 1, with a correct cross-reference table. */
export function warmUpDocument(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> /XObject << /Im1 7 0 R >> >> /Annots [8 0 R] >>",
    `<< /Length ${PAGE_CONTENT.length} >>\nstream\n${PAGE_CONTENT}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
    imageStream(),
    "<< /Type /Annot /Subtype /Link /Rect [72 596 272 644] /Border [0 0 0] /A << /S /URI /URI (https://example.org/) >> >>",
  ];
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
}
