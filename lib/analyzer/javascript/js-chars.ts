// JavaScript's regex classes \s, \w and [\w$] as tables by UTF-16 code unit, for the text scans that
// replace backtracking regexes (script-signals.ts, obfuscation-techniques.ts) and must read
// characters exactly as those regexes did.

export const SPACE = new Uint8Array(65536);
export const WORD = new Uint8Array(65536);
export const IDENT = new Uint8Array(65536);
// ECMA-262 WhiteSpace and LineTerminator (what \s matches)
for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff])
  SPACE[c] = 1;
SPACE.fill(1, 0x2000, 0x200b);
for (const [from, to] of [
  [0x30, 0x3a],
  [0x41, 0x5b],
  [0x61, 0x7b],
  [0x5f, 0x60],
])
  WORD.fill(1, from, to);
IDENT.set(WORD);
IDENT[0x24] = 1;

/**
 * Matches of a global regex in `text`. test() and not exec(): no match array is made per match (a
 * shellcode literal has tens of thousands of %u escapes). The patterns never match the empty string.
 */
export function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.test(text)) n++;
  return n;
}

/** \w at `i` (0 outside the text, as \b reads it) */
export const wordAt = (text: string, i: number): number => (i >= 0 && i < text.length ? WORD[text.charCodeAt(i)] : 0);

/** The first position at or after `from` that is not \s. */
export function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && SPACE[text.charCodeAt(i)]) i++;
  return i;
}

/**
 * The names the regex group \b([A-Za-z_$][\w$]*) can capture that end (spaces aside) just before
 * `op`, longest first: every suffix of the identifier run there that starts at a \b with [A-Za-z_$].
 */
export function* namesBefore(text: string, op: number): Generator<string> {
  const end = nameRunEnd(text, op);
  for (let start = nameRunStart(text, end); start < end; start++)
    if (startsName(text, start)) yield text.slice(start, end);
}

/** Where the identifier run before `op` ends: `op` with the spaces before it skipped. */
export function nameRunEnd(text: string, op: number): number {
  let end = op;
  while (end > 0 && SPACE[text.charCodeAt(end - 1)]) end--;
  return end;
}

/** Where the run of [\w$] characters that ends at `end` starts. */
export function nameRunStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && IDENT[text.charCodeAt(start - 1)]) start--;
  return start;
}

/** A name of the group \b([A-Za-z_$][\w$]*) can start at `i`: [A-Za-z_$] at a word boundary. */
export function startsName(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return IDENT[c] === 1 && (c < 0x30 || c > 0x39) && wordAt(text, i - 1) !== WORD[c];
}

/**
 * Walks quoted literals at memchr speed: the next quote, backslash and line end are each found with
 * indexOf and searched again only once passed, where a character loop reads every character of a
 * megabyte script. Reads literals exactly as the loop
 * `j = open + 1; while (j < n && text[j] !== quote && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1`
 * does. Positions asked for must only grow: a walk resumes after the literal it read, also after an
 * unterminated one (whose quote a JavaScript parser rejects; the line end closes it here).
 */
export class LiteralScanner {
  private dq = -1;
  private sq = -1;
  private nl = -1;
  private bs = -1;

  constructor(private readonly text: string) {}

  /** the next `"` or `'` at or after `from`, -1 when there is none */
  nextQuote(from: number): number {
    if (this.dq !== Infinity && this.dq < from) this.dq = this.find('"', from);
    if (this.sq !== Infinity && this.sq < from) this.sq = this.find("'", from);
    const at = Math.min(this.dq, this.sq);
    return at === Infinity ? -1 : at;
  }

  /** where the literal opened by the quote at `open` stops: its closing quote, the line end, or the text's end (n, or n + 1 after a final backslash) */
  literalEnd(open: number): number {
    const quote = this.text.charCodeAt(open) === 0x22 ? '"' : "'";
    let j = open + 1;
    for (;;) {
      const close = quote === '"' ? (this.dq = this.at(this.dq, '"', j)) : (this.sq = this.at(this.sq, "'", j));
      this.nl = this.at(this.nl, "\n", j);
      this.bs = this.at(this.bs, "\\", j);
      if (this.bs < close && this.bs < this.nl) {
        j = this.bs + 2;
        continue;
      }
      const stop = Math.min(close, this.nl);
      return stop === Infinity ? Math.max(j, this.text.length) : stop;
    }
  }

  /**
   * The quote that closes the literal opened at `open` when it comes before the line end, backslashes
   * read as plain characters (as the regex class `[^"\n]` reads them); -1 when the line or text ends first.
   */
  plainClose(open: number): number {
    const quote = this.text.charCodeAt(open) === 0x22 ? '"' : "'";
    const close =
      quote === '"' ? (this.dq = this.at(this.dq, '"', open + 1)) : (this.sq = this.at(this.sq, "'", open + 1));
    this.nl = this.at(this.nl, "\n", open + 1);
    return close < this.nl ? close : -1;
  }

  private at(known: number, c: string, from: number): number {
    return known !== Infinity && known < from ? this.find(c, from) : known;
  }

  private find(c: string, from: number): number {
    const at = this.text.indexOf(c, from);
    return at === -1 ? Infinity : at;
  }
}

/** Past the string literal opening at `i` (escapes honoured; a template literal's ${} is read as text). */
export function skipString(text: string, i: number): number {
  const quote = text.charCodeAt(i);
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === quote) return j + 1;
    else if (c === 0x0a && quote !== 0x60) return j;
  }
  return text.length;
}
