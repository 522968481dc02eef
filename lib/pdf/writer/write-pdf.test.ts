// writePdf and serializeObject: what the writer produces reads back through the tolerant reader as
// the same objects, without a single anomaly, whatever the values hold (escapes, reals, binary data).
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../document";
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "../objects";
import { bytes, text } from "../testing/pdf-builder";
import { serializeName, serializeNumber, serializeObject, serializeString } from "./serialize-object";
import { writePdf } from "./write-pdf";

const dict = (entries: Record<string, PdfObject>) => new PdfDict(new Map(Object.entries(entries)));
const name = (n: string) => new PdfName(n);
const MAX_DEPTH = DEFAULT_LIMITS.MAX_NESTING_DEPTH;

function onePageFile(
  extra: { num: number; value: PdfObject }[] = [],
  catalogExtra: Record<string, PdfObject> = {},
): Uint8Array {
  return writePdf(
    [
      { num: 1, gen: 0, value: dict({ Type: name("Catalog"), Pages: new PdfRef(2, 0), ...catalogExtra }) },
      { num: 2, gen: 0, value: dict({ Type: name("Pages"), Kids: [new PdfRef(3, 0)], Count: 1 }) },
      { num: 3, gen: 0, value: dict({ Type: name("Page"), Parent: new PdfRef(2, 0), MediaBox: [0, 0, 612, 792] }) },
      ...extra.map((e) => ({ ...e, gen: 0 })),
    ],
    { version: "1.7", trailer: dict({ Root: new PdfRef(1, 0) }), maxDepth: MAX_DEPTH },
  );
}

describe("serializeObject", () => {
  it.each([
    [1, "1"],
    [-0.5, "-0.5"],
    [1e-7, "0.0000001"],
    [1e-12, "0"],
    [1e21, "1000000000000000000000"],
    [Number.NaN, "0"],
    [Number.POSITIVE_INFINITY, "0"],
  ])("writes the number %s without an exponent as %s", (n, out) => {
    expect(serializeNumber(n)).toBe(out);
  });

  it("escapes in names only what the syntax needs: an obfuscated spelling comes out plain", () => {
    expect(serializeName("JavaScript")).toBe("/JavaScript");
    expect(serializeName("A B#(/)")).toBe("/A#20B#23#28#2f#29");
    expect(serializeName("caf\xe9")).toBe("/caf#e9");
  });

  it("escapes backslash, parentheses and line ends in literal strings; hex strings stay hex", () => {
    expect(serializeString(new PdfString(bytes("a(b)\\c\r\nd")))).toBe("(a\\(b\\)\\\\c\\r\\nd)");
    expect(serializeString(new PdfString(Uint8Array.of(0, 255), true))).toBe("<00ff>");
  });

  it("writes a value nested past the depth bound as null instead of recursing", () => {
    let deep: PdfObject = 1;
    for (let i = 0; i < 10; i++) deep = [deep];
    expect(serializeObject(deep, 3)).toBe("[[[null]]]");
  });
});

describe("writePdf", () => {
  it("writes a file the reader reads without anomaly: classic xref, one revision, the same objects", () => {
    const doc = readPdf(onePageFile(), DEFAULT_LIMITS);
    expect(doc.anomalies.items).toEqual([]);
    expect(doc.xrefSections.map((s) => s.kind)).toEqual(["table"]);
    expect(doc.eofOffsets).toHaveLength(1);
    expect(doc.pages()).toHaveLength(1);
    expect((doc.catalog?.get("Type") as PdfName).name).toBe("Catalog");
  });

  it("round-trips strings with every byte value, names with delimiters and reals", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const value = dict({
      Lit: new PdfString(all),
      Hex: new PdfString(all, true),
      Odd: name("a b/c#d"),
      Real: 0.125,
      Neg: -3,
      Arr: [true, false, null],
    });
    const doc = readPdf(onePageFile([{ num: 4, value }], { Extra: new PdfRef(4, 0) }), DEFAULT_LIMITS);
    expect(doc.anomalies.items).toEqual([]);
    const back = doc.get(4)!.value as PdfDict;
    expect((back.get("Lit") as PdfString).bytes).toEqual(all);
    expect((back.get("Hex") as PdfString).bytes).toEqual(all);
    expect((back.get("Odd") as PdfName).name).toBe("a b/c#d");
    expect([back.get("Real"), back.get("Neg"), back.get("Arr")]).toEqual([0.125, -3, [true, false, null]]);
  });

  it("sets a stream's /Length from its data, replacing a wrong or indirect one", () => {
    const data = bytes("BT (endstream inside) Tj ET\nendstream\n");
    const stream = new PdfStream(dict({ Length: new PdfRef(99, 0) }), data, -1);
    const doc = readPdf(onePageFile([{ num: 4, value: stream }], { Extra: new PdfRef(4, 0) }), DEFAULT_LIMITS);
    expect(doc.anomalies.items).toEqual([]);
    const back = doc.get(4)!.value as PdfStream;
    expect(back.dict.get("Length")).toBe(data.length);
    expect(text(back.raw)).toBe(text(data));
  });

  it("lists unused numbers as free entries", () => {
    const file = onePageFile([{ num: 7, value: 42 }], { Extra: new PdfRef(7, 0) });
    expect(text(file)).toMatch(
      /xref\n0 8\n0000000000 65535 f\r\n(\d{10} 00000 n\r\n){3}(0000000000 00000 f\r\n){3}\d{10} 00000 n\r\n/,
    );
    expect(readPdf(file, DEFAULT_LIMITS).get(7)?.value).toBe(42);
  });
});
