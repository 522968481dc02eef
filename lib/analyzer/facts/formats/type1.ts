// Type 1 font programs (/FontFile, Adobe Type 1 Font Format §2.2): the cleartext part, before
// `eexec`, and the tokens of its /FontMatrix and /FontBBox arrays, which font tools write as numbers.
// A string there is the CVE-2024-4367 injection (pdf.js compiled FontMatrix values into JavaScript).
import { DEFAULT_LIMITS } from "../../../limits";

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^\d+#[0-9A-Za-z]+$/;
const MATRIX_KEYS = /\/(FontMatrix|FontBBox)\s*([[{])/g;

/** The cleartext part of a Type 1 program: before `eexec`, PFB segment header skipped, at most `maxBytes`. */
export function type1Cleartext(
  program: Uint8Array,
  length1?: number,
  maxBytes = DEFAULT_LIMITS.MAX_TYPE1_CLEARTEXT_BYTES,
): string {
  let start = 0;
  let end = program.length;
  if (program[0] === 0x80 && program[1] === 0x01 && program.length > 6) {
    // PFB: 0x80 0x01, 4-byte little-endian length of the ASCII segment
    start = 6;
    end = Math.min(end, 6 + (program[2] | (program[3] << 8) | (program[4] << 16) | (program[5] << 24)));
  } else if (length1 && length1 > 0) end = Math.min(end, length1);
  const text = Buffer.from(program.buffer, program.byteOffset + start, Math.min(end - start, maxBytes)).toString(
    "latin1",
  );
  const eexec = text.indexOf("eexec");
  return eexec >= 0 ? text.slice(0, eexec) : text;
}

/**
 * Whether the cleartext of a Type 1 program runs on past `head`, the part of the program read: no
 * `eexec` in it, and the cleartext's declared end (the PFB segment length, else /Length1) not inside it.
 */
export function type1CleartextRunsOn(head: Uint8Array, length1?: number): boolean {
  const pfb = head[0] === 0x80 && head[1] === 0x01 && head.length > 6;
  const declaredEnd = pfb ? 6 + (head[2] | (head[3] << 8) | (head[4] << 16) | (head[5] << 24)) : length1;
  if (declaredEnd !== undefined && declaredEnd <= head.length) return false;
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).indexOf("eexec", pfb ? 6 : 0, "latin1") < 0;
}

/** Non-numeric tokens of the /FontMatrix and /FontBBox arrays of a Type 1 cleartext. */
export function nonNumericMatrixTokens(cleartext: string): { key: string; tokens: string[] }[] {
  const out: { key: string; tokens: string[] }[] = [];
  MATRIX_KEYS.lastIndex = 0;
  for (let m = MATRIX_KEYS.exec(cleartext); m; m = MATRIX_KEYS.exec(cleartext)) {
    const close = m[2] === "[" ? "]" : "}";
    const body = readArrayBody(cleartext, m.index + m[0].length, close);
    const tokens = tokenize(body).filter((t) => !NUMBER.test(t));
    if (tokens.length) out.push({ key: m[1], tokens });
  }
  return out;
}

/** Text up to the matching close bracket, PostScript strings (with nested parentheses) skipped over. */
// (4,096 characters: a window, not a budget; a /FontMatrix array is six numbers, and a longer body is
// already non-numeric)
function readArrayBody(s: string, from: number, close: string): string {
  let depth = 0;
  for (let i = from; i < s.length && i < from + 4096; i++) {
    const c = s[i];
    if (c === "\\" && depth > 0) i++;
    else if (c === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
    else if (c === close && depth === 0) return s.slice(from, i);
  }
  return s.slice(from, Math.min(s.length, from + 4096));
}

const DELIMITERS = "[]{}()<>";
const isSpace = (c: string) => /\s/.test(c);

/**
 * PostScript tokens: `(string)` (to the first unescaped `)`), `<hex>`, a run of regular characters,
 * or a lone `(`, `)`, `<`, `>`. A hand scan: the regex it replaces rescanned to the end from every
 * `(` or `<` without a closer, quadratic on a hostile font (issue 19). When one opener has no closer
 * after it, no later one has: that is remembered.
 */
function tokenize(body: string): string[] {
  const out: string[] = [];
  let noStringEnd = false;
  let noHexEnd = false;
  for (let i = 0; i < body.length;) {
    const c = body[i];
    if (c === "(" && !noStringEnd) {
      let j = i + 1;
      while (j < body.length && body[j] !== ")") j += body[j] === "\\" ? 2 : 1;
      if (j < body.length) {
        out.push(body.slice(i, j + 1));
        i = j + 1;
        continue;
      }
      noStringEnd = true;
    } else if (c === "<" && !noHexEnd) {
      const j = body.indexOf(">", i + 1);
      if (j >= 0) {
        out.push(body.slice(i, j + 1));
        i = j + 1;
        continue;
      }
      noHexEnd = true;
    }
    if (c === "(" || c === ")" || c === "<" || c === ">") {
      out.push(c);
      i++;
    } else if (isSpace(c) || DELIMITERS.includes(c)) {
      i++;
    } else {
      let j = i + 1;
      while (j < body.length && !isSpace(body[j]) && !DELIMITERS.includes(body[j])) j++;
      out.push(body.slice(i, j));
      i = j;
    }
  }
  return out;
}
