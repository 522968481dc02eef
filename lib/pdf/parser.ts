// Recursive-descent parser of PDF objects over bytes (ISO 32000-2 §7.3), tolerant like pdf.js's
// Parser: anything it cannot read becomes an anomaly and a best-effort value, never an exception.
import type { AnomalyLog } from "./anomaly";
import { PdfDict, PdfKeyword, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "./objects";
import { indexOfBytes } from "./fast-search";
import { CH, TOKEN_END, WHITESPACE, asBuffer, hexValue, isDigit } from "./syntax";

const ENDSTREAM = Buffer.from("endstream");
const ENDOBJ = Buffer.from("endobj");

export interface ParserOptions {
  maxDepth: number;
  anomalies: AnomalyLog;
  /** added to positions when reporting anomalies (for buffers that are not the file itself) */
  baseOffset?: number;
  /** false inside decoded buffers (object streams): offsets there are not file offsets */
  fileAddressable?: boolean;
}

export class ObjectParser {
  pos: number;
  readonly buf: Buffer;
  private end: number;
  /** object being parsed, for anomaly attribution */
  currentRef?: string;
  /** name spellings that used #xx escapes, collected for the keyword triage */
  readonly escapedNames: { name: string; raw: string; offset: number }[] = [];

  constructor(
    readonly bytes: Uint8Array,
    private readonly opts: ParserOptions,
    start = 0,
    end = bytes.length,
  ) {
    this.buf = asBuffer(bytes);
    this.pos = start;
    this.end = end;
  }

  private anomaly(code: Parameters<AnomalyLog["add"]>[0], at: number, message: string): void {
    const offset = this.opts.fileAddressable === false ? -1 : at + (this.opts.baseOffset ?? 0);
    this.opts.anomalies.add(code, offset, message, this.currentRef);
  }

  /** Re-targets the parser at another range of the same buffer (saves a parser per object). */
  reset(start: number, end: number, currentRef?: string): void {
    this.pos = start;
    this.end = Math.min(end, this.bytes.length);
    this.currentRef = currentRef;
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  skipWhitespace(): void {
    const b = this.bytes;
    while (this.pos < this.end) {
      const c = b[this.pos];
      if (WHITESPACE[c]) this.pos++;
      else if (c === CH.PERCENT) {
        // comment runs to end of line (§7.2.4)
        while (this.pos < this.end && b[this.pos] !== CH.LF && b[this.pos] !== CH.CR) this.pos++;
      } else break;
    }
  }

  /** Reads a regular token (keyword or number) without consuming trailing whitespace. */
  readToken(): string {
    const start = this.pos;
    const b = this.bytes;
    while (this.pos < this.end && !TOKEN_END[b[this.pos]]) this.pos++;
    return this.buf.toString("latin1", start, this.pos);
  }

  /** True if the bytes at pos spell `word` followed by a token end. */
  peekKeyword(word: string): boolean {
    const after = this.pos + word.length;
    return this.spellsAt(word) && (after >= this.end || TOKEN_END[this.bytes[after]] === 1);
  }

  /**
   * `endobj` or `endstream` ahead, also when the next object's number is glued to it
   * (`endobj12 0 obj`, `endstream7 0 obj`): Acrobat reads such files, so generators that drop the
   * EOL exist, and kits use the glue to hide an object from strict token-based scanners.
   */
  peekEndKeyword(word: "endobj" | "endstream"): boolean {
    const after = this.pos + word.length;
    return (
      this.spellsAt(word) && (after >= this.end || TOKEN_END[this.bytes[after]] === 1 || isDigit(this.bytes[after]))
    );
  }

  private spellsAt(word: string): boolean {
    const p = this.pos;
    if (p + word.length > this.end) return false;
    for (let i = 0; i < word.length; i++) if (this.bytes[p + i] !== word.charCodeAt(i)) return false;
    return true;
  }

  parseObject(depth = 0): PdfObject {
    this.skipWhitespace();
    if (this.pos >= this.end) return null;
    const c = this.bytes[this.pos];
    switch (c) {
      case CH.SLASH:
        return this.parseName();
      case CH.LPAREN:
        return this.parseLiteralString();
      case CH.LT:
        if (this.bytes[this.pos + 1] === CH.LT) return this.parseDict(depth);
        return this.parseHexString();
      case CH.LBRACKET:
        return this.parseArray(depth);
      case CH.RBRACKET:
      case CH.GT:
      case CH.RPAREN:
      case CH.LBRACE:
      case CH.RBRACE:
        this.anomaly("syntax-error", this.pos, `unexpected '${String.fromCharCode(c)}'`);
        this.pos++;
        return new PdfKeyword(String.fromCharCode(c));
    }
    if (isDigit(c) || c === CH.PLUS || c === CH.MINUS || c === CH.DOT) return this.parseNumberOrRef();
    const word = this.readToken();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (word.length === 0) {
      // a byte that is neither token nor delimiter we handle: skip it so the caller progresses
      this.pos++;
      return new PdfKeyword("");
    }
    return new PdfKeyword(word);
  }

  private parseNumberOrRef(): PdfObject {
    const fast = this.parsePlainNumber();
    if (fast !== null) {
      // "num gen R" (§7.3.10): look ahead, stay put when it is not a reference
      if (Number.isInteger(fast) && fast >= 0 && this.bytes[this.pos - 1] !== CH.DOT) {
        const ref = this.tryRefTail(fast);
        if (ref) return ref;
      }
      return fast;
    }
    const start = this.pos;
    const tok = this.readToken();
    const n = parseNumber(tok);
    if (n === null) {
      this.anomaly("syntax-error", start, `bad number '${tok.slice(0, 20)}'`);
      return 0;
    }
    return n;
  }

  /** Hot path: `[+-]digits[.digits]` read straight from the bytes; null (pos unchanged) otherwise. */
  private parsePlainNumber(): number | null {
    const b = this.bytes;
    const end = this.end;
    let p = this.pos;
    let sign = 1;
    if (b[p] === CH.MINUS) {
      sign = -1;
      p++;
    } else if (b[p] === CH.PLUS) p++;
    let v = 0;
    let digits = 0;
    while (p < end && b[p] >= 0x30 && b[p] <= 0x39) {
      v = v * 10 + (b[p++] - 0x30);
      digits++;
    }
    if (p < end && b[p] === CH.DOT) {
      p++;
      let scale = 1;
      while (p < end && b[p] >= 0x30 && b[p] <= 0x39) {
        v = v * 10 + (b[p++] - 0x30);
        scale *= 10;
        digits++;
      }
      v /= scale; // one division keeps 0.3 exact where repeated *0.1 would not
    }
    if (digits === 0 || digits > 15 || (p < end && !TOKEN_END[b[p]])) return null;
    this.pos = p;
    return sign * v;
  }

  private tryRefTail(num: number): PdfRef | null {
    const b = this.bytes;
    const end = this.end;
    let q = this.pos;
    while (q < end && WHITESPACE[b[q]]) q++;
    if (q === this.pos || q >= end || b[q] < 0x30 || b[q] > 0x39) return null;
    let gen = 0;
    let n = 0;
    while (q < end && b[q] >= 0x30 && b[q] <= 0x39 && n++ < 10) gen = gen * 10 + (b[q++] - 0x30);
    if (q >= end || !WHITESPACE[b[q]]) return null;
    while (q < end && WHITESPACE[b[q]]) q++;
    if (b[q] !== 0x52 /* R */ || (q + 1 < end && !TOKEN_END[b[q + 1]])) return null;
    this.pos = q + 1;
    return new PdfRef(num, gen);
  }

  parseName(): PdfName {
    const b = this.bytes;
    const start = ++this.pos; // skip '/'
    let escaped = false;
    let hash = 0x811c9dc5;
    while (this.pos < this.end && !TOKEN_END[b[this.pos]]) {
      const c = b[this.pos];
      if (c === CH.HASH) escaped = true;
      hash = Math.imul(hash ^ c, 0x01000193);
      this.pos++;
    }
    if (!escaped) {
      const cached = lookupName(hash, b, start, this.pos);
      if (cached) return cached;
    }
    const raw = this.buf.toString("latin1", start, this.pos);
    if (!escaped) return internName(hash, raw);
    const name = decodeNameEscapes(raw);
    if (name !== raw) this.escapedNames.push({ name, raw, offset: start - 1 + (this.opts.baseOffset ?? 0) });
    return new PdfName(name, name !== raw, raw);
  }

  private parseLiteralString(): PdfString {
    const b = this.bytes;
    const start = this.pos;
    this.pos++; // '('
    // most strings hold no escape, CR or parenthesis before the closing one: their bytes as they are
    let plain = this.pos;
    while (
      plain < this.end &&
      b[plain] !== CH.RPAREN &&
      b[plain] !== CH.BACKSLASH &&
      b[plain] !== CH.CR &&
      b[plain] !== CH.LPAREN
    )
      plain++;
    if (plain < this.end && b[plain] === CH.RPAREN) {
      // a copy, as the general path makes (Buffer's slice would be a view of the whole file)
      const value = new PdfString(Uint8Array.prototype.slice.call(b, this.pos, plain));
      this.pos = plain + 1;
      return value;
    }
    const out = new Uint8Array(64);
    let buf = out;
    let len = 0;
    const push = (v: number) => {
      if (len === buf.length) {
        const nb = new Uint8Array(buf.length * 2);
        nb.set(buf);
        buf = nb;
      }
      buf[len++] = v;
    };
    let nesting = 1;
    while (this.pos < this.end) {
      let c = b[this.pos++];
      if (c === CH.CR) {
        // an unescaped end-of-line in a literal string reads as a single LF (§7.3.4.2)
        if (b[this.pos] === CH.LF) this.pos++;
        c = CH.LF;
      } else if (c === CH.LPAREN) nesting++;
      else if (c === CH.RPAREN) {
        if (--nesting === 0) return new PdfString(buf.slice(0, len));
      } else if (c === CH.BACKSLASH) {
        if (this.pos >= this.end) break;
        c = b[this.pos++];
        switch (c) {
          case 0x6e:
            c = 0x0a;
            break; // \n
          case 0x72:
            c = 0x0d;
            break; // \r
          case 0x74:
            c = 0x09;
            break; // \t
          case 0x62:
            c = 0x08;
            break; // \b
          case 0x66:
            c = 0x0c;
            break; // \f
          case CH.CR:
            // line continuation (§7.3.4.2): backslash-EOL is dropped
            if (b[this.pos] === CH.LF) this.pos++;
            continue;
          case CH.LF:
            continue;
          default:
            if (c >= 0x30 && c <= 0x37) {
              let v = c - 0x30;
              for (let k = 0; k < 2 && b[this.pos] >= 0x30 && b[this.pos] <= 0x37; k++)
                v = v * 8 + (b[this.pos++] - 0x30);
              c = v & 0xff;
            }
          // \( \) \\ and unknown escapes: the char itself
        }
      }
      push(c);
    }
    this.anomaly("syntax-error", start, "unterminated literal string");
    return new PdfString(buf.slice(0, len));
  }

  private parseHexString(): PdfString {
    const b = this.bytes;
    const start = this.pos;
    this.pos++; // '<'
    // the string ends at the first '>' (or, unterminated, at the end): its bytes fit half its digits,
    // rounded up (collected in a number[] and copied by Uint8Array.from, a megabyte took ~400 ms)
    const close = this.buf.indexOf(CH.GT, this.pos);
    const stop = close === -1 || close >= this.end ? this.end : close;
    const out = new Uint8Array(Math.ceil((stop - this.pos) / 2));
    let length = 0;
    let hi = -1;
    let bad = false;
    while (this.pos < this.end) {
      const c = b[this.pos++];
      if (c === CH.GT) {
        if (hi >= 0) out[length++] = hi << 4; // odd digit count: final digit padded with 0 (§7.3.4.3)
        if (bad) this.anomaly("syntax-error", start, "invalid characters in hex string");
        return new PdfString(length === out.length ? out : out.slice(0, length), true);
      }
      if (WHITESPACE[c]) continue;
      const v = hexValue(c);
      if (v < 0) {
        bad = true;
        continue;
      }
      if (hi < 0) hi = v;
      else {
        out[length++] = (hi << 4) | v;
        hi = -1;
      }
    }
    this.anomaly("syntax-error", start, "unterminated hex string");
    return new PdfString(length === out.length ? out : out.slice(0, length), true);
  }

  private parseArray(depth: number): PdfObject {
    const start = this.pos;
    this.pos++; // '['
    if (depth >= this.opts.maxDepth) return this.skipTooDeep(start, CH.LBRACKET, CH.RBRACKET);
    const items: PdfObject[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.end) {
        this.anomaly("syntax-error", start, "unterminated array");
        return items;
      }
      if (this.bytes[this.pos] === CH.RBRACKET) {
        this.pos++;
        return items;
      }
      if (this.isObjectBoundary()) {
        this.anomaly("syntax-error", start, "array not closed before end of object");
        return items;
      }
      const before = this.pos;
      items.push(this.parseObject(depth + 1));
      if (this.pos === before) this.pos++; // progress guard
    }
  }

  private parseDict(depth: number): PdfObject {
    const start = this.pos;
    this.pos += 2; // '<<'
    if (depth >= this.opts.maxDepth) return this.skipTooDeep(start, -1, -1);
    const entries = new Map<string, PdfObject>();
    let shadowed: Set<string> | undefined;
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.end) {
        this.anomaly("syntax-error", start, "unterminated dictionary");
        break;
      }
      const c = this.bytes[this.pos];
      if (c === CH.GT && this.bytes[this.pos + 1] === CH.GT) {
        this.pos += 2;
        break;
      }
      if (c !== CH.SLASH) {
        if (this.isObjectBoundary()) {
          this.anomaly("syntax-error", start, "dictionary not closed before end of object");
          break;
        }
        // junk where a key should be: skip one object and go on
        this.anomaly("syntax-error", this.pos, "dictionary key is not a name");
        const before = this.pos;
        this.parseObject(depth + 1);
        if (this.pos === before) this.pos++;
        continue;
      }
      const key = this.parseName();
      if (entries.has(key.name)) (shadowed ??= new Set()).add(key.name);
      this.skipWhitespace();
      if (this.pos < this.end && this.bytes[this.pos] === CH.GT && this.bytes[this.pos + 1] === CH.GT) {
        entries.set(key.name, null);
        continue;
      }
      if (this.isObjectBoundary()) {
        entries.set(key.name, null);
        continue;
      }
      entries.set(key.name, this.parseObject(depth + 1));
    }
    return new PdfDict(entries, shadowed && [...shadowed]);
  }

  /** `endobj`, `stream`, `endstream` or `N G obj` ahead: a container was left open. */
  private isObjectBoundary(): boolean {
    const c = this.bytes[this.pos];
    if (c === 0x65 /* e */) return this.peekEndKeyword("endobj") || this.peekEndKeyword("endstream");
    if (c === 0x73 /* s */) return this.peekKeyword("stream");
    return false;
  }

  /** Past the nesting budget: skip the container without recursing, by bracket counting. */
  private skipTooDeep(start: number, open: number, close: number): PdfObject {
    this.anomaly("nesting-too-deep", start, `nesting deeper than ${this.opts.maxDepth}`);
    const b = this.bytes;
    let level = 1;
    while (this.pos < this.end && level > 0) {
      const c = b[this.pos];
      if (c === 0x65 && this.isObjectBoundary()) break;
      if (open < 0) {
        if (c === CH.LT && b[this.pos + 1] === CH.LT) {
          level++;
          this.pos += 2;
          continue;
        }
        if (c === CH.GT && b[this.pos + 1] === CH.GT) {
          level--;
          this.pos += 2;
          continue;
        }
      } else if (c === open) level++;
      else if (c === close) level--;
      this.pos++;
    }
    return null;
  }

  /**
   * After a dictionary, reads `stream ... endstream` (§7.3.8). A /Length that does not land on
   * `endstream` is repaired by searching for `endstream`, as pdf.js does.
   */
  parseStreamBody(dict: PdfDict, fileOffset: number): PdfStream {
    const b = this.bytes;
    const keywordAt = this.pos;
    this.pos += 6; // "stream"
    // EOL after the keyword: CRLF or LF; a lone CR is tolerated
    if (b[this.pos] === CH.CR) this.pos++;
    if (b[this.pos] === CH.LF) this.pos++;
    let dataStart = this.pos;
    const lengthObj = dict.get("Length");
    const declared = typeof lengthObj === "number" && Number.isInteger(lengthObj) && lengthObj >= 0 ? lengthObj : -1;
    let dataEnd = -1;
    // a CR-only writer (old Mac: `>>` CR `stream` CR) whose data starts with LF: /Length says the LF is data
    const lfMayBeData = b[keywordAt - 1] === CH.CR && b[dataStart - 2] === CH.CR && b[dataStart - 1] === CH.LF;
    if (lfMayBeData && this.endsAtEndstream(dataStart - 1, declared)) dataStart--;
    if (this.endsAtEndstream(dataStart, declared)) dataEnd = dataStart + declared;
    if (dataEnd < 0) {
      const found = indexOfBytes(this.buf, ENDSTREAM, dataStart);
      // a damaged `endstream` makes the search overshoot into later objects: trust /Length then
      if (declared >= 0 && dataStart + declared <= this.end) {
        const endobj = this.buf.indexOf(ENDOBJ, dataStart + declared);
        if (endobj >= 0 && (found < 0 || endobj < found)) {
          this.anomaly("endstream-missing", dataStart + declared, "endstream keyword damaged; /Length used");
          this.pos = dataStart + declared;
          return new PdfStream(
            dict,
            b.subarray(dataStart, dataStart + declared),
            fileOffset >= 0 ? fileOffset + dataStart : -1,
          );
        }
      }
      const limit = found >= 0 && found < this.end ? found : this.end;
      // the EOL before endstream is not data (§7.3.8.1)
      let e = limit;
      if (e > dataStart && b[e - 1] === CH.LF) e--;
      if (e > dataStart && b[e - 1] === CH.CR) e--;
      dataEnd = e;
      if (found < 0 || found >= this.end) this.anomaly("endstream-missing", dataStart, "stream without endstream");
      else if (declared >= 0)
        this.anomaly(
          "stream-length-mismatch",
          dataStart,
          `/Length ${declared} but data is ${dataEnd - dataStart} bytes`,
        );
      this.pos = limit;
    } else this.pos = dataEnd;
    this.skipWhitespace();
    if (this.peekEndKeyword("endstream")) this.pos += 9;
    return new PdfStream(dict, b.subarray(dataStart, dataEnd), fileOffset >= 0 ? fileOffset + dataStart : -1);
  }

  /** `length` bytes of data from `start` are followed, after white space, by `endstream`. */
  private endsAtEndstream(start: number, length: number): boolean {
    if (length < 0 || start + length > this.end) return false;
    let p = start + length;
    while (p < this.end && WHITESPACE[this.bytes[p]]) p++;
    return p + ENDSTREAM.length <= this.end && ENDSTREAM.every((c, i) => this.bytes[p + i] === c);
  }

  /** Index of the next `endobj` at or after pos, or -1. */
  findEndobj(from: number): number {
    const i = this.buf.indexOf(ENDOBJ, from);
    return i >= 0 && i < this.end ? i : -1;
  }
}

