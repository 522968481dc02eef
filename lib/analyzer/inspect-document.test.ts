import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { INSPECTOR_LIMITS } from "../limits";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { ATTACHED_SCRIPT, attachedScriptPdf, suspiciousPdf } from "../../test/fixtures/sample-pdfs";
import { inspectDocument, type InspectAnswer } from "./inspect-document";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

function as<K extends InspectAnswer["op"]>(answer: InspectAnswer, op: K): Extract<InspectAnswer, { op: K }> {
  expect(answer.op).toBe(op);
  return answer as Extract<InspectAnswer, { op: K }>;
}

describe("inspectDocument (the object inspector's answers)", () => {
  it("lists every object with its kind, and the revisions with their trailers", () => {
    const list = as(inspectDocument(suspiciousPdf(), { op: "objects" }), "objects");
    expect(list.total).toBe(list.objects.length);
    expect(list.truncated).toBe(false);
    expect(list.objects.map((o) => o.kind)).toEqual(
      expect.arrayContaining(["dict /Action /JavaScript", "dict /Catalog", "dict /Annot /Link"]),
    );
    expect(list.revisions).toHaveLength(1);
    expect(list.revisions[0].trailer).toMatch(/\/Root \d+ 0 R/);
  });

  it("finds the objects naming /JavaScript (-s) and those referring to an object (-r)", () => {
    const pdf = suspiciousPdf();
    const found = as(inspectDocument(pdf, { op: "objects", search: "/javascript" }), "objects").objects;
    expect(found.map((o) => o.kind)).toEqual(["dict /Action /JavaScript"]);
    const referrers = as(inspectDocument(pdf, { op: "objects", refs: found[0].num }), "objects").objects;
    expect(referrers.map((o) => o.kind)).toEqual(["dict /Catalog"]);
  });

  it("shows one object's dictionary, its referrers, and its stream decoded or raw", () => {
    const b = new PdfBuilder();
    const content = b.addFlateStream("", "BT (hello) Tj ET");
    b.addCatalog("", 1, `/Contents ${content} 0 R`);
    const pdf = b.build();
    const decoded = as(inspectDocument(pdf, { op: "object", num: content, stream: "decoded" }), "object");
    expect(decoded.text).toContain("/Filter /FlateDecode");
    expect(decoded.referrers.map((o) => o.kind)).toEqual(["dict /Page"]);
    expect(Buffer.from(decoded.stream!.data).toString("latin1")).toBe("BT (hello) Tj ET");
    expect(decoded.stream).toMatchObject({
      view: "decoded",
      totalBytes: 16,
      truncated: false,
      note: expect.stringContaining("FlateDecode"),
    });
    const raw = as(inspectDocument(pdf, { op: "object", num: content, stream: "raw" }), "object");
    expect(raw.stream!.data[0]).toBe(0x78); // a zlib header: the bytes as stored
    expect(as(inspectDocument(pdf, { op: "object", num: content }), "object").stream).toBeUndefined();
  });

  it("shows at most MAX_STREAM_SHOWN_BYTES of a stream and says how large it is", () => {
    const b = new PdfBuilder();
    const size = INSPECTOR_LIMITS.MAX_STREAM_SHOWN_BYTES + 1000;
    const big = b.addFlateStream("", "A".repeat(size));
    b.addCatalog();
    const answer = as(inspectDocument(b.build(), { op: "object", num: big, stream: "decoded" }), "object");
    expect(answer.stream).toMatchObject({ totalBytes: size, truncated: true });
    expect(answer.stream!.data.length).toBe(INSPECTOR_LIMITS.MAX_STREAM_SHOWN_BYTES);
  });

  it("answers missing for an object or an embedded file the document does not hold", () => {
    expect(inspectDocument(suspiciousPdf(), { op: "object", num: 999 })).toMatchObject({
      op: "missing",
      message: expect.stringContaining("999"),
    });
    expect(inspectDocument(suspiciousPdf(), { op: "embedded", sha256: "0".repeat(64) }).op).toBe("missing");
  });

  it("hands out an embedded file's decoded bytes by their SHA-256", () => {
    const file = as(
      inspectDocument(attachedScriptPdf(), { op: "embedded", sha256: sha256(ATTACHED_SCRIPT) }),
      "embedded",
    );
    expect(file).toMatchObject({ name: "invoice.js", incomplete: false });
    expect(Buffer.from(file.data).toString("latin1")).toBe(ATTACHED_SCRIPT);
  });

  it("answers for damaged input too (the object table is rebuilt), and for bytes that are no PDF", () => {
    const b = new PdfBuilder();
    b.addCatalog("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>");
    const damaged = Buffer.from(b.build()).subarray(0, -40); // no xref tail
    expect(as(inspectDocument(damaged, { op: "objects", search: "/JavaScript" }), "objects").objects).toHaveLength(1);
    expect(as(inspectDocument(new TextEncoder().encode("not a pdf"), { op: "objects" }), "objects").objects).toEqual(
      [],
    );
  });
});
