// Fonts whose character codes name symbols, not letters: TeX's math and symbol fonts (cmsy draws the
// braces at the codes of 'f' and 'g'), Symbol, the dingbat fonts. Without a /ToUnicode map their
// shown bytes read as stray letters: "{gal,...,jruderman}@mozilla.com" came out as the address
// "jrudermang@mozilla.com" (pdf.js's tracemonkey paper, issue 22). Text in such a font is a word
// break for whoever reads the page's words (indicators, the page text of the lure rules).
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfDict } from "../../pdf/objects";

/** BaseFont names (after a subset tag) of fonts with a symbol encoding of their own. */
const SYMBOL_FONT_NAMES =
  /^(?:[A-Z]{6}\+)?(?:CMSY|CMBSY|CMMI|CMEX|MSAM|MSBM|LASY|Symbol|ZapfDingbats|Dingbats|Wingdings|Webdings|MT-?Extra)/i;

/** The font is one of the symbol fonts by name. */
function isSymbolFont(doc: PdfDocument, font: PdfDict): boolean {
  const base = doc.resolve(font.get("BaseFont"));
  return base instanceof PdfName && SYMBOL_FONT_NAMES.test(base.name);
}

/** The font spells symbols and no /ToUnicode map says which characters they are. */
export function spellsSymbols(doc: PdfDocument, font: PdfDict): boolean {
  return !(doc.resolve(font.get("ToUnicode")) instanceof PdfStream) && isSymbolFont(doc, font);
}

/**
 * A shown-text decoder (contentStreamText) that reads the bytes as they are, and a string in a symbol
 * font as a space: it reads raw codes, so a symbol font's /ToUnicode map does not change that.
 * `resources`: the content stream's resource dictionary (its /Font entries).
 */
export function symbolsAsBreaks(
  doc: PdfDocument,
  resources: PdfDict | undefined,
): (fontName: string, bytes: string) => string {
  const fonts = doc.dict(resources?.get("Font"));
  const known = new Map<string, boolean>();
  return (fontName, bytes) => {
    let symbols = known.get(fontName);
    if (symbols === undefined) {
      const font = doc.dict(fonts?.get(fontName));
      known.set(fontName, (symbols = !!font && isSymbolFont(doc, font)));
    }
    return symbols ? " " : bytes;
  };
}
