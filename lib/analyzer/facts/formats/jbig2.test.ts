// JBIG2 segment structure: the values JBIG2 exploits need are reported, the shapes encoders write
// (the T.88 example, striped pages, refinement) are not, and the parse stays bounded.
import { describe, expect, it } from "vitest";
import { concat } from "../../../pdf/testing/pdf-builder";
import { SPEC_GLOBALS, SPEC_IMAGE } from "../../embedded/testing/exploit-fixtures";
import { parseJbig2 } from "./jbig2";
import { jbig2PageInfo, jbig2Region, jbig2Segment, u32 } from "./testing/format-fixtures";
import { withCpuTime } from "../../../../test/support/cpu-time";

const page = (w: number, h: number) => jbig2Segment(0, 48, jbig2PageInfo(w, h));
const codes = (data: Uint8Array) => parseJbig2(data, 1_000).anomalies.map((a) => a.code);
/** symbol dictionary data: arithmetic coding, template 0 (8 AT bytes), then SDNUMEXSYMS and SDNUMNEWSYMS */
const symbolDictionary = (exported: number, fresh: number) =>
  concat([new Uint8Array(2 + 8), u32(exported, fresh), new Uint8Array(4)]);
/** text region fields after the region information: flags 0 (arithmetic, no refinement), SBNUMINSTANCES */
const textRegionFields = (instances: number) => concat([new Uint8Array(2), u32(instances), new Uint8Array(4)]);

describe("parseJbig2", () => {
  it("reads the specification's example (globals + page) without anomalies, with its page and counts", () => {
    const globals = parseJbig2(SPEC_GLOBALS, 100);
    const image = parseJbig2(SPEC_IMAGE, 100, globals);
    expect(image.anomalies).toEqual([]);
    expect(image.page).toEqual({ width: 52, height: 66 });
    expect(image.typeCounts).toEqual({ 6: 1, 48: 1 });
    expect(image.segments[1]).toMatchObject({ region: { width: 52, height: 66, x: 0, y: 0 }, instances: 2 });
    expect(globals.segments[0]).toMatchObject({ type: 0, exportedSymbols: 1, newSymbols: 1 });
  });

  it("reports a region placed outside its page (the decoder writes past the page bitmap)", () => {
    const data = concat([page(64, 64), jbig2Segment(1, 38, jbig2Region(64, 64, 0xfffff000, 0))]);
    expect(codes(data)).toEqual(["region-outside-page"]);
  });

  it("reports a region whose bitmap size overflows 2^31 pixels", () => {
    const data = concat([page(64, 64), jbig2Segment(1, 38, jbig2Region(0x10000, 0x10000, 0, 0))]);
    expect(codes(data)).toEqual(["region-size-overflow"]);
  });

  it("accepts a region that overhangs the page edge a little (decoders clip it)", () => {
    expect(codes(concat([page(2550, 3300), jbig2Segment(1, 38, jbig2Region(2560, 3300, 0, 0))]))).toEqual([]);
  });

  it("accepts regions that extend a striped page of unknown height", () => {
    const data = concat([page(64, 0xffffffff), jbig2Segment(1, 39, jbig2Region(64, 16, 0, 4096))]);
    expect(codes(data)).toEqual([]);
  });

  it("reports a text region with more symbol instances than its region has pixels", () => {
    const data = concat([page(64, 64), jbig2Segment(1, 6, jbig2Region(10, 10, 0, 0, textRegionFields(0xffffffff)))]);
    expect(parseJbig2(data, 100).segments[1].instances).toBe(0xffffffff);
    expect(codes(data)).toEqual(["instance-count-absurd"]);
  });

  it("reports a symbol dictionary declaring an absurd number of new symbols", () => {
    expect(codes(jbig2Segment(0, 0, symbolDictionary(2, 0x7fffffff), { page: 0 }))).toEqual(["symbol-count-absurd"]);
  });

  it("reports a text region whose dictionaries export more than 2^32 symbols together (CVE-2021-30860)", () => {
    const dict = symbolDictionary(0xfffffff0, 0xfffffff0);
    const data = concat([
      jbig2Segment(0, 0, dict),
      jbig2Segment(1, 0, dict),
      jbig2Segment(2, 6, jbig2Region(10, 10, 0, 0, textRegionFields(1)), { referredTo: [0, 1] }),
    ]);
    const r = parseJbig2(data, 100);
    expect(r.anomalies.map((a) => a.code)).toContain("symbol-count-overflow");
    expect(r.anomalies.find((a) => a.code === "symbol-count-overflow")?.cve).toBe("CVE-2021-30860");
  });

  it("reports a pattern dictionary whose GRAYMAX + 1 patterns overflow", () => {
    const data = jbig2Segment(0, 16, concat([Uint8Array.of(0, 255, 1), u32(0xffffffff)]));
    expect(codes(data)).toEqual(["pattern-dictionary-overflow"]);
  });

  it("reports thousands of refinement segments (the FORCEDENTRY logic-gate construction)", () => {
    const refinements = Array.from({ length: 1_001 }, (_, i) =>
      jbig2Segment(i + 1, 40, jbig2Region(1, 1, 0, 0, new Uint8Array(1))),
    );
    expect(parseJbig2(concat([page(64, 64), ...refinements]), 10_000).anomalies.map((a) => a.code)).toEqual([
      "refinement-segments-absurd",
    ]);
    expect(codes(concat([page(64, 64), ...refinements.slice(0, 2)]))).toEqual([]);
  });

  it("stops at the segment budget and stays fast on a stream of 200,000 segments", () => {
    const endOfPage = jbig2Segment(1, 49, new Uint8Array(0));
    const data = new Uint8Array(endOfPage.length * 200_000);
    for (let i = 0; i < 200_000; i++) data.set(endOfPage, i * endOfPage.length);
    const { value: r, cpuMs } = withCpuTime(() => parseJbig2(data, 100_000));
    expect(cpuMs).toBeLessThan(1_000);
    expect(r).toMatchObject({ truncated: true });
    expect(r.segments).toHaveLength(100_000);
  });
});
