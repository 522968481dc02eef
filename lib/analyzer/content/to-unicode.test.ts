import { describe, expect, it } from "vitest";
import { decodeWithToUnicode, MAX_TO_UNICODE_CODES, parseToUnicode } from "./to-unicode";

const bytes = (...codes: number[]) => String.fromCharCode(...codes);
const CMAP = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <0000> <FFFF> endcodespacerange
2 beginbfchar <0003> <0020> <0011> <00410042> endbfchar
2 beginbfrange <0024> <0026> <0061> <0030> <0031> [<00E9> <D83DDE00>] endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`;

describe("parseToUnicode / decodeWithToUnicode", () => {
  it("maps bfchar codes, incrementing bfranges and array bfranges (with a surrogate pair and a ligature)", () => {
    const cmap = parseToUnicode(CMAP)!;
    expect(cmap.lengths).toEqual([2]);
    expect(decodeWithToUnicode(cmap, bytes(0, 0x24, 0, 0x25, 0, 0x26, 0, 3, 0, 0x11, 0, 0x30, 0, 0x31))).toBe(
      "abc ABé😀",
    );
  });

  it("skips codes the map lacks, by the code space's unit", () => {
    expect(decodeWithToUnicode(parseToUnicode(CMAP)!, bytes(0, 0x99, 0, 0x24))).toBe("a");
  });

  it("takes one-byte codes from the codes mapped when no code space is declared", () => {
    const cmap = parseToUnicode("beginbfchar <41> <0058> endbfchar")!;
    expect(cmap.lengths).toEqual([1]);
    expect(decodeWithToUnicode(cmap, "AAB")).toBe("XX");
  });

  it("returns null for a map that maps nothing, and keeps a huge range as one entry", () => {
    expect(parseToUnicode("begincmap endcmap")).toBeNull();
    const cmap = parseToUnicode(
      "1 begincodespacerange <000000> <FFFFFF> endcodespacerange 1 beginbfrange <000000> <FFFFFF> <0041> endbfrange",
    )!;
    expect([cmap.map.size, cmap.ranges.length]).toEqual([0, 1]);
    expect(decodeWithToUnicode(cmap, bytes(0, 0, 2))).toBe("C");
  });

  it("keeps at most MAX_TO_UNICODE_CODES entries", () => {
    const many = Array.from(
      { length: MAX_TO_UNICODE_CODES + 10 },
      (_, i) => `<${i.toString(16).padStart(6, "0")}> <0041>`,
    ).join(" ");
    const cmap = parseToUnicode(`beginbfchar ${many} endbfchar`)!;
    expect(cmap.map.size).toBe(MAX_TO_UNICODE_CODES);
  });
});
