// HTML that breaks out of a web page, written into a document's strings: a link's URI, an annotation's
// author or comment, a field's value or name, the document information. PDF viewers built into web
// applications put these strings into their page (a comment popup, a link's href, a title bar); one
// that does not escape them runs the markup's script in the application's origin: stored script
// injection (XSS) through an uploaded PDF (luigigubello/PayloadsAllThePDFs: `"><details open
// ontoggle=confirm(3)>` as an annotation's /T, and as a URI). PDF strings never need an element with
// an event handler, a <script> or <iframe> element, a javascript: URL in an attribute or an element that
// fetches from a server: rich text (/RC, /DS) is XHTML of paragraphs and spans with style attributes
// only (ISO 32000-1 §12.7.3.4).

/**
 * Markup that runs script when a page shows it: an element with an event-handler attribute, a
 * script-bearing element, or a javascript: URL in an attribute. The attribute run and the spaces around
 * `=` are bounded, so each `<` is tried over at most a few hundred characters: linear.
 */
const SCRIPT_MARKUP =
  /<[a-z][a-z0-9]{0,15}\b[^<>]{0,300}?[\s/"']on[a-z]{3,30}\s{0,20}=|<(?:script|iframe|object|embed)\b|<[a-z][a-z0-9]{0,15}\b[^<>]{0,300}?\b(?:href|src|action|formaction)\s{0,20}=\s{0,20}["']?\s{0,20}javascript:/i;
/**
 * An element that loads from a server as the page shows it (`<img src="https://...">`, a stylesheet
 * link, a meta refresh): the injection's callback, which tells the sender whose viewer put the string
 * into its page unescaped (CVE-2025-70401's Apryse WebViewer author field, malicious-pdf test43).
 */
const FETCH_MARKUP =
  /<(?:img|image|video|audio|source|link|meta|base|svg|input)\b[^<>]{0,300}?\b(?:src|href|srcset|poster|content|background)\s{0,20}=\s{0,20}["']?\s{0,20}(?:\d{1,3}\s{0,5};\s{0,5}url\s{0,5}=\s{0,5})?(?:https?:)?\/\//i;
/**
 * What else makes a whole page act as a browser opens it: a frame or plug-in, a form (it posts what the
 * reader types: the credential form of an HTML-attachment phishing), a password box, a refresh that
 * moves to another page, an HTA application.
 */
const PAGE_ACTION =
  /<(?:frame|applet|form|hta:application)\b|<meta\b[^<>]{0,300}?\brefresh\b|<input\b[^<>]{0,300}?\btype\s{0,20}=\s{0,20}["']?password/i;
const EXCERPT_BEFORE = 40;
const EXCERPT_CHARS = 160;

export interface HtmlInjectionFact {
  objectRef: string;
  /** the markup and the text just before it (the quote and bracket that close the page's attribute) */
  excerpt: string;
}

/** Whether `text` holds markup made to run in a web page (the disarmed copy blanks its brackets). */
export function holdsWebMarkup(text: string): boolean {
  return text.includes("<") && (SCRIPT_MARKUP.test(text) || FETCH_MARKUP.test(text));
}

/**
 * A web page (an HTML or SVG attachment) that acts when a browser opens it: script markup or a page
 * action. A page of text, pictures and links (a saved web page, release notes, an e-mail body kept
 * beside its PDF) has none.
 */
export function isActivePage(text: string): boolean {
  return SCRIPT_MARKUP.test(text) || PAGE_ACTION.test(text);
}

/** The current objects whose strings hold markup made to run in a web page (one fact per object). */
export function collectHtmlInjections(strings: ReadonlyMap<string, string>): HtmlInjectionFact[] {
  const out: HtmlInjectionFact[] = [];
  for (const [objectRef, text] of strings) {
    if (!text.includes("<")) continue;
    const at = firstIndex(text, [SCRIPT_MARKUP, FETCH_MARKUP]);
    if (at < 0) continue;
    const from = Math.max(0, at - EXCERPT_BEFORE);
    out.push({
      objectRef,
      excerpt: text
        .slice(from, from + EXCERPT_CHARS)
        .replace(/\s+/g, " ")
        .trim(),
    });
  }
  return out;
}

/** Where the first of `patterns` first matches in `text`, or -1. */
function firstIndex(text: string, patterns: readonly RegExp[]): number {
  const found = patterns.map((re) => re.exec(text)?.index ?? -1).filter((i) => i >= 0);
  return found.length ? Math.min(...found) : -1;
}
