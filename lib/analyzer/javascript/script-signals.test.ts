import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { hasSelfAppend, hasSelfDouble, longestLongLiteral, scriptSignals, stringAssignments } from "./script-signals";

/** the longest run of hex digits, by a regex over every run (the reference) */
const reference = (text: string) => Math.max(0, ...[...text.matchAll(/[0-9a-fA-F]+/g)].map((m) => m[0].length));

/** Seeded picks for generated script text, and short names (letters, $, _, digits, a non-ASCII letter) */
function scriptText(seed: number) {
  let state = seed;
  const pick = <T>(xs: readonly T[]): T => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return xs[(state >> 4) % xs.length];
  };
  const name = () => Array.from({ length: 1 + (state % 3) }, () => pick(["s", "$", "_", "a", "1", "\u00e9"])).join("");
  return { pick, name };
}

describe("scriptSignals: longestHexRun", () => {
  it.each([
    ["no hex", "xyz-+=() ghij", 0],
    ["a run at the end", 'var s = "zz" + "0c0c0c0c"', 8],
    ["a run at the start", "deadBEEF1234 = 1", 12],
    ["letters beyond f end a run", "abcdefg", 6],
    ["a code unit above 0xFF is no digit", "12\u0661\u0662ab", 2],
    ["empty", "", 0],
    ["a longer run after shorter ones", "abc x 12345678 y abcdefabcdef;", 12],
    ["the longest run first", "abcdefabcdef x 1234 y 12", 12],
  ])("%s", (_name, text, expected) => {
    expect(scriptSignals(text, defaultBudget()).longestHexRun).toBe(expected);
  });

  it("agrees with a regex over every run on random text", () => {
    let seed = 7;
    const alphabet = "0123456789abcdefABCDEFghxyz %\\u\"'+;\n\u0100\u00e9";
    for (let k = 0; k < 300; k++) {
      let text = "";
      const length = 1 + (k % 50) * 40;
      for (let i = 0; i < length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        // long stretches of digits now and then
        text += (seed >> 8) % 9 === 0 ? "0c0c0c0c".repeat((seed >> 12) % 5) : alphabet[(seed >> 4) % alphabet.length];
      }
      expect(scriptSignals(text, defaultBudget()).longestHexRun, text).toBe(reference(text));
    }
  });
});

describe("longestLongLiteral: the longest quoted literal of 512 characters or more", () => {
  const reference = (text: string) => {
    const re = /"[^"\n]{512,}"|'[^'\n]{512,}'/g;
    let max = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) max = Math.max(max, m[0].length);
    return max;
  };

  it.each([
    ["none", `var a = "short";`, 0],
    ["one", `x = '${"a".repeat(600)}';`, 602],
    ["a line end inside ends none", `x = "${"a".repeat(300)}\n${"a".repeat(300)}";`, 0],
    ["the other quote inside", `x = "${"'".repeat(700)}";`, 702],
    ["an unclosed run after a quote", `x = ['ev', 'al'${" ".repeat(5000)};`, 0],
  ])("%s", (_name, text, expected) => {
    expect(longestLongLiteral(text)).toBe(expected);
    expect(reference(text)).toBe(expected);
  });

  it("agrees with the regex on random text", () => {
    let seed = 9;
    let found = 0;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8;
    for (let k = 0; k < 300; k++) {
      let text = "";
      while (text.length < 4000) {
        const r = next() % 10;
        // quotes and line ends now and then between runs long and short
        text += r < 2 ? '"' : r < 4 ? "'" : r < 5 ? "\n" : "a".repeat(next() % 900);
      }
      expect(longestLongLiteral(text)).toBe(reference(text));
      if (reference(text) > 0) found++;
    }
    // long literals were there to find, not only their absence
    expect(found).toBeGreaterThan(30);
  });
});

