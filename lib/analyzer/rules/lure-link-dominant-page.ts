import {
  IMAGE_PAGE_COVERAGE,
  IMAGE_PAGE_MAX_WORDS,
  isOfficialTarget,
  isWebTarget,
  LURE_MAX_PAGES,
  lurePageCount,
  lurePages,
  wordCount,
} from "../pages/lure-signals";
import type { RenderedPage } from "../pages/render-facts";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** a page with fewer words than this says nothing but "click" (a real cover letter has 150+) */
const BUTTON_PAGE_MAX_WORDS = 40;
/** distinct link targets of a "button page": more is a link list (a table of contents, a brochure) */
const BUTTON_PAGE_MAX_TARGETS = 2;
/**
 * a button, not a line of text: "View PDF" buttons of the corpus's lures cover 1.3-1.7% of the
 * page; text links ("a link to an awesome blog", generator footers) 0.2-0.4%
 */
const BUTTON_MIN_AREA_RATIO = 0.01;
/**
 * A page after one with this many words is the end of a document, not its front: a web page printed to
 * PDF ends on a short page with the site's logo linking home (pdfminer's issue-00352 test file: 387
 * words, then 29 words and the logo). A lure's "click" page is the page the reader opens on; every
 * lure of the corpora that sets this rule off is one page long.
 */
const PROSE_PAGE_MIN_WORDS = 150;
/** a link this large is the page's main content (phishing-link-overlay's threshold) */
const LARGE_LINK_AREA_RATIO = 0.25;
/** ...when the page's text is this short */
const LARGE_LINK_MAX_WORDS = 120;

export interface DominantLink {
  index: number;
  words: number;
  /** the largest link's target */
  url: string;
  area: number;
  why: string;
  imagePage: boolean;
}

/** Why a rendered page's main content is a link (see the rule's description), or null. */
export function dominantLinkOf(p: RenderedPage): DominantLink | null {
  // a government form's link to its agency, an XFA stand-in page's "get Adobe Reader" button: no lure's
  const links = p.links.filter(
    (l) => (isWebTarget(l.url) && !isOfficialTarget(l.url)) || /^(javascript|data):/i.test(l.url.trim()),
  );
  if (!links.length) return null;
  const words = wordCount(p.text);
  const targets = new Set(links.map((l) => l.url.trim()));
  const largest = links.reduce((a, b) => (b.areaRatio > a.areaRatio ? b : a));
  let why: string | null = null;
  const imagePage = (p.imageCoverage ?? 0) >= IMAGE_PAGE_COVERAGE;
  const fewTargets = targets.size <= BUTTON_PAGE_MAX_TARGETS;
  if (largest.areaRatio >= LARGE_LINK_AREA_RATIO && words < LARGE_LINK_MAX_WORDS)
    why = `a link over ${Math.round(largest.areaRatio * 100)}% of the page and ${words} words`;
  else if (words < BUTTON_PAGE_MAX_WORDS && fewTargets && largest.areaRatio >= BUTTON_MIN_AREA_RATIO)
    why = `${words} word(s) and a button-sized link`;
  else if (words < IMAGE_PAGE_MAX_WORDS && fewTargets && imagePage)
    why = `a picture with ${words} word(s) of text and a link`;
  return why ? { index: p.index, words, url: largest.url, area: largest.areaRatio, why, imagePage } : null;
}

export const lureLinkDominantPage = defineRule({
  id: "lure-link-dominant-page",
  title: "Page whose main content is a link",
  description:
    "A page of a short document has little text and a link covering a large part of it, or almost no text besides a button-sized link, or is a picture with a link and no text of its own. Lures are built this way: a picture of a document or a 'View PDF' button, where the only thing to do is click. The rendered text is what a reader sees, so text inside an image does not count. Links to a government site or to Adobe's Reader download page (government forms, the stand-in page of XFA forms) do not count, nor pages after a page of prose (the short last page of a printed web page, with the site's logo linking home).",
  category: "phishing",
  severity: "medium",
  weight: 30,
  attack: ["T1566.001", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  stage: "advanced",
  check({ render, pageCount }) {
    if (!render || lurePageCount(pageCount, render) > LURE_MAX_PAGES) return null;
    const pages = lurePages(render, LURE_MAX_PAGES);
    const proseAt = pages.find((p) => !p.error && wordCount(p.text) >= PROSE_PAGE_MIN_WORDS)?.index ?? Infinity;
    const hits = pages
      .filter((p) => p.index <= proseAt)
      .map(dominantLinkOf)
      .filter((h) => h !== null);
    if (!hits.length) return null;
    return {
      evidence: hits.map((h) =>
        evidence({
          path: `/Root/Pages[${h.index}]`,
          excerpt: `page ${h.index + 1}: ${h.why}${h.imagePage ? ", mostly an image" : ""}: ${excerpt(h.url)}`,
        }),
      ),
      // a picture with a link over it is the classic "blurred preview" lure
      confidence: hits.some((h) => h.imagePage || h.area >= LARGE_LINK_AREA_RATIO) ? "high" : "medium",
    };
  },
});
