// Structure-aware mutators: each takes a PDF (and a donor PDF for splices) and returns a variant that
// keeps most of the syntax valid, so the reader gets past the lexer into xref, object stream, filter,
// encryption and rule paths. Byte-level havoc covers what the token view misses.
import { deflateSync, inflateSync, constants as zlib } from "node:zlib";
import { bytes, concat } from "../../lib/pdf/testing/pdf-builder";
import type { Prng } from "./prng";
import { tokenize, type Token, type TokenKind } from "./tokenize";

export type Mutator = (input: Uint8Array, rng: Prng, donor: Uint8Array) => Uint8Array;

/** A mutated case never grows past this: the fuzzer looks for logic errors, not for big inputs. */
export const MAX_CASE_BYTES = 4 * 1024 * 1024;
/** Bytes tokenised per mutation: a window keeps multi-megabyte corpus seeds cheap. */
const WINDOW_BYTES = 64 * 1024;
/** A renumbered object (2^31) must not make the rewritten xref table a gigabyte string. */
const XREF_FIXUP_MAX_OBJECTS = 10_000;

const EDGE_NUMBERS = [
  "0",
  "-1",
  "1",
  "2147483647",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "1e308",
  "-1e308",
  "1.#INF",
  "NaN",
  "-0",
  ".",
  "-",
  "+.5",
  "0.00000001",
  "99999999999999999999999",
  "9".repeat(400),
  "007",
  "1..2",
];
const NAMES = [
  "/JavaScript",
  "/JS",
  "/ObjStm",
  "/XRef",
  "/Filter",
  "/FlateDecode",
  "/Fl",
  "/LZWDecode",
  "/ASCIIHexDecode",
  "/AHx",
  "/ASCII85Decode",
  "/RunLengthDecode",
  "/DCTDecode",
  "/JBIG2Decode",
  "/JPXDecode",
  "/CCITTFaxDecode",
  "/Crypt",
  "/Length",
  "/DecodeParms",
  "/Predictor",
  "/Columns",
  "/Type",
  "/Page",
  "/Pages",
  "/Kids",
  "/Parent",
  "/Count",
  "/Prev",
  "/XRefStm",
  "/Encrypt",
  "/Root",
  "/Size",
  "/First",
  "/N",
  "/W",
  "/Index",
  "/OpenAction",
  "/AA",
  "/Launch",
  "/URI",
  "/SubmitForm",
  "/GoToR",
  "/GoToE",
  "/EmbeddedFile",
  "/EmbeddedFiles",
  "/Names",
  "/Next",
  "/XFA",
  "/AcroForm",
  "/RichMedia",
  "/Metadata",
  "/Outlines",
  "/Annots",
  "/Contents",
  "/Resources",
  "/XObject",
  "/Image",
  "/Font",
  "/Type3",
  "/Pattern",
  "/J#61vaScript",
  "/#4A#53",
  "/",
  "/#",
  "/#zz",
  "/Standard",
  "/V",
  "/R",
  "/O",
  "/U",
  "/P",
  "/StmF",
  "/StrF",
  "/CF",
  "/Identity",
];
const KEYWORDS = [
  "obj",
  "endobj",
  "stream",
  "endstream",
  "xref",
  "trailer",
  "startxref",
  "R",
  "null",
  "true",
  "false",
  "%%EOF",
  "BI",
  "ID",
  "EI",
  "BT",
  "ET",
];
const DELIMITERS = ["<<", ">>", "[", "]", "(", ")", "<", ">", "{", "}"];
const HAVOC_STRINGS = [
  "endstream",
  "endobj",
  "%%EOF",
  " 0 obj ",
  "trailer << >>",
  "startxref 0",
  "xref\n0 1\n",
  "<<",
  ">>",
  "(",
  "\\",
  "/JS",
  " R ",
  "\r",
  "\x00",
];

