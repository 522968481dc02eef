import { describe, expect, it } from "vitest";
import { bytes } from "./testing/pdf-builder";
import { DEFAULT_LIMITS } from "../limits";
import { readPdf } from "./document";
import { hasPdfHeader, isPdfOrXdp } from "./sniff";

const xdp = (chunk: string) =>
  `<?xml version="1.0"?><?xfa ?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><pdf xmlns="http://ns.adobe.com/xdp/pdf/"><document><chunk>${chunk}</chunk></document></pdf></xdp:xdp>`;

describe("isPdfOrXdp", () => {
  it.each([
    ["a header at offset 0", "%PDF-1.7\n1 0 obj", true],
    ["a header after junk inside the first 1024 bytes", `${"x".repeat(1019)}%PDF-1.4`, true],
    ["a header that ends past byte 1024", `${"x".repeat(1020)}%PDF-1.4`, false],
    ["a header after 2000 bytes of junk", `${"x".repeat(2000)}%PDF-1.4`, false],
    [
      "a header after 2000 bytes of junk, an object after it (readers scan for objects)",
      `${"x".repeat(2000)}%PDF-1.4\n1 0 obj\n<< /Length 90000 >>\nstream\n`,
      true,
    ],
    ["an object with a header-like text after it, past the window", `${"x".repeat(2000)}1 0 obj\n%PDF-1.4`, false],
    [
      "a truncated file without a header that ends like a PDF (pdf.js issue-335b: startxref and an offset)",
      "\xc9startxref\n6\n2147483647",
      true,
    ],
    ["an executable", "MZ\x90\x00\x03\x00\x00\x00", false],
    ["an XDP package with a base64 PDF chunk", xdp("JVBERi0xLjMKMyAwIG9iago="), true],
    ["an XDP package with a line break before the chunk", xdp("\r\nJVBERi0xLjUNJeLjz9MN"), true],
    ["an XDP package whose chunk is not a PDF", xdp("TVqQAAMAAAAEAAAA"), false],
    [
      "an XDP package without a PDF",
      `<?xml version="1.0"?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>`,
      false,
    ],
    ["plain XML with a base64 PDF chunk but no XDP root", "<root><chunk>JVBERi0xLjM=</chunk></root>", false],
    ["an empty file", "", false],
    [
      "objects without a header (header stripped: readers recover it)",
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
      true,
    ],
    ["objects after junk, without a header", "MZ\x90\x00 junk\r\n12 0 obj<</S/JavaScript/JS(x)>>endobj", true],
    [
      "one object opened early, closed past the window, with a startxref at the end",
      `3 0 obj\n<< /Length 70000 >>\nstream\n${"a".repeat(70_000)}\nendstream\nendobj\nstartxref\n0\n%%EOF`,
      true,
    ],
    ["an object header but neither endobj nor a file tail", `1 0 obj\n${"a".repeat(70_000)}`, false],
    ["text that mentions objects", "see 12 0 objects in the report; endobj", false],
    ["a number glued to the header-like text", "x12 0 obj y endobj", false],
    ["only the end of a PDF (a reader starts from startxref)", "trailer\n<< /Root 1 0 R >>\nstartxref\n0\n%%EOF", true],
    ["text that mentions startxref without an offset", "the startxref keyword ends a PDF file", false],
  ])("%s -> %s", (_name, input, expected) => {
    expect(isPdfOrXdp(bytes(input))).toBe(expected);
  });

  it("looks at the bytes of a subarray view, not the whole buffer", () => {
    const whole = bytes(`junk%PDF-1.7`);
    expect(isPdfOrXdp(whole.subarray(0, 4))).toBe(false);
    expect(isPdfOrXdp(whole.subarray(4))).toBe(true);
  });
});

describe("one header window for the gate and the reader", () => {
  it.each([1018, 1019, 1020, 1021])(
    "junk of %i bytes: the reader reports the header missing exactly when the gate finds none",
    (junk) => {
      const file = bytes(`${"x".repeat(junk)}%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n`);
      const doc = readPdf(file, DEFAULT_LIMITS);
      expect(doc.anomalies.items.some((a) => a.code === "header-missing")).toBe(!hasPdfHeader(file));
      expect(doc.header.offset).toBe(junk);
    },
  );
});
