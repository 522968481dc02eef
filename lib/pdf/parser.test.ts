// ObjectParser on inline PDF bytes (ISO 32000-2 §7.3): every case is a few bytes of syntax and the
// value and anomalies it must give. Malformed input must come back as data, never as an exception.
import { describe, expect, it } from "vitest";
import { AnomalyLog } from "./anomaly";
import { PdfDict, PdfKeyword, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "./objects";
import { ObjectParser, type ParserOptions } from "./parser";
import { bytes, text } from "./testing/pdf-builder";

/** A compact, comparable form: names "/N", literal strings "(s)", hex strings "<s>", refs "1 0 R". */
type Shown = null | boolean | number | string | Shown[] | { [k: string]: Shown };

function show(o: PdfObject | undefined): Shown {
  if (o === undefined || o === null || typeof o === "boolean" || typeof o === "number") return o ?? null;
  if (o instanceof PdfName) return `/${o.name}`;
  if (o instanceof PdfString) return o.hex ? `<${text(o.bytes)}>` : `(${text(o.bytes)})`;
  if (o instanceof PdfRef) return `${o.num} ${o.gen} R`;
  if (o instanceof PdfKeyword) return `kw:${o.value}`;
  if (Array.isArray(o)) return o.map(show);
  if (o instanceof PdfDict) return Object.fromEntries([...o.entries].map(([k, v]) => [k, show(v)]));
  if (o instanceof PdfStream) return { dict: show(o.dict), data: text(o.raw) };
  return "?";
}

function parser(src: string | Uint8Array, opts: Partial<ParserOptions> = {}) {
  const anomalies = new AnomalyLog();
  const p = new ObjectParser(typeof src === "string" ? bytes(src) : src, { maxDepth: 128, anomalies, ...opts });
  return { p, anomalies };
}

/** Parses one object: its shown value, the anomaly codes raised, and where the parser stopped. */
function parseOne(src: string, opts: Partial<ParserOptions> = {}) {
  const { p, anomalies } = parser(src, opts);
  const value = p.parseObject();
  return { value, shown: show(value), codes: anomalies.items.map((a) => a.code), pos: p.pos, parser: p, anomalies };
}

/** Parses objects until the input ends (the way a content or object-stream reader would). */
function parseAll(src: string | Uint8Array, opts: Partial<ParserOptions> = {}) {
  const { p, anomalies } = parser(src, opts);
  const values: PdfObject[] = [];
  for (let guard = 0; guard < 1_000_000; guard++) {
    p.skipWhitespace();
    if (p.atEnd()) break;
    const before = p.pos;
    values.push(p.parseObject());
    if (p.pos === before) throw new Error(`parser made no progress at ${before}`);
  }
  return { values, shown: values.map(show), codes: anomalies.items.map((a) => a.code) };
}

describe("ObjectParser: numbers", () => {
  it.each<[string, string, number]>([
    ["an integer", "42", 42],
    ["zero", "0", 0],
    ["a negative integer", "-17", -17],
    ["an explicit plus sign", "+3", 3],
    ["a real", "3.25", 3.25],
    ["a real with a trailing dot", "4.", 4],
    ["a real with a leading dot", ".5", 0.5],
    ["a negative real with a leading dot", "-.5", -0.5],
    ["0.3 exactly (one division, not repeated *0.1)", "0.3", 0.3],
    ["a doubled minus, read as one (as Acrobat)", "--5", -5],
    ["a trailing minus after the dot, ignored (as Acrobat)", "5.-", 5],
    ["more than 15 digits", "123456789012345678", Number("123456789012345678")],
  ])("reads %s: %s", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.value).toBe(expected);
    expect(r.codes).toEqual([]);
    expect(r.pos).toBe(src.length);
  });

  it.each([
    ["a lone minus", "-"],
    ["a lone dot", "."],
    ["a sign and a dot", "+."],
  ])("reads %s as 0 with a syntax-error anomaly", (_name, src) => {
    const r = parseOne(src);
    expect(r.value).toBe(0);
    expect(r.codes).toEqual(["syntax-error"]);
  });
});

