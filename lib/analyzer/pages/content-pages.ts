// The pages of a short document as its content streams show them, in the shape of rendered pages, for
// the lure rules that read a page's wording and links (lure-signals.ts): the fast stage's stand-in for
// the rendering, as the content-stream text is for the call-back lure (page-text.ts). A page's links are
// the URI actions of its link annotations and the web pages its buttons' scripts open (ActionFact.opens),
// with their share of the page; there are no rectangles, QR
// codes or image coverage (those take drawing). A page whose text could not be read whole (a composite
// font without a ToUnicode map, a budget) is left out: its few readable words would pass for a page of
// little text.
import type { PageText } from "./page-text";
import type { PageView } from "./lure-signals";
import type { PageAction, RenderedPage } from "./render-facts";

/** one view per document's facts: the rules that read it share it, and pageWording's cache with it */
const views = new WeakMap<readonly PageText[], { actions: readonly PageAction[]; view: PageView }>();

export function contentPages(pageTexts: readonly PageText[], actions: readonly PageAction[]): PageView {
  const known = views.get(pageTexts);
  if (known?.actions === actions) return known.view;
  const pages: RenderedPage[] = pageTexts
    .filter((p) => !p.partial)
    .map((p) => ({
      index: p.index,
      text: p.text,
      // a button whose script opens a web page is a link too (ActionFact.opens)
      links: actions.flatMap((a) => {
        const url = a.type === "URI" ? a.target : a.opens;
        return a.page === p.index && url ? [{ url, rect: [], areaRatio: a.annotationAreaRatio ?? 0 }] : [];
      }),
      qrCodes: [],
    }));
  const view = { pageCount: null, pages };
  views.set(pageTexts, { actions, view });
  return view;
}
