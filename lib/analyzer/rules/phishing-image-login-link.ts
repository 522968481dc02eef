import { PHISHED_BRANDS, percentDecoded, type UrlFacts } from "../iocs/classify-url";
import { landingUrl, viaRedirector } from "../iocs/hosted-link";
import { defineRule } from "./rule";
import { pictureLinkEvidence, singleLinkPicturePages } from "./phishing-image-download-link";
import { CMS_INTERNALS, LURE_WORDS } from "./phishing-url-pattern";

/**
 * Why a link looks like it leads to a credential page: a free web-hosting site (phishing kits are
 * hosted there for free), a path naming a much-phished brand off that brand's own site together with an
 * account action or as the page's name (`/photos/adobe/adobe.htm`, `/ADOBE PDF/Login.html`), or a page
 * in a CMS's internal folders (kits dropped on compromised WordPress sites). Account-action words alone
 * do not count: every real site has a /login page.
 */
export function credentialPageReason(link: UrlFacts | undefined): string | null {
  // behind an open redirector of a well-known service, the destination decides
  const url = landingUrl(link);
  const reason = url && pageReason(url);
  return reason ? `${reason}${viaRedirector(link, url)}` : null;
}

function pageReason(url: UrlFacts): string | null {
  // a download is phishing-image-download-link's case
  if ((url.scheme !== "http" && url.scheme !== "https") || url.fileKind || url.queryFileKind) return null;
  if (url.hosting === "free-hosting") return `a page on free web-hosting host ${url.host}`;
  const words = percentDecoded(url.path)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const brands = PHISHED_BRANDS.filter((b) => words.some((w) => w.includes(b)) && !(url.site ?? url.host).includes(b));
  // a shop's /apple/iphone-15 page names a brand too: the path must also ask for an account action or
  // be the brand's page itself (`adobe.htm`)
  const stem = url.fileName.toLowerCase().replace(/\.[^.]*$/, "");
  const asksAction = words.some((w) => LURE_WORDS.some((l) => w.startsWith(l.replace("-", ""))));
  if (brands.length && (asksAction || brands.includes(stem)))
    return `a sign-in-like path naming ${brands.join(", ")} off ${brands.length > 1 ? "their" : "its"} own site`;
  if (CMS_INTERNALS.test(url.path)) return "a page inside a CMS's internal folders";
  return null;
}

export const phishingImageLoginLink = defineRule({
  id: "phishing-image-login-link",
  title: "Picture page whose one link leads to a sign-in page",
  description:
    "A page of a short document is a single picture (an image painted over most of the page, almost no text of its own) and its only link leads to where credential-phishing pages live: a free web-hosting site, a path on another site naming a much-phished brand with a sign-in word or as the page itself (/adobe/adobe.htm, /ADOBE PDF/Login.html), or a page inside a CMS's internal folders. Lures in any language are built this way: a picture of a 'protected document' or a sign-in prompt, so that no text filter reads it, with one click to the harvesting page. Established from the page's content stream and link annotation.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001", "T1656"],
  mitigations: ["report_phishing", "block_indicators"],
  check(facts) {
    const hits = singleLinkPicturePages(facts)
      .map((p) => ({ ...p, why: credentialPageReason(p.url) }))
      .filter((h) => h.why !== null);
    if (!hits.length) return null;
    return { evidence: hits.map((h) => pictureLinkEvidence(h, h.why!)) };
  },
});