// Plain names are interned by an FNV-1a hash of their bytes: the same few hundred names recur in every
// file, and matching bytes against the cached name avoids building a string per occurrence.
const NAME_CACHE = new Map<number, PdfName>();
const MAX_CACHED_NAMES = 10_000;

function lookupName(hash: number, b: Uint8Array, start: number, end: number): PdfName | undefined {
  const n = NAME_CACHE.get(hash);
  if (!n || n.name.length !== end - start) return undefined;
  const s = n.name;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== b[start + i]) return undefined;
  return n;
}

function internName(hash: number, raw: string): PdfName {
  const n = new PdfName(raw);
  if (raw.length < 64 && NAME_CACHE.size < MAX_CACHED_NAMES && !NAME_CACHE.has(hash)) NAME_CACHE.set(hash, n);
  return n;
}

/** §7.3.5: #xx is the byte with that hex code; a malformed escape is kept literally (as Acrobat does). */
export function decodeNameEscapes(raw: string): string {
  let name = "";
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (
      ch === CH.HASH &&
      i + 2 < raw.length &&
      hexValue(raw.charCodeAt(i + 1)) >= 0 &&
      hexValue(raw.charCodeAt(i + 2)) >= 0
    ) {
      name += String.fromCharCode(hexValue(raw.charCodeAt(i + 1)) * 16 + hexValue(raw.charCodeAt(i + 2)));
      i += 2;
    } else name += raw[i];
  }
  return name;
}

/** Numbers as Acrobat reads them: tolerant of doubled signs and trailing junk like "5.-". */
export function parseNumber(tok: string): number | null {
  const n = Number(tok);
  if (!Number.isNaN(n) && tok.length > 0) return n;
  const m = /^[+-]*(-?)(\d*\.?\d*)/.exec(tok);
  if (!m || m[2] === "" || m[2] === ".") return null;
  const v = Number(m[2]);
  return Number.isNaN(v) ? null : m[1] ? -v : tok.startsWith("-") ? -v : v;
}
