import type { Budget } from "../../limits";
import { contentPages } from "../pages/content-pages";
import type { FileKind } from "../file-kinds";
import { classifyUrl } from "../iocs/classify-url";
import {
  asUrl,
  isOfficialTarget,
  LURE_MAX_PAGES,
  lurePageCount,
  lurePages,
  outwardTargets,
  pageWording,
  type PageView,
} from "../pages/lure-signals";
import type { PageAction } from "../pages/render-facts";
import { defineRule, renderedOrContent } from "./rule";
import { evidence, excerpt } from "./evidence";

const SOURCE_NAMES = {
  link: "link",
  "qr-code": "QR code",
  "uri-action": "URI action",
  "submit-form": "form submission",
  script: "button script opening",
} as const;

/** The lure pages of `view` (rendered, or read from the content streams) and the way out they offer. */
function lureIn(view: PageView, actions: readonly PageAction[], pageCount: number, budget: Budget) {
  if (lurePageCount(pageCount, view) > LURE_MAX_PAGES) return null;
  // text alone is not enough: security notices and manuals use the same words without a way out; a
  // government form's link to its agency or an XFA form's "get Adobe Reader" link is no way out
  const targets = outwardTargets(actions, view).filter((t) => !isOfficialTarget(t.url));
  if (!targets.length) return null;
  // a document whose one way out fetches a file (an archive, program, disk image or shortcut) hands the
  // reader the payload: with it, one phrase of lure wording ("download the invoice") makes the
  // malware-delivery lure (a software guide's download link sits among its other links)
  const oneWayOut = new Set(targets.map((t) => t.url.trim())).size === 1;
  const download = oneWayOut ? fileDownloadKind(targets[0].url) : null;
  const pages = lurePages(view, LURE_MAX_PAGES)
    .map((p) => ({ page: p, wording: pageWording(p, budget) }))
    .filter((p) => p.wording.isLure || (download !== null && p.wording.phrases.length > 0));
  if (!pages.length) return null;
  // the way out shown: one on a lure page if any, the largest (a generator's footer link is small)
  const lurePageSet = new Set(pages.map((p) => p.page.index));
  const target = [...targets].sort(
    (a, b) =>
      Number(lurePageSet.has(b.page ?? -1)) - Number(lurePageSet.has(a.page ?? -1)) ||
      (b.areaRatio ?? 0) - (a.areaRatio ?? 0),
  )[0];
  return { pages, target, targets, download };
}

/** The kind of file a web target downloads by its final path segment or a query value (`?file=x.zip`), or null. */
function fileDownloadKind(target: string): FileKind | null {
  const url = classifyUrl(asUrl(target));
  return url ? (url.fileKind ?? url.queryFileKind) : null;
}

export const lureFakeProtectedDocument = defineRule({
  id: "lure-fake-protected-document",
  title: "Fake 'protected document' page with a way out",
  description:
    "A short document's text (rendered, or read from its content streams) reads like a credential-phishing lure ('protected document', 'click to view', 'verify your identity', 'shared a file with you', 'enable editing', password-expiry or mailbox-quota notices, a voicemail or fax waiting, 'your invoice is ready to view' (a document that announces another document), a fake CAPTCHA's 'verify you are human'; several languages; one such phrase is enough when the document's one link downloads an archive, program, disk image or shortcut) and the document also sends the reader somewhere: a web link, a URI action, a QR code or a button whose script opens a web page (app.launchURL, getURL, xfa.host.gotoURL, submitForm). The PDF itself is harmless; its one purpose is to get the reader onto the attacker's page. Links to a government site or to Adobe's Reader download page (the 'your viewer cannot display this form' stand-in page of government XFA forms) are no way out.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.001", "T1204.001", "T1656"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ render, actions, pageCount, pageTexts }, budget) {
    const seen = renderedOrContent(render ? lureIn(render, actions, pageCount, budget) : null, () =>
      lureIn(contentPages(pageTexts, actions), actions, pageCount, budget),
    );
    if (!seen) return null;
    const { pages, target, targets, download } = seen.hit;
    return {
      evidence: [
        ...pages.slice(0, 5).map(({ page, wording }) =>
          evidence({
            path: `/Root/Pages[${page.index}]`,
            excerpt: `${wording.phrases.join(", ")}: "${excerpt(page.text, 120)}"`,
          }),
        ),
        evidence({
          path: target.page === undefined ? undefined : `/Root/Pages[${target.page}]`,
          excerpt: `${SOURCE_NAMES[target.source]} to ${excerpt(target.url)}${targets.length > 1 ? ` (+${targets.length - 1} more)` : ""}`,
        }),
      ],
      stage: seen.stage,
      detail: `Lure wording: ${[...new Set(pages.flatMap((p) => p.wording.phrases))].join(", ")}.${download ? ` A link downloads a file (${download}).` : ""}`,
    };
  },
});