const latin1 = (b: Uint8Array, from = 0, to = b.length) =>
  Buffer.from(b.buffer, b.byteOffset + from, to - from).toString("latin1");

function splice(input: Uint8Array, start: number, end: number, replacement: Uint8Array | string): Uint8Array {
  const r = typeof replacement === "string" ? bytes(replacement) : replacement;
  const out = concat([input.subarray(0, start), r, input.subarray(end)]);
  return out.length > MAX_CASE_BYTES ? out.subarray(0, MAX_CASE_BYTES) : out;
}

function windowOf(input: Uint8Array, rng: Prng): [number, number] {
  if (input.length <= WINDOW_BYTES) return [0, input.length];
  const from = rng.int(input.length - WINDOW_BYTES);
  return [from, from + WINDOW_BYTES];
}

function tokensOf(input: Uint8Array, rng: Prng, kinds?: TokenKind[]): Token[] {
  const [from, to] = windowOf(input, rng);
  const all = tokenize(input, from, to);
  return kinds ? all.filter((t) => kinds.includes(t.kind)) : all;
}

/** Replaces one token of the given kinds with `make(token)`; the input unchanged when there is none. */
function replaceToken(
  input: Uint8Array,
  rng: Prng,
  kinds: TokenKind[],
  make: (t: Token) => string | Uint8Array,
): Uint8Array {
  const tokens = tokensOf(input, rng, kinds);
  if (!tokens.length) return input;
  const t = rng.pick(tokens);
  return splice(input, t.start, t.end, make(t));
}

interface Span {
  start: number;
  end: number;
}

/** `N G obj ... endobj` spans in a window of the input. */
function objectsOf(input: Uint8Array, rng: Prng): Span[] {
  const [from, to] = windowOf(input, rng);
  const s = latin1(input, from, to);
  const spans: Span[] = [];
  for (const m of s.matchAll(/\d+\s+\d+\s+obj\b/g)) {
    const e = s.indexOf("endobj", m.index);
    spans.push({ start: from + m.index, end: from + (e < 0 ? s.length : e + 6) });
  }
  return spans;
}

/** `input` with spans `a` and `b` (a before b, not overlapping) exchanged. */
function swapSpans(input: Uint8Array, a: Span, b: Span): Uint8Array {
  return concat([
    input.subarray(0, a.start),
    input.subarray(b.start, b.end),
    input.subarray(a.end, b.start),
    input.subarray(a.start, a.end),
    input.subarray(b.end),
  ]);
}

function randomBytes(rng: Prng, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => rng.int(256));
}

const numberEdge: Mutator = (input, rng) => replaceToken(input, rng, ["number"], () => rng.pick(EDGE_NUMBERS));
const nameSwap: Mutator = (input, rng) => replaceToken(input, rng, ["name"], () => rng.pick(NAMES));
const keywordSwap: Mutator = (input, rng) => replaceToken(input, rng, ["keyword"], () => rng.pick(KEYWORDS));
const delimiterBreak: Mutator = (input, rng) =>
  replaceToken(input, rng, ["open", "close"], () => (rng.chance(0.3) ? "" : rng.pick(DELIMITERS)));
const tokenDelete: Mutator = (input, rng) =>
  replaceToken(input, rng, ["number", "name", "string", "hexstring", "open", "close", "keyword"], () => " ");
const stringMangle: Mutator = (input, rng) =>
  replaceToken(input, rng, ["string", "hexstring"], (t) => {
    const body = latin1(input, t.start, t.end);
    return rng.pick([
      body.slice(0, -1),
      `${body.slice(0, -1)}\\`,
      `(${body}`,
      `<${"g".repeat(rng.int(9))}`,
      `<${"0".repeat(rng.int(9) * 2 + 1)}>`,
      `(\\${rng.int(800).toString(8)}\\u)`,
      "()",
    ]);
  });

