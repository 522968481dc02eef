// Huffman tables are judged as a checking decoder judges them: the standard tables pass, over-filled
// and oversized ones are named, and headers that are cut or too many are unread, never a finding.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../../limits";
import { readPdf } from "../../../pdf/document";
import { PdfBuilder } from "../../../pdf/testing/pdf-builder";
import { collectFacts } from "../document-facts";
import { jpegHuffmanProblem } from "./jpeg";
import { jpeg, OVERFILLED_AC_COUNTS, STANDARD_AC_COUNTS } from "./testing/format-fixtures";

const zeros = (n: number) => Array.from({ length: n }, () => 0);

describe("JPEG Huffman tables", () => {
  it("accepts the standard tables of ITU T.81 Annex K", () => {
    expect(jpegHuffmanProblem(jpeg(), 1024)).toBeNull();
  });

  it("names a table with more one-bit codes than fit (the Cool PDF / Documalis overflow)", () => {
    const found = jpegHuffmanProblem(jpeg({ ac: OVERFILLED_AC_COUNTS }), 1024);
    expect(found).toMatchObject({ problem: "84 codes of 1 bit over-fill the code space (at most 2)" });
  });

  it("names an over-filled longer length and a table of more than 256 symbols", () => {
    // 2 + 1 codes of 2 bits leave room for 2 of 3 bits... 5 of 3 bits is one too many
    expect(jpegHuffmanProblem(jpeg({ ac: [0, 3, 3, ...zeros(13)] }), 1024)).toMatchObject({
      problem: expect.stringContaining("codes of 3 bits over-fill"),
    });
    expect(
      jpegHuffmanProblem(jpeg({ ac: [...zeros(14), 0, 255].map((c, i) => (i === 15 ? 255 : i === 14 ? 2 : c)) }), 1024),
    ).toMatchObject({ problem: "257 symbols (a table holds at most 256)" });
  });

  it("accepts a complete code (all codes of the last length used)", () => {
    // two codes of one bit: the whole space, which a decoder can still read
    expect(jpegHuffmanProblem(jpeg({ ac: [2, ...zeros(15)] }), 1024)).toBeNull();
    expect(jpegHuffmanProblem(jpeg({ ac: STANDARD_AC_COUNTS }), 1024)).toBeNull();
  });

  it("names a table class or destination that does not exist", () => {
    const bytes = jpeg();
    const dht = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc4);
    bytes[dht + 4] = 0x27;
    expect(jpegHuffmanProblem(bytes, 1024)).toMatchObject({
      offset: dht,
      problem: "table class 2, destination 7 (only 0-1 and 0-3 exist)",
    });
  });

  it("leaves cut headers and too many segments unread", () => {
    const bytes = jpeg({ ac: OVERFILLED_AC_COUNTS });
    const dht = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc4);
    expect(jpegHuffmanProblem(bytes.subarray(0, dht + 10), 1024)).toBe("unread");
    expect(jpegHuffmanProblem(bytes, 2)).toBe("unread");
  });

  it("reads through fill bytes and restart markers, and ignores what is not a JPEG", () => {
    const bytes = jpeg({ ac: OVERFILLED_AC_COUNTS });
    const filled = Uint8Array.from([0xff, 0xd8, 0xff, 0xff, 0xff, 0xd0, ...bytes.subarray(2)]);
    expect(jpegHuffmanProblem(filled, 1024)).toMatchObject({ problem: expect.stringContaining("84 codes") });
    expect(jpegHuffmanProblem(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), 1024)).toBeNull();
    expect(jpegHuffmanProblem(new Uint8Array(0), 1024)).toBeNull();
  });
});

describe("JPEG facts of a document", () => {
  const dctHuffman = (image: Uint8Array, filter = "/DCTDecode") => {
    const b = new PdfBuilder();
    const flate = filter.startsWith("/FlateDecode");
    const img = b.addStream(
      `/Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter [${filter}]`,
      flate ? new Uint8Array(deflateSync(image)) : image,
    );
    b.addCatalog("", 1, `/Resources << /XObject << /Im0 ${img} 0 R >> >>`);
    return collectFacts(readPdf(b.build(), DEFAULT_LIMITS), DEFAULT_LIMITS).formats.dctHuffman;
  };

  it("finds the over-filled table in a DCTDecode image, also under Flate", () => {
    expect(dctHuffman(jpeg({ ac: OVERFILLED_AC_COUNTS }))).toMatchObject([
      { problem: expect.stringContaining("84 codes") },
    ]);
    expect(dctHuffman(jpeg({ ac: OVERFILLED_AC_COUNTS }), "/FlateDecode /DCTDecode")).toHaveLength(1);
  });

  it("finds nothing in a standard JPEG or in a JPEG the filter does not name", () => {
    expect(dctHuffman(jpeg())).toEqual([]);
    expect(dctHuffman(jpeg({ ac: OVERFILLED_AC_COUNTS }), "/JPXDecode")).toEqual([]);
  });
});
