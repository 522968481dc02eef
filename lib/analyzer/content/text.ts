// Turning PDF strings and streams into text for the text-level checks (scripts, indicators).
import type { PdfDocument } from "../../pdf/document";
import { hexValue } from "../../pdf/syntax";
import { PdfName, PdfStream, PdfString, decodePdfText, latin1, type PdfDict, type PdfObject } from "../../pdf/objects";

/** Text of a string or stream value (streams decoded within budget); undefined for anything else. */
export function textOf(doc: PdfDocument, value: PdfObject | undefined, maxChars: number): string | undefined {
  return readText(doc, value, maxChars)?.text;
}

/**
 * textOf, and whether `maxChars` cut the text (the caller reports its budget): known from the string's
 * length, or from the decoded bytes and their encoding, without reading the value a second time.
 */
export function readText(
  doc: PdfDocument,
  value: PdfObject | undefined,
  maxChars: number,
): { text: string; cut: boolean } | undefined {
  const v = doc.resolve(value);
  if (v instanceof PdfString) return { text: v.text.slice(0, maxChars), cut: v.text.length > maxChars };
  if (v instanceof PdfStream) {
    const d = doc.decode(v);
    if (d.encrypted) return undefined;
    const text = bytesToText(d.data, maxChars);
    return { text, cut: text.length >= maxChars && charsOf(d.data, maxChars) > maxChars };
  }
  return undefined;
}

/** The chars bytesToText makes of all of `data`: by its length where the encoding says it, else by reading one more. */
function charsOf(data: Uint8Array, maxChars: number): number {
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff))
    return Math.floor((data.length - 2) / 2);
  // UTF-8 (decodePdfText): a char is 1 to 3 bytes
  if (data[0] === 0xef && data[1] === 0xbb) return convert(data, maxChars + 1).length;
  return data.length;
}

/**
 * The text of decoded data last made by bytesToText, with the maxChars it was made for: the same
 * stream is read as text by several checks (a page's content by the page layout and the indicator
 * scan), and a decoded stream's data is one object for the document's life (PdfDocument.decode).
 */
const TEXTS = new WeakMap<Uint8Array, { maxChars: number; text: string }>();

/**
 * Streams that can hold text: not images, fonts, ICC profiles, CMaps, xref and object streams (members
 * are parsed objects), embedded files (read as files).
 */
export function isTextualStream(d: PdfDict): boolean {
  const type = d.get("Type");
  const sub = d.get("Subtype");
  if (
    type instanceof PdfName &&
    (type.name === "XRef" || type.name === "EmbeddedFile" || type.name === "ObjStm" || type.name === "CMap")
  )
    return false;
  if (
    sub instanceof PdfName &&
    (sub.name === "Image" || sub.name.startsWith("Type1") || sub.name === "CIDFontType0C" || sub.name === "OpenType")
  )
    return false;
  if (d.has("Length1") || d.has("Length2") || d.has("N")) return false; // font programs, ICC profiles
  return true;
}

/** Bytes to text: UTF-16 (with BOM) or UTF-8 BOM as declared, else one char per byte. */
export function bytesToText(data: Uint8Array, maxChars: number): string {
  const known = TEXTS.get(data);
  // data no longer than either maxChars was converted whole both times: at most one char per byte;
  // a text made for a larger maxChars holds this one as its prefix (the page layout reads 1 MiB of a
  // page's content, the page text 128 KiB), and V8 slices a string without copying it
  if (known && (known.maxChars === maxChars || data.length <= Math.min(maxChars, known.maxChars))) return known.text;
  if (known && known.maxChars > maxChars) return known.text.slice(0, maxChars);
  const text = convert(data, maxChars);
  TEXTS.set(data, { maxChars, text });
  return text;
}