const tokenDuplicate: Mutator = (input, rng) => {
  const tokens = tokensOf(input, rng);
  if (!tokens.length) return input;
  const t = rng.pick(tokens);
  const copy = input.subarray(t.start, t.end);
  return splice(
    input,
    t.end,
    t.end,
    concat(Array.from({ length: 1 + rng.int(rng.chance(0.1) ? 2_000 : 4) }, () => concat([bytes(" "), copy]))),
  );
};

const tokenSwap: Mutator = (input, rng) => {
  const tokens = tokensOf(input, rng).filter((t) => t.kind !== "data");
  if (tokens.length < 2) return input;
  let [a, b] = [rng.pick(tokens), rng.pick(tokens)];
  if (a.start > b.start) [a, b] = [b, a];
  return a === b ? input : swapSpans(input, a, b);
};

const objectDelete: Mutator = (input, rng) => {
  const objs = objectsOf(input, rng);
  if (!objs.length) return input;
  const o = rng.pick(objs);
  return splice(input, o.start, o.end, rng.chance(0.5) ? " ".repeat(o.end - o.start) : "");
};

const objectDuplicate: Mutator = (input, rng) => {
  const objs = objectsOf(input, rng);
  if (!objs.length) return input;
  const o = rng.pick(objs);
  const at = rng.chance(0.5) ? o.end : input.length;
  return splice(input, at, at, concat([bytes("\n"), input.subarray(o.start, o.end), bytes("\n")]));
};

const objectSwap: Mutator = (input, rng) => {
  const objs = objectsOf(input, rng);
  if (objs.length < 2) return input;
  let [a, b] = [rng.pick(objs), rng.pick(objs)];
  if (a.start > b.start) [a, b] = [b, a];
  return a === b || a.end > b.start ? input : swapSpans(input, a, b);
};

/** An object of another seed inserted, under its own number or one of this file's (a redefinition). */
const objectSplice: Mutator = (input, rng, donor) => {
  const theirs = objectsOf(donor, rng);
  if (!theirs.length) return input;
  const o = rng.pick(theirs);
  let body = latin1(donor, o.start, o.end);
  const ours = objectsOf(input, rng);
  if (ours.length && rng.chance(0.5))
    body = body.replace(/^\d+\s+\d+/, latin1(input, rng.pick(ours).start).match(/^\d+\s+\d+/)?.[0] ?? "1 0");
  const at = ours.length ? rng.pick(ours).end : rng.int(input.length + 1);
  return splice(input, at, at, bytes(`\n${body}\n`));
};

const objectRenumber: Mutator = (input, rng) => {
  const objs = objectsOf(input, rng);
  if (!objs.length) return input;
  const o = rng.pick(objs);
  const head = latin1(input, o.start, Math.min(o.end, o.start + 40)).match(/^\d+\s+\d+/)?.[0];
  if (!head) return input;
  return splice(
    input,
    o.start,
    o.start + head.length,
    `${rng.pick(["0", "1", "65535", "2147483647", "999999"])} ${rng.pick(["0", "1", "65536", "-1"])}`,
  );
};

/** A reference pointed at itself, at object 0, at a number past /Size, or at a free generation. */
const refRetarget: Mutator = (input, rng) => {
  const [from, to] = windowOf(input, rng);
  const refs = [...latin1(input, from, to).matchAll(/\b\d+\s+\d+\s+R\b/g)];
  if (!refs.length) return input;
  const m = rng.pick(refs);
  const objs = objectsOf(input, rng);
  const own = objs.find((o) => o.start <= from + m.index && from + m.index < o.end);
  const self = (own && latin1(input, own.start, own.end).match(/^\d+/)?.[0]) ?? "1";
  return splice(
    input,
    from + m.index,
    from + m.index + m[0].length,
    `${rng.pick([self, "0", "2147483647", "99999"])} ${rng.pick(["0", "0", "1", "65535"])} R`,
  );
};

