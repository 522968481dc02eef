// The document data the Acrobat stubs serve: annotations (/Subj, /Contents), Info, fields with
// qualified names, and the words shown by page content (Tj/TJ operands).
import { describe, expect, it } from "vitest";
import { resolveLimits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, bytes } from "../../pdf/testing/pdf-builder";
import { collectScriptContext, shownText } from "./script-context";

describe("shownText", () => {
  it.each([
    ["Tj, then TJ with a word gap", "BT /F1 12 Tf (Hello) Tj [(wor) -20 (ld) -500 (again)] TJ ET", "Helloworld again "],
    ["escapes and octal", "BT (a\\(b\\)\\101) Tj ET", "a(b)A "],
    ["hex strings and positioning", "BT <48692c> Tj 0 -14 Td (there) Tj ET", "Hi, there "],
    ["operands of other operators are dropped", "q (not text) 1 0 0 1 0 0 cm Q BT (yes) Tj ET", "yes "],
  ])("%s", (_name, content, text) => {
    expect(shownText(bytes(content), 1000)).toBe(text);
  });
});

describe("collectScriptContext", () => {
  it("collects annotations, Info, fields and page words", () => {
    const b = new PdfBuilder();
    const subj = b.addFlateStream("", "z61z6cz65z72z74");
    const annot = b.add(
      `<< /Type /Annot /Subtype /Text /Rect [0 0 1 1] /Subj ${subj} 0 R /Contents (note) /NM (a1) >>`,
    );
    const kid = b.add(`<< /T (name) /V (John) /FT /Tx >>`);
    const parent = b.add(`<< /T (person) /Kids [${kid} 0 R] >>`);
    const content = b.addStream("", "BT (payload one) Tj ET");
    b.info = b.add(`<< /Title (Invoice) /Subject (%u4141) >>`);
    b.addCatalog(`/AcroForm << /Fields [${parent} 0 R] >>`, 1, `/Annots [${annot} 0 R] /Contents ${content} 0 R`);
    const ctx = collectScriptContext(readPdf(b.build(), resolveLimits()), { fileName: "x.pdf" });
    expect(ctx.annotations).toEqual([
      { page: 0, type: "Text", subject: "z61z6cz65z72z74", contents: "note", name: "a1", author: undefined },
    ]);
    expect(ctx.info).toEqual({ Title: "Invoice", Subject: "%u4141" });
    expect(ctx.fields).toEqual(expect.arrayContaining([{ name: "person.name", value: "John", type: "Tx" }]));
    expect(ctx.pageWords).toEqual([["payload", "one"]]);
    expect(ctx).toMatchObject({ fileName: "x.pdf", numPages: 1 });
  });
});
