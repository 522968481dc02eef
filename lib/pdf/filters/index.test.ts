import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PdfDict, PdfName, PdfRef, PdfString, type PdfObject } from "../objects";
import { bytes, text } from "../testing/pdf-builder";
import { decodeStreamData, FILTER_NAMES, IMAGE_FILTERS, normaliseFilterName, type StreamDecodeOptions } from "./index";

const n = (s: string) => new PdfName(s);
const dict = (o: Record<string, PdfObject>) => new PdfDict(new Map(Object.entries(o)));
const flate = (s: string | Uint8Array) => new Uint8Array(deflateSync(typeof s === "string" ? bytes(s) : s));
const hex = (b: Uint8Array) => bytes(`${Buffer.from(b).toString("hex")}>`);
const opts: StreamDecodeOptions = { maxOutputBytes: 1_000_000, maxFilterChain: 8 };
const payload = "BT /F1 12 Tf (Hello) Tj ET";

describe("decodeStreamData: chains", () => {
  it("passes data through when there is no /Filter", () => {
    const r = decodeStreamData(bytes(payload), dict({}), opts);
    expect(r).toEqual({ data: bytes(payload), filters: [], complete: true, issues: [], budgetHit: false });
  });

  it.each([
    ["a name", n("FlateDecode"), flate(payload), payload],
    ["a one-element array", [n("FlateDecode")], flate(payload), payload],
    ["ASCIIHex then Flate", [n("ASCIIHexDecode"), n("FlateDecode")], hex(flate(payload)), payload],
    ["abbreviations", [n("AHx"), n("Fl")], hex(flate(payload)), payload],
    ["A85", n("A85"), bytes("9jqo^~>"), "Man "],
    ["RL", n("RL"), Uint8Array.from([1, 72, 105, 128]), "Hi"],
    ["a /Crypt /Identity no-op", [n("Crypt"), n("FlateDecode")], flate(payload), payload],
  ])("decodes /Filter as %s", (_name, filter, encoded, decoded) => {
    const r = decodeStreamData(encoded, dict({ Filter: filter }), opts);
    expect(r.issues).toEqual([]);
    expect(r.complete).toBe(true);
    expect(r.budgetHit).toBe(false);
    expect(text(r.data)).toBe(decoded);
  });

  it("normalises abbreviated names in the result", () => {
    const r = decodeStreamData(hex(flate(payload)), dict({ Filter: [n("AHx"), n("Fl")] }), opts);
    expect(r.filters).toEqual(["ASCIIHexDecode", "FlateDecode"]);
  });

  it("applies /DecodeParms by position, nulls included", () => {
    // Flate with PNG Up predictor, behind an ASCIIHex stage that takes no parameters
    const rows = Uint8Array.from([2, 1, 2, 3, 2, 1, 1, 1]); // rows [1,2,3] and [2,3,4]
    const encoded = hex(flate(rows));
    const parms = [null, dict({ Predictor: 12, Columns: 3 })];
    for (const key of ["DecodeParms", "DP"]) {
      const r = decodeStreamData(encoded, dict({ Filter: [n("AHx"), n("FlateDecode")], [key]: parms }), opts);
      expect(Array.from(r.data)).toEqual([1, 2, 3, 2, 3, 4]);
      expect(r.complete).toBe(true);
    }
  });

  it("follows indirect /Filter, /DecodeParms and parameter values through opts.resolve", () => {
    const objects = new Map<string, PdfObject>([
      ["1 0", [new PdfRef(2, 0)]],
      ["2 0", n("LZWDecode")],
      ["3 0", dict({ EarlyChange: new PdfRef(4, 0) })],
      ["4 0", 1],
    ]);
    const resolve = (o: PdfObject) => (o instanceof PdfRef ? objects.get(o.key) : o);
    const lzw = Uint8Array.from(Buffer.from("800B6050220C0C8501", "hex")); // ISO 32000 §7.4.4.2 example
    const r = decodeStreamData(lzw, dict({ Filter: new PdfRef(1, 0), DecodeParms: new PdfRef(3, 0) }), {
      ...opts,
      resolve,
    });
    expect(text(r.data)).toBe("-----A---B");
    expect(r.filters).toEqual(["LZWDecode"]);
  });

  it("accepts the inline-image /F when it holds filter names, not when it is a file specification", () => {
    expect(text(decodeStreamData(flate(payload), dict({ F: n("Fl") }), opts).data)).toBe(payload);
    const external = decodeStreamData(bytes(payload), dict({ F: new PdfString(bytes("file.bin")) }), opts);
    expect(external.filters).toEqual([]);
    expect(text(external.data)).toBe(payload);
  });

  it.each(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"])(
    "leaves image filter %s encoded without an issue",
    (name) => {
      const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      const r = decodeStreamData(hex(jpeg), dict({ Filter: [n("AHx"), n(name)] }), opts);
      expect(r.imageFilter).toBe(normaliseFilterName(name));
      expect(r.data).toEqual(jpeg);
      expect(r.issues).toEqual([]);
      expect(r.complete).toBe(true);
    },
  );
});

