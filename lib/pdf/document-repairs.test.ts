// readPdf on the damage that writers and kits leave in otherwise readable files: object headers glued
// to the previous token, CR-only line ends (old Mac writers), /Length values that miss the data (line
// ending conversion shortens binary data), active content a strict reading misses. Each fixture is a
// builder file edited in place with length-preserving rewrites, so its xref stays correct.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { resolveLimits } from "../limits";
import type { AnomalyCode } from "./anomaly";
import { readPdf, type PdfDocument } from "./document";
import { PdfDict, PdfName, PdfStream, PdfString } from "./objects";
import { PdfBuilder, appendUpdate, bytes, concat, crOnly, rewrite, text, withXref } from "./testing/pdf-builder";

const read = (b: Uint8Array) => readPdf(b, resolveLimits());
const codes = (doc: PdfDocument): AnomalyCode[] => doc.anomalies.items.map((a) => a.code);
const dictOf = (doc: PdfDocument, num: number) => doc.get(num)?.value as PdfDict;
const nameAt = (d: PdfDict | undefined, key: string) => (d?.get(key) as PdfName | undefined)?.name;
const decodedText = (doc: PdfDocument, num: number) => text(doc.decode(doc.get(num)!.value as PdfStream).data);

/** Catalog with an /OpenAction, a page with a content stream: every object read is checked. */
function document() {
  const b = new PdfBuilder();
  const content = b.addStream("", "BT /F1 12 Tf 72 720 Td (Hello) Tj ET");
  const action = b.add("<< /S /JavaScript /JS (app.alert(1)) >>");
  b.addCatalog(`/OpenAction ${action} 0 R`, 1, `/Contents ${content} 0 R`);
  return { b, content, action };
}

function expectWholeDocument(doc: PdfDocument, action: number, content: number) {
  expect(nameAt(doc.catalog, "Type")).toBe("Catalog");
  expect(doc.pages()).toHaveLength(1);
  expect(nameAt(doc.dict(doc.catalog?.get("OpenAction")), "S")).toBe("JavaScript");
  expect((dictOf(doc, action).get("JS") as PdfString).text).toBe("app.alert(1)");
  expect(decodedText(doc, content)).toBe("BT /F1 12 Tf 72 720 Td (Hello) Tj ET");
}

