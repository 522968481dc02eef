// The external identifier of an XML markup declaration (XML 1.0 §2.8, §4.2.2): `<!ENTITY [%] name
// SYSTEM "uri">`, `<!ENTITY name PUBLIC "id" "uri">`, `<!DOCTYPE root SYSTEM "uri" [...]>`. A parser that
// resolves it fetches the URI as it reads the document: a file share hands over the reader's NTLM hash,
// a web address tells the sender the document was opened, a local file is read into the form (XXE).
// One reader for the two places such declarations are written: an XFA form's XML
// (facts/xfa-callbacks.ts) and a script's string handed to XMLData.parse (javascript/callback-apis.ts,
// CVE-2014-8452), where quotes and line ends are backslash escapes.

/**
 * A window, not a budget: a declaration's head (keyword, name, external identifier) is read this far
 * at most; an identifier that runs past it is not read.
 */
const MAX_DECLARATION_CHARS = 1024;
/** keyword, name, SYSTEM/PUBLIC, the public id and the URI: what comes after is never an identifier */
const MAX_WORDS = 6;

export interface ExternalDeclaration {
  /** `<!ENTITY name SYSTEM> (external entity)` or `<!DOCTYPE root PUBLIC> (external DTD)` */
  element: string;
  /** the system identifier: the URI or path the parser fetches */
  target: string;
}

const SPACE = new Set([" ", "\t", "\r", "\n"]);
/** backslash escapes of a script's string literal that stand for a space or a quote */
const ESCAPED: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "'": "'" };

/**
 * The external identifier of the declaration at `lt` (which starts `<!DOCTYPE` or `<!ENTITY`), or null.
 * `scriptEscapes`: the text is a script's, where `\"` is a quote and `\n` a line end.
 *
 * Reading stops at the next `<` outside a quoted literal (a new markup: this one ended unread), so a
 * walk that reads the declaration at every `<!` reads each character a bounded number of times, however
 * densely a hostile form repeats them (reading a fixed window at each cost 12 s for 1 MB of `<!ENTITY`).
 */
export function readDeclaration(text: string, lt: number, scriptEscapes = false): ExternalDeclaration | null {
  const doctype = text.startsWith("<!DOCTYPE", lt);
  const limit = Math.min(text.length, lt + MAX_DECLARATION_CHARS);
  const words: string[] = [];
  let i = lt + (doctype ? 9 : 8);
  while (i < limit && words.length < MAX_WORDS) {
    let c = text[i];
    let width = 1;
    if (scriptEscapes && c === "\\" && ESCAPED[text[i + 1]] !== undefined) {
      c = ESCAPED[text[i + 1]];
      width = 2;
    }
    if (c === ">" || c === "[") break;
    if (c === "<") return null;
    if (SPACE.has(c)) {
      i += width;
      continue;
    }
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + width);
      if (close === -1 || close >= limit) return null;
      // an escaped opening quote closes escaped: the backslash before it is no part of the literal
      words.push(text.slice(i + width, width === 2 && text[close - 1] === "\\" ? close - 1 : close));
      i = close + 1;
      continue;
    }
    let j = i + 1;
    while (j < limit && !isDelimiter(text, j, scriptEscapes)) j++;
    words.push(text.slice(i, j));
    i = j;
  }
  return external(words, doctype);
}

/** Whether the character at `i` ends a word: a space, `>`, `[`, `<`, a quote, or in a script an escape that stands for one. */
function isDelimiter(text: string, i: number, scriptEscapes: boolean): boolean {
  const c = text[i];
  return (
    SPACE.has(c) ||
    c === ">" ||
    c === "[" ||
    c === "<" ||
    c === '"' ||
    c === "'" ||
    (scriptEscapes && c === "\\" && ESCAPED[text[i + 1]] !== undefined)
  );
}

function external(words: readonly string[], doctype: boolean): ExternalDeclaration | null {
  const at = words.findIndex((w) => w === "SYSTEM" || w === "PUBLIC");
  if (at < 0) return null;
  const target = words[at] === "SYSTEM" ? words[at + 1] : words[at + 2];
  if (!target) return null;
  const name = words.slice(0, at).join(" ");
  return {
    element: doctype
      ? `<!DOCTYPE ${name} ${words[at]}> (external DTD)`
      : `<!ENTITY ${name} ${words[at]}> (external entity)`,
    target,
  };
}

/** Whether a declaration starts at `lt`: the ones readDeclaration reads. */
export function isDeclarationAt(text: string, lt: number): boolean {
  return text.startsWith("<!ENTITY", lt) || text.startsWith("<!DOCTYPE", lt);
}

/** The first external identifier a declaration in `text` names (a script's text: `scriptEscapes`). */
export function firstExternalDeclaration(text: string, scriptEscapes = false): ExternalDeclaration | null {
  for (let lt = text.indexOf("<!"); lt !== -1; lt = text.indexOf("<!", lt + 2)) {
    const declaration = isDeclarationAt(text, lt) ? readDeclaration(text, lt, scriptEscapes) : null;
    if (declaration) return declaration;
  }
  return null;
}
