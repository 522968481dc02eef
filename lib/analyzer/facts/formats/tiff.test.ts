// TIFF directories: the malformations of the CVE-2010-0188 exploit are reported, ordinary TIFFs
// (the scans government XFA forms carry) are not, and base64 TIFFs are found in XFA XML.
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../../limits";
import { base64TiffsInXml, parseTiff } from "./tiff";
import { DOT_RANGE_OVERFLOW, PLAIN_TIFF_TAGS, tiff, xfaImageXml } from "./testing/format-fixtures";

const codes = (data: Uint8Array) => parseTiff(data, defaultBudget())?.anomalies.map((a) => a.code);

describe("parseTiff", () => {
  it.each([
    ["little-endian", false],
    ["big-endian", true],
  ])("reads a well-formed %s TIFF without anomalies", (_name, bigEndian) => {
    const r = parseTiff(tiff(PLAIN_TIFF_TAGS, { bigEndian }), defaultBudget());
    expect(r).toMatchObject({ byteOrder: bigEndian ? "MM" : "II", ifds: 1, anomalies: [] });
    expect(r?.entries.map((e) => e.tag)).toEqual(PLAIN_TIFF_TAGS.map((t) => t.tag));
  });

  it("accepts a DotRange of two values per sample", () => {
    expect(codes(tiff([...PLAIN_TIFF_TAGS, { tag: 0x0150, type: 3, count: 2, value: 0x00ff0000 }]))).toEqual([]);
  });

  it("reports the exploit's DotRange of 204 values after a NOP sled (CVE-2010-0188)", () => {
    const r = parseTiff(tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW], { sled: 4096 }), defaultBudget());
    expect(r?.anomalies).toEqual([
      { code: "pair-tag-count-overflow", message: "DotRange (0x0150) with 204 values, at most 2 allowed" },
    ]);
    expect(r?.longestNopRun).toBe(4096);
  });

  it("reports the big-endian variant that overflows HalftoneHints (0x0141) instead", () => {
    expect(
      codes(tiff([...PLAIN_TIFF_TAGS, { tag: 0x0141, type: 3, count: 204, value: 0 }], { bigEndian: true })),
    ).toEqual(["pair-tag-count-overflow"]);
  });

  it("reports strip offsets and byte counts that disagree, and value arrays whose size wraps 32 bits", () => {
    const tags = PLAIN_TIFF_TAGS.map((t) => (t.tag === 0x0117 ? { ...t, count: 3 } : t));
    expect(codes(tiff(tags))).toEqual(["strip-counts-mismatch"]);
    expect(codes(tiff([...PLAIN_TIFF_TAGS, { tag: 0x8298, type: 12, count: 0x20000000, value: 0 }]))).toEqual([
      "tag-size-overflow",
    ]);
  });

  it("stops on a directory chain that loops back and on a directory outside the file", () => {
    const looped = tiff();
    const dv = new DataView(looped.buffer);
    dv.setUint32(8 + 2 + PLAIN_TIFF_TAGS.length * 12, 8, true);
    expect(parseTiff(looped, defaultBudget())).toMatchObject({ ifds: 1, anomalies: [] });
    const outside = tiff();
    new DataView(outside.buffer).setUint32(4, 1 << 20, true);
    expect(codes(outside)).toEqual(["ifd-outside-file"]);
  });

  it("is null for data that is not a TIFF", () => {
    expect(parseTiff(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]), defaultBudget())).toBeNull();
  });
});

describe("base64TiffsInXml", () => {
  it("finds a TIFF in an XFA image value, whole or split one character a line", () => {
    const image = tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW]);
    expect(base64TiffsInXml(xfaImageXml(image), 1 << 20, defaultBudget())[0].tiff).toEqual(image);
    expect(base64TiffsInXml(xfaImageXml(image, { split: true }), 1 << 20, defaultBudget())[0].tiff).toEqual(image);
  });

  it("ignores the header letters inside another base64 run", () => {
    expect(
      base64TiffsInXml("<image>/9j/4AAQSkZJRgABAQAAAQABAADSUkqAAAAAAAAAAAAAAAA</image>", 1 << 20, defaultBudget()),
    ).toEqual([]);
  });

  it("drops character references, whitespace and padding from the value, and stops at the byte budget", () => {
    const image = tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW]);
    const b64 = Buffer.from(image).toString("base64");
    // a reference inside the value (&#x41; and &#65; are both dropped whole, not read as digits),
    // a broken one (&#x; keeps its x) and CR LF line breaks
    const value = `${b64.slice(0, 8)}&#x41;\r\n${b64.slice(8, 16)}&#65; ${b64.slice(16)}`;
    expect(base64TiffsInXml(`<image>${value}</image>`, 1 << 20, defaultBudget())[0].tiff).toEqual(image);
    expect(base64TiffsInXml(`<image>${b64}</image>`, 9, defaultBudget())[0].tiff).toEqual(image.subarray(0, 9));
  });

  it("cleans a value as the regex clean-up it replaces did, on random text of references, digits and noise", () => {
    // the former implementation: drop references and non-digits, cut to whole quartets, decode
    const reference = (value: string) => {
      const clean = value.replace(/&#x?[0-9a-fA-F]+;|[^A-Za-z0-9+/]/g, "");
      return clean.length - (clean.length % 4) >= 12
        ? new Uint8Array(Buffer.from(clean.slice(0, clean.length - (clean.length % 4)), "base64"))
        : undefined;
    };
    const pieces = ["&", "#", "x", ";", "&#", "&#x", "4", "1", "a", "G", "+", "/", "=", " ", "\n", "é", "SUkqA"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      let value = "SUkqA";
      while (value.length < 80) value += pieces[Math.floor(random() * pieces.length)];
      expect(base64TiffsInXml(`<image>${value}</image>`, 1 << 20, defaultBudget())[0]?.tiff).toEqual(reference(value));
    }
  });
});
