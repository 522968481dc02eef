// sfnt table directories: the SING table of CVE-2010-2883 with its uniqueName overrun, and fonts without one.
import { describe, expect, it } from "vitest";
import { parseSfnt } from "./sfnt";

/** An sfnt with one table `tag` whose 44 bytes hold a uniqueName of `name` at offset 16. */
function font(tag: string, name: string): Uint8Array {
  const tableAt = 12 + 16;
  const out = new Uint8Array(tableAt + 44);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x00010000);
  dv.setUint16(4, 1);
  out.set(Buffer.from(tag, "latin1"), 12);
  dv.setUint32(12 + 8, tableAt);
  dv.setUint32(12 + 12, 44);
  out.set(Buffer.from(name, "latin1").subarray(0, 28), tableAt + 16);
  return out;
}

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
