// Obfuscation judged by technique, not by size: each detector names one thing an author does only to
// hide code (eval kept in a variable, code stored as delimited character codes, a shuffled alphabet
// to index into, letters written as \x escapes...) and returns the text that shows it. Form scripts
// (AFNumber_Format, util.printd, event.value) use none of these. Text level, so the fast stage can
// run it; every pattern is linear or bounded by a literal anchor.
//
// A "strong" technique is never found in honest scripts: alone it marks a script as obfuscated. A
// "runner" executes code it did not write literally; a "decoder" turns data into text. A runner with
// a decoder is the layered shape of obfuscated malware; so is a "source" (a payload read back from the
// document's annotations or metadata) fed to either (Quicksand's and peepdf's "suspicious
// obfuscation" families: eval, unescape, fromCharCode, replace, setTimeOut, arguments.callee).
import { textWindow, type Budget } from "../../limits";

import { hexValue } from "../../pdf/syntax";
import { countMatches, IDENT, LiteralScanner, SPACE } from "./js-chars";
import { includesText } from "../../pdf/fast-search";

export type TechniqueRole = "strong" | "runner" | "decoder" | "source";

export interface ObfuscationTechnique {
  id: TechniqueId;
  role: TechniqueRole;
  /** the text that shows it, short */
  evidence: string;
}

export type TechniqueId =
  | "eval-alias"
  | "eval-of-computed-string"
  | "char-code-string"
  | "hex-encoded-text"
  | "shuffled-alphabet"
  | "escaped-plain-characters"
  | "junk-stripping"
  | "string-reversal"
  | "arguments-callee"
  | "junk-comments"
  | "name-from-document"
  | "computed-call-on-global"
  | "literal-templating"
  | "decoded-member-name"
  | "char-code-array"
  | "piecewise-strings"
  | "junk-interleaved-text"
  // from the text signals of script-signals.ts
  | "names-assembled-from-pieces"
  | "eval-call"
  | "computed-call"
  | "decoder-call"
  | "char-code-decoding"
  | "long-encoded-literal"
  | "many-escapes"
  | "long-hex-run"
  | "obfuscator-identifiers"
  | "payload-from-document";

/** presentation: characters of a technique's evidence kept */
const EVIDENCE_CHARS = 60;

/** eval taken as a value: `var d = eval;`, `e = a.eval;`, `f(eval, ...)`: indirect eval hides the call */
const EVAL_ALIAS = /[=:]\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?eval\s*(?=[;,)}\n\r]|$)/gm;
/**
 * eval / Function / Acrobat's timers (app.setTimeOut, app.setInterval: they take code as a string)
 * given something other than one plain literal or a function: code built at run time.
 * `eval("this.getField('a')")` and `app.setTimeOut("tick()", 100)` do not count.
 */
const EVAL_CALL = /(?:\beval|\bFunction|\bsetTimeOut|\bsetInterval)\s*\(\s*/g;
/** an argument written out: a function, an arrow function, or none */
const WRITTEN_OUT = /function\b|\([^()]*\)\s*=>|[\w$]+\s*=>|[)\s]/y;
const LITERAL_ENDS_ARGUMENT = /\s*[,)]/y;
/** a function looked up by a name read from the document: G[this.subject](this.title) */
const NAME_FROM_DOCUMENT =
  /\[\s*(?:this|doc|app\s*\.\s*doc|event\s*\.\s*target)\s*\.\s*(?:info\s*\.\s*[A-Za-z_$][\w$]*|title|subject|author|keywords|creator|producer)\s*\]/;
