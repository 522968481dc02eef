import { describe, expect, it } from "vitest";
import { resolveLimits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { wordWebArchive } from "../embedded/testing/embedded-fixtures";
import { findOfficePolyglot, holdsWebArchive } from "./office-polyglot";

const factOf = (pdf: Uint8Array) => findOfficePolyglot(readPdf(pdf, resolveLimits({})));

function withStream(data: string, flate = false): Uint8Array {
  const b = new PdfBuilder();
  if (flate) b.addFlateStream("", data);
  else b.addStream("", data);
  b.addCatalog();
  return b.build();
}

describe("findOfficePolyglot (MalDoc in PDF)", () => {
  it("finds a Word web archive with macros in a stream without a filter", () => {
    const fact = factOf(withStream(wordWebArchive({ macros: true })));
    expect(fact).toMatchObject({
      application: "Word",
      macros: true,
      header: expect.stringMatching(/^Content-Type: multipart\/related; boundary=/),
    });
  });

  it("finds one appended after %%EOF, and one without macros", () => {
    const b = new PdfBuilder();
    b.addCatalog();
    expect(factOf(b.build({ suffix: wordWebArchive({ macros: true }) }))).toMatchObject({
      application: "Word",
      macros: true,
    });
    expect(factOf(withStream(wordWebArchive({ macros: false })))).toMatchObject({ application: "Word", macros: false });
  });

  it("reads the header whatever its case, and knows Excel's archives", () => {
    const excel = wordWebArchive({ macros: false })
      .replace("Content-Type: multipart/related", "CONTENT-TYPE: MULTIPART/RELATED")
      .replace(/<w:WordDocument>.*<\/w:WordDocument>/, "<x:ExcelWorkbook></x:ExcelWorkbook>")
      .replace("urn:schemas-microsoft-com:office:word", "urn:schemas-microsoft-com:office:spreadsheet");
    expect(factOf(withStream(excel))).toMatchObject({ application: "Excel", macros: false });
  });

  it("reads past a megabyte of near misses on one line and finds the header after them", () => {
    const misses = "multipart/mixed ".repeat(64 * 1024);
    expect(factOf(withStream(`${misses}\r\n${wordWebArchive({ macros: true })}`))).toMatchObject({
      application: "Word",
      macros: true,
    });
  });

  it("does not see an archive inside compressed data: Word reads the file's bytes", () => {
    expect(factOf(withStream(wordWebArchive({ macros: true }), true))).toBeNull();
  });

  it("reads a stream whose /Filter is an empty array as the bytes written", () => {
    const b = new PdfBuilder();
    b.addStream("/Filter []", wordWebArchive({ macros: true }));
    b.addCatalog();
    expect(factOf(b.build())).toMatchObject({ application: "Word", macros: true });
  });

  it("does not take a saved web page or an e-mail for an Office document", () => {
    const page = wordWebArchive({ macros: false })
      .replace(/ xmlns:w=3D"[^"]*"/, "")
      .replace(/<!--\[if gte mso 9\]>.*<!\[endif\]-->/, "");
    expect(holdsWebArchive(Buffer.from(page, "latin1"))).toBe(true);
    expect(factOf(withStream(page))).toBeNull();
    // the words in a document's text are no MIME header line
    expect(
      factOf(withStream("BT (Send it as multipart/related with Content-Type set) Tj ET <w:WordDocument>")),
    ).toBeNull();
  });
});
