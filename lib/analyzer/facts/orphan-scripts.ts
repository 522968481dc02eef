// JavaScript kept in a stream that no action reaches: the /JS of a names tree or action that a truncated
// or damaged file lost (the reader's repair may still find it; CIC-Evasive-PDFMal2022 holds many such
// files, cut inside the tree that pointed at the script), or a second stage set aside for a script to
// read. The code is evidence either way, so it is read as a script with no trigger. Recognised by its
// text: a stream with no type of its own whose decoded head is printable and starts like a statement.
// A page's content stream has a role of its own (the page draws it): it is not inflated to be looked
// at here (content streams are most of a document's untyped streams: 4% of the fast stage's time).
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { readText } from "../content/text";

/** keys of streams that have a role of their own (images, fonts, forms, ICC profiles, functions, patterns) */
const TYPED_KEYS = [
  "Type",
  "Subtype",
  "Width",
  "Height",
  "BBox",
  "Length1",
  "Length2",
  "Length3",
  "N",
  "FunctionType",
  "PatternType",
  "ShadingType",
];
/**
 * A statement at the head of the text, after comments: a declaration, a keyword, a call or an
 * assignment. PDF content streams start with numbers, names or operators (q, BT) and never match.
 */
const JS_START =
  /^\s*(?:\/\/[^\n]{0,512}\n\s*|\/\*[^*]{0,512}\*\/\s*){0,256}(?:(?:var|let|const|function|if|try|for|while|eval)\b|(?:this|app|event|util)\s*\.|[A-Za-z_$][\w$]{0,63}\s*(?:=[^=]|\())/;
/**
 * The head a stream is recognised by, not a budget: every candidate is judged on this much (its text is
 * then read up to MAX_SCRIPT_CHARS); so is the first 4 KiB of that text for a statement end.
 */
const HEAD_BYTES = 512;
const SLASH_NAMES = /\/[A-Za-z]/g;

export interface OrphanScript {
  source: string;
  objectRef: string;
}

/** Streams of JavaScript text that are not the /JS of any action (`reached`) nor a page's content (`drawn`). */
export function collectOrphanScripts(
  doc: PdfDocument,
  reached: ReadonlySet<PdfStream>,
  drawn: ReadonlySet<PdfStream>,
): OrphanScript[] {
  const out: OrphanScript[] = [];
  const { MAX_ORPHAN_SCRIPTS: maxScripts, MAX_SCRIPT_CHARS: maxChars } = doc.limits;
  const candidate = (s: unknown): s is PdfStream =>
    s instanceof PdfStream && !reached.has(s) && !drawn.has(s) && !TYPED_KEYS.some((k) => s.dict.has(k));
  for (let i = 0; i < doc.instances.length; i++) {
    const s = doc.instances[i].value;
    if (!candidate(s)) continue;
    const head = doc.decodeHead(s, HEAD_BYTES);
    if (head.length < 8 || !printable(head)) continue;
    const text = Buffer.from(head).toString("latin1");
    // PDF and PostScript syntax is full of /Names; script text hardly has a slash before a letter
    if (!JS_START.test(text) || (text.match(SLASH_NAMES) ?? []).length >= 3) continue;
    const read = readText(doc, s, maxChars);
    const source = read?.text;
    if (!source || !/[;{}]/.test(source.slice(0, 4096))) continue;
    if (read.cut) doc.budgetHits.add("MAX_SCRIPT_CHARS");
    const inst = doc.instances[i];
    out.push({ source, objectRef: `${inst.num} ${inst.gen} R` });
    if (out.length < maxScripts) continue;
    // stopped with streams not looked at: the ones that could still be scripts are untyped and unreached
    if (doc.instances.slice(i + 1).some((o) => candidate(o.value))) doc.budgetHits.add("MAX_ORPHAN_SCRIPTS");
    break;
  }
  return out;
}

/** Text, not binary: tabs, line ends and printable ASCII or Latin-1 only. */
function printable(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  return true;
}
