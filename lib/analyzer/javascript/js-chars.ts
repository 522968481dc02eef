// JavaScript's regex classes \s, \w and [\w$] as tables by UTF-16 code unit, for the text scans that
// replace backtracking regexes (script-signals.ts, obfuscation-techniques.ts) and must read
// characters exactly as those regexes did.

export const SPACE = new Uint8Array(65536);
export const WORD = new Uint8Array(65536);
export const IDENT = new Uint8Array(65536);
// ECMA-262 WhiteSpace and LineTerminator (what \s matches)
for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]) SPACE[c] = 1;
SPACE.fill(1, 0x2000, 0x200b);
for (const [from, to] of [[0x30, 0x3a], [0x41, 0x5b], [0x61, 0x7b], [0x5f, 0x60]]) WORD.fill(1, from, to);
IDENT.set(WORD);
IDENT[0x24] = 1;

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
  let end = op;
  while (end > 0 && SPACE[text.charCodeAt(end - 1)]) end--;
  let start = end;
  while (start > 0 && IDENT[text.charCodeAt(start - 1)]) start--;
  for (; start < end; start++) {
    const c = text.charCodeAt(start);
    if (IDENT[c] && (c < 0x30 || c > 0x39) && wordAt(text, start - 1) !== WORD[c]) yield text.slice(start, end);
  }
}
