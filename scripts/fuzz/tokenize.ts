// A tolerant tokeniser of PDF syntax for the mutators: spans of the input classified by kind, so a
// mutation replaces a number by an edge value or a name by a dangerous one instead of flipping blind
// bytes. Stream data is one opaque span. It never fails: a byte it cannot classify is a "keyword".
import { DELIMITER, WHITESPACE, isDigit } from "../../lib/pdf/syntax";

export type TokenKind = "number" | "name" | "string" | "hexstring" | "open" | "close" | "keyword" | "comment" | "data";

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const ENDSTREAM = Buffer.from("endstream");

/** Tokens of `b` between `from` and `to` (a window keeps large corpus files cheap), at most `max`. */
export function tokenize(b: Uint8Array, from = 0, to = b.length, max = 50_000): Token[] {
  const out: Token[] = [];
  let i = from;
  while (i < to && out.length < max) {
    const c = b[i];
    if (WHITESPACE[c]) {
      i++;
      continue;
    }
    const start = i;
    let kind: TokenKind;
    if (c === 0x25) {
      while (i < to && b[i] !== 0x0a && b[i] !== 0x0d) i++;
      kind = "comment";
    } else if (c === 0x2f) {
      i++;
      while (i < to && !WHITESPACE[b[i]] && !DELIMITER[b[i]]) i++;
      kind = "name";
    } else if (c === 0x28) {
      i = skipLiteralString(b, i, to);
      kind = "string";
    } else if (c === 0x3c && b[i + 1] === 0x3c) {
      i += 2;
      kind = "open";
    } else if (c === 0x3e && b[i + 1] === 0x3e) {
      i += 2;
      kind = "close";
    } else if (c === 0x3c) {
      while (i < to && b[i] !== 0x3e) i++;
      i = Math.min(to, i + 1);
      kind = "hexstring";
    } else if (c === 0x5b || c === 0x7b) {
      i++;
      kind = "open";
    } else if (c === 0x5d || c === 0x7d || c === 0x3e || c === 0x29) {
      i++;
      kind = "close";
    } else {
      while (i < to && !WHITESPACE[b[i]] && !DELIMITER[b[i]]) i++;
      kind = isNumber(b, start, i) ? "number" : "keyword";
      if (kind === "keyword" && i - start === 6 && STREAM.every((x, k) => b[start + k] === x)) {
        out.push({ kind, start, end: i });
        const dataEnd = Buffer.from(b.buffer, b.byteOffset, b.length).indexOf(ENDSTREAM, i);
        const end = dataEnd < 0 || dataEnd > to ? to : dataEnd;
        if (end > i) out.push({ kind: "data", start: i, end });
        i = end;
        continue;
      }
    }
    out.push({ kind, start, end: i });
  }
  return out;
}

function skipLiteralString(b: Uint8Array, i: number, to: number): number {
  let depth = 0;
  for (; i < to; i++) {
    const c = b[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  return to;
}

function isNumber(b: Uint8Array, start: number, end: number): boolean {
  let digits = 0;
  for (let k = start; k < end; k++) {
    const c = b[k];
    if (isDigit(c)) digits++;
    else if (!(c === 0x2e || ((c === 0x2b || c === 0x2d) && k === start))) return false;
  }
  return digits > 0;
}