describe("ObjectParser: references and number pairs", () => {
  it.each<[string, string, Shown[]]>([
    ["a reference", "12 0 R", ["12 0 R"]],
    ["a reference with a generation", "7 3 R", ["7 3 R"]],
    ["a reference across line breaks", "7\r\n0\nR", ["7 0 R"]],
    ["two numbers", "1 0", [1, 0]],
    ["two numbers and another keyword", "1 0 Rx", [1, 0, "kw:Rx"]],
    ["three numbers", "1 2 3", [1, 2, 3]],
    ["a negative object number (not a reference)", "-1 0 R", [-1, 0, "kw:R"]],
    ["a real object number (not a reference)", "1.5 0 R", [1.5, 0, "kw:R"]],
    ["a number then a reference", "5 6 0 R", [5, "6 0 R"]],
    ["references in an array", "[1 0 R 2 0 R 3]", [["1 0 R", "2 0 R", 3]]],
    ["a reference as a dictionary value", "<< /P 4 0 R /N 5 >>", [{ P: "4 0 R", N: 5 }]],
  ])("reads %s", (_name, src, expected) => {
    const r = parseAll(src);
    expect(r.shown).toEqual(expected);
    expect(r.codes).toEqual([]);
  });
});

describe("ObjectParser: names", () => {
  it.each<[string, string, string, boolean]>([
    ["a plain name", "/Type", "Type", false],
    ["the empty name", "/", "", false],
    ["a name with #xx escapes", "/J#61vaScript", "JavaScript", true],
    ["a name made of escapes only", "/#4A#53", "JS", true],
    ["an escaped space", "/A#20B", "A B", true],
    ["an escaped number sign", "/A#23B", "A#B", true],
    ["lower-case hex digits", "/Open#41ction", "OpenAction", true],
    ["a malformed escape, kept literally", "/A#G1", "A#G1", false],
    ["an escape cut short at the end", "/A#4", "A#4", false],
    ["a font subset prefix (not /AA)", "/AAAAAA+ArialMT", "AAAAAA+ArialMT", false],
  ])("reads %s: %s", (_name, src, name, escaped) => {
    const r = parseOne(src);
    expect(r.value).toBeInstanceOf(PdfName);
    const n = r.value as PdfName;
    expect(n.name).toBe(name);
    expect(n.escaped).toBe(escaped);
    expect(n.raw).toBe(src.slice(1));
    expect(r.codes).toEqual([]);
  });

  it("ends a name at a delimiter", () => {
    expect(parseAll("/A/B(c)/D[1]").shown).toEqual(["/A", "/B", "(c)", "/D", [1]]);
  });

  it("records each escaped spelling with its offset (plus baseOffset) for the keyword triage", () => {
    const src = "  /J#61vaScript /Plain /#4A#53";
    const { p } = parser(src, { baseOffset: 100 });
    p.parseObject();
    p.parseObject();
    p.parseObject();
    expect(p.escapedNames).toEqual([
      { name: "JavaScript", raw: "J#61vaScript", offset: 100 + src.indexOf("/J#61") },
      { name: "JS", raw: "#4A#53", offset: 100 + src.indexOf("/#4A") },
    ]);
  });

  it("does not record a name whose # does not start a valid escape", () => {
    const { p } = parser("/A#G1");
    p.parseObject();
    expect(p.escapedNames).toEqual([]);
  });

  it("decodes escaped dictionary keys, so lookups by the real name work", () => {
    const r = parseOne("<< /S /J#61vaScript /J#53 (app.alert(1)) >>");
    const d = r.value as PdfDict;
    expect(d.get("JS")).toBeInstanceOf(PdfString);
    expect((d.get("S") as PdfName).name).toBe("JavaScript");
    expect(r.parser.escapedNames.map((e) => e.name)).toEqual(["JavaScript", "JS"]);
  });
});

describe("ObjectParser: a key given twice", () => {
  it("keeps the later value and names the key as shadowed, once however often it repeats", () => {
    const d = parseOne("<< /S /URI /URI (https://a.example/) /S /JavaScript /JS (x) /S /Launch >>").value as PdfDict;
    expect((d.get("S") as PdfName).name).toBe("Launch");
    expect(d.shadowed).toEqual(["S"]);
  });

  it("leaves a dictionary without repeats unmarked, also when a nested one repeats", () => {
    const d = parseOne("<< /A << /S /GoTo /S /GoTo >> /B 1 >>").value as PdfDict;
    expect(d.shadowed).toBeUndefined();
    expect((d.get("A") as PdfDict).shadowed).toEqual(["S"]);
  });
});

