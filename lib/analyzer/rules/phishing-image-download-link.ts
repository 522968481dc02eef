import type { ActionFact } from "../facts/actions";
import type { RuleFacts } from "./rule";
import type { UrlFacts } from "../iocs/classify-url";
import { landingUrl, viaRedirector } from "../iocs/hosted-link";
import type { Evidence } from "../report";
import { IMAGE_PAGE_COVERAGE } from "../pages/lure-signals";
import type { PageLayout } from "../pages/page-layout";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Lures are short: a cover page, sometimes a second one (phishing-link-overlay's bound). */
export const IMAGE_LURE_MAX_PAGES = 5;
/** a page showing fewer characters than this has no text of its own (a caption at most) */
const IMAGE_PAGE_MAX_TEXT_CHARS = 80;

/**
 * A link that fetches a payload from a free service: an archive, program, script, disk image or
 * shortcut (by the final path segment, or a file name in the query as file-sharing links carry it) on a
 * file-sharing or free web-hosting host. Delivery lures put the payload there: the account is free, the
 * host's reputation passes mail filters, and the file is gone after the campaign.
 */
export function payloadOnFreeHost(link: UrlFacts | undefined): string | null {
  // behind an open redirector of a well-known service, the destination decides
  const url = landingUrl(link);
  if (!url || (url.hosting !== "file-sharing" && url.hosting !== "free-hosting")) return null;
  const kind = url.fileKind ?? url.queryFileKind;
  if (!kind) return null;
  return `${kind}${url.extension ? ` (.${url.extension})` : ""} on ${url.hosting} host ${url.host}${viaRedirector(link, url)}`;
}

/** The page is one picture: an image over most of it and hardly any text drawn by the page itself. */
export function isImagePage(layout: PageLayout): boolean {
  return (
    layout.images >= 1 &&
    layout.largestImageRatio >= IMAGE_PAGE_COVERAGE &&
    layout.textChars < IMAGE_PAGE_MAX_TEXT_CHARS
  );
}

export interface PictureLink {
  layout: PageLayout;
  /** the link's action */
  link: ActionFact;
  url: UrlFacts | undefined;
}

/** Pages of a short document that are one picture with exactly one distinct web link on them. */
export function singleLinkPicturePages({ actions, urls, pageLayouts, pageCount }: RuleFacts): PictureLink[] {
  if (pageCount > IMAGE_LURE_MAX_PAGES) return [];
  const out: PictureLink[] = [];
  for (const layout of pageLayouts.filter(isImagePage)) {
    const links = actions.filter(
      (a) => a.page === layout.index && a.type === "URI" && a.annotationAreaRatio !== undefined && a.target,
    );
    if (new Set(links.map((a) => a.target!.trim())).size !== 1) continue;
    out.push({ layout, link: links[0], url: urls.get(links[0].target!) });
  }
  return out;
}

export function pictureLinkEvidence({ layout, link }: PictureLink, why: string): Evidence {
  return evidence({
    objectRef: link.objectRef,
    path: link.path,
    excerpt: `page ${layout.index + 1}: an image over ${Math.round(layout.largestImageRatio * 100)}% of the page, ${layout.textChars} text characters; its link: ${why}: ${excerpt(link.target ?? "")}`,
  });
}

export const phishingImageDownloadLink = defineRule({
  id: "phishing-image-download-link",
  title: "Picture page whose one link downloads a file from a free host",
  description:
    "A page of a short document is a single picture (an image painted over most of the page, almost no text of its own) and its only link fetches an archive, program, script, disk image or shortcut from a file-sharing or free web-hosting service (Google Drive, Dropbox, OneDrive, MediaFire, WeTransfer, Discord's CDN, web.app, pages.dev, github.io...). Malware-delivery lures are built this way: a screenshot of an invoice or a 'document preview' with a download behind it, the payload parked on a free service that mail filters trust. Established from the page's content stream and link annotation.",
  category: "phishing",
  severity: "high",
  weight: 55,
  attack: ["T1566.002", "T1204.002", "T1608.001"],
  mitigations: ["block_indicators", "report_phishing"],
  check(facts) {
    const hits = singleLinkPicturePages(facts)
      .map((p) => ({ ...p, why: payloadOnFreeHost(p.url) }))
      .filter((h) => h.why !== null);
    if (!hits.length) return null;
    return {
      evidence: hits.map((h) => pictureLinkEvidence(h, h.why!)),
      confidence: "high",
    };
  },
});
