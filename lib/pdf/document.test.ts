// readPdf on files written by the fixture builder: each fixture is named by the file layout it shows
// (classic xref, xref stream, incremental update, damaged or missing xref, junk around the file) and
// the test states what the tolerant reader must make of it. Hostile shapes must end, never throw.
import zlib, { deflateSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LIMITS, resolveLimits, type Limits } from "../limits";
import type { AnomalyCode } from "./anomaly";
import { readPdf, type PdfDocument } from "./document";
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString } from "./objects";
import { PdfBuilder, appendUpdate, bytes, concat, text } from "./testing/pdf-builder";

const read = (b: Uint8Array, limits: Partial<Limits> = {}) => readPdf(b, resolveLimits(limits));
const codes = (doc: PdfDocument): AnomalyCode[] => doc.anomalies.items.map((a) => a.code);
const dictOf = (doc: PdfDocument, num: number) => doc.get(num)?.value as PdfDict;
const nameAt = (d: PdfDict | undefined, key: string) => (d?.get(key) as PdfName | undefined)?.name;

/** Catalog, one page with a content stream, an info dictionary: the shape of a plain document. */
function plainDocument(b = new PdfBuilder()) {
  const content = b.addStream("", "BT /F1 12 Tf 72 720 Td (Hello) Tj ET");
  b.addCatalog("", 1, `/Contents ${content} 0 R`);
  b.info = b.add("<< /Title (Plain) >>");
  return { b, content };
}

describe("readPdf: well-formed layouts", () => {
  it("reads a classic xref table: header, objects, trailer, pages, no anomalies", () => {
    const { b, content } = plainDocument();
    const doc = read(b.build());
    expect(codes(doc)).toEqual([]);
    expect(doc.header).toEqual({ version: "1.7", offset: 0, format: "pdf" });
    expect(doc.xrefSections.map((s) => s.kind)).toEqual(["table"]);
    expect(doc.xrefRebuilt).toBe(false);
    expect(doc.eofOffsets).toHaveLength(1);
    expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
    expect(doc.pages()).toHaveLength(1);
    expect(doc.instances).toHaveLength(5);
    expect(doc.streams).toBe(1);
    const stream = doc.get(content)!.value as PdfStream;
    expect(text(doc.decode(stream).data)).toBe("BT /F1 12 Tf 72 720 Td (Hello) Tj ET");
    expect(doc.ownerOf(stream)?.num).toBe(content);
  });

  it("reads an xref stream and resolves the members of an object stream", () => {
    const b = new PdfBuilder();
    const action = b.add("<< /S /JavaScript /JS (app.alert('packed')) >>", { inObjStm: true });
    const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", { inObjStm: true });
    b.addCatalog(`/OpenAction ${action} 0 R`, 1, `/Resources << /Font << /F1 ${font} 0 R >> >>`);
    const doc = read(b.build());
    expect(codes(doc)).toEqual([]);
    expect(doc.xrefSections.map((s) => s.kind)).toEqual(["stream"]);
    expect(doc.objectStreams).toBe(1);
    const member = doc.get(action)!;
    expect(member.container).toMatch(/^\d+ 0$/);
    expect(member.containerNum).toBe(Number(member.container!.split(" ")[0]));
    expect((dictOf(doc, action).get("JS") as PdfString).text).toBe("app.alert('packed')");
    const open = doc.dict(doc.catalog?.get("OpenAction"));
    expect(nameAt(open, "S")).toBe("JavaScript");
    expect(nameAt(dictOf(doc, font), "BaseFont")).toBe("Helvetica");
    expect(doc.pages()).toHaveLength(1);
    // the trailer of an xref-stream file is the stream's dictionary
    expect(nameAt(doc.trailer!, "Type")).toBe("XRef");
  });

  it("takes the newest object of an incremental update and keeps every instance", () => {
    const { b } = plainDocument();
    const base = b.build();
    const updated = appendUpdate(base, [
      { num: b.root, body: `<< /Type /Catalog /Pages ${b.root + 1} 0 R /Lang (en-GB) >>` },
    ]);
    const doc = read(updated);
    expect(codes(doc)).toEqual([]);
    expect((dictOf(doc, b.root).get("Lang") as PdfString).text).toBe("en-GB");
    const versions = doc.instances.filter((o) => o.num === b.root);
    expect(versions).toHaveLength(2);
    expect(versions[0].offset).toBeLessThan(base.length);
    expect(versions[1].offset).toBeGreaterThanOrEqual(base.length);
    expect(doc.get(b.root)).toBe(versions[1]);
    expect(doc.xrefSections).toHaveLength(2);
    expect(doc.eofOffsets).toHaveLength(2);
    expect(doc.pages()).toHaveLength(1);
  });

  it("follows a chain of incremental updates through /Prev", () => {
    const { b } = plainDocument();
    let file = b.build();
    for (let i = 1; i <= 4; i++) file = appendUpdate(file, [{ num: b.info, body: `<< /Title (Revision ${i}) >>` }]);
    const doc = read(file);
    expect(codes(doc)).toEqual([]);
    expect(doc.xrefSections).toHaveLength(5);
    expect(doc.eofOffsets).toHaveLength(5);
    expect((dictOf(doc, b.info).get("Title") as PdfString).text).toBe("Revision 4");
    expect(doc.instances.filter((o) => o.num === b.info)).toHaveLength(5);
  });
});

