import { describe, expect, it } from "vitest";
import { mulberry32 } from "../model/folds";
import { pick } from "../techniques/testing/seeded-choice";
import { collapseWhitespace, excerpt } from "./excerpt";

// what \s matches in a page's text, single spaces among them, and what it does not
const PIECES = [" ", " ", "\n", "\r\n", "\t", "\u00a0", "\u2003", "\u3000", "\ufeff", "a", "é", "字", ".", "x y"];

describe("collapseWhitespace", () => {
  it("turns every run of whitespace into one space, as replace(/\\s+/g, ' ') does", () => {
    const r = mulberry32(20261201);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(r() * 16) }, () => pick(r, PIECES)).join("");
      expect(collapseWhitespace(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, " "));
    }
  });

  it("leaves single spaces between words as they are", () => {
    expect(collapseWhitespace("call  us\n\ttoday at 555")).toBe("call us today at 555");
    expect(collapseWhitespace("one two three")).toBe("one two three");
  });
});

describe("excerpt", () => {
  it("shows the head of a text on one line", () => {
    expect(excerpt("  open\r\n  the   file  ")).toBe("open the file");
  });
});