/** a global or Doc method called by a name computed at run time: this[f(1) + f(2)](code) */
const GLOBAL_COMPUTED_CALL =
  /\b(?:this|app|globalThis|window)\s*\[(?!\s*["'][\w.]*["']\s*\])(?:[^[\]\n]|\[[^[\]\n]{0,40}\]){1,300}\]\s*\(/;
/** a string literal of 48+ small integers with a delimiter: "10@32@118@97..." split and fed to fromCharCode */
const CHAR_CODE_STRING = /["']\s*(?:\d{1,3}(?:[^\w\s"'\\.]\s*|\s+)){48}/;
/** hex-only string literals, decoded below when of even length (no repeated pair group: it grew V8's backtrack stack per pair) */
const HEX_LITERAL = /["']([0-9a-fA-F]{6,})["']/g;
/** \xNN / \uNNNN escapes of a letter or digit: nobody escapes "e" but to hide a name */
const ESCAPED_PLAIN = /\\(?:x(?:3[0-9]|[46][1-9a-fA-F]|[57][0-9aA])|u00(?:3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]))/g;
/** .replace(/5qqq5/g, "") or .replace(/[+u0SQ]/g, ""): strips junk letters inserted into a payload */
const JUNK_REPLACE = /\.replace\s*\(\s*\/(\[[A-Za-z0-9+]{3,}\]|[A-Za-z0-9]{3,})\/g\s*,\s*(?:""|'')\s*\)/;
/** .split("zz").join(""): the same with split/join */
const JUNK_SPLIT = /\.split\s*\(\s*["'][A-Za-z0-9]{2,}["']\s*\)\s*\.\s*join\s*\(\s*(?:""|'')\s*\)/;
const REVERSAL = /\.split\s*\(\s*(?:""|'')\s*\)\s*\.\s*reverse\s*\(\s*\)\s*\.\s*join\s*\(/;
const CALLEE = /\barguments\s*\.\s*callee\b/;
/** the same token comment repeated inside expressions ("v" + "ie" with a q9q comment between each piece): breaks up names for text search */
const TOKEN_COMMENT = /\/\*([A-Za-z0-9]{1,40})\*\//g;
const STRING_LITERAL = /"([^"\\\n]{40,256})"|'([^'\\\n]{40,256})'/g;
/**
 * A short literal rewritten by replace with a placeholder variable: '2011s'.replace(n, 'hi') spells
 * "this" only at run time (the Blackhole kit's way of hiding "this", "eval", "subject"). Templating a
 * message replaces a literal placeholder with a variable, the other way round.
 */
const LITERAL_TEMPLATING =
  /["'][^"'\\\n]{1,40}["']\s*(?:\)\s*)?\.\s*replace\s*\(\s*[\w$]{1,64}\s*,\s*["'][^"'\\\n]{1,20}["']\s*\)/;
/**
 * A member looked up by a name decoded from a literal: String['fHrAoAmC'.replace(/[AH]/g, '')],
 * app[h.replace(/[aviezjl]/g, '')]: which API is called is known only at run time.
 */
const DECODED_MEMBER =
  /\[\s*(?:\(\s*)?["'][^"'\\\n]{2,60}["']\s*(?:\)\s*)?\.\s*(?:replace|split)\s*\(|\[\s*[A-Za-z_$][\w$]{0,63}\s*\.\s*replace\s*\(\s*\/\[[^\]\n]{2,30}\]\/g\s*,\s*(?:""|'')\s*\)\s*\]/;
/** symbols an obfuscator puts between the characters of code, and that code itself hardly uses */
const FILLER_SYMBOLS = "!@#$%^&*~?|`";
/** a backslash escape of one character, read as the character it stands for */
const ONE_CHAR_ESCAPE = /\\(.)/g;
/** a detection threshold: integers of one array literal read as character codes (charCodeArray): bytes, varied, not a count */
const MIN_CHAR_CODE_ARRAY = 64;
/** a detection threshold: one- and two-character literals that make up a string built piece by piece ("f" + "r" + "o" ...) */
const MIN_PIECEWISE_LITERALS = 40;

/**
 * Detection thresholds, not budgets: escaped letters or digits (a decoder; strong from 12), characters
 * a hex literal decodes to, distinct characters that make an alphabet (with syntax characters among
 * them), and repeats of one token comment.
 */
const MIN_ESCAPED_PLAIN = 3;
const STRONG_ESCAPED_PLAIN = 12;
const MIN_HEX_TEXT_CHARS = 48;
const MIN_ALPHABET = 40;
const SYNTAX_CHARS = "()[]{};=.,+\"'";
const MIN_SYNTAX_CHARS = 4;
const MIN_TOKEN_COMMENTS = 8;

/** Obfuscation is a strong technique, or code run from decoded data (runner or source, with a decoder). */
export function judgeObfuscation(techniques: readonly ObfuscationTechnique[]): ObfuscationTechnique[] {
  const strong = techniques.filter((t) => t.role === "strong");
  if (strong.length) return strong;
  const has = (role: TechniqueRole) => techniques.some((t) => t.role === role);
  const layered = (has("runner") && has("decoder")) || (has("source") && (has("runner") || has("decoder")));
  return layered ? techniques.filter((t) => t.role !== "strong") : [];
}

/** The techniques of the first JS_OBFUSCATION_SCAN_CHARS characters of `source` (a hit in `budget` when it is longer). */
export function detectObfuscationTechniques(source: string, budget: Budget): ObfuscationTechnique[] {
  const text = textWindow(source, budget, "JS_OBFUSCATION_SCAN_CHARS");
  const out: ObfuscationTechnique[] = [];
  const add = (id: TechniqueId, role: TechniqueRole, m: RegExpExecArray | string | null) => {
    if (m) out.push({ id, role, evidence: (typeof m === "string" ? m : m[0]).slice(0, EVIDENCE_CHARS) });
  };
  // the literal each pattern needs, looked for first: an unanchored regex tries every position
  add("eval-alias", "strong", evalAlias(text));
  add("eval-of-computed-string", "runner", evalOfComputed(text));
  add("char-code-string", "strong", charCodeString(text));
  add("name-from-document", "strong", NAME_FROM_DOCUMENT.exec(text));
  add("computed-call-on-global", "runner", GLOBAL_COMPUTED_CALL.exec(text));
  add("hex-encoded-text", "strong", hexEncodedText(text));
  add("shuffled-alphabet", "strong", shuffledAlphabet(text));
  const escaped = text.includes("\\") ? countMatches(text, ESCAPED_PLAIN) : 0;
  if (escaped >= MIN_ESCAPED_PLAIN)
    add(
      "escaped-plain-characters",
      escaped >= STRONG_ESCAPED_PLAIN ? "strong" : "decoder",
      `${escaped} escaped letters or digits`,
    );
  add("junk-stripping", "decoder", JUNK_REPLACE.exec(text) ?? JUNK_SPLIT.exec(text));
  add("string-reversal", "decoder", REVERSAL.exec(text));
  add("arguments-callee", "decoder", CALLEE.exec(text));
  add("junk-comments", "strong", text.includes("/*") ? repeatedTokenComment(text) : null);
  const replaces = includesText(text, ".replace") || includesText(text, ". replace");
  add("literal-templating", "decoder", replaces ? LITERAL_TEMPLATING.exec(text) : null);
  add("decoded-member-name", "strong", replaces || text.includes("split") ? DECODED_MEMBER.exec(text) : null);
  add("char-code-array", "strong", charCodeArray(text));
  add("piecewise-strings", "decoder", piecewiseStrings(text));
  add("junk-interleaved-text", "strong", junkInterleavedText(text));
  return out;
}

/**
 * EVAL_ALIAS, searched from just before the first "eval": between the `=`/`:` a match starts at and its
 * "eval" there are only spaces, a name and a dot, so no match starts before the run of such characters
 * that precedes the first "eval" (a megabyte script is not scanned from its start for nothing).
 */
function evalAlias(text: string): RegExpExecArray | null {
  const first = text.indexOf("eval");
  if (first < 0) return null;
  let from = first;
  while (from > 0 && isSpaceNameOrDot(text.charCodeAt(from - 1))) from--;
  EVAL_ALIAS.lastIndex = Math.max(0, from - 1);
  return EVAL_ALIAS.exec(text);
}

/** [\s\w$.] of a regex, from the char code (the backward scan above may cross a long payload) */
function isSpaceNameOrDot(c: number): boolean {
  return SPACE[c] === 1 || IDENT[c] === 1 || c === 0x2e;
}

/**
 * The delimited numbers read as character codes: varied values that mostly fall in (or near) the
 * printable range, not a counting sequence ("2 3 4 5 …") or a table of measurements.
 */
function charCodeString(text: string): string | null {
  const m = CHAR_CODE_STRING.exec(text);
  if (!m) return null;
  const values = (m[0].match(/\d{1,3}/g) ?? []).map(Number);
  let steps = 0;
  for (let i = 1; i < values.length; i++) if (values[i] === values[i - 1] + 1) steps++;
  const distinct = new Set(values).size;
  const bytes = values.filter((v) => v <= 255).length;
  return steps / values.length < 0.3 && distinct >= 12 && bytes === values.length ? m[0] : null;
}

/**
 * An array literal of 64+ integers that are all bytes, varied and not a counting sequence: character
 * codes (often XORed) that a loop turns back into code. A hand scan: each "[" is read once, to the
 * first thing that is not a small integer.
 */
function charCodeArray(text: string): string | null {
  for (let at = text.indexOf("["); at >= 0; at = text.indexOf("[", at + 1)) {
    const values: number[] = [];
    let i = at + 1;
    while (i < text.length) {
      while (i < text.length && SPACE[text.charCodeAt(i)] === 1) i++;
      let v = 0;
      let digits = 0;
      while (i < text.length && digits <= 3 && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) {
        v = v * 10 + text.charCodeAt(i++) - 0x30;
        digits++;
      }
      if (digits === 0 || digits > 3) break;
      values.push(v);
      while (i < text.length && SPACE[text.charCodeAt(i)] === 1) i++;
      if (text[i] !== ",") break;
      i++;
    }
    if (values.length >= MIN_CHAR_CODE_ARRAY && looksLikeCharCodes(values)) return text.slice(at, at + EVIDENCE_CHARS);
    at = Math.max(at, i - 1);
  }
  return null;
}

/** Character codes: all bytes, at least 12 distinct, and not a sequence counting up. */
function looksLikeCharCodes(values: readonly number[]): boolean {
  let steps = 0;
  for (let i = 1; i < values.length; i++) if (values[i] === values[i - 1] + 1) steps++;
  return steps / values.length < 0.3 && new Set(values).size >= 12 && values.every((v) => v <= 255);
}

/**
 * Names written one or two letters at a time ("f" + "r" + "o" + "m"..., "e" + k + "n" + k + "t"):
 * 40 or more literals of one or two letters joined by "+", half of all the non-empty literals of the
 * script. Punctuation and digits ("/" + month + "/") are how honest code formats; letters spelled
 * out are how obfuscators hide names. A hand scan over the quotes.
 */
function piecewiseStrings(text: string): string | null {
  let pieces = 0;
  let all = 0;
  const scan = new LiteralScanner(text);
  for (let i = scan.nextQuote(0); i !== -1;) {
    const j = scan.literalEnd(i);
    // a literal the line end cut is no literal; the walk goes on after it
    const length = j < text.length && text.charCodeAt(j) === text.charCodeAt(i) ? j - i - 1 : 0;
    if (length > 0) {
      all++;
      if (
        length <= 2 &&
        isLetters(text, i + 1, j) &&
        (nextNonSpace(text, j + 1) === "+" || previousNonSpace(text, i - 1) === "+")
      )
        pieces++;
    }
    i = scan.nextQuote(j + 1);
  }
  return pieces >= MIN_PIECEWISE_LITERALS && pieces * 2 >= all
    ? `${pieces} of ${all} string literals are one or two letters joined by +`
    : null;
}

function isLetters(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    // letters, and the dot of a member name ("String" + "." + "fromCharCode")
    const c = text.charCodeAt(k) | 0x20;
    if ((c < 0x61 || c > 0x7a) && text.charCodeAt(k) !== 0x2e) return false;
  }
  return true;
}

/** the next character that is not a space, within a short window (comments between pieces are skipped by the obfuscator, not by us) */
function nextNonSpace(text: string, from: number): string {
  for (let k = from; k < Math.min(text.length, from + 64); k++) if (SPACE[text.charCodeAt(k)] !== 1) return text[k];
  return "";
}

function previousNonSpace(text: string, from: number): string {
  for (let k = from; k >= Math.max(0, from - 64); k--) if (SPACE[text.charCodeAt(k)] !== 1) return text[k];
  return "";
}

/**
 * Code with a filler character after every character ("v!a@r? ?p?D#z@y#L^0^k^0# @=^ ?n#e#w!"): a
 * literal of 200+ characters whose every second character comes from at most six fillers, while the
 * others vary. Stripped by a replace later on; no text is written that way. The first 40 long
 * literals are checked, 400 characters each.
 */
function junkInterleavedText(text: string): string | null {
  let checked = 0;
  const scan = new LiteralScanner(text);
  for (let i = scan.nextQuote(0); i !== -1 && checked < 40;) {
    const j = scan.literalEnd(i);
    if (j - i - 1 >= 200) {
      checked++;
      const sample = text
        .slice(i + 1, Math.min(j, i + 401))
        .replace(ONE_CHAR_ESCAPE, (_, c: string) => (c === "n" ? "\n" : c === "r" ? "\r" : c === "t" ? "\t" : c));
      // a sample of few distinct characters (a spray's "%u0c0c...") is no code with fillers: told first, as it is cheapest
      if (distinctChars(sample) >= 20 && (interleaved(sample, 0) || interleaved(sample, 1)))
        return sample.slice(0, EVIDENCE_CHARS);
    }
    i = scan.nextQuote(j + 1);
  }
  return null;
}

/**
 * Every second character from `phase` on is mostly filler: the six most common make up 75% of those
 * places, and three of them are symbols code does not use between tokens (! @ # $ % ^ & * ~ ? | `)
 * (the caller has checked that the sample holds 20 distinct characters). Prose and code spread their characters over letters, spaces and code punctuation instead.
 */
function interleaved(s: string, phase: number): boolean {
  const counts = new Map<string, number>();
  for (let k = phase; k < s.length; k += 2) counts.set(s[k], (counts.get(s[k]) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const slots = Math.ceil((s.length - phase) / 2);
  const covered = top.reduce((a, [, n]) => a + n, 0);
  return covered >= 0.75 * slots && top.filter(([c]) => FILLER_SYMBOLS.includes(c)).length >= 3;
}

/** Hex literals that decode to 48+ characters of printable text: code or a URL kept as hex. */
export function hexEncodedText(text: string): string | null {
  if (!/["'][0-9a-fA-F]{6}/.test(text)) return null;
  let decoded = "";
  HEX_LITERAL.lastIndex = 0;
  for (let m = HEX_LITERAL.exec(text); m && decoded.length < 4096; m = HEX_LITERAL.exec(text)) {
    const piece = m[1].length % 2 ? null : printableHex(m[1]);
    if (piece !== null && /[a-z]/i.test(piece)) decoded += piece;
  }
  return decoded.length >= MIN_HEX_TEXT_CHARS ? `hex decodes to "${decoded.slice(0, 40)}"` : null;
}

/**
 * The text hex digit pairs spell, or null at the first byte that is not printable: random hex
 * (hashes, ids, colours, shellcode) decodes to bytes, not to text, and one control byte excludes it.
 * Stopping there spares decoding the rest of a 100 kB shellcode literal.
 */
function printableHex(hex: string): string | null {
  let piece = "";
  for (let i = 0; i < hex.length; i += 2) {
    const c = hexValue(hex.charCodeAt(i)) * 16 + hexValue(hex.charCodeAt(i + 1));
    if (!((c >= 0x20 && c <= 0x7e) || c === 0x09 || c === 0x0a || c === 0x0d)) return null;
    piece += String.fromCharCode(c);
  }
  return piece;
}

/**
 * A literal of 40+ distinct characters in no order ("gI5zv:|'7mx9S=d%)tPp&MK..."): the lookup table
 * of a substitution cipher. Alphabets written in order (base64, "0123456789ABC...") do not count.
 */
function shuffledAlphabet(text: string): string | null {
  STRING_LITERAL.lastIndex = 0;
  for (let m = STRING_LITERAL.exec(text); m; m = STRING_LITERAL.exec(text)) {
    const s = m[1] ?? m[2];
    // words and sentences repeat characters; a table uses each once (the cheapest test first: most
    // long literals of a script are text, data or a spray)
    if (!mostlyDistinct(s)) continue;
    let ordered = 0;
    for (let i = 1; i < s.length; i++) if (s.charCodeAt(i) === s.charCodeAt(i - 1) + 1) ordered++;
    // a table that encodes code holds its punctuation (an id alphabet such as nanoid's "-_" + letters does not)
    const syntax = [...new Set(s)].filter((c) => SYNTAX_CHARS.includes(c)).length;
    if (ordered / s.length < 0.25 && syntax >= MIN_SYNTAX_CHARS && !/\s\w+\s\w+\s/.test(s)) return s;
  }
  return null;
}

/** At least MIN_ALPHABET distinct characters, 90% of s.length: read until a tenth of it (and one more, against rounding) has repeated. */
export function mostlyDistinct(s: string): boolean {
  const distinct = distinctChars(s, s.length * 0.1 + 1);
  return distinct >= MIN_ALPHABET && distinct >= s.length * 0.9;
}

/** marks of the UTF-16 code units seen by distinctChars(), cleared after each call */
const SEEN = new Uint8Array(0x10000);

/**
 * new Set(s).size without the Set: string literals are scanned by the hundred per script. -1 once more
 * than `maxRepeats` characters have repeated: the rest is not read (a text, data or spray literal
 * repeats within its first characters, and those repeats already decide a caller's threshold).
 */
function distinctChars(s: string, maxRepeats = Infinity): number {
  let repeats = 0;
  let i = 0;
  for (; i < s.length && repeats <= maxRepeats; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) break; // surrogate pairs count as one character: let the Set do it
    if (SEEN[c]) repeats++;
    else SEEN[c] = 1;
  }
  for (let j = 0; j < i; j++) SEEN[s.charCodeAt(j)] = 0;
  if (repeats > maxRepeats) return -1;
  return i === s.length ? s.length - repeats : new Set(s).size;
}

function repeatedTokenComment(text: string): string | null {
  const seen = new Map<string, number>();
  TOKEN_COMMENT.lastIndex = 0;
  for (let m = TOKEN_COMMENT.exec(text); m; m = TOKEN_COMMENT.exec(text)) {
    const n = (seen.get(m[1]) ?? 0) + 1;
    if (n >= MIN_TOKEN_COMMENTS) return `${m[0]} repeated ${n} times`;
    seen.set(m[1], n);
  }
  return null;
}

/**
 * The first eval/Function/timer call (EVAL_CALL) given something other than one string literal, a
 * function or an arrow function. The literal is read by hand: as a regex (a repeated group of escapes
 * or characters) it grew V8's backtrack stack with the literal's length (issue 19).
 */
function evalOfComputed(text: string): string | null {
  EVAL_CALL.lastIndex = 0;
  for (let m = EVAL_CALL.exec(text); m; m = EVAL_CALL.exec(text)) {
    const arg = m.index + m[0].length;
    const end = stringLiteralEnd(text, arg);
    LITERAL_ENDS_ARGUMENT.lastIndex = end;
    if (end >= 0 && LITERAL_ENDS_ARGUMENT.test(text)) continue;
    WRITTEN_OUT.lastIndex = arg;
    if (arg >= text.length || WRITTEN_OUT.test(text)) continue;
    return text.slice(m.index, m.index + EVIDENCE_CHARS);
  }
  return null;
}

/** End (after the closing quote) of the one-line string literal at `at`, or -1. */
function stringLiteralEnd(text: string, at: number): number {
  const quote = text[at];
  if (quote !== '"' && quote !== "'") return -1;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === quote) return i + 1;
    if (c === "\n") return -1;
    if (c === "\\") {
      const next = text[i + 1];
      if (next === undefined || next === "\n" || next === "\r" || next === "\u2028" || next === "\u2029") return -1;
      i++;
    }
  }
  return -1;
}
