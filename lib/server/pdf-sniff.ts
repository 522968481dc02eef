// Decides whether an upload is something we analyse (contract "Errors", 415): a PDF header `%PDF-` in
// the first 1024 bytes (readers accept junk before it; ISO 32000-2 7.5.2 and Acrobat's 1024-byte rule),
// or an XDP package (XML Data Package, the XFA container) whose <pdf><document><chunk> holds a
// base64 PDF, as in the contagio PDF-XDP samples (chunk starts with "JVBER", base64 of "%PDF").
// This is only the gate; the analyzer does the real parsing.

export const PDF_HEADER_WINDOW_BYTES = 1024;
/** XDP files start with an XML declaration and processing instructions; the root comes early. */
export const XDP_ROOT_WINDOW_BYTES = 4096;

export function isPdfOrXdp(bytes: Uint8Array): boolean {
  return hasPdfHeader(bytes) || isXdpWrappedPdf(bytes);
}

export function hasPdfHeader(bytes: Uint8Array): boolean {
  return indexOfAscii(bytes, "%PDF-", 0, PDF_HEADER_WINDOW_BYTES) >= 0;
}

export function isXdpWrappedPdf(bytes: Uint8Array): boolean {
  if (indexOfAscii(bytes, "<xdp:xdp", 0, XDP_ROOT_WINDOW_BYTES) < 0) return false;
  let from = 0;
  for (;;) {
    const chunk = indexOfAscii(bytes, "<chunk>", from, bytes.length);
    if (chunk < 0) return false;
    let i = chunk + "<chunk>".length;
    while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
    if (indexOfAscii(bytes, "JVBER", i, i + 5) === i) return true;
    from = i;
  }
}

function indexOfAscii(bytes: Uint8Array, needle: string, from: number, end: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, end));
  return buf.indexOf(needle, from, "latin1");
}