describe("scriptSignals: exploitApis", () => {
  it("finds an API whose name overlaps another API's name in the text", () => {
    // "newPlayer" and "removeToolButton" share the "r": the search for names must not skip past it
    const apis = scriptSignals("app.newPlayeremoveToolButton('x');", defaultBudget()).exploitApis;
    expect(apis.map((a) => a.api)).toEqual(["app.removeToolButton"]);
  });

  it("finds each API named in a script, once", () => {
    const text = "Collab.getIcon('a'); Collab.getIcon('b'); this.printSeps(); media.newPlayer(null);";
    expect(scriptSignals(text, defaultBudget()).exploitApis.map((a) => a.api)).toEqual([
      "Collab.getIcon",
      "media.newPlayer",
      "doc.printSeps",
    ]);
  });
});

describe("scriptSignals: names assembled from a string array", () => {
  it.each([
    ["items joined by commas", `var r = ["ev", "", "al"]; x = r[0] + r[2];`, true],
    ["items joined by spaces only", `var r = ["ev" "al"]; x = r[0] + r[1];`, true],
    ["a trailing comma before the bracket", `var r = ['ev','al',]; x = r[0] + r[1];`, true],
    ["a space after the trailing comma ends no list", `var r = ['ev', 'al', ]; x = r[0] + r[1];`, false],
    ["one item is no list", `var r = ["eval"]; x = r[0] + r[0];`, false],
    ["a comparison is no assignment", `if (r == ["ev", "al"]) x = r[0] + r[1];`, false],
    ["a harmless name", `var r = ["al", "ert"]; x = r[0] + r[1];`, false],
  ])("%s", (_name, script, expected) => {
    expect(scriptSignals(script, defaultBudget()).assembledNames).toBe(expected);
  });
});

