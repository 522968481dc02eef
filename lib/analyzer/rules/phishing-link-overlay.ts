import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** a link this large is the page itself: a blurred "document preview" image with a click target */
const OVERLAY_AREA_RATIO = 0.25;
const MAX_LURE_PAGES = 5;

export const phishingLinkOverlay = defineRule({
  id: "phishing-link-overlay",
  title: "Page-sized link to an outside site",
  description: "A short document has a web link covering a large part of a page. Phishing lures show a fake 'protected document' or invoice image and make the whole picture one click target leading to a credential or malware page.",
  category: "phishing",
  severity: "medium",
  weight: 30,
  attack: ["T1566.001", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ actions, pageCount }) {
    if (pageCount > MAX_LURE_PAGES) return null;
    const hits = actions.filter((a) => a.type === "URI" && (a.annotationAreaRatio ?? 0) >= OVERLAY_AREA_RATIO && /^(https?|ftp):/i.test(a.target ?? ""));
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${Math.round((a.annotationAreaRatio ?? 0) * 100)}% of page ${(a.page ?? 0) + 1}: ${excerpt(a.target ?? "")}` })),
    };
  },
});
