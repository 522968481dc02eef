// What the pages of a short document say, read from their content streams without rendering: the fast
// stage's answer to the rendered text of the deep stage, for rules about a lure's wording (a call-back
// phishing notice says "call this number to cancel"; it has no link to check). Strings are decoded with
// each font's /ToUnicode map (§9.10.3), which office suites and browsers write for their subset fonts;
// a simple font without one is read byte for byte (WinAnsi), a composite font without one cannot be read
// and marks the page partial. Documents longer than PAGE_TEXT_MAX_PAGES are not read: lures are short.
import type { Limits } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfDict } from "../../pdf/objects";
import { bytesToText, contentStreamText, pageContentText } from "../content/text";
import { spellsSymbols } from "../content/symbol-fonts";
import { CALLBACK_MAX_WORDS } from "./callback-signals";
import { wordCount } from "./lure-signals";
import { decodeWithToUnicode, parseToUnicode } from "../content/to-unicode";
import { inherited } from "./page-layout";

export interface PageText {
  /** 0-based page index */
  index: number;
  /** the shown text, one line per text line */
  text: string;
  /** some text could not be read: a composite font without a ToUnicode map, encrypted or over-budget content */
  partial: boolean;
}

/**
 * Windows-1252 (WinAnsiEncoding, Annex D) where it differs from Latin-1: 0x80-0x9F. The euro sign,
 * typographic quotes and dashes of office documents.
 */
const WIN_ANSI: Record<number, string> = {
  0x80: "€",
  0x82: "‚",
  0x83: "ƒ",
  0x84: "„",
  0x85: "…",
  0x86: "†",
  0x87: "‡",
  0x88: "ˆ",
  0x89: "‰",
  0x8a: "Š",
  0x8b: "‹",
  0x8c: "Œ",
  0x8e: "Ž",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x95: "•",
  0x96: "–",
  0x97: "—",
  0x98: "˜",
  0x99: "™",
  0x9a: "š",
  0x9b: "›",
  0x9c: "œ",
  0x9e: "ž",
  0x9f: "Ÿ",
};

type FontDecoder = ((bytes: string) => string) | null;

/**
 * Text of the pages of a document of at most PAGE_TEXT_MAX_PAGES pages ([] for longer ones), in order,
 * until the text read is past CALLBACK_MAX_WORDS words: the call-back check, the one reader, takes a
 * longer text for no notice (it counts words the same way, page by page), so the rest of a dense
 * document is not read. The last page read may then end early (partial).
 */
export function collectPageTexts(doc: PdfDocument, limits: Limits): PageText[] {
  const pages = doc.pages();
  if (!pages.length || pages.length > limits.PAGE_TEXT_MAX_PAGES) return [];
  const decoders = new Map<PdfDict, FontDecoder>();
  const out: PageText[] = [];
  let words = 0;
  for (const [index, page] of pages.entries()) {
    if (words > CALLBACK_MAX_WORDS) break;
    const before = words;
    // word counts only grow as text is added: past the limit on a prefix, past it on the whole page
    const enough = (soFar: string) => before + wordCount(soFar, CALLBACK_MAX_WORDS - before) > CALLBACK_MAX_WORDS;
    const text = pageTextOf(doc, page.dict, index, limits, decoders, enough);
    out.push(text);
    words += wordCount(text.text, CALLBACK_MAX_WORDS - words);
  }
  return out;
}