function convert(data: Uint8Array, maxChars: number): string {
  // the BOM, then at most 2 bytes per UTF-16 unit, 3 per unit of UTF-8 (4 bytes make 2 units)
  if (data[0] === 0xfe && data[1] === 0xff) return decodePdfText(data.subarray(0, 2 + maxChars * 2)).slice(0, maxChars);
  if (data[0] === 0xef && data[1] === 0xbb) return decodePdfText(data.subarray(0, 3 + maxChars * 3)).slice(0, maxChars);
  if (data[0] === 0xff && data[1] === 0xfe) return Buffer.from(data.subarray(2, 2 + maxChars * 2)).toString("utf16le");
  return latin1(data, 0, Math.min(data.length, maxChars));
}

/** The streams of a page's /Contents (one stream or an array of them, §7.7.3.3), in drawing order. */
export function pageContentStreams(doc: PdfDocument, page: PdfDict): PdfStream[] {
  const contents = doc.resolve(page.get("Contents"));
  return (Array.isArray(contents) ? contents : [contents])
    .map((item) => doc.resolve(item))
    .filter((s): s is PdfStream => s instanceof PdfStream);
}

/** Every page's content streams: streams with a role of their own (the page draws them). */
export function contentStreamsOfPages(doc: PdfDocument): Set<PdfStream> {
  return new Set(doc.pages().flatMap((page) => pageContentStreams(doc, page.dict)));
}

/**
 * A page's content streams as one text (§7.8.2: the streams of one page are one stream split anywhere,
 * even inside a token), up to `maxChars`. `partial` when a stream could not be read or the budget ran out.
 */
export function pageContentText(doc: PdfDocument, page: PdfDict, maxChars: number): { text: string; partial: boolean } {
  let text = "";
  let partial = false;
  for (const s of pageContentStreams(doc, page)) {
    const d = doc.decode(s);
    if (d.encrypted) partial = true;
    else text += `${bytesToText(d.data, maxChars - text.length)}\n`;
    if (text.length >= maxChars) return { text, partial: true };
  }
  return { text, partial };
}

/** A file specification (§7.11) or plain string as a path/URL string. */
export function fileSpecText(doc: PdfDocument, value: PdfObject | undefined): string | undefined {
  const v = doc.resolve(value);
  if (v instanceof PdfString) return v.text;
  const d = doc.dict(v);
  if (!d) return undefined;
  for (const key of ["UF", "F", "DOS", "Unix", "Mac"]) {
    const s = doc.resolve(d.get(key));
    if (s instanceof PdfString) return s.text;
  }
  return undefined;
}

/** What a content-stream token is (ISO 32000-2 §7.8.2): operands, or the operator after them. */
export type ContentTokenKind = "number" | "string" | "name" | "array-start" | "array-end" | "operator" | "end";

/**
 * The tokens of a content stream, in one linear pass that allocates nothing per token but decoded
 * strings: a page of drawing operators costs no garbage. Literal and hex strings are decoded to one char
 * per byte (the font's encoding is not applied: right for the simple fonts a link or lure text is written
 * in); dictionaries (marked-content properties, inline-image parameters) and inline-image data are skipped.
 */
export class ContentScanner {
  /** span of the current number, name (without `/`) or operator in the text */
  start = 0;
  end = 0;
  /** the current string, decoded ("" when the scanner does not decode strings) */
  string = "";
  /** the current string's length in chars, decoded or not */
  stringLength = 0;
  private i = 0;
  private readonly literals: LiteralStrings;

  /** `decodeStrings: false` for a reader of string lengths only (page layouts): no string is built. */
  constructor(
    private readonly text: string,
    private readonly decodeStrings = true,
  ) {
    this.literals = new LiteralStrings(text);
  }

  /** The current number, name or operator. */
  get token(): string {
    return this.text.slice(this.start, this.end);
  }

  /** The current token's text is `word` (compared in place, without making a string). */
  is(word: string): boolean {
    return this.end - this.start === word.length && this.text.startsWith(word, this.start);
  }