/** Stream data corrupted the ways decoders meet in the wild: flipped bytes, cut short, junk, nested Flate. */
const streamCorrupt: Mutator = (input, rng) => {
  const data = tokensOf(input, rng, ["data"]);
  if (!data.length) return input;
  const d = rng.pick(data);
  const body = input.slice(d.start, d.end);
  switch (rng.int(5)) {
    case 0:
      for (let k = 0; k < 1 + rng.int(8) && body.length; k++) body[rng.int(body.length)] ^= 1 << rng.int(8);
      return splice(input, d.start, d.end, body);
    case 1:
      return splice(input, d.start, d.end, body.subarray(0, rng.int(body.length + 1)));
    case 2:
      return splice(input, d.start, d.end, concat([bytes("\n"), randomBytes(rng, rng.int(512))]));
    case 3:
      return splice(
        input,
        d.start,
        d.end,
        concat([bytes("\n"), new Uint8Array(deflateSync(deflateSync(new Uint8Array(1 + rng.int(1 << 18)))))]),
      );
    default:
      return splice(
        input,
        d.start,
        d.end,
        concat([bytes("\n"), new Uint8Array(deflateSync(randomBytes(rng, 1 + rng.int(256))))]),
      );
  }
};

/**
 * Decoded sizes of a flood: a reader that is linear reads the largest in well under the fuzzer's
 * "slow for its size" mark, a quadratic one not (an XFA declaration reader took 12 s for 1 MB).
 */
const FLOOD_BYTES = [64 * 1024, 256 * 1024, 1024 * 1024];

/**
 * Openings of the constructs the fast stage reads in decoded text, unfinished: XFA markup, script
 * calls and literals, content-stream operators, CMap and XMP entries. Repeated, each makes a reader
 * meet a construct that never ends before the next begins.
 */
const FLOOD_CONSTRUCTS = [
  "<!ENTITY",
  "<!DOCTYPE",
  "<!--",
  "<![CDATA[",
  "<?xml-stylesheet href='",
  "<script>",
  '<script contentType="application/x-javascript">',
  '<event activity="',
  '<submit target="',
  "<image href='",
  "<exData>",
  "<wsdlConnection name='",
  "<uri>",
  "<variables>",
  '<execute connection="',
  "<field name='",
  "&#",
  "<",
  "XMLData.parse(",
  "this.saveAs(",
  "this.exportXFAData({cPath:",
  "xfa.host.exportData(",
  "app.launchURL(",
  "this.getURL(",
  "this.submitForm(",
  "fetch(",
  "if (app.alert(",
  "eval(",
  "String.fromCharCode(",
  "unescape(",
  "%u",
  "\\x",
  "this[",
  "'a'+",
  '"',
  "'",
  "/*",
  "//",
  "function(",
  "{",
  "(",
  "a=a+",
  "(a) Tj ",
  "[(a) -100 (b)] TJ ",
  "BT ",
  "/F1 12 Tf ",
  "0 -12 Td ",
  "BI ",
  "(\\",
  "beginbfchar <0001> ",
  "<rdf:li>",
  "http://",
  "\\\\host\\",
];

/**
 * A piece of what a stream says (a tag, a call, an operator, a CMap entry: 1-32 bytes of its decoded
 * data) repeated to a flood inside it, compressed again when it was Flate. The byte mutators never
 * reach decoded text with megabytes of one construct, which is where the readers of XFA forms,
 * scripts and content streams can be super-linear.
 */