function pageTextOf(
  doc: PdfDocument,
  page: PdfDict,
  index: number,
  limits: Limits,
  decoders: Map<PdfDict, FontDecoder>,
  enough: (soFar: string) => boolean,
): PageText {
  const maxBytes = limits.PAGE_TEXT_MAX_CONTENT_BYTES;
  const maxChars = limits.PAGE_TEXT_MAX_CHARS;
  const resources = doc.dict(inherited(doc, page, "Resources"));
  const state = { partial: false };
  const { text: content, partial } = pageContentText(doc, page, maxBytes);
  let text = contentStreamText(content, fontDecoderOf(doc, resources, decoders, state), maxChars, enough);
  let stopped = enough(text.slice(0, maxChars));
  let budget = maxBytes - content.length;
  // forms the page paints (a letterhead, a whole page placed as a form by some generators)
  const xobjects = doc.dict(resources?.get("XObject"));
  let forms = 0;
  for (const [, ref] of xobjects?.entries ?? []) {
    const form = doc.resolve(ref);
    if (
      stopped ||
      budget <= 0 ||
      text.length >= maxChars ||
      !(form instanceof PdfStream) ||
      !isName(form.dict.get("Subtype"), "Form")
    )
      continue;
    // a form past the cap is left unread (PAGE_TEXT_MAX_FORMS_PER_PAGE, reported)
    if (forms >= limits.PAGE_TEXT_MAX_FORMS_PER_PAGE) {
      doc.budgetHits.add("PAGE_TEXT_MAX_FORMS_PER_PAGE");
      break;
    }
    forms++;
    const d = doc.decode(form);
    if (d.encrypted) continue;
    const formText = bytesToText(d.data, budget);
    budget -= formText.length;
    text += `\n${contentStreamText(formText, fontDecoderOf(doc, doc.dict(form.dict.get("Resources")) ?? resources, decoders, state), maxChars - text.length)}`;
    stopped = enough(text.slice(0, maxChars));
  }
  return {
    index,
    text: text.slice(0, maxChars).trim(),
    partial: partial || stopped || state.partial || budget <= 0 || text.length >= maxChars,
  };
}

/** The decoder of shown strings under a resource dictionary's fonts. */
function fontDecoderOf(
  doc: PdfDocument,
  resources: PdfDict | undefined,
  decoders: Map<PdfDict, FontDecoder>,
  state: { partial: boolean },
) {
  const fonts = doc.dict(resources?.get("Font"));
  return (name: string, bytes: string): string => {
    const font = doc.dict(fonts?.get(name));
    if (!font) return bytes;
    let decode = decoders.get(font);
    if (decode === undefined) decoders.set(font, (decode = decoderOf(doc, font)));
    if (decode === null) {
      state.partial = true;
      return "";
    }
    return decode(bytes);
  };
}

/** A font's ToUnicode map, else bytes as WinAnsi for a simple font; null for a composite font without a map. */
function decoderOf(doc: PdfDocument, font: PdfDict): FontDecoder {
  const toUnicode = doc.resolve(font.get("ToUnicode"));
  if (toUnicode instanceof PdfStream) {
    const d = doc.decode(toUnicode);
    const maxCmap = doc.limits.PAGE_TEXT_MAX_CMAP_CHARS;
    if (!d.encrypted && d.data.length > maxCmap) doc.budgetHits.add("PAGE_TEXT_MAX_CMAP_CHARS");
    const cmap = d.encrypted ? null : parseToUnicode(bytesToText(d.data, maxCmap));
    if (cmap) return (bytes) => decodeWithToUnicode(cmap, bytes);
  }
  if (isName(font.get("Subtype"), "Type0")) return null;
  // a symbol font's codes are no letters (symbol-fonts.ts): a word break
  if (spellsSymbols(doc, font)) return () => " ";
  return winAnsi;
}

/** the bytes where WinAnsiEncoding differs from Latin-1 */
const WIN_ANSI_ONLY = /[\x80-\x9f]/;

function winAnsi(bytes: string): string {
  // most shown strings are ASCII: they read as they are
  if (!WIN_ANSI_ONLY.test(bytes)) return bytes;
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    out += c >= 0x80 && c <= 0x9f ? (WIN_ANSI[c] ?? "") : bytes[i];
  }
  return out;
}

function isName(value: unknown, name: string): boolean {
  return value instanceof PdfName && value.name === name;
}
