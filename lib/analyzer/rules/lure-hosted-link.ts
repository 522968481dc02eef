import type { Budget } from "../../limits";
import { describeHostedLink, hostedLinkOf, type HostedLink } from "../iocs/hosted-link";
import { classifyUrl } from "../iocs/classify-url";
import { contentPages } from "../pages/content-pages";
import {
  asUrl,
  isWebTarget,
  LURE_MAX_PAGES,
  lurePageCount,
  lurePages,
  pageWording,
  type PageView,
} from "../pages/lure-signals";
import type { RenderedPage } from "../pages/render-facts";
import { defineRule, renderedOrContent } from "./rule";
import { evidence, excerpt } from "./evidence";
import { dominantLinkOf } from "./lure-link-dominant-page";
import { isImagePage } from "./phishing-image-download-link";

const hostedOf = (url: string) => hostedLinkOf(classifyUrl(asUrl(url)));

/**
 * The hosted link of a rendered page laid out as a lure, and why: the page's main content is that link
 * (lure-link-dominant-page's tests), or the page reads like a lure and links there.
 */
function hostedLureLink(p: RenderedPage, budget: Budget): { layout: string; url: string; hosted: HostedLink } | null {
  const dominant = dominantLinkOf(p);
  const main = dominant && hostedOf(dominant.url);
  if (dominant && main) return { layout: dominant.why, url: dominant.url, hosted: main };
  // the page's first hosted link, then its wording: most pages link to no such host, and the phrase
  // tables are the costlier question
  for (const url of new Set(p.links.map((l) => l.url.trim()).filter(isWebTarget))) {
    const hosted = hostedOf(url);
    if (!hosted) continue;
    const wording = pageWording(p, budget);
    return wording.isLure ? { layout: `lure wording (${wording.phrases.join(", ")})`, url, hosted } : null;
  }
  return null;
}

/** The lure pages of a short document's `view` whose link is a hosted one; pages the structure reported as pictures are not counted twice. */
function hostedLuresIn(view: PageView, pageCount: number, seenByStructure: ReadonlySet<number>, budget: Budget) {
  if (lurePageCount(pageCount, view) > LURE_MAX_PAGES) return [];
  return lurePages(view, LURE_MAX_PAGES)
    .filter((p) => !seenByStructure.has(p.index))
    .map((p) => ({ page: p.index, ...hostedLureLink(p, budget) }))
    .filter((h): h is { page: number; layout: string; url: string; hosted: HostedLink } => h.hosted !== undefined);
}

export const lureHostedLink = defineRule({
  id: "lure-hosted-link",
  title: "Lure page whose link goes to cloud storage, a free site, a redirector or a shortener",
  description:
    "The rendering (or, in the fast stage, the text of the content streams and the link annotations) shows a page of a short document laid out as a lure (a picture or a button with a link and hardly any text, a link over much of the page, or 'protected document' / 'shared a file with you' wording) whose link goes to a file share or cloud storage, a free site or form builder, an open redirector of a well-known service, or a URL shortener (lib/analyzer/iocs/url-hosts.ts). Lures send readers through these services because mail and web filters trust their hosts; the attacker's file, form or page sits behind them. A link to them in an ordinary document (a report linking its data on Google Drive) is not this: the page itself must be a lure's. A picture page the fast stage already reported from its structure is not counted twice.",
  category: "phishing",
  severity: "high",
  weight: 40,
  attack: ["T1566.002", "T1204.001", "T1583.006"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ render, pageCount, pageLayouts, pageTexts, actions }, budget) {
    const seenByStructure = new Set(pageLayouts.filter(isImagePage).map((l) => l.index));
    const nonEmpty = <T>(list: T[]) => (list.length ? list : null);
    const seen = renderedOrContent(
      render ? nonEmpty(hostedLuresIn(render, pageCount, seenByStructure, budget)) : null,
      () => nonEmpty(hostedLuresIn(contentPages(pageTexts, actions), pageCount, seenByStructure, budget)),
    );
    if (!seen) return null;
    const hits = seen.hit;
    return {
      evidence: hits.map((h) =>
        evidence({
          path: `/Root/Pages[${h.page}]`,
          excerpt: `page ${h.page + 1}: ${h.layout}; its link: ${describeHostedLink(h.hosted)}: ${excerpt(h.url)}`,
        }),
      ),
      stage: seen.stage,
      detail: `${[...new Set(hits.map((h) => h.hosted.kind))].join(", ")}.`,
    };
  },
});