describe("hasSelfAppend: the s += s heap-spray shape", () => {
  const REGEX = /\b([A-Za-z_$][\w$]*)\s*\+=\s*\1\b/;

  it.each([
    ["doubling", "while (s.length < 0x100000) s += s;", true],
    ["with spaces and a newline", "spray\n +=\t spray", true],
    ["a $ name", "$x$ += $x$;", true],
    ["another name", "s += t;", false],
    ["a longer name on the right", "s += s2;", false],
    ["a suffix of a name is not the name", "xs += s", false],
    ["a digit-led suffix is no name", "a1 += 1", false],
    ["++= is not +=", "a ++= a", false],
  ])("%s", (_name, text, expected) => {
    expect(hasSelfAppend(text)).toBe(expected);
    expect(REGEX.test(text)).toBe(expected);
  });

  it("agrees with the regex it replaced on random script text", () => {
    const { pick, name } = scriptText(11);
    const around = ["", " ", "\n", "\u00a0", ";", "(", ".", "+", "=", "x", "$", "1"];
    let hits = 0;
    for (let k = 0; k < 3000; k++) {
      let text = "";
      for (let part = 0; part < 1 + (k % 3); part++)
        text += `${pick(around)}${name()}${pick(["", " ", "  "])}${pick(["+=", "+=", "+ =", "++="])}${pick(["", " ", "\t"])}${name()}${pick(around)}`;
      const expected = REGEX.test(text);
      expect(hasSelfAppend(text), JSON.stringify(text)).toBe(expected);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(100);
  });
});

describe("the character tables behind hasSelfAppend", () => {
  it("reads \\s and \\w as JavaScript's regexes do, for every code unit", () => {
    const space: number[] = [];
    const word: number[] = [];
    for (let c = 0; c < 65536; c++) {
      const ch = String.fromCharCode(c);
      if (/\s/.test(ch)) space.push(c);
      if (/\w/.test(ch)) word.push(c);
    }
    const spaced = (c: number) => hasSelfAppend(`a${String.fromCharCode(c)}+= a`);
    expect(space.every(spaced)).toBe(true);
    expect([0x21, 0x85, 0x200b, 0x180e].some(spaced)).toBe(false);
    // a word char after the right-hand name breaks its \b
    const wordy = (c: number) => !hasSelfAppend(`a += a${String.fromCharCode(c)}`);
    expect(word.every(wordy)).toBe(true);
    expect(word).toHaveLength(63);
  });
});

describe("hasSelfDouble: the s = s + s heap-spray shape", () => {
  const REGEX = /\b([A-Za-z_$][\w$]*)\s*=\s*\1\s*\+\s*\1\b/;

  it.each([
    ["doubling", "while (x.length < 1e6) x = x + x;", true],
    ["spaces and newlines", "sp\n=\tsp +\n sp", true],
    ["== is no assignment", "a == a + a", false],
    ["another name", "a = a + b", false],
    ["+= is another shape", "a += a + a", false],
    ["a longer name at the end", "a = a + ab", false],
  ])("%s", (_name, text, expected) => {
    expect(hasSelfDouble(text)).toBe(expected);
    expect(REGEX.test(text)).toBe(expected);
  });

  it("agrees with the regex it replaced on random script text", () => {
    const { pick, name } = scriptText(13);
    const space = () => pick(["", " ", "\n", "\u00a0"]);
    const around = ["", " ", ";", "(", ".", "+", "=", "x", "$", "1", "!"];
    let hits = 0;
    for (let k = 0; k < 3000; k++) {
      let text = "";
      for (let part = 0; part < 1 + (k % 3); part++) {
        // the same name in the three places more often than chance would
        const n = name();
        const again = () => (pick([0, 1, 2]) ? n : name());
        text += `${pick(around)}${n}${space()}${pick(["=", "=", "==", "+="])}${space()}${again()}${space()}${pick(["+", "+", "++", "-"])}${space()}${again()}${pick(around)}`;
      }
      const expected = REGEX.test(text);
      expect(hasSelfDouble(text), JSON.stringify(text)).toBe(expected);
      if (expected) hits++;
    }
    expect(hits).toBeGreaterThan(100);
  });
});

describe("stringAssignments: name = 'piece' and name += 'piece', in order", () => {
  const REGEX = /\b([A-Za-z_$][\w$]*)\s*(\+?=)\s*["']([A-Za-z.]{1,12})["']/g;
  const reference = (text: string) => [...text.matchAll(REGEX)].map((m) => ({ name: m[1], op: m[2], value: m[3] }));

  it("reads the pieces of a name spelled in parts", () => {
    expect([...stringAssignments("f = 'ev'; x = 1; f += \"al\"; g=='no'")]).toEqual([
      { name: "f", op: "=", value: "ev" },
      { name: "f", op: "+=", value: "al" },
    ]);
    // at most twelve letters or dots, as the regex's {1,12}
    expect([...stringAssignments("a = 'abcdefghijkl'; b = 'abcdefghijklm'; c = ''")]).toEqual([
      { name: "a", op: "=", value: "abcdefghijkl" },
    ]);
    expect(reference("a = 'abcdefghijkl'; b = 'abcdefghijklm'; c = ''")).toHaveLength(1);
  });

  it("agrees with the regex it replaced on random script text", () => {
    const { pick, name } = scriptText(17);
    const literal = () =>
      `${pick(['"', "'"])}${"abc.XYZ".slice(0, pick([0, 1, 3, 7]))}${pick(["", "defghijkl", "mnop", "abcdefghijkl"])}${pick(['"', "'", "1"])}`;
    let hits = 0;
    for (let k = 0; k < 3000; k++) {
      let text = "";
      for (let part = 0; part < 1 + (k % 4); part++) {
        text += `${pick(["", " ", ";", "(", "+", "=", "x", "1"])}${name()}${pick(["", " ", "\n"])}${pick(["=", "+=", "=", "==", "+ =", "=+"])}${pick(["", " ", "\t"])}${literal()}`;
      }
      const expected = reference(text);
      expect([...stringAssignments(text)], JSON.stringify(text)).toEqual(expected);
      hits += expected.length;
    }
    expect(hits).toBeGreaterThan(100);
  });
});