describe("ObjectParser: literal strings (§7.3.4.2)", () => {
  it.each<[string, string, string]>([
    ["a plain string", "(abc)", "abc"],
    ["the empty string", "()", ""],
    ["balanced nested parentheses", "(a(b(c))d)", "a(b(c))d"],
    ["escaped parentheses", "(a\\(b\\)c)", "a(b)c"],
    ["an unbalanced escaped parenthesis", "(a\\(b)", "a(b"],
    ["an escaped backslash", "(a\\\\b)", "a\\b"],
    ["\\n \\r \\t \\b \\f", "(\\n\\r\\t\\b\\f)", "\n\r\t\b\f"],
    ["three-digit octal escapes", "(\\101\\102C)", "ABC"],
    ["a one-digit octal escape", "(\\7x)", "\x07x"],
    ["an octal escape of at most three digits", "(\\0053)", "\x053"],
    ["an octal escape overflowing a byte (high bit ignored)", "(\\777)", "\xff"],
    ["an unknown escape: the backslash is dropped", "(\\q)", "q"],
    ["a line continuation with LF", "(ab\\\ncd)", "abcd"],
    ["a line continuation with CRLF", "(ab\\\r\ncd)", "abcd"],
    ["a line continuation with CR", "(ab\\\rcd)", "abcd"],
    ["binary bytes", "(\x00\xff\x80)", "\x00\xff\x80"],
    ["delimiters inside", "(/Name [1] <<>> %not a comment)", "/Name [1] <<>> %not a comment"],
  ])("reads %s", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.shown).toBe(`(${expected})`);
    expect(r.codes).toEqual([]);
    expect(r.pos).toBe(src.length);
  });

  it.each<[string, string]>([
    ["CRLF", "(a\r\nb)"],
    ["CR", "(a\rb)"],
  ])("reads an unescaped %s end-of-line as one LF", (_name, src) => {
    expect(parseOne(src).shown).toBe("(a\nb)");
  });

  it("keeps an unescaped LF as is", () => {
    expect(parseOne("(a\nb)").shown).toBe("(a\nb)");
  });

  it("copies a string's bytes out of the file, plain or escaped, so a string never holds the file", () => {
    const file = Buffer.from("(plain) (esc\\) aped)".padEnd(4096, " "), "latin1");
    const { p } = parser(file);
    for (const expected of ["plain", "esc) aped"]) {
      p.skipWhitespace();
      const s = p.parseObject() as PdfString;
      expect(text(s.bytes)).toBe(expected);
      expect(s.bytes.buffer.byteLength).toBeLessThan(100);
    }
  });

  it.each([
    ["an unclosed string", "(abc", "(abc)"],
    ["an unclosed nested string", "(a(b)c", "(a(b)c)"],
    ["a backslash at the very end", "(abc\\", "(abc)"],
  ])("reports %s as a syntax-error and keeps what it read", (_name, src, shown) => {
    const r = parseOne(src);
    expect(r.shown).toBe(shown);
    expect(r.codes).toEqual(["syntax-error"]);
    expect(r.pos).toBe(src.length);
  });

  it("reads a long string past its initial buffer", () => {
    const body = "x".repeat(10_000);
    expect(parseOne(`(${body})`).shown).toBe(`(${body})`);
  });
});

describe("ObjectParser: hexadecimal strings (§7.3.4.3)", () => {
  it.each<[string, string, string]>([
    ["upper-case digits", "<414243>", "ABC"],
    ["lower-case digits", "<6a7a>", "jz"],
    ["the empty hex string", "<>", ""],
    ["whitespace between digits", "<41 42\r\n\t43>", "ABC"],
    ["an odd digit count: the last digit padded with 0", "<414>", "A@"],
    ["a single digit", "<7>", "p"],
  ])("reads %s", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.value).toBeInstanceOf(PdfString);
    expect((r.value as PdfString).hex).toBe(true);
    expect(text((r.value as PdfString).bytes)).toBe(expected);
    expect(r.codes).toEqual([]);
  });

  it.each([
    ["a non-hex character", "<4G1>", "A"],
    ["a non-hex character between pairs", "<41zz42>", "AB"],
  ])("skips %s and reports a syntax-error", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.shown).toBe(`<${expected}>`);
    expect(r.codes).toEqual(["syntax-error"]);
  });

  it("reports an unterminated hex string", () => {
    const r = parseOne("<4142");
    expect(r.shown).toBe("<AB>");
    expect(r.codes).toEqual(["syntax-error"]);
  });

  it("reads a string of a megabyte, every byte", () => {
    const bytes = Array.from({ length: 1 << 20 }, (_, i) => (i * 7) & 0xff);
    const src = `<${bytes.map((b) => b.toString(16).padStart(2, "0")).join("")}>`;
    const r = parseOne(src);
    expect([...(r.value as PdfString).bytes]).toEqual(bytes);
    expect(r.pos).toBe(src.length);
  });

  it("ends at the first '>' and reads the next object after it", () => {
    const r = parseOne("<41 4>> 12");
    expect(r.shown).toBe("<A@>");
    expect(r.pos).toBe("<41 4>".length);
  });
});

