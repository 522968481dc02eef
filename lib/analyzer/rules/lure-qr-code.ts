import type { Budget } from "../../limits";
import type { RuleFacts } from "./rule";
import {
  asUrl,
  isWebTarget,
  lurePageCount,
  lurePages,
  pageWording,
  QR_LURE_MAX_PAGES,
  wordCount,
} from "../pages/lure-signals";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { phishingUrlFlags } from "./phishing-url-pattern";
import { linkRedFlags } from "./suspicious-link";
import { classifyUrl } from "../iocs/classify-url";

/** a page with fewer words than this is built around its code (a memo page has 150-400) */
const QR_PAGE_MAX_WORDS = 150;

/** QR codes on the rendered pages of a short document whose text is a web address. */
function qrUrls(facts: RuleFacts, budget: Budget) {
  const { render, pageCount } = facts;
  if (!render?.qrCodes.length || lurePageCount(pageCount, render) > QR_LURE_MAX_PAGES) return [];
  return lurePages(render, QR_LURE_MAX_PAGES).flatMap((p) =>
    p.qrCodes
      .filter((q) => isWebTarget(q) || /^(javascript|data):/i.test(q.trim()))
      .map((q) => ({ page: p.index, url: q, words: wordCount(p.text), wording: pageWording(p, budget) })),
  );
}

/**
 * Red flags of a decoded address, by the same tests the fast stage applies to link targets; an open
 * redirector of a well-known service counts too (a QR code has no reason to start at google.com/url or
 * Bing's click tracking but to hide where it ends), and so do the flags of the destination it carries.
 */
export function qrUrlFlags(url: string): string[] {
  const u = asUrl(url);
  const facts = classifyUrl(u);
  const redirect =
    facts?.hosting === "redirector"
      ? [`open redirector ${facts.host}`, ...(facts.redirectTo ? qrDirectFlags(facts.redirectTo) : [])]
      : [];
  return [...new Set([...qrDirectFlags(u), ...redirect])];
}

function qrDirectFlags(u: string): string[] {
  return [...linkRedFlags(u), ...phishingUrlFlags(u)];
}

export const lureQrCode = defineRule({
  id: "lure-qr-code",
  title: "QR code leading to a web page on a short document",
  description:
    "A short document shows a QR code that opens a web address, on a page with little else or with lure wording. 'Quishing' lures move the phishing link into a QR code: mail and web filters do not read images, and the victim opens the page on a phone, outside corporate protection. Invoices and tickets carry QR codes too, so this is context unless other findings agree.",
  category: "phishing",
  severity: "medium",
  weight: 25,
  attack: ["T1566.001", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  stage: "advanced",
  check(facts, budget) {
    const hits = qrUrls(facts, budget).filter((h) => h.words < QR_PAGE_MAX_WORDS || h.wording.isLure);
    if (!hits.length) return null;
    const withWording = hits.some((h) => h.wording.isLure);
    return {
      evidence: hits.map((h) =>
        evidence({
          path: `/Root/Pages[${h.page}]`,
          excerpt: `QR code on page ${h.page + 1} (${h.words} words${h.wording.phrases.length ? `; ${h.wording.phrases.join(", ")}` : ""}): ${excerpt(h.url)}`,
        }),
      ),
      confidence: withWording ? "high" : "medium",
    };
  },
});

export const lureQrCodeSuspiciousUrl = defineRule({
  id: "lure-qr-code-suspicious-url",
  title: "QR code on a short document leads to a suspicious address",
  description:
    "A QR code on a short document decodes to an address with the marks of a phishing or malware link: a URL shortener, an open redirector of a well-known service (google.com/url, Bing click tracking, Outlook safe links; the destination it carries is checked too), an IP-literal or punycode host, a javascript:/data: URI, a disguised host, an executable download, or the lexical marks of credential-phishing URLs. The link checks of the fast stage cannot see inside images; this is the same test on the decoded code.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.001", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  stage: "advanced",
  check(facts, budget) {
    const hits = qrUrls(facts, budget)
      .map((h) => ({ ...h, flags: qrUrlFlags(h.url) }))
      .filter((h) => h.flags.length);
    if (!hits.length) return null;
    return {
      evidence: hits.map((h) =>
        evidence({ path: `/Root/Pages[${h.page}]`, excerpt: `${h.flags.join(", ")}: ${excerpt(h.url)}` }),
      ),
      detail: `${[...new Set(hits.flatMap((h) => h.flags))].join(", ")}.`,
      confidence: "high",
    };
  },
});
