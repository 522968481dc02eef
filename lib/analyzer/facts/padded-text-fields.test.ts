// Text fields padded to an overflow offset are found by their shape (a long run of one byte, then bytes
// that are not text), in the document information and in annotations; long honest text is not.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "./document-facts";
import { paddingOf } from "./text-fields";

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe("padding of a text field", () => {
  it("finds spaces to byte 540 followed by a handler address and code", () => {
    const shape = paddingOf(latin1(`Contract information${" ".repeat(520)}ZAKj\x41a\\AaATA\xc3\xb30\xb3PYIIIIIIII`));
    expect(shape).toMatchObject({ run: 520, end: 540 });
    expect(shape!.excerpt).toContain("\\xc3");
  });

  it.each([
    ["a long title of words", `Annual report ${"and accounts of the company for the year ".repeat(20)}`],
    ["a run of spaces followed by text", `Title${" ".repeat(400)}continued here with plain words`],
    ["a run of 'A' with nothing after it", "A".repeat(2000)],
    ["padding then too little to overwrite anything", `${" ".repeat(300)}\xc3\xb3`],
    ["UTF-16 text", `\xfe\xff${"\x00 ".repeat(300)}\x00\xe9\x00x`],
    ["a short string", `x${" ".repeat(100)}\xc3\xb3\xb3\xb3\xb3\xb3\xb3\xb3\xb3`],
  ])("finds nothing in %s", (_name, text) => {
    expect(paddingOf(latin1(text))).toBeNull();
  });
});

describe("padded text fields of a document", () => {
  it("reads the document information and annotations", () => {
    const b = new PdfBuilder();
    b.info = b.addRaw(latin1(`<< /Author (x${"A".repeat(600)}\x90\x90\xeb\x06\x12\x34\x56\x78\x01\x02) >>`));
    const annot = b.addRaw(
      latin1(
        `<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Contents (${" ".repeat(300)}\x01\x02\x03\x04\x05\x06\x07\x08\x0b) >>`,
      ),
    );
    b.addCatalog("", 1, `/Annots [${annot} 0 R]`);
    const padded = collectFacts(readPdf(b.build(), DEFAULT_LIMITS), DEFAULT_LIMITS).paddedTextFields;
    expect(padded.map((f) => [f.objectRef, f.path, f.run]).sort()).toEqual(
      [
        [`${annot} 0 R`, "/Contents", 300],
        [undefined, "/Author", 600],
      ].sort(),
    );
  });
});