  next(): ContentTokenKind {
    const { text } = this;
    const n = text.length;
    while (this.i < n) {
      const i = this.i;
      const c = text.charCodeAt(i);
      if (c <= 0x20) {
        this.i++;
      } else if (c === 0x25) {
        while (this.i < n && text.charCodeAt(this.i) !== 0x0a && text.charCodeAt(this.i) !== 0x0d) this.i++; // comment
      } else if (c === 0x28) {
        this.i = this.literals.read(i + 1, this.decodeStrings);
        this.string = this.literals.decoded;
        this.stringLength = this.literals.length;
        return "string";
      } else if (c === 0x3c && text.charCodeAt(i + 1) === 0x3c) {
        this.i = skipDictionary(text, i, this.literals);
      } else if (c === 0x3c) {
        const close = text.indexOf(">", i);
        const stop = close === -1 ? n : close;
        this.string = this.decodeStrings ? hexString(text, i + 1, stop) : "";
        this.stringLength = this.decodeStrings ? this.string.length : hexStringLength(text, i + 1, stop);
        this.i = stop + 1;
        return "string";
      } else if (c === 0x5b || c === 0x5d) {
        this.i++;
        return c === 0x5b ? "array-start" : "array-end";
      } else if (c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
        this.i++; // stray delimiter: skipped so the scan progresses
      } else {
        this.start = c === 0x2f ? i + 1 : i;
        let end = i + 1;
        while (end < n && !isTokenEnd(text.charCodeAt(end))) end++;
        this.end = end;
        this.i = end;
        if (c === 0x2f) return "name";
        if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) return "number";
        if (this.is("ID")) {
          this.i = skipInlineImageData(text, end);
          continue;
        }
        return "operator";
      }
    }
    return "end";
  }
}

function isTokenEnd(c: number): boolean {
  return (
    c <= 0x20 ||
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x2f ||
    c === 0x25
  );
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

/**
 * The literal strings of one text (§7.3.4.2: balanced parentheses, escapes, octal codes), read one at
 * a time. The next `\`, `(` and `)` are found with one indexOf per character, searched again only
 * once the reading has passed it, and the text between is copied or counted whole: strings are most of
 * the bytes of a text-heavy page, and a char-by-char loop over them was the page-layout check's main cost.
 */
class LiteralStrings {
  /** the last string read: its decoded text (when asked for) and its length in chars */
  decoded = "";
  length = 0;
  private backslash = -1;
  private open = -1;
  private close = -1;

  constructor(private readonly text: string) {}

  /** Reads the string that starts just after the `(` before `from`; returns the index after its `)`. */
  read(from: number, decode: boolean): number {
    const { text } = this;
    let depth = 1;
    let out = "";
    let length = 0;
    let i = from;
    while (i < text.length) {
      // copy the run of ordinary characters at once
      const j = this.nextDelimiter(i);
      if (decode) out += text.slice(i, j);
      length += j - i;
      i = j;
      if (i >= text.length) break;
      const ch = text[i];
      if (ch === "\\") {
        const next = text[i + 1] ?? "";
        // up to three octal digits, read from the char codes (no slice or regex per escape: strings of
        // escaped binary are common in hostile content streams)
        let code = 0;
        let digits = 0;
        for (
          let c = text.charCodeAt(i + 1);
          digits < 3 && c >= 0x30 && c <= 0x37;
          c = text.charCodeAt(i + 1 + ++digits)
        )
          code = code * 8 + (c - 0x30);
        if (digits > 0) {
          if (decode) out += String.fromCharCode(code & 0xff);
          length++;
          i += 1 + digits;
        } else if (next === "\r")
          i += text[i + 2] === "\n" ? 3 : 2; // line continuation
        else if (next === "\n") i += 2;
        else {
          const escaped = ESCAPES[next] ?? next;
          if (decode) out += escaped;
          length += escaped.length;
          i += 2;
        }
        continue;
      }
      if (ch === ")" && --depth === 0) {
        i++;
        break;
      }
      if (ch === "(") depth++;
      if (decode) out += ch;
      length++;
      i++;
    }
    this.decoded = out;
    this.length = length;
    return i;
  }

  /** The first `\`, `(` or `)` at or after `from`; text.length when there is none. */
  private nextDelimiter(from: number): number {
    const { text } = this;
    if (this.backslash < from) this.backslash = orEnd(text.indexOf("\\", from), text.length);
    if (this.open < from) this.open = orEnd(text.indexOf("(", from), text.length);
    if (this.close < from) this.close = orEnd(text.indexOf(")", from), text.length);
    return Math.min(this.backslash, this.open, this.close);
  }
}

const orEnd = (at: number, end: number) => (at < 0 ? end : at);

/** A hex string's bytes as chars (§7.3.4.3): non-hex characters skipped, an odd last digit read as d0. */
export function hexString(text: string, from: number, to: number): string {
  let out = "";
  let high = -1;
  for (let i = from; i < to; i++) {
    const v = hexValue(text.charCodeAt(i));
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out += String.fromCharCode(high * 16 + v);
      high = -1;
    }
  }
  return high < 0 ? out : out + String.fromCharCode(high * 16);
}

