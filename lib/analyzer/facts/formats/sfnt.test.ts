// sfnt table directories: the SING table of CVE-2010-2883 with its uniqueName overrun, and fonts without one.
import { describe, expect, it } from "vitest";
import { parseSfnt } from "./sfnt";
import { sfntFont as font } from "./testing/format-fixtures";

describe("parseSfnt", () => {
  it("reports a SING uniqueName without a NUL in its 28 bytes (CVE-2010-2883)", () => {
    expect(parseSfnt(font("SING", "A".repeat(28)))).toEqual({ tables: ["SING"], singNameOverlong: true });
  });

  it("accepts a NUL-terminated uniqueName and fonts without a SING table", () => {
    expect(parseSfnt(font("SING", "glyphlet\0"))?.singNameOverlong).toBe(false);
    expect(parseSfnt(font("glyf", "A".repeat(28)))).toEqual({ tables: ["glyf"], singNameOverlong: false });
  });

  it("reports a SING table cut off before its uniqueName, and is null for a too-short program", () => {
    expect(parseSfnt(font("SING", "x").subarray(0, 40))?.singNameOverlong).toBe(true);
    expect(parseSfnt(new Uint8Array(8))).toBeNull();
  });
});