describe("readPdf: recovery", () => {
  it("rebuilds the object table when startxref points nowhere", () => {
    const { b } = plainDocument();
    const doc = read(b.build({ brokenStartxref: true }));
    expect(codes(doc)).toEqual(expect.arrayContaining(["startxref-invalid", "xref-rebuilt"]));
    expect(doc.xrefRebuilt).toBe(true);
    expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
    expect(doc.pages()).toHaveLength(1);
    expect(doc.table.size).toBe(5);
  });

  it("rebuilds the object table of a file without any xref", () => {
    const { b } = plainDocument();
    const doc = read(b.build({ xref: "none" }));
    expect(codes(doc)).toContain("xref-rebuilt");
    expect(doc.xrefSections).toEqual([]);
    expect(doc.xrefRebuilt).toBe(true);
    expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
    expect(doc.pages()).toHaveLength(1);
  });

  it("finds the catalog of a file with neither xref nor trailer", () => {
    const { b } = plainDocument();
    const withTrailer = text(b.build({ xref: "none" }));
    const doc = read(bytes(withTrailer.replace(/trailer[\s\S]*$/, "%%EOF\n")));
    expect(doc.xrefRebuilt).toBe(true);
    expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
    expect(doc.pages()).toHaveLength(1);
  });

  it("rebuilds when most xref offsets are wrong, and reports each mismatch", () => {
    const { b } = plainDocument();
    const shifted = text(b.build()).replace(
      /^(\d{10}) 00000 n/gm,
      (_m, o: string) => `${String(Number(o) + 3).padStart(10, "0")} 00000 n`,
    );
    const doc = read(bytes(shifted));
    expect(codes(doc)).toEqual(expect.arrayContaining(["xref-entry-mismatch", "xref-rebuilt"]));
    expect(doc.anomalies.count("xref-entry-mismatch")).toBe(5);
    expect(doc.pages()).toHaveLength(1);
  });

  it("does not report objects the xref points at through leading whitespace as outside the xref", () => {
    const { b } = plainDocument();
    const offByOne = text(b.build()).replace(
      /^(\d{10}) 00000 n/gm,
      (_m, o: string) => `${String(Number(o) - 1).padStart(10, "0")} 00000 n`,
    );
    const doc = read(bytes(offByOne));
    expect(doc.xrefRebuilt).toBe(false);
    expect(doc.table.size).toBe(5);
    expect(codes(doc)).not.toContain("object-outside-xref");
  });

  it("reports an object appended without an xref entry as object-outside-xref, and still reads it", () => {
    const { b } = plainDocument();
    const file = concat([b.build(), bytes("42 0 obj\n<< /S /JavaScript /JS (hidden()) >>\nendobj\n")]);
    const doc = read(file);
    const outside = doc.anomalies.items.filter((a) => a.code === "object-outside-xref");
    expect(outside.map((a) => a.objectRef)).toEqual(["42 0"]);
    expect(doc.xrefRebuilt).toBe(false);
    expect(nameAt(dictOf(doc, 42), "S")).toBe("JavaScript");
  });

  it("does not cut a well-formed string that contains the word endobj", () => {
    const b = new PdfBuilder();
    const source = 'var s = "endobj"; app.launchURL("http://evil.example/x");';
    const js = b.add(`<< /S /JavaScript /JS (${source}) >>`);
    b.addCatalog(`/OpenAction ${js} 0 R`);
    const doc = read(b.build());
    expect((dictOf(doc, js).get("JS") as PdfString).text).toBe(source);
    expect(codes(doc)).toEqual([]);
  });

  it("re-reads an object whose unterminated string runs into the next object", () => {
    const b = new PdfBuilder();
    const broken = b.add("<< /Title (never closed >>");
    const next = b.add("<< /Type /Catalog /Marker (next) >>");
    const doc = read(b.build({ xref: "none" }));
    expect(codes(doc)).toContain("syntax-error");
    expect(dictOf(doc, broken)).toBeInstanceOf(PdfDict);
    expect((dictOf(doc, next).get("Marker") as PdfString).text).toBe("next");
  });

  it("reads objects that lack endobj", () => {
    const doc = read(
      bytes(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
    );
    expect(codes(doc)).toContain("endobj-missing");
    expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
    expect(nameAt(dictOf(doc, 2), "Type")).toBe("Pages");
  });
});

describe("readPdf: object headers", () => {
  it("reads an object whose number and generation are separated by a comment (kit output)", () => {
    const pdf = bytes(
      "%PDF-1.3\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n5%junk\n0 obj << /Marker /Found >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const doc = read(pdf);
    const five = doc.get(5)?.value;
    expect(five).toBeInstanceOf(PdfDict);
    expect(((five as PdfDict).get("Marker") as PdfName).name).toBe("Found");
  });
});

describe("readPdf: header and end of file", () => {
  it("reports a header after junk, with its offset, and reads the file", () => {
    const prefix = "MZ\x90\x00 this is not a pdf header line\n";
    const { b } = plainDocument();
    const doc = read(b.build({ prefix }));
    expect(doc.anomalies.items.filter((a) => a.code === "header-not-at-start")).toEqual([
      { code: "header-not-at-start", offset: prefix.length, message: expect.any(String) },
    ]);
    expect(doc.header).toEqual({ version: "1.7", offset: prefix.length, format: "pdf" });
    expect(doc.xrefRebuilt).toBe(false);
    expect(doc.pages()).toHaveLength(1);
  });

  it("reports a missing header and still reads the objects", () => {
    const { b } = plainDocument();
    const doc = read(b.build({ header: null }));
    expect(codes(doc)).toContain("header-missing");
    expect(doc.header.version).toBeNull();
    expect(doc.pages()).toHaveLength(1);
  });

  it("reports a header further than 1024 bytes in as missing", () => {
    const { b } = plainDocument();
    const doc = read(b.build({ prefix: "x".repeat(2000) }));
    expect(codes(doc)).toContain("header-missing");
    expect(doc.pages()).toHaveLength(1);
  });

  it.each([
    ["%PDF-3.0", true],
    ["%PDF-1.9", true],
    ["%PDF-x", true],
    ["%PDF-2.0", false],
    ["%PDF-1.0", false],
  ])("checks the header version %s", (header, invalid) => {
    const { b } = plainDocument();
    expect(codes(read(b.build({ header }))).includes("header-version-invalid")).toBe(invalid);
  });

  it("reports data after the last %%EOF at the end of the marker", () => {
    const { b } = plainDocument();
    const suffix = "PK\x03\x04 appended archive bytes ".repeat(4);
    const file = b.build({ suffix });
    const doc = read(file);
    const a = doc.anomalies.items.find((x) => x.code === "data-after-eof");
    expect(a?.offset).toBe(file.length - suffix.length - 1);
  });

  it("accepts whitespace after the last %%EOF", () => {
    const { b } = plainDocument();
    expect(codes(read(b.build({ suffix: "\r\n\n  \n" })))).not.toContain("data-after-eof");
  });

  it("reports a missing %%EOF", () => {
    const { b } = plainDocument();
    const doc = read(bytes(text(b.build()).replace("%%EOF", "")));
    expect(codes(doc)).toContain("eof-missing");
    expect(doc.eofOffsets).toEqual([]);
  });

  it("does not count %%EOF inside a stream or a string as an end-of-file marker", () => {
    const b = new PdfBuilder();
    const s = b.addStream("", "line one\n%%EOF\nline two");
    b.add("<< /Note (%%EOF) >>");
    b.addCatalog("", 1, `/Contents ${s} 0 R`);
    const doc = read(b.build());
    expect(doc.eofOffsets).toHaveLength(1);
    expect(codes(doc)).toEqual([]);
  });
});

describe("readPdf: reference and page-tree cycles", () => {
  it("resolves a reference cycle to undefined and reports it", () => {
    const doc = read(
      bytes(
        "%PDF-1.4\n1 0 obj\n2 0 R\nendobj\n2 0 obj\n1 0 R\nendobj\n3 0 obj\n3 0 R\nendobj\n4 0 obj\n1 0 R\nendobj\n%%EOF\n",
      ),
    );
    expect(doc.resolve(new PdfRef(1, 0))).toBeUndefined();
    expect(doc.resolve(new PdfRef(3, 0))).toBeUndefined();
    expect(doc.resolve(doc.get(4)!.value)).toBeUndefined();
    expect(doc.dict(new PdfRef(1, 0))).toBeUndefined();
    expect(codes(doc)).toContain("reference-cycle");
  });

  it("resolves a dangling reference to undefined", () => {
    const { b } = plainDocument();
    expect(read(b.build()).resolve(new PdfRef(999, 0))).toBeUndefined();
  });

  it("follows a chain of references shorter than MAX_REF_CHAIN", () => {
    const objs = Array.from({ length: 10 }, (_, i) => `${i + 1} 0 obj\n${i + 2} 0 R\nendobj\n`).join("");
    const doc = read(bytes(`%PDF-1.4\n${objs}11 0 obj\n(end)\nendobj\n%%EOF\n`));
    expect((doc.resolve(new PdfRef(1, 0)) as PdfString).text).toBe("end");
  });

  it("stops a chain longer than MAX_REF_CHAIN", () => {
    const objs = Array.from({ length: 10 }, (_, i) => `${i + 1} 0 obj\n${i + 2} 0 R\nendobj\n`).join("");
    const doc = read(bytes(`%PDF-1.4\n${objs}11 0 obj\n(end)\nendobj\n%%EOF\n`), { MAX_REF_CHAIN: 4 });
    expect(doc.resolve(new PdfRef(1, 0))).toBeUndefined();
    expect(codes(doc)).toContain("reference-cycle");
  });

  it.each([
    [
      "two /Pages nodes that are each other's kid",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Pages /Kids [2 0 R 4 0 R] /Count 1 >>",
    ],
    [
      "a /Pages node that is its own kid",
      "<< /Type /Pages /Kids [2 0 R 4 0 R] /Count 1 >>",
      "<< /Type /Pages /Kids [3 0 R] >>",
    ],
  ])("ends the page walk on %s", (_name, node2, node3) => {
    const file = bytes(
      `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n${node2}\nendobj\n3 0 obj\n${node3}\nendobj\n` +
        `4 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    );
    const doc = read(file);
    const pages = doc.pages();
    expect(pages.map((p) => p.ref?.num)).toEqual([4]);
    expect(codes(doc)).toContain("reference-cycle");
  });
});

describe("readPdf: budgets", () => {
  it("stops keeping objects at MAX_OBJECTS and records the budget hit", () => {
    const { b } = plainDocument();
    for (let i = 0; i < 20; i++) b.add(`<< /Filler ${i} >>`);
    const doc = read(b.build(), { MAX_OBJECTS: 3 });
    expect(doc.instances).toHaveLength(3);
    expect([...doc.budgetHits]).toContain("MAX_OBJECTS");
  });

  it("counts object-stream members against MAX_OBJECTS", () => {
    const b = new PdfBuilder();
    for (let i = 0; i < 20; i++) b.add(`<< /Member ${i} >>`, { inObjStm: true });
    b.addCatalog();
    const doc = read(b.build(), { MAX_OBJECTS: 10 });
    expect(doc.instances.length).toBeLessThanOrEqual(10);
    expect([...doc.budgetHits]).toContain("MAX_OBJECTS");
  });

  it("stops parsing an object stream at MAX_OBJECTS_PER_OBJSTM", () => {
    const b = new PdfBuilder();
    for (let i = 0; i < 20; i++) b.add(`<< /Member ${i} >>`, { inObjStm: true });
    b.addCatalog();
    const doc = read(b.build(), { MAX_OBJECTS_PER_OBJSTM: 5 });
    expect(doc.instances.filter((o) => o.container)).toHaveLength(5);
    expect([...doc.budgetHits]).toContain("MAX_OBJECTS_PER_OBJSTM");
  });

  it("stops following /Prev at MAX_XREF_SECTIONS", () => {
    const { b } = plainDocument();
    let file = b.build();
    for (let i = 0; i < 6; i++) file = appendUpdate(file, [{ num: b.info, body: `<< /Title (r${i}) >>` }]);
    const doc = read(file, { MAX_XREF_SECTIONS: 3 });
    expect(doc.xrefSections).toHaveLength(3);
    expect([...doc.budgetHits]).toContain("MAX_XREF_SECTIONS");
  });

  it("reports a /Prev chain that loops", () => {
    const { b } = plainDocument();
    const file = text(b.build());
    const xrefAt = file.lastIndexOf("xref\n0 ");
    const doc = read(bytes(file.replace("/Size", `/Prev ${xrefAt} /Size`)));
    expect(codes(doc)).toContain("xref-invalid");
    expect(doc.xrefSections).toHaveLength(1);
  });
});

describe("readPdf: garbage never throws", () => {
  function prng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s >>> 24;
    };
  }

  it.each<[string, Uint8Array]>([
    ["empty input", new Uint8Array(0)],
    ["23 bytes of a header and a cut object", bytes("%PDF-1.7\n1 0 obj\n<< /A (")],
    ["one byte", bytes("%")],
    ["only a header", bytes("%PDF-1.4\n")],
    ["only %%EOF", bytes("%%EOF")],
    ["startxref to a huge offset", bytes("%PDF-1.4\nstartxref\n99999999999\n%%EOF")],
    ["startxref without a number", bytes("%PDF-1.4\nstartxref\n%%EOF")],
    [
      "an xref with absurd counts",
      bytes(
        "%PDF-1.4\nxref\n0 999999999\n0000000000 65535 f \ntrailer << /Size 1 /Prev -5 /XRefStm 3.5 >>\nstartxref\n9\n%%EOF",
      ),
    ],
    [
      "an object stream with absurd /N and /First",
      bytes(
        "%PDF-1.4\n1 0 obj\n<< /Type /ObjStm /N 99999999 /First -4 /Length 7 >>\nstream\n1 0 2 5\nendstream\nendobj\n%%EOF",
      ),
    ],
    [
      "an object stream whose offsets point backwards",
      bytes(
        "%PDF-1.4\n1 0 obj\n<< /Type /ObjStm /N 2 /First 8 /Length 17 >>\nstream\n5 0 6 -9 (a) (b)\nendstream\nendobj\n%%EOF",
      ),
    ],
    [
      "an xref stream with a bad /W",
      bytes(
        "%PDF-1.5\n1 0 obj\n<< /Type /XRef /W [99 -1] /Size 5 /Length 3 >>\nstream\nabc\nendstream\nendobj\nstartxref\n9\n%%EOF",
      ),
    ],
    [
      "an xref stream with huge /Index",
      bytes(
        "%PDF-1.5\n1 0 obj\n<< /Type /XRef /W [1 2 1] /Index [0 4000000000] /Size 5 /Length 8 >>\nstream\n\x01\x00\x09\x00\x01\x00\x09\x00\nendstream\nendobj\nstartxref\n9\n%%EOF",
      ),
    ],
    ["100k nested arrays in an object", bytes(`%PDF-1.4\n1 0 obj\n${"[".repeat(100_000)}\nendobj\n%%EOF`)],
    ["10k 'obj' keywords", bytes(`%PDF-1.4\n${"1 0 obj ".repeat(10_000)}`)],
  ])("reads %s without throwing", (_name, input) => {
    const doc = readPdf(input, DEFAULT_LIMITS);
    expect(doc).toBeDefined();
    expect(() => doc.pages()).not.toThrow();
    expect(() => doc.catalog).not.toThrow();
  });

  it("reads 200 random buffers without throwing", () => {
    const next = prng(3);
    for (let i = 0; i < 200; i++) {
      const head = i % 2 ? bytes("%PDF-1.7\n") : new Uint8Array(0);
      const input = concat([head, Uint8Array.from({ length: next() * 4 }, next)]);
      expect(() => readPdf(input, DEFAULT_LIMITS).pages()).not.toThrow();
    }
  });

  it("reads every truncation of a fixture without throwing", () => {
    const b = new PdfBuilder();
    b.add("<< /S /JavaScript /JS (app.alert(1)) >>", { inObjStm: true });
    b.addFlateStream("", "BT (compressed) Tj ET");
    b.addCatalog();
    const full = appendUpdate(b.build(), [{ num: 1, body: "<< /S /URI /URI (https://example.com/) >>" }]);
    for (let cut = 0; cut < full.length; cut += 7) {
      expect(() => readPdf(full.subarray(0, cut), DEFAULT_LIMITS).pages()).not.toThrow();
    }
  });
});

describe("decode() after decodeHead() of a damaged Flate stream", () => {
  // a zlib stream damaged early (bytes 12..76 overwritten), then valid data: decode() keeps what
  // inflates before the damage, which the head's salvage already found
  const damagedDoc = () => {
    const b = new PdfBuilder();
    const payload = Buffer.from(deflateSync(Buffer.from("BT (Hello http://example.com/x) Tj ET\n".repeat(400))));
    payload.fill(0xff, 12, 76);
    const ref = b.addStream("/Filter /FlateDecode", new Uint8Array(payload));
    b.addCatalog();
    const doc = read(b.build());
    return { doc, stream: doc.get(ref)!.value as PdfStream };
  };

  it("does not search for the damage again, and gives what a fresh decode gives", () => {
    const fresh = damagedDoc();
    const expected = fresh.doc.decode(fresh.stream);
    expect(expected.issues.length).toBeGreaterThan(0);
    const { doc, stream } = damagedDoc();
    const inflate = vi.spyOn(zlib, "inflateSync");
    const inflateRaw = vi.spyOn(zlib, "inflateRawSync");
    try {
      doc.decodeHead(stream, 64);
      const calls = inflate.mock.calls.length + inflateRaw.mock.calls.length;
      expect(doc.decode(stream)).toEqual(expected);
      expect(inflate.mock.calls.length + inflateRaw.mock.calls.length).toBe(calls);
    } finally {
      inflate.mockRestore();
      inflateRaw.mockRestore();
    }
  });
});

describe("decode() after decodeHead() of a small Flate stream", () => {
  const streamDoc = () => {
    const b = new PdfBuilder();
    const small = b.addFlateStream("", "BT (Hello http://example.com/x) Tj ET ".repeat(20));
    const bomb = b.addFlateStream("", new Uint8Array(400_000));
    b.addCatalog();
    const doc = read(b.build(), { MAX_DECODED_BYTES_PER_STREAM: 100_000 });
    return { doc, small: doc.get(small)!.value as PdfStream, bomb: doc.get(bomb)!.value as PdfStream };
  };

  it("reuses the head's inflate of the whole stream and gives what a fresh decode gives", () => {
    const fresh = streamDoc();
    const expected = { small: fresh.doc.decode(fresh.small), bomb: fresh.doc.decode(fresh.bomb) };
    const { doc, small, bomb } = streamDoc();
    const inflate = vi.spyOn(zlib, "inflateSync");
    try {
      doc.decodeHead(small, 64);
      doc.decodeHead(bomb, 64);
      const calls = inflate.mock.calls.length;
      // the small stream is not inflated again
      expect(doc.decode(small)).toEqual(expected.small);
      expect(inflate.mock.calls.length).toBe(calls);
      // the bomb's whole output is past the per-stream cap: it is decoded as before
      expect(doc.decode(bomb)).toEqual(expected.bomb);
      expect(inflate.mock.calls.length).toBeGreaterThan(calls);
      expect(expected.bomb.budgetHit).toBe(true);
    } finally {
      inflate.mockRestore();
    }
  });
});

describe("pages()", () => {
  it("walks a page tree with a cycle once: the same pages and one anomaly however often it is asked", () => {
    const b = new PdfBuilder();
    const page = b.add("<< /Type /Page /MediaBox [0 0 612 792] >>");
    const pages = b.reserve();
    // the tree lists itself among its kids
    b.add(`<< /Type /Pages /Kids [${page} 0 R ${pages} 0 R] /Count 2 >>`, { num: pages });
    b.root = b.add(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
    const doc = read(b.build());
    const first = doc.pages();
    expect(first.map((p) => p.ref?.num)).toEqual([page]);
    for (let i = 0; i < 5; i++) expect(doc.pages()).toEqual(first);
    expect(doc.anomalies.items.filter((a) => a.message === "page tree revisits a node")).toHaveLength(1);
  });
});