/** hexString(text, from, to).length without decoding: one char per two hex digits, an odd last one too. */
function hexStringLength(text: string, from: number, to: number): number {
  let digits = 0;
  for (let i = from; i < to; i++) if (hexValue(text.charCodeAt(i)) >= 0) digits++;
  return (digits + 1) >> 1;
}

/** Skips a `<< ... >>` dictionary (nested ones and strings inside included). */
function skipDictionary(text: string, from: number, literals: LiteralStrings): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    if (text.startsWith("<<", i)) {
      depth++;
      i += 2;
    } else if (text.startsWith(">>", i)) {
      i += 2;
      if (--depth === 0) return i;
    } else if (text[i] === "(") i = literals.read(i + 1, false);
    else i++;
  }
  return i;
}

/** Inline image data runs from after `ID` to an `EI` between whitespace (§8.9.7). */
function skipInlineImageData(text: string, from: number): number {
  const end = /\sEI(?=\s|$)/g;
  end.lastIndex = from;
  const m = end.exec(text);
  return m ? m.index + 3 : text.length;
}

/** TJ adjustments (thousandths of an em) at least this far apart read as a word space. */
const TJ_WORD_GAP = 200;

/** Characters shown between two questions to contentStreamText's `enough`. */
const ENOUGH_CHECK_CHARS = 1024;

/**
 * How a shown string's bytes become text under the font selected by `Tf` (its resource name): a
 * ToUnicode map, or the bytes themselves. Without one, strings are read one char per byte.
 */
export type ShownTextDecoder = (font: string, bytes: string) => string;

/**
 * The text a content stream shows, one line per text line: the runs of each text object (BT..ET) are
 * joined as a reader lays them out, so a URL the generator split over several strings
 * (`[(http://exa) -20 (mple.com/path)] TJ`, or consecutive Tj) reads whole. A new line starts at a line
 * move (T*, ', ", Td/TD with a vertical offset, Tm to another baseline) and at ET; a wide TJ gap is a space.
 * Reading stops at `maxChars`, or once `enough` says the text so far answers the caller's question.
 */
