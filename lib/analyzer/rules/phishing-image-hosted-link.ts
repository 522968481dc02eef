import { describeHostedLink, hostedLinkOf } from "../iocs/hosted-link";
import { defineRule } from "./rule";
import { payloadOnFreeHost, pictureLinkEvidence, singleLinkPicturePages } from "./phishing-image-download-link";
import { credentialPageReason } from "./phishing-image-login-link";

export const phishingImageHostedLink = defineRule({
  id: "phishing-image-hosted-link",
  title: "Picture page whose one link goes to cloud storage, a free site, a redirector or a shortener",
  description:
    "A page of a short document is a single picture (an image painted over most of the page, almost no text of its own) and its only link goes to a file share or cloud storage (Google Drive and Docs, OneDrive, SharePoint, Dropbox, Box, WeTransfer, MEGA, S3, Azure blobs, IPFS), a free site or form builder (web.app, pages.dev, github.io, Google Sites and Forms, Microsoft Forms, Canva, Notion...), an open redirector of a well-known service (google.com/url, Bing click tracking, Outlook safe links, Proofpoint, LinkedIn, Facebook) or a URL shortener. Lures are built this way so that no text filter reads the picture and the link's host has a good reputation: the attacker's file, form or page sits behind it. A link to these services in an ordinary document is not this: the page must be nothing but the picture and its one link. Established from the page's content stream and link annotation; a download or a sign-in page there is reported by phishing-image-download-link or phishing-image-login-link instead.",
  category: "phishing",
  severity: "high",
  weight: 40,
  attack: ["T1566.002", "T1204.001", "T1583.006"],
  mitigations: ["report_phishing", "block_indicators"],
  check(facts) {
    const hits = singleLinkPicturePages(facts)
      .filter((p) => !payloadOnFreeHost(p.url) && !credentialPageReason(p.url))
      .map((p) => ({ ...p, hosted: hostedLinkOf(p.url) }))
      .filter((h) => h.hosted !== null);
    if (!hits.length) return null;
    return { evidence: hits.map((h) => pictureLinkEvidence(h, describeHostedLink(h.hosted!))) };
  },
});
