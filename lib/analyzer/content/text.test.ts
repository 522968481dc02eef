import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfRef } from "../../pdf/objects";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { bytesToText, ContentScanner, contentStreamText, readText } from "./text";

describe("contentStreamText: text runs joined as a reader lays them out", () => {
  it.each<[string, string, string]>([
    [
      "a URL split inside one TJ array",
      "BT /F1 12 Tf [(http://exa) -20 (mple.com/path)] TJ ET",
      "http://example.com/path",
    ],
    [
      "a URL split over consecutive Tj",
      "BT (https://evil.) Tj (example.net/a) Tj /F2 9 Tf (?id=1) Tj ET",
      "https://evil.example.net/a?id=1",
    ],
    ["a horizontal move on the same line", "BT 72 700 Td (http://evil) Tj 30 0 Td (.com/x) Tj ET", "http://evil.com/x"],
    ["a wide TJ gap as a word space", "BT [(Visit) -250 (us)] TJ ET", "Visit us"],
    [
      "TJ gaps read as numbers: at the threshold, with a fraction, just under it",
      "BT [(a) -200 (b) -200.5 (c) -199.99 (d) -0200 (e)] TJ ET",
      "a b cd e",
    ],
    [
      "TJ gaps PDF does not write: no digits, an exponent, a second sign",
      "BT [(a) -. (b) -1e5 (c) --500 (d) -5.5.5 (e)] TJ ET",
      "ab cde",
    ],
    ["a new line at T*", "BT (line one) Tj T* (line two) Tj ET", "line one\nline two"],
    ["a new line at a vertical Td", "BT (first) Tj 0 -14 Td (second) Tj ET", "first\nsecond"],
    [
      "a new line at a Tm on another baseline",
      "BT 1 0 0 1 72 700 Tm (a) Tj 1 0 0 1 90 700 Tm (b) Tj 1 0 0 1 72 680 Tm (c) Tj ET",
      "ab\nc",
    ],
    ["a new line between text objects", "BT (one) Tj ET BT (two) Tj ET", "one\ntwo"],
    ["the ' operator starts a line", "BT (a) Tj (b) ' ET", "a\nb"],
    ["escapes and octal codes", "BT (a\\(b\\) \\101\\102 \\\\) Tj ET", "a(b) AB \\"],
    ["a hex string", "BT <687474703A2F2F782E636F6D> Tj ET", "http://x.com"],
    ["inline image data skipped", "BI /W 2 /H 2 ID (not) Tj \x00\xff EI BT (text) Tj ET", "text"],
    [
      "marked-content properties skipped",
      "/Span << /ActualText (http://fake.example) >> BDC BT (real) Tj ET EMC",
      "real",
    ],
  ])("%s", (_name, content, text) => {
    expect(contentStreamText(content).trim()).toBe(text);
  });

  it("stops once `enough` says so, asked as the text grows", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `(w${i} ) Tj`).join(" ");
    const asked: number[] = [];
    const text = contentStreamText(`BT ${words} ET`, undefined, Infinity, (soFar) => {
      asked.push(soFar.length);
      return soFar.length > 3000;
    });
    expect(text.length).toBeGreaterThan(3000);
    expect(text.length).toBeLessThan(3000 + 1024 + 16);
    expect(asked.length).toBeGreaterThan(1);
    expect(contentStreamText(`BT ${words} ET`).length).toBeGreaterThan(10_000);
  });

  it("keeps at most an operator's worth of operands from a stream without operators", () => {
    const hostile = "1 ".repeat(100_000);
    expect(contentStreamText(hostile)).toBe("");
  });

  it("always progresses on stray delimiters and unterminated strings", () => {
    const scan = new ContentScanner(") } > { (unterminated");
    expect([scan.next(), scan.string, scan.next()]).toEqual(["string", "unterminated", "end"]);
  });
});

