// LiteralScanner against the character loop it replaces, on generated texts dense in the characters
// that decide a literal's end (quotes, backslashes, line ends).
import { describe, expect, it } from "vitest";
import { countMatches, LiteralScanner } from "./js-chars";

/** the literals a character loop reads: each from its quote to where it stops, resuming after it */
function literalsByLoop(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    const q = text.charCodeAt(i);
    if (q !== 0x22 && q !== 0x27) continue;
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) !== q && text.charCodeAt(j) !== 0x0a)
      j += text.charCodeAt(j) === 0x5c ? 2 : 1;
    out.push([i, j]);
    i = j;
  }
  return out;
}

function literalsByScanner(text: string): [number, number][] {
  const out: [number, number][] = [];
  const scan = new LiteralScanner(text);
  for (let i = scan.nextQuote(0); i !== -1;) {
    const j = scan.literalEnd(i);
    out.push([i, j]);
    i = scan.nextQuote(j + 1);
  }
  return out;
}

function randomText(seed: number, length: number): string {
  let s = seed >>> 0;
  const alphabet = `"'\\\nab+ x`;
  let out = "";
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out += alphabet[s % alphabet.length];
  }
  return out;
}

describe("LiteralScanner", () => {
  it("reads the same literals as the character loop on 2,000 generated texts", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const text = randomText(seed, 1 + (seed % 97));
      expect(literalsByScanner(text), JSON.stringify(text)).toEqual(literalsByLoop(text));
    }
  });

  it.each([
    [
      "a closed literal",
      `x = "ab" + 'c';`,
      [
        [4, 7],
        [11, 13],
      ],
    ],
    ["an escaped quote inside", String.raw`"a\"b"`, [[0, 5]]],
    [
      "a line end cuts a literal",
      `"ab\n'c'`,
      [
        [0, 3],
        [4, 6],
      ],
    ],
    ["a final backslash runs past the end", `"ab\\`, [[0, 5]]],
    ["no quote at all", "var a = 1;", []],
  ])("%s", (_name, text, expected) => {
    expect(literalsByScanner(text)).toEqual(expected);
    expect(literalsByLoop(text)).toEqual(expected);
  });
});

describe("countMatches", () => {
  it("counts every match of a global regex, from the start whatever lastIndex was left at", () => {
    const re = /%u[0-9a-f]{4}/gi;
    const text = "%u9090%u9090 x %U0C0C %u12";
    expect(countMatches(text, re)).toBe(3);
    re.lastIndex = 7;
    expect(countMatches(text, re)).toBe(3);
    expect(countMatches("", re)).toBe(0);
  });
});
