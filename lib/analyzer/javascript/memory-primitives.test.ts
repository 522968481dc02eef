import { describe, expect, it } from "vitest";
import { findMemoryPrimitives } from "./memory-primitives";

const kinds = (text: string) => findMemoryPrimitives(text).map((p) => p.kind);

describe("findMemoryPrimitives", () => {
  it("finds each primitive of a typed-array exploit", () => {
    const exploit = [
      "var arr = new Array(0x8000);",
      "for (var i = 0; i < arr.length; i++) {",
      "  arr[i] = new ArrayBuffer(0x10000 - 0x18);",
      "  var dv = new DataView(arr[i]); dv.setUint32(0x4, 0x5d00006c, true);",
      "}",
      "fake[0x1fee] = 2.12199579047120666927013567069E-314;",
      "for (var i = 0; i < arr.length; i++) if (arr[i].byteLength == -1) var rw = new DataView(arr[i]);",
    ].join("\n");
    expect(kinds(exploit)).toEqual([
      "typed-array-spray",
      "raw-memory-access",
      "corrupted-length-check",
      "pointer-as-double",
    ]);
  });

  it("takes a typed array in a loop of its own for grooming, and a lone one for nothing", () => {
    expect(kinds("while (n--) { list.push(new Uint32Array(0x40)); }")).toEqual(["typed-array-spray"]);
    expect(kinds("var table = new Uint8Array(256);\nfor (var i = 0; i < 256; i++) table[i] = i;")).toEqual([]);
  });

  it("finds the holes punched in a groomed heap: every other element let go, by a loop's step or a parity test", () => {
    // the grooming of the Acrobat use-after-free proofs of concept: spray, free every other one, reallocate
    const groom = [
      "var spray = []; for (var i = 0; i < 0x2000; i++) spray.push(new ArrayBuffer(0x60));",
      "for (var i = 0; i < spray.length; i += 2) spray[i] = null;",
    ].join("\n");
    expect(kinds(groom)).toEqual(["typed-array-spray", "heap-holes"]);
    expect(kinds("for (var j = 1; j < objs.length; j = j + 2) { delete objs[j]; }")).toEqual(["heap-holes"]);
    expect(kinds("for (var k = 0; k < n; k++) { if (k % 2 == 0) holder[k] = undefined; }")).toEqual(["heap-holes"]);
  });

  it("takes no clearing of every element, nor a field reset, for holes", () => {
    expect(kinds("for (var i = 0; i < rows.length; i++) rows[i] = null;")).toEqual([]);
    expect(kinds('for (var i = 0; i < 10; i += 2) this.getField("r" + i).value = null;')).toEqual([]);
    // a parity test that governs something else, far from the element let go
    const layout =
      'var odd = pageNum % 2 == 1; this.getField("footer").alignment = odd ? "right" : "left"; this.dirty = false;\n' +
      "cache[key] = null;";
    expect(kinds(layout)).toEqual([]);
  });

  it("finds nothing in form scripts", () => {
    const form = [
      'var f = this.getField("total"); var parts = [];',
      'for (var i = 0; i < 10; i++) parts.push(this.getField("row" + i).value);',
      'if (parts.indexOf("") == -1 && parts.length != 0) f.value = util.printf("%.2f", 1e-3 * parts.length);',
    ].join("\n");
    expect(kinds(form)).toEqual([]);
  });
});