describe("ContentScanner strings match the decoding they replaced", () => {
  /** the replaced decoders, verbatim: whole-string regex for hex, escapes copied char by char */
  const referenceHex = (hex: string) => {
    const digits = hex.replace(/[^0-9a-fA-F]/g, "");
    let out = "";
    for (let i = 0; i < digits.length; i += 2)
      out += String.fromCharCode(parseInt(digits.slice(i, i + 2).padEnd(2, "0"), 16));
    return out;
  };
  const strings = (content: string) => {
    const scan = new ContentScanner(content);
    const out: string[] = [];
    for (let kind = scan.next(); kind !== "end"; kind = scan.next()) if (kind === "string") out.push(scan.string);
    return out;
  };

  it.each([
    ["a plain string", "(Hello) Tj", ["Hello"]],
    ["an empty string", "() Tj", [""]],
    ["nested parentheses", "(a (b) c) Tj", ["a (b) c"]],
    ["an escaped parenthesis after plain text", "(ab\\)cd) Tj", ["ab)cd"]],
    ["unterminated", "(abc", ["abc"]],
    ["an odd hex string", "<4142 4> Tj", ["AB@"]],
    ["hex with junk", "<4g1z42> Tj", ["AB"]],
    ["an empty hex string", "<> Tj", [""]],
  ])("%s", (_name, content, expected) => {
    expect(strings(content)).toEqual(expected);
  });

  it("decodes random hex strings as the regex decoder did", () => {
    let seed = 3;
    const alphabet = "0123456789abcdefABCDEF \n\tgxZ\u0100";
    for (let k = 0; k < 300; k++) {
      let hex = "";
      for (let i = 0; i < k % 40; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        hex += alphabet[(seed >> 4) % alphabet.length];
      }
      expect(strings(`<${hex}> Tj`)).toEqual([referenceHex(hex)]);
    }
  });
});

describe("ContentScanner without decoding strings (readers of lengths only)", () => {
  /** every string token: [decoded text, its stringLength] and, scanned without decoding, [string, stringLength] */
  const tokens = (content: string, decode: boolean) => {
    const scan = new ContentScanner(content, decode);
    const out: [string, number][] = [];
    for (let kind = scan.next(); kind !== "end"; kind = scan.next())
      if (kind === "string") out.push([scan.string, scan.stringLength]);
    return out;
  };

  it("gives each string's decoded length, builds no string, and tokenises the same", () => {
    const contents = [
      "(Hello) Tj (a (b) c) Tj () Tj",
      "(tab\\tnew\\nline \\( \\) \\\\ \\101\\7\\0589 \\q) Tj",
      "(line \\\r\ncontinued \\\nhere \\\r) Tj",
      "[(http://exa) -20 (mple.com)] TJ <4142 4> Tj <4g1z42> Tj <> Tj",
      "(unterminated \\",
      "(x) Tj BI /W 2 ID (not) EI (y) Tj",
    ];
    for (const content of contents) {
      const decoded = tokens(content, true);
      expect(decoded.every(([s, n]) => s.length === n)).toBe(true);
      expect(tokens(content, false)).toEqual(decoded.map(([s]) => ["", s.length]));
    }
  });
});

describe("bytesToText on data already read as text", () => {
  it("gives what a first reading gives, whatever maxChars the earlier readings used", () => {
    const utf16 = [0xfe, 0xff, 0, 0x68, 0, 0x69, 0, 0x21];
    for (const bytes of [[...Buffer.from("0123456789")], utf16]) {
      const data = Uint8Array.from(bytes);
      for (const maxChars of [100, 5, 100, 10, 3, 2, 1, 50, 4]) {
        // a first reading: a copy no one has read
        expect(bytesToText(data, maxChars)).toBe(bytesToText(Uint8Array.from(bytes), maxChars));
      }
    }
    expect(bytesToText(Buffer.from("0123456789"), 3)).toBe("012");
  });
});

describe("readText: the text of a string or stream, and whether the cap cut it", () => {
  const docWith = (...values: (string | Uint8Array)[]) => {
    const b = new PdfBuilder();
    const nums = values.map((v) => (typeof v === "string" ? b.add(v) : b.addStream("", v)));
    b.addCatalog();
    return { doc: readPdf(b.build(), DEFAULT_LIMITS), refs: nums.map((n) => new PdfRef(n, 0)) };
  };
  const utf16 = (bom: number[], text: string, le: boolean) =>
    new Uint8Array([...bom, ...[...text].flatMap((c) => (le ? [c.charCodeAt(0), 0] : [0, c.charCodeAt(0)]))]);
  it.each<[string, string | Uint8Array]>([
    ["a string", "(abcdef)"],
    ["a Latin-1 stream", new TextEncoder().encode("abcdef")],
    ["a UTF-16LE stream", utf16([0xff, 0xfe], "abcdef", true)],
    ["a UTF-16BE stream", utf16([0xfe, 0xff], "abcdef", false)],
    ["a UTF-8 stream", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("abcdef")])],
  ])("%s: cut under its length, not at or over it", (_name, value) => {
    const { doc, refs } = docWith(value);
    expect(readText(doc, refs[0], 5)).toEqual({ text: "abcde", cut: true });
    expect(readText(doc, refs[0], 6)).toEqual({ text: "abcdef", cut: false });
    expect(readText(doc, refs[0], 7)).toEqual({ text: "abcdef", cut: false });
  });
});