export function contentStreamText(
  text: string,
  decode?: ShownTextDecoder,
  maxChars = Infinity,
  enough?: (soFar: string) => boolean,
): string {
  const out: string[] = [];
  const newline = () => {
    if (out.length > 0 && out[out.length - 1] !== "\n") out.push("\n");
  };
  const scan = new ContentScanner(text);
  let font = "";
  let chars = 0;
  // `enough` is asked every ENOUGH_CHECK_CHARS characters, of the text so far as a caller keeps it (up to maxChars)
  let nextCheck = ENOUGH_CHECK_CHARS;
  let stop = false;
  const pushShown = (bytes: string) => {
    const t = decode ? decode(font, bytes) : bytes;
    out.push(t);
    chars += t.length;
    if (enough && chars >= nextCheck) {
      nextCheck = chars + ENOUGH_CHECK_CHARS;
      stop = enough(out.join("").slice(0, maxChars));
    }
  };
  let lastName = "";
  let inArray = false;
  let lastString = "";
  // operands are only needed as "the last number" (Td's ty, Tm's f) and how many came since the last
  // operator: nothing else is kept
  let numbers = 0;
  let lastNumberStart = 0;
  let lastNumberEnd = 0;
  let lineY: number | undefined;
  for (let kind = scan.next(); kind !== "end" && chars < maxChars && !stop; kind = scan.next()) {
    if (kind === "array-start" || kind === "array-end") inArray = kind === "array-start";
    else if (kind === "name") lastName = scan.token;
    else if (kind === "string") {
      if (inArray) pushShown(scan.string);
      else lastString = scan.string;
    } else if (kind === "number") {
      if (inArray) {
        if (
          text.charCodeAt(scan.start) === 0x2d &&
          isWordGap(text, scan.start, scan.end) &&
          out[out.length - 1] !== " "
        )
          out.push(" ");
      } else {
        numbers++;
        lastNumberStart = scan.start;
        lastNumberEnd = scan.end;
      }
    } else if (kind === "operator") {
      // the operators read here are T?, ET, ' and ": the drawing ones (m l c re f q cm Do...) only reset
      // the operands. Told apart by their char codes: a page has tens of thousands of operators
      const op = operatorCode(text, scan.start, scan.end);
      if (op === TF) font = lastName;
      else if (op === TJ_LOWER || op === QUOTE || op === DOUBLE_QUOTE) {
        if (op !== TJ_LOWER) newline();
        pushShown(lastString);
      } else if (op === T_STAR || op === ET) {
        newline();
        if (op === ET) lineY = undefined;
      } else if (
        (op === TD_LOWER || op === TD_UPPER) &&
        numbers >= 2 &&
        Number(text.slice(lastNumberStart, lastNumberEnd)) !== 0
      ) {
        newline();
      } else if (op === TM && numbers >= 6) {
        const y = Number(text.slice(lastNumberStart, lastNumberEnd));
        if (lineY !== undefined && y !== lineY) newline();
        lineY = y;
      }
      numbers = 0;
      lastString = "";
    }
  }
  return out.join("");
}

/** An operator of one or two chars as its char codes (first << 8 | second), 0 for a longer one. */
function operatorCode(text: string, start: number, end: number): number {
  if (end - start === 1) return text.charCodeAt(start);
  return end - start === 2 ? (text.charCodeAt(start) << 8) | text.charCodeAt(start + 1) : 0;
}
const code = (op: string) => operatorCode(op, 0, op.length);
const TF = code("Tf");
const TJ_LOWER = code("Tj");
const QUOTE = code("'");
const DOUBLE_QUOTE = code('"');
const T_STAR = code("T*");
const ET = code("ET");
const TD_LOWER = code("Td");
const TD_UPPER = code("TD");
const TM = code("Tm");

/**
 * A TJ adjustment (a number token starting with `-`) of at least TJ_WORD_GAP: read from its digits
 * when it is written as PDF writes numbers (`-250`, `-1000.5`), else by Number() as before. TJ arrays
 * hold one adjustment per kerned pair, and a string and a Number() for each was a tenth of the page text.
 */
function isWordGap(text: string, start: number, end: number): boolean {
  let whole = 0;
  let i = start + 1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
    whole = whole * 10 + (c - 0x30);
  }
  let plain = i > start + 1 || (i < end && text.charCodeAt(i) === 0x2e);
  if (i < end && text.charCodeAt(i) === 0x2e)
    for (i++; i < end; i++) plain &&= text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39;
  if (!plain || i < end) return Number(text.slice(start, end)) <= -TJ_WORD_GAP;
  return whole >= TJ_WORD_GAP;
}