describe("readPdf: object headers glued to the preceding token", () => {
  it.each([
    ["endobj12 0 obj", "\nendobj\n", "  endobj"],
    [">>endobj 3 0 obj", ">>\nendobj\n", ">>endobj  "],
    ["endstream7 0 obj", "endstream\nendobj\n", "        endstream"],
  ])("finds every object of a file written as '%s', where the xref points", (_shape, from, to) => {
    const { b, content, action } = document();
    const pdf = rewrite(b.build(), from, to);
    const doc = read(pdf);
    expectWholeDocument(doc, action, content);
    expect(codes(doc)).not.toContain("xref-entry-mismatch");
    expect(doc.xrefRebuilt).toBe(false);
  });

  it("finds an update glued to the %%EOF before it (pdf.js issue 15367) in the linear scan", () => {
    const { b, action } = document();
    const updated = appendUpdate(rewrite(b.build(), "%%EOF\n", "\n%%EOF"), [
      { num: action, body: "<< /S /JavaScript /JS (app.alert(2)) >>" },
    ]);
    expect(text(updated)).toContain(`%%EOF${action} 0 obj`);
    const doc = read(updated);
    expect((dictOf(doc, action).get("JS") as PdfString).text).toBe("app.alert(2)");
    expect(doc.get(action)?.recovery).toBeUndefined();
    expect(doc.strayNames).toEqual([]);
    expect(codes(doc)).toEqual([]);
  });

  it("finds glued objects by scanning when there is no xref", () => {
    const { b, content, action } = document();
    const doc = read(rewrite(b.build({ xref: "none" }), "\nendobj\n", "  endobj"));
    expectWholeDocument(doc, action, content);
    expect(doc.instances.map((o) => o.num).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("does not take a number glued to any other word for a header in the linear scan", () => {
    const pdf = bytes(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\nabc7 0 obj 42 endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    expect(read(pdf).get(7)).toBeUndefined();
  });
});

describe("readPdf: content a strict reading misses (recovery pass)", () => {
  it("recovers an object whose header is glued to junk, where the xref points, and records its names", () => {
    const b = new PdfBuilder();
    b.addJunk("junk");
    const hidden = b.add("<< /S /JavaScript /JS (app.alert(7)) >>");
    b.addCatalog(`/OpenAction ${hidden} 0 R`);
    const doc = read(b.build());
    expect(doc.get(hidden)?.recovery).toBe("glued-header");
    expect(nameAt(doc.dict(doc.catalog?.get("OpenAction")), "S")).toBe("JavaScript");
    expect(doc.strayNames.map((n) => [n.name, n.recoveredIn])).toEqual([
      ["S", `${hidden} 0`],
      ["JavaScript", `${hidden} 0`],
      ["JS", `${hidden} 0`],
    ]);
  });

  it("records names outside every object even when no object can be rebuilt around them", () => {
    const b = new PdfBuilder();
    b.addJunk("<< /S /Launch /F (cmd.exe) >>\n");
    b.addCatalog();
    const doc = read(b.build());
    expect(doc.strayNames.map((n) => n.name)).toEqual(["S", "Launch", "F"]);
    expect(doc.strayNames.every((n) => n.recoveredIn === undefined)).toBe(true);
    expect(doc.instances.some((o) => o.recovery)).toBe(false);
  });

  it.each([
    ["a comment between objects", "% /JavaScript /OpenAction in a comment\n"],
    ["a name glued to binary junk", "\x8f/JS\n"],
  ])("does not count names in %s as stray", (_case, junk) => {
    const b = new PdfBuilder();
    b.addJunk(junk);
    b.addCatalog();
    expect(read(b.build()).strayNames).toEqual([]);
  });

  it("reads the objects a stream swallowed when its endstream was lost, without replacing the normal ones", () => {
    const b = new PdfBuilder();
    const lost = b.addRaw(bytes("<< /Length 9999 >>\nstream\npayload with its end marker lost"));
    const swallowed = b.add("<< /S /JavaScript /JS (app.alert(6)) >>");
    const next = b.addStream("", "BT ET");
    b.addCatalog(`/OpenAction ${swallowed} 0 R`, 1, `/Contents ${next} 0 R`);
    const doc = read(b.build());
    expect(codes(doc)).toContain("endstream-missing");
    expect(doc.get(swallowed)?.recovery).toBe("inside-stream");
    expect(nameAt(doc.dict(doc.catalog?.get("OpenAction")), "S")).toBe("JavaScript");
    expect(doc.get(lost)?.recovery).toBeUndefined();
  });

  it("reads an object the xref points at inside the data of a well-formed stream", () => {
    const hidden = "7 0 obj\n<< /S /JavaScript /JS (app.alert(7)) >>\nendobj\n";
    const body = [
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>\nendobj\n",
      "2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n",
      `3 0 obj\n<< /Length ${hidden.length} >>\nstream\n${hidden}\nendstream\nendobj\n`,
    ].join("");
    const doc = read(withXref(body, { 1: "1 0 obj", 2: "2 0 obj", 3: "3 0 obj", 7: "7 0 obj" }));
    expect(doc.get(7)?.recovery).toBe("xref-target");
    expect(nameAt(doc.dict(doc.catalog?.get("OpenAction")), "S")).toBe("JavaScript");
    expect(doc.anomalies.items.find((a) => a.objectRef === "7 0")?.message).toContain("inside object 3 0");
    expect(decodedText(doc, 3)).toBe(hidden);
  });

  it("ignores an xref entry whose offset holds no header of that object", () => {
    const body =
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 /Note (5 0 obj) >>\nendobj\n";
    const doc = read(withXref(body, { 1: "1 0 obj", 2: "2 0 obj", 4: "5 0 obj" }));
    expect(doc.get(4)).toBeUndefined();
    expect(doc.get(5)).toBeUndefined();
    expect(doc.instances.some((o) => o.recovery)).toBe(false);
  });

  it("keeps the normal object when a swallowed copy has the same number", () => {
    const b = new PdfBuilder();
    const original = b.add("<< /Marker /Original >>");
    b.addRaw(
      bytes(
        `<< /Length 9999 >>\nstream\nlost end\nendobj\n${original} 0 obj\n<< /Marker /Swallowed >>\nendobj\n9 0 obj\n<< /Length 2 >>\nstream\nxx`,
      ),
    );
    b.addCatalog();
    const doc = read(b.build({ xref: "none" }));
    expect(nameAt(dictOf(doc, original), "Marker")).toBe("Original");
    expect(doc.instances.filter((o) => o.num === original).map((o) => o.recovery)).toEqual([
      undefined,
      "inside-stream",
    ]);
  });
});

describe("readPdf: CR-only line ends (old Mac writers)", () => {
  it("reads header, objects, streams, xref table and trailer of a CR-only file without repairs", () => {
    const { b, content, action } = document();
    const pdf = crOnly(b.build());
    expect(text(pdf)).not.toContain("\n");
    const doc = read(pdf);
    expect(codes(doc)).toEqual([]);
    expect(doc.header.version).toBe("1.7");
    expect(doc.xrefSections.map((s) => s.kind)).toEqual(["table"]);
    expect(doc.xrefRebuilt).toBe(false);
    expectWholeDocument(doc, action, content);
  });

  it("decodes a Flate stream that starts right after 'stream' CR", () => {
    // a script whose deflate data holds no LF or CR, which the CR-only rewrite would change
    let seed = 1;
    while (deflateSync(bytes(words(seed, 8))).some((c) => c === 0x0a || c === 0x0d)) seed++;
    const source = words(seed, 8);
    const b = new PdfBuilder();
    const s = b.addFlateStream("", bytes(source));
    b.addCatalog("", 1, `/Contents ${s} 0 R`);
    const doc = read(crOnly(b.build()));
    expect(codes(doc)).toEqual([]);
    expect(decodedText(doc, s)).toBe(source);
  });

  it("keeps an LF that starts the data of a stream after 'stream' CR, as /Length says", () => {
    const b = new PdfBuilder();
    const s = b.addStream("", "\nBT ET");
    b.addCatalog("", 1, `/Contents ${s} 0 R`);
    const pdf = rewrite(crOnly(b.build()), "stream\r\rBT ET", "stream\r\nBT ET");
    const doc = read(pdf);
    expect(decodedText(doc, s)).toBe("\nBT ET");
    expect(codes(doc)).toEqual([]);
  });

  it("reads xref entries that end with a single CR (19-byte entries)", () => {
    const { b, content, action } = document();
    const pdf = crOnly(b.build());
    // the entries follow every object, so shortening them moves no object offset
    const doc = read(bytes(text(pdf).split(" n \r").join(" n\r").split(" f \r").join(" f\r")));
    expect(doc.xrefRebuilt).toBe(false);
    expect(codes(doc)).toEqual([]);
    expectWholeDocument(doc, action, content);
  });

  it("follows the /Prev chain of a CR-only incremental update", () => {
    const { b, action } = document();
    const updated = crOnly(appendUpdate(b.build(), [{ num: action, body: "<< /S /JavaScript /JS (app.alert(2)) >>" }]));
    const doc = read(updated);
    expect(doc.xrefSections).toHaveLength(2);
    expect((dictOf(doc, action).get("JS") as PdfString).text).toBe("app.alert(2)");
    expect(codes(doc)).toEqual([]);
  });
});

/** Pseudo-random words: text whose deflate output is varied enough to hold any byte pattern. */
function words(seed: number, count: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(`w${x % 997}`);
  }
  return out.join(" ");
}

/** A script and its deflate data, chosen so that `damage` changes the data in the middle. */
function deflatedScriptDamagedBy(damage: (d: Uint8Array) => Uint8Array) {
  for (let seed = 1; ; seed++) {
    const source = `app.alert("${words(seed, 400)}");`;
    const deflated = new Uint8Array(deflateSync(bytes(source)));
    const damaged = damage(deflated);
    const firstChange = damaged.findIndex((c, i) => c !== deflated[i]);
    // one lost byte can pass for the EOL before endstream; real conversions lose many
    const lost = deflated.length - damaged.length;
    if (lost >= 2 && firstChange > 64 && firstChange < deflated.length - 64) return { source, deflated, damaged };
  }
}

describe("readPdf: /Length that misses the data", () => {
  it.each([
    ["overshoots into the next object", 40],
    ["undershoots", -10],
  ])("finds endstream when /Length %s, and reads the objects after the stream", (_case, delta) => {
    const data = "BT (length is wrong) Tj ET";
    const b = new PdfBuilder();
    const s = b.addStream("", data, { length: data.length + delta });
    const after = b.add("<< /Marker /After >>");
    b.addCatalog("", 1, `/Contents ${s} 0 R`);
    const doc = read(b.build());
    expect(decodedText(doc, s)).toBe(data);
    expect(codes(doc)).toContain("stream-length-mismatch");
    expect(nameAt(dictOf(doc, after), "Marker")).toBe("After");
  });

  it.each([
    ["every CR stripped (binary data saved in text mode)", (d: Uint8Array) => d.filter((c) => c !== 0x0d)],
    ["CR LF turned into LF", (d: Uint8Array) => bytes(text(d).split("\r\n").join("\n"))],
  ])("salvages what inflates from Flate data with %s, and reports the damage", (_case, damage) => {
    const { source, deflated, damaged } = deflatedScriptDamagedBy(damage);
    const b = new PdfBuilder();
    const s = b.addRaw(
      concat([bytes(`<< /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`), damaged, bytes("\nendstream")]),
    );
    const after = b.add("<< /Marker /After >>");
    b.addCatalog();
    const doc = read(b.build());
    const stream = doc.get(s)!.value as PdfStream;
    expect(stream.raw.length).toBe(damaged.length);
    const decoded = doc.decode(stream);
    expect(decoded.complete).toBe(false);
    expect(codes(doc)).toEqual(expect.arrayContaining(["stream-length-mismatch", "filter-error"]));
    // everything before the first damaged byte is intact, for the decode and for the sniffing head
    expect(text(decoded.data).slice(0, 40)).toBe(source.slice(0, 40));
    expect(text(read(b.build()).decodeHead(stream, 40))).toBe(source.slice(0, 40));
    expect(nameAt(dictOf(doc, after), "Marker")).toBe("After");
  });

  it("salvages a damaged head once: a later, longer head of the same stream reads the same bytes as a fresh salvage", () => {
    const { damaged, deflated } = deflatedScriptDamagedBy((d) =>
      Uint8Array.from(d)
        .filter((c, i) => !(c === 0x0d && i > 80))
        .map((c, i) => (i >= 200 && i < 232 ? 0xff : c)),
    );
    const b = new PdfBuilder();
    const s = b.addRaw(
      concat([bytes(`<< /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`), damaged, bytes("\nendstream")]),
    );
    b.addCatalog();
    const file = b.build();
    const doc = read(file);
    const stream = doc.get(s)!.value as PdfStream;
    const sniff = doc.decodeHead(stream, 16);
    const later = doc.decodeHead(stream, 4096);
    const fresh = read(file);
    expect(later).toEqual(fresh.decodeHead(fresh.get(s)!.value as PdfStream, 4096));
    expect(sniff).toEqual(later.subarray(0, 16));
    expect(later.length).toBeGreaterThan(16);
  });
});