export const decodedFlood: Mutator = (input, rng) => {
  const data = tokensOf(input, rng, ["data"]);
  if (!data.length) return input;
  const d = rng.pick(data);
  let from = d.start;
  while (from < d.end && (input[from] === 0x0d || input[from] === 0x0a)) from++;
  const raw = input.subarray(from, d.end);
  const flate = raw[0] === 0x78;
  let text: Uint8Array = raw;
  if (flate) {
    try {
      text = inflateSync(raw, { finishFlush: zlib.Z_SYNC_FLUSH });
    } catch {
      return input;
    }
  }
  if (!text.length) return input;
  // the piece: a construct the analysis reads (a random cut rarely repeats a tag's opening alone, which
  // is what a reader of tags meets at every copy), else a cut of the stream's own text, half the time
  // from where a construct of it starts (a tag, a call's name, an operator)
  const at = rng.chance(0.5) ? constructStart(text, rng.int(text.length)) : rng.int(text.length);
  const piece = rng.chance(0.3)
    ? bytes(rng.pick(FLOOD_CONSTRUCTS))
    : text.subarray(at, Math.min(text.length, at + 1 + rng.int(rng.chance(0.5) ? 12 : 32)));
  const flood = Buffer.alloc(Math.floor(rng.pick(FLOOD_BYTES) / piece.length) * piece.length).fill(piece);
  const decoded = concat([text.subarray(0, at), flood, text.subarray(at)]);
  return splice(input, d.start, d.end, concat([bytes("\n"), flate ? new Uint8Array(deflateSync(decoded)) : decoded]));
};

/** The first `<`, `(`, `/` or word start at or after `from` (wrapping to 0), else `from`. */
function constructStart(text: Uint8Array, from: number): number {
  const isWord = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  for (let k = 0; k < text.length; k++) {
    const i = (from + k) % text.length;
    const c = text[i];
    if (c === 0x3c || c === 0x28 || c === 0x2f || (isWord(c) && (i === 0 || !isWord(text[i - 1])))) return i;
  }
  return from;
}

const lengthLie: Mutator = (input, rng) => {
  const [from, to] = windowOf(input, rng);
  const lengths = [...latin1(input, from, to).matchAll(/\/Length\s+(\d+)(\s+\d+\s+R)?/g)];
  if (!lengths.length) return input;
  const m = rng.pick(lengths);
  const n = Number(m[1]);
  return splice(
    input,
    from + m.index,
    from + m.index + m[0].length,
    `/Length ${rng.pick([0, n - 1, n + 1, n * 2, -n, 2 ** 31, n + rng.int(100_000)])}`,
  );
};

/** Deep nesting inserted at a token boundary: arrays, dictionaries, or both interleaved. */
const deepNesting: Mutator = (input, rng) => {
  const tokens = tokensOf(input, rng);
  const at = tokens.length ? rng.pick(tokens).start : 0;
  const depth = rng.pick([64, 127, 128, 129, 1_000, 20_000]);
  const unit = rng.pick(["[", "<< /A ", "[<< /K "]);
  const close = unit === "[" ? "]" : unit === "<< /A " ? ">>" : ">>]";
  return splice(input, at, at, `${unit.repeat(depth)}${rng.chance(0.5) ? close.repeat(depth) : ""} `);
};

/** Xref offsets shuffled, zeroed or pointed past the end; startxref moved. */
const xrefShuffle: Mutator = (input, rng) => {
  const s = latin1(input);
  if (rng.chance(0.3)) {
    const sx = [...s.matchAll(/startxref\s+(\d+)/g)];
    if (!sx.length) return input;
    const m = rng.pick(sx);
    return splice(
      input,
      m.index,
      m.index + m[0].length,
      `startxref\n${rng.pick([0, 1, input.length, input.length + 100, Number(m[1]) + rng.int(40) - 20])}`,
    );
  }
  const entries = [...s.matchAll(/(\d{10}) (\d{5}) ([nf])/g)];
  if (entries.length < 2) return input;
  const offsets = entries.map((e) => e[1]);
  const out = input.slice();
  for (const e of entries) {
    const v = rng.chance(0.5)
      ? rng.pick(offsets)
      : String(rng.pick([0, input.length, rng.int(input.length), 9_999_999_999]))
          .padStart(10, "0")
          .slice(-10);
    out.set(bytes(rng.chance(0.1) ? `${v} ${e[2]} ${e[3] === "n" ? "f" : "n"}` : `${v} ${e[2]} ${e[3]}`), e.index);
  }
  return out;
};