describe("ObjectParser: arrays, dictionaries and keywords", () => {
  it.each<[string, string, Shown]>([
    ["an empty array", "[]", []],
    ["a mixed array", "[1 (a) /B <43> [2] << /C 3 >> true null]", [1, "(a)", "/B", "<C>", [2], { C: 3 }, true, null]],
    ["an array without spaces", "[/A/B(c)[1]]", ["/A", "/B", "(c)", [1]]],
    ["an array with a comment", "[1 % comment ]\n 2]", [1, 2]],
    ["an empty dictionary", "<<>>", {}],
    [
      "a dictionary",
      "<< /Type /Page /Count 3 /Kids [1 0 R] /T (x) >>",
      { Type: "/Page", Count: 3, Kids: ["1 0 R"], T: "(x)" },
    ],
    ["a dictionary without spaces", "<</A<</B 1>>/C[2]>>", { A: { B: 1 }, C: [2] }],
    ["a value missing before >>", "<< /A 1 /B >>", { A: 1, B: null }],
    ["a hex string value", "<< /ID <ab> >>", { ID: "<\xab>" }],
    ["true", "true", true],
    ["false", "false", false],
    ["null", "null", null],
    ["an operator keyword", "BT", "kw:BT"],
  ])("reads %s", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.shown).toEqual(expected);
    expect(r.codes).toEqual([]);
    expect(r.pos).toBe(src.length);
  });

  it.each<[string, string, Shown]>([
    ["a number where a key should be", "<< 1 /A 2 >>", { A: 2 }],
    ["a string where a key should be", "<< (junk) /A 2 >>", { A: 2 }],
    ["a stray keyword where a key should be", "<< /A 1 junk /B 2 >>", { A: 1, B: 2 }],
  ])("skips %s and reports it", (_name, src, expected) => {
    const r = parseOne(src);
    expect(r.shown).toEqual(expected);
    expect(r.codes).toEqual(["syntax-error"]);
    expect(r.pos).toBe(src.length);
  });

  it.each<[string, string, Shown, string]>([
    ["an unterminated array", "[1 2", [1, 2], ""],
    ["an unterminated dictionary", "<< /A 1", { A: 1 }, ""],
    ["an array left open before endobj", "[1 2 endobj", [1, 2], "endobj"],
    ["a dictionary left open before endobj", "<< /A 1 endobj", { A: 1 }, "endobj"],
    ["a dictionary left open before stream", "<< /A 1 stream\nxx", { A: 1 }, "stream\nxx"],
    ["a key without value before endobj", "<< /A endobj", { A: null }, "endobj"],
  ])("reports %s and stops where the object ends", (_name, src, expected, rest) => {
    const r = parseOne(src);
    expect(r.shown).toEqual(expected);
    expect(r.codes).toContain("syntax-error");
    expect(src.slice(r.pos)).toBe(rest);
  });

  it.each([")", "]", ">", "{", "}"])("reports an unexpected '%s' and moves past it", (c) => {
    const r = parseAll(`${c} 1`);
    expect(r.shown).toEqual([`kw:${c}`, 1]);
    expect(r.codes).toEqual(["syntax-error"]);
  });

  it("skips a comment before an object", () => {
    expect(parseOne("% a comment\r\n/After").shown).toBe("/After");
  });

  it("returns null at the end of input without moving", () => {
    const r = parseOne("   ");
    expect(r.value).toBeNull();
    expect(r.codes).toEqual([]);
  });
});

