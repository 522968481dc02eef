// Stray names: the names a raw byte scan sees outside every covered span, found by jumping between
// `/` and `%` bytes; checked against the plain byte-by-byte reading on random files.
import { describe, expect, it } from "vitest";
import { findStrayNames } from "./stray-names";
import { decodeNameEscapes } from "./parser";
import { TOKEN_END } from "./syntax";

/** The byte-by-byte reading of the same rule: a comment runs to the line end, a name needs a delimiter or white space before it. */
function reference(bytes: Uint8Array, covered: [number, number][], max: number) {
  const out: { name: string; offset: number }[] = [];
  const gap = (start: number, end: number) => {
    for (let i = start; i < end && out.length < max;) {
      if (bytes[i] === 0x25) while (i < end && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
      else if (bytes[i] === 0x2f && (i === 0 || TOKEN_END[bytes[i - 1]])) {
        let j = i + 1;
        while (j < bytes.length && !TOKEN_END[bytes[j]]) j++;
        if (j > i + 1)
          out.push({ name: decodeNameEscapes(Buffer.from(bytes.subarray(i + 1, j)).toString("latin1")), offset: i });
        i = j;
      } else i++;
    }
  };
  let cursor = 0;
  for (const [s, e] of covered) {
    if (s > cursor) gap(cursor, s);
    cursor = Math.max(cursor, e);
  }
  gap(cursor, bytes.length);
  return out;
}

describe("findStrayNames", () => {
  it("finds the names outside the covered spans, not in comments nor glued to a token", () => {
    const text = "/JavaScript 1 0 obj << /Covered 1 >> endobj %/InComment\n x/Glued (/AA) /OpenAction";
    const bytes = Buffer.from(text, "latin1");
    const objEnd = text.indexOf("endobj") + 6;
    expect(findStrayNames(bytes, [[12, objEnd]], 10).map((n) => n.name)).toEqual(["JavaScript", "AA", "OpenAction"]);
    expect(findStrayNames(bytes, [[12, objEnd]], 1).map((n) => n.name)).toEqual(["JavaScript"]);
  });

  it("reads as the byte-by-byte scan does, on random bytes and spans", () => {
    const alphabet = Buffer.from("/%\n\r ab#4()<>[]{}x\t/", "latin1");
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      const bytes = Uint8Array.from({ length: 200 }, () => alphabet[Math.floor(random() * alphabet.length)]);
      const covered: [number, number][] = [];
      for (let at = Math.floor(random() * 40); at < 200; at += 10 + Math.floor(random() * 60))
        covered.push([at, Math.min(200, at + Math.floor(random() * 30))]);
      const max = 1 + Math.floor(random() * 40);
      expect(findStrayNames(bytes, covered, max)).toEqual(reference(bytes, covered, max));
    }
  });
});
