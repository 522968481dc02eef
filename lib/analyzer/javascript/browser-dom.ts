// Browser page APIs in a document's script: `document.write`, `document.cookie`, `window.location`,
// `innerHTML`, web storage. Acrobat's JavaScript has none of them (its globals are app, this, event,
// util, xfa; a PDF's scripts reach the page only through app.launchURL and friends), so a script that
// uses them was written for the page a web-based viewer runs it in: script injection (XSS) against
// PDF viewers built into web applications, which evaluate /JS in the application's origin (PDFTron
// WebViewer, PSPDFKit, Foxit's web SDK and pdf.js's CVE-2024-4367 each ran a document's code there;
// luigigubello/PayloadsAllThePDFs tests them with `document.write` and `document.cookie`).

/**
 * One alternation, tried only where `document`, `window`, `top`, `parent`, `Storage` or `HTML` occurs
 * (BROWSER_DOM_ANCHOR): names a page's script uses and Acrobat's objects do not have. The globals count
 * only as globals: `this.parent.location` is an XFA subform's field named "location", not the page's.
 */
const BROWSER_DOM =
  /(?<![\w$.])(?:document\s*\.\s*(?:write(?:ln)?\s*\(|cookie\b|domain\b|location\b|createElement\s*\(|getElementById\s*\(|querySelector(?:All)?\s*\(|body\s*\.)|(?:window|top|parent)\s*\.\s*(?:location\b|document\b|opener\b|open\s*\()|(?:localStorage|sessionStorage)\s*[.[])|\.(?:inner|outer)HTML\s*=(?!=)/g;
const BROWSER_DOM_ANCHOR = /document|window|top|parent|Storage|HTML/;
/** distinct uses named in a finding: the first few are the evidence */
const MAX_USES = 8;

/** The browser page APIs a script's text uses, each once, as written (white space collapsed). */
export function findBrowserDomApis(text: string): string[] {
  if (!BROWSER_DOM_ANCHOR.test(text)) return [];
  const uses = new Set<string>();
  for (const m of text.matchAll(BROWSER_DOM)) {
    uses.add(m[0].replace(/\s+/g, "").replace(/[.([=]+$/, ""));
    if (uses.size >= MAX_USES) break;
  }
  return [...uses];
}