describe("ObjectParser: nesting budget", () => {
  it("replaces arrays nested past maxDepth by null and reports nesting-too-deep", () => {
    const r = parseAll("[[[[[[1]]]]]] /Next", { maxDepth: 4 });
    expect(r.shown).toEqual([[[[[null]]]], "/Next"]);
    expect(r.codes).toEqual(["nesting-too-deep"]);
  });

  it("replaces dictionaries nested past maxDepth by null and reports nesting-too-deep", () => {
    const r = parseAll("<< /A << /A << /A << /A << /A 1 >> >> >> >> >> /Next", { maxDepth: 3 });
    expect(r.shown).toEqual([{ A: { A: { A: null } } }, "/Next"]);
    expect(r.codes).toEqual(["nesting-too-deep"]);
  });

  it("accepts nesting exactly at maxDepth", () => {
    const r = parseOne("[[[1]]]", { maxDepth: 3 });
    expect(r.shown).toEqual([[[1]]]);
    expect(r.codes).toEqual([]);
  });

  it.each([
    ["100k '['", "[".repeat(100_000)],
    ["100k '<<'", "<<".repeat(100_000)],
    ["100k '[' then as many ']'", "[".repeat(100_000) + "]".repeat(100_000)],
    ["100k '<< /A'", "<< /A ".repeat(100_000)],
  ])("survives %s with the default depth (no stack overflow)", (_name, src) => {
    const r = parseOne(src);
    expect(r.codes).toContain("nesting-too-deep");
    expect(r.pos).toBe(src.length);
  });

  it("stops skipping a too-deep array at the end of its object", () => {
    const src = "[[[[[[ 1 endobj 2 0 obj";
    const r = parseOne(src, { maxDepth: 2 });
    expect(r.codes).toContain("nesting-too-deep");
    expect(src.slice(r.pos)).toBe("endobj 2 0 obj");
  });

  it("stops skipping a too-deep dictionary at the end of its object", () => {
    const src = "<< /A << /A << /A << /A 1 endobj 2 0 obj << /B 2 >> endobj";
    const r = parseOne(src, { maxDepth: 2 });
    expect(r.codes).toContain("nesting-too-deep");
    expect(src.slice(r.pos)).toBe("endobj 2 0 obj << /B 2 >> endobj");
  });
});

describe("ObjectParser: anomaly offsets", () => {
  it("reports file offsets plus baseOffset, and the current object", () => {
    const { p, anomalies } = parser("   <4G>", { baseOffset: 1000 });
    p.currentRef = "7 0";
    p.parseObject();
    expect(anomalies.items).toEqual([
      { code: "syntax-error", offset: 1003, message: expect.any(String), objectRef: "7 0" },
    ]);
  });

  it("reports offset -1 inside decoded buffers", () => {
    const { p, anomalies } = parser("<4G>", { baseOffset: 1000, fileAddressable: false });
    p.parseObject();
    expect(anomalies.items.map((a) => a.offset)).toEqual([-1]);
  });
});

