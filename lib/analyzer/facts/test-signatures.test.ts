// Industry test signatures (assembled in code: the repository must not contain them) in every place
// the fast stage reads, as written and inside PDF or JavaScript string syntax.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";
import { LURE_FIXTURES, testSignature } from "../techniques/testing/lure-fixtures";
import { collectFacts } from "./document-facts";
import { findSignature } from "./test-signatures";

const EICAR = testSignature("eicar");
const found = (pdf: Uint8Array) =>
  collectFacts(readPdf(pdf, DEFAULT_LIMITS), DEFAULT_LIMITS).testSignatures.map(
    (t) => `${t.signature}@${t.where.split(" ")[0]}`,
  );

describe("findSignature", () => {
  it.each<[string, string, number]>([
    ["as written", `junk ${EICAR} junk`, 5],
    ["inside a PDF literal string (\\ ( ) escaped)", `(${EICAR.replace(/[\\()]/g, (c) => `\\${c}`)})`, 1],
    ["inside a JavaScript string (\\ escaped)", `var s = "${EICAR.replace(/\\/g, "\\\\")}";`, 9],
  ])("finds EICAR %s", (_name, text, at) => {
    expect(findSignature(text, EICAR)).toBe(at);
    expect(findSignature(Buffer.from(text, "latin1"), EICAR)).toBe(at);
  });

  it.each([
    ["its name alone", "see EICAR-STANDARD-ANTIVIRUS-TEST-FILE on eicar.org"],
    ["its tail alone", EICAR.slice(30)],
    ["one changed character", EICAR.replace("X5O", "X6O")],
  ])("does not take %s for the file", (_name, text) => {
    expect(findSignature(text, EICAR)).toBe(-1);
  });
});

describe("collectTestSignatures", () => {
  it.each(Object.entries(LURE_FIXTURES["antivirus-test-signature"]))("finds EICAR carried by %s", (_carrier, build) => {
    expect(found(build()).filter((f) => f.startsWith("eicar@")).length).toBeGreaterThan(0);
  });

  it("names each place: a Flate attachment, a script, a decoded content stream, the raw file", () => {
    const fixtures = LURE_FIXTURES["antivirus-test-signature"];
    expect(found(fixtures.attachment())).toContain("eicar@attachment");
    expect(found(fixtures.script())).toContain("eicar@script");
    expect(found(fixtures["content-stream"]())).toContain("eicar@stream");
    expect(found(fixtures["raw-appended"]())).toEqual(["eicar@file"]);
  });

  it("reads hex-encoded strings as the parser decodes them, and knows GTUBE and the AMSI sample", () => {
    const b = new PdfBuilder();
    b.add(`<< /Title ${hexString(testSignature("gtube"))} >>`);
    b.addCatalog(`/OpenAction << /S /JavaScript /JS (var t = '${testSignature("amsi")}';) >>`);
    expect(found(b.build()).sort()).toEqual(["amsi@file", "amsi@script", "amsi@string", "gtube@string"]);
  });

  it("names the one string object of many that holds a signature, hex-encoded among plain ones", () => {
    const b = new PdfBuilder();
    for (let i = 0; i < 40; i++) b.add(`<< /Title (ANTIQUE ANTI-virus note ${i}) /Subject (plain) >>`);
    const holder = b.add(`<< /Title (before) /Subject ${hexString(testSignature("gtube"))} >>`);
    for (let i = 0; i < 40; i++) b.add(`<< /Title (after ${i}) >>`);
    const facts = collectFacts(readPdf(b.build(), DEFAULT_LIMITS), DEFAULT_LIMITS).testSignatures;
    expect(facts.map((t) => `${t.signature} ${t.where}`)).toEqual([`gtube string ${holder} 0 R`]);
  });

  it("finds nothing in a plain document", () => {
    expect(found(new PdfBuilder().build())).toEqual([]);
  });
});
