import { describe, expect, it } from "vitest";
import { includesBytes, includesText, indexOfBytes, indexOfText } from "./fast-search";

const bytes = (s: string) => Buffer.from(s, "latin1");

/** [what, haystack, needle, from]: each is searched as text, and as bytes when it is Latin-1 */
const CASES: [string, string, string, number][] = [
  ["a long needle", "xx endstream yy", "endstream", 0],
  ["a short needle", "xx obj yy", "obj", 0],
  ["from a position", "DataView DataView", "DataView", 1],
  ["the head without the rest", "setProto setPrototypeO setPrototypeOf", "setPrototypeOf", 0],
  ["the head at the very end", "x.__prot", "__proto__", 0],
  ["overlapping heads", "aaaaaaaaaaaaaaab", "aaaaaaaab", 0],
  ["two-byte text", "\u0430 customDictionaryOpen(", "customDictionaryOpen", 0],
  ["absent", "nothing here", "ultipart/", 0],
  ["past the end", "launchURL", "launchURL", 20],
];
const latin1 = (s: string) => [...s].every((c) => c.charCodeAt(0) <= 0xff);

/** Random haystacks and needles over a three-character alphabet: heads that match often, needles of 1-12 */
function randomCases(alphabet: string, seed: number): [string, string, number][] {
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8;
  const pick = (n: number) => Array.from({ length: n }, () => alphabet[next() % alphabet.length]).join("");
  return Array.from({ length: 200 }, () => [pick(1 + (next() % 400)), pick(1 + (next() % 12)), next() % 50]);
}

describe("fast search: indexOf for long needles, by their first six characters", () => {
  it.each(CASES)("%s, as text", (_name, hay, needle, from) => {
    expect(indexOfText(hay, needle, from)).toBe(hay.indexOf(needle, from));
  });

  it.each(CASES.filter(([, hay, needle]) => latin1(hay) && latin1(needle)))(
    "%s, as bytes",
    (_name, hay, needle, from) => {
      expect(indexOfBytes(bytes(hay), bytes(needle), from)).toBe(bytes(hay).indexOf(bytes(needle), from));
    },
  );

  it("agrees with String indexOf on random text", () => {
    for (const [hay, needle, from] of randomCases("ab\u0101", 5)) {
      expect(indexOfText(hay, needle, from)).toBe(hay.indexOf(needle, from));
      expect(includesText(hay, needle)).toBe(hay.includes(needle));
    }
  });

  it("agrees with Buffer indexOf on random bytes", () => {
    for (const [hay, needle, from] of randomCases("abc", 11)) {
      expect(indexOfBytes(bytes(hay), bytes(needle), from)).toBe(bytes(hay).indexOf(bytes(needle), from));
      expect(includesBytes(bytes(hay), bytes(needle))).toBe(bytes(hay).includes(bytes(needle)));
    }
  });
});