describe("ObjectParser: stream bodies (§7.3.8)", () => {
  /** Parses `dict stream ... ` the way document.ts does: dictionary, then the body at `stream`. */
  function parseStream(src: string) {
    const { p, anomalies } = parser(src);
    const dict = p.parseObject();
    if (!(dict instanceof PdfDict)) throw new Error("fixture must start with a dictionary");
    p.skipWhitespace();
    expect(p.peekKeyword("stream")).toBe(true);
    const s = p.parseStreamBody(dict, 0);
    return { s, data: text(s.raw), codes: anomalies.items.map((a) => a.code), rest: src.slice(p.pos), anomalies };
  }

  it.each<[string, string, string, string]>([
    ["a correct /Length, LF", "<< /Length 5 >>\nstream\nHELLO\nendstream\nendobj", "HELLO", "\nendobj"],
    ["a correct /Length, CRLF", "<< /Length 5 >>\r\nstream\r\nHELLO\r\nendstream\r\nendobj", "HELLO", "\r\nendobj"],
    ["a correct /Length, no EOL before endstream", "<< /Length 5 >>stream\nHELLOendstream endobj", "HELLO", " endobj"],
    ["an empty stream", "<< /Length 0 >>\nstream\n\nendstream\nendobj", "", "\nendobj"],
    [
      "data that contains the word endstream",
      "<< /Length 17 >>\nstream\nfoo endstream bar\nendstream\nendobj",
      "foo endstream bar",
      "\nendobj",
    ],
    ["data that ends with CR LF bytes", "<< /Length 4 >>\nstream\nab\r\n\nendstream\nendobj", "ab\r\n", "\nendobj"],
  ])("reads %s", (_name, src, data, rest) => {
    const r = parseStream(src);
    expect(r.data).toBe(data);
    expect(r.codes).toEqual([]);
    expect(r.rest).toBe(rest);
  });

  it("records where the data starts in the file", () => {
    const src = "<< /Length 5 >>\nstream\nHELLO\nendstream";
    expect(parseStream(src).s.dataOffset).toBe(src.indexOf("HELLO"));
  });

  it.each<[string, number]>([
    ["too long", 50],
    ["too short", 2],
    ["far too long (past the end of the buffer)", 100_000],
  ])("repairs a /Length that is %s by searching for endstream", (_name, length) => {
    const r = parseStream(`<< /Length ${length} >>\nstream\nHELLO WORLD\nendstream\nendobj`);
    expect(r.data).toBe("HELLO WORLD");
    expect(r.codes).toEqual(["stream-length-mismatch"]);
    expect(r.rest).toBe("\nendobj");
  });

  it("repairs a /Length that overshoots into the next object", () => {
    const src = "<< /Length 40 >>\nstream\nHELLO\nendstream\nendobj\n2 0 obj\n(later object)\nendobj";
    const r = parseStream(src);
    expect(r.data).toBe("HELLO");
    expect(r.codes).toEqual(["stream-length-mismatch"]);
  });

  it("searches for endstream when /Length is an indirect reference, without an anomaly", () => {
    const r = parseStream("<< /Length 9 0 R >>\nstream\nHELLO\nendstream\nendobj");
    expect(r.data).toBe("HELLO");
    expect(r.codes).toEqual([]);
  });

  it("trusts a correct /Length when the endstream keyword is damaged", () => {
    const src =
      "<< /Length 5 >>\nstream\nHELLO\nendstrem\nendobj\n3 0 obj\n<< /Length 1 >>\nstream\nx\nendstream\nendobj";
    const r = parseStream(src);
    expect(r.data).toBe("HELLO");
    expect(r.codes).toEqual(["endstream-missing"]);
    expect(r.rest.startsWith("\nendstrem\nendobj")).toBe(true);
  });

  it("takes everything to the end of the buffer when there is no endstream at all", () => {
    const r = parseStream("<< /Length 3 >>\nstream\nHELLO WORLD");
    expect(r.data).toBe("HELLO WORLD");
    expect(r.codes).toEqual(["endstream-missing"]);
    expect(r.rest).toBe("");
  });
});

describe("ObjectParser: never throws", () => {
  function prng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s >>> 24;
    };
  }

  it("parses 500 random byte strings to the end without throwing", () => {
    const next = prng(7);
    for (let i = 0; i < 500; i++) {
      const buf = Uint8Array.from({ length: 1 + next() }, next);
      expect(() => parseAll(buf)).not.toThrow();
    }
  });

  it("parses random strings of PDF syntax tokens to the end without throwing", () => {
    const tokens = [
      "<<",
      ">>",
      "[",
      "]",
      "(",
      ")",
      "<",
      ">",
      "/",
      "/N#4",
      "\\",
      "1",
      "0",
      "R",
      "-",
      ".",
      "#",
      "%",
      "\n",
      " ",
      "obj",
      "endobj",
      "stream",
      "endstream",
      "<4",
      "(\\",
      "{",
      "}",
    ];
    const next = prng(11);
    for (let i = 0; i < 500; i++) {
      const src = Array.from({ length: 1 + (next() % 64) }, () => tokens[next() % tokens.length]).join("");
      expect(() => parseAll(src, { maxDepth: 8 })).not.toThrow();
    }
  });

  it("reads a stream body at the end of any truncation without throwing", () => {
    const full = "<< /Length 5 >>\nstream\nHELLO\nendstream\nendobj";
    const at = full.indexOf("stream");
    for (let cut = at + 6; cut <= full.length; cut++) {
      const { p } = parser(full.slice(0, cut));
      const dict = p.parseObject() as PdfDict;
      p.skipWhitespace();
      expect(() => p.parseStreamBody(dict, 0)).not.toThrow();
    }
  });
});