const truncate: Mutator = (input, rng) => input.subarray(0, rng.int(input.length + 1));

/** Byte-level havoc: a few random edits of any kind, AFL style. */
const havoc: Mutator = (input, rng) => {
  let out = input;
  for (let k = 0, n = 1 + rng.int(6); k < n; k++) {
    const at = rng.int(out.length + 1);
    switch (rng.int(6)) {
      case 0: {
        out = out.slice();
        if (out.length) out[Math.min(at, out.length - 1)] ^= 1 << rng.int(8);
        break;
      }
      case 1:
        out = splice(
          out,
          at,
          Math.min(out.length, at + 1),
          Uint8Array.of(rng.pick([0, 0xff, 0x7f, 0x80, 0x0a, 0x0d, 0x28, 0x29, 0x3c, 0x3e, 0x5c])),
        );
        break;
      case 2:
        out = splice(out, at, at, randomBytes(rng, 1 + rng.int(32)));
        break;
      case 3:
        out = splice(out, at, Math.min(out.length, at + 1 + rng.int(256)), "");
        break;
      case 4: {
        const from = rng.int(out.length);
        out = splice(out, at, at, out.slice(from, from + 1 + rng.int(512)));
        break;
      }
      default:
        out = splice(out, at, at, rng.pick(HAVOC_STRINGS));
    }
  }
  return out;
};

/**
 * Rewrites the last xref table to where the objects now are (and startxref to it), as a writer
 * would: most mutations move bytes, and without this almost every case is read by xref recovery, so
 * the table path would only ever see the seeds' own layouts.
 */
export function fixXrefTable(input: Uint8Array): Uint8Array {
  const s = latin1(input);
  let xref = s.lastIndexOf("xref\n");
  while (xref > 0 && s.startsWith("start", xref - 5)) xref = s.lastIndexOf("xref\n", xref - 1);
  const trailer = s.indexOf("trailer", xref);
  if (xref < 0 || trailer < 0) return input;
  const at = new Map<number, number>();
  for (const m of s.matchAll(/(\d{1,7})\s+0\s+obj\b/g)) if (m.index < xref) at.set(Number(m[1]), m.index);
  const size = Math.max(0, ...at.keys()) + 1;
  if (size > XREF_FIXUP_MAX_OBJECTS) return input;
  let table = `xref\n0 ${size}\n`;
  for (let n = 0; n < size; n++)
    table += at.has(n) && n > 0 ? `${String(at.get(n)).padStart(10, "0")} 00000 n\r\n` : "0000000000 65535 f\r\n";
  const fixed = `${s.slice(0, xref)}${table}${s.slice(trailer)}`;
  const sx = fixed.lastIndexOf("startxref");
  return sx < 0 ? bytes(fixed) : bytes(`${fixed.slice(0, sx)}startxref\n${xref}\n%%EOF\n`);
}

export const MUTATORS: Readonly<Record<string, Mutator>> = {
  "number-edge": numberEdge,
  "name-swap": nameSwap,
  "keyword-swap": keywordSwap,
  "delimiter-break": delimiterBreak,
  "token-delete": tokenDelete,
  "token-duplicate": tokenDuplicate,
  "token-swap": tokenSwap,
  "string-mangle": stringMangle,
  "object-delete": objectDelete,
  "object-duplicate": objectDuplicate,
  "object-swap": objectSwap,
  "object-splice": objectSplice,
  "object-renumber": objectRenumber,
  "ref-retarget": refRetarget,
  "stream-corrupt": streamCorrupt,
  "length-lie": lengthLie,
  "deep-nesting": deepNesting,
  "xref-shuffle": xrefShuffle,
  truncate,
  havoc,
};
export const MUTATOR_NAMES = Object.keys(MUTATORS);