describe("decodeStreamData: problems", () => {
  it("stops at an unknown filter, data undecoded from there", () => {
    const r = decodeStreamData(hex(bytes("abc")), dict({ Filter: [n("AHx"), n("FooDecode"), n("Fl")] }), opts);
    expect(text(r.data)).toBe("abc");
    expect(r.filters).toEqual(["ASCIIHexDecode", "FooDecode", "FlateDecode"]);
    expect(r.complete).toBe(false);
    expect(r.issues).toEqual([
      { code: "filter-unknown", message: "unknown filter /FooDecode; data left encoded from here" },
    ]);
  });

  it.each([
    ["a non-name /Filter", 42, /neither a name nor an array/],
    ["a non-name array entry", [n("AHx"), 3], /entry 1 is not a name/],
    ["an unresolved reference", new PdfRef(9, 0), /unresolved reference/],
    ["a named crypt filter", [n("Crypt")], /Crypt filter \/StdCF/],
  ])("reports %s as filter-unknown", (_name, filter, message) => {
    const parms = dict({ Name: n("StdCF") });
    const r = decodeStreamData(bytes("726177>"), dict({ Filter: filter as PdfObject, DecodeParms: [parms] }), opts);
    expect(r.issues.map((i) => i.code)).toEqual(["filter-unknown"]);
    expect(r.issues[0].message).toMatch(message);
    expect(r.complete).toBe(false);
  });

  it("keeps partial data on a decoder error and runs the next filter on it", () => {
    const bad = flate(payload);
    bad[bad.length - 1] ^= 1; // wrong Adler-32
    const r = decodeStreamData(hex(bad), dict({ Filter: [n("AHx"), n("Fl")] }), opts);
    expect(text(r.data)).toBe(payload);
    expect(r.issues).toEqual([{ code: "filter-error", message: "FlateDecode: incorrect data check" }]);
    expect(r.complete).toBe(false);
  });

  it("reports a predictor error with the filter it belongs to", () => {
    const r = decodeStreamData(flate("abc"), dict({ Filter: n("Fl"), DecodeParms: dict({ Predictor: 99 }) }), opts);
    expect(text(r.data)).toBe("abc");
    expect(r.issues[0]).toEqual({
      code: "filter-error",
      message: "FlateDecode: predictor: unsupported /Predictor 99; data left as is",
    });
  });

  it("applies only maxFilterChain filters of a longer chain", () => {
    let data = bytes(payload);
    for (let i = 0; i < 10; i++) data = hex(data);
    const r = decodeStreamData(data, dict({ Filter: Array.from({ length: 10 }, () => n("AHx")) }), {
      ...opts,
      maxFilterChain: 8,
    });
    expect(r.issues.map((i) => i.code)).toEqual(["filter-chain-too-long"]);
    expect(r.filters).toHaveLength(10);
    expect(r.complete).toBe(false);
    expect(text(r.data)).toBe(text(hex(hex(bytes(payload)))));
  });

  it("caps a flate bomb at maxOutputBytes", () => {
    const bomb = flate(new Uint8Array(10_000_000));
    const r = decodeStreamData(bomb, dict({ Filter: n("FlateDecode") }), { ...opts, maxOutputBytes: 65_536 });
    expect(r.data.length).toBe(65_536);
    expect(r.budgetHit).toBe(true);
    expect(r.complete).toBe(false);
    expect(r.issues).toEqual([{ code: "budget-exceeded", message: "FlateDecode: output cut at 65536 bytes" }]);
  });

  it("caps undecoded data at maxOutputBytes too", () => {
    const r = decodeStreamData(new Uint8Array(100), dict({}), { ...opts, maxOutputBytes: 10 });
    expect(r.data.length).toBe(10);
    expect(r.budgetHit).toBe(true);
  });
});

describe("decodeStreamData: hostile input", () => {
  it("never throws and respects the cap on random data through every filter", () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8;
    const names = [...FILTER_NAMES.keys()];
    for (let i = 0; i < 400; i++) {
      const data = Uint8Array.from({ length: rand() % 300 }, () => rand() & 255);
      if (i % 4 === 0 && data.length > 1) data.set([0x78, 0x9c]); // reach past the zlib header check
      const chain = Array.from({ length: 1 + (rand() % 3) }, () => n(names[rand() % names.length]));
      const parms = chain.map(() =>
        rand() % 2
          ? dict({ Predictor: [2, 12, 15][rand() % 3], Columns: 1 + (rand() % 9), Colors: 1 + (rand() % 4) })
          : null,
      );
      const r = decodeStreamData(data, dict({ Filter: chain, DecodeParms: parms }), { ...opts, maxOutputBytes: 2048 });
      expect(r.data.length).toBeLessThanOrEqual(2048);
    }
  });
});

describe("filter names", () => {
  it("decodes or recognises every name in FILTER_NAMES", () => {
    for (const [name, full] of FILTER_NAMES) {
      expect(normaliseFilterName(name)).toBe(full);
      const r = decodeStreamData(new Uint8Array(0), dict({ Filter: n(name) }), opts);
      expect(r.issues.filter((i) => i.code === "filter-unknown")).toEqual([]);
      expect(r.imageFilter !== undefined).toBe(IMAGE_FILTERS.has(full));
    }
  });

  it("does not take Object.prototype keys for filter names", () => {
    expect(normaliseFilterName("constructor")).toBe("constructor");
    expect(decodeStreamData(bytes("x"), dict({ Filter: n("__proto__") }), opts).issues[0].code).toBe("filter-unknown");
  });
});
