import { classifyUrl } from "../iocs/classify-url";
import {
  asUrl,
  IMAGE_PAGE_COVERAGE,
  IMAGE_PAGE_MAX_WORDS,
  isWebTarget,
  lurePages,
  wordCount,
} from "../pages/lure-signals";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { IMAGE_LURE_MAX_PAGES, isImagePage, payloadOnFreeHost } from "./phishing-image-download-link";

export const lureImageDownloadLink = defineRule({
  id: "lure-image-download-link",
  title: "Rendered picture page whose one link downloads a file from a free host",
  description:
    "Rendering shows a page of a short document that is one picture with almost no text, whose only link fetches an archive, program, script, disk image or shortcut from a file-sharing or free web-hosting service. The same malware-delivery lure as phishing-image-download-link, found where the page's structure hides the picture from a reading of its content stream (an image inside a form XObject, tiles, a pattern); a page that rule already reported is not counted twice.",
  category: "phishing",
  severity: "high",
  weight: 55,
  attack: ["T1566.002", "T1204.002", "T1608.001"],
  mitigations: ["block_indicators", "report_phishing"],
  stage: "advanced",
  confidence: "high",
  check({ render, pageCount, pageLayouts }) {
    if (!render || Math.max(pageCount, render.pageCount ?? 0) > IMAGE_LURE_MAX_PAGES) return null;
    const seenByStructure = new Set(pageLayouts.filter(isImagePage).map((l) => l.index));
    const hits: { page: number; url: string; why: string; coverage: number }[] = [];
    for (const p of lurePages(render, IMAGE_LURE_MAX_PAGES)) {
      if (
        (p.imageCoverage ?? 0) < IMAGE_PAGE_COVERAGE ||
        wordCount(p.text) >= IMAGE_PAGE_MAX_WORDS ||
        seenByStructure.has(p.index)
      )
        continue;
      const targets = [...new Set(p.links.map((l) => l.url.trim()).filter(isWebTarget))];
      if (targets.length !== 1) continue;
      const why = payloadOnFreeHost(classifyUrl(asUrl(targets[0])) ?? undefined);
      if (why) hits.push({ page: p.index, url: targets[0], why, coverage: p.imageCoverage ?? 0 });
    }
    if (!hits.length) return null;
    return {
      evidence: hits.map((h) =>
        evidence({
          path: `/Root/Pages[${h.page}]`,
          excerpt: `page ${h.page + 1}: pictures over ${Math.round(h.coverage * 100)}% of the rendered page; its link: ${h.why}: ${excerpt(h.url)}`,
        }),
      ),
    };
  },
});
