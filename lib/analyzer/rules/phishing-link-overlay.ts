import { isRemote } from "../content/classify-location";
import type { ActionFact } from "../facts/actions";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** a link this large is the page itself: a blurred "document preview" image with a click target */
const OVERLAY_AREA_RATIO = 0.25;
const MAX_LURE_PAGES = 5;
/**
 * Actions other than URI that reach another machine when their file is remote: a page-sized link that
 * opens a remote PDF (GoToR, GoToE), launches or imports a file from a web address or a share, submits
 * the form or follows a remote thread turns any click on the page into the callback (PDF101's
 * url-invocation tests, as jonaslejon/malicious-pdf writes them: a link over the whole page).
 */
const REMOTE_FILE_ACTIONS = new Set(["GoToR", "GoToE", "Launch", "ImportData", "SubmitForm", "Thread"]);

const reachesOut = (a: ActionFact): boolean =>
  a.type === "URI" ? /^(https?|ftp):/i.test(a.target ?? "") : REMOTE_FILE_ACTIONS.has(a.type) && !!a.targetKind && isRemote(a.targetKind);

export const phishingLinkOverlay = defineRule({
  id: "phishing-link-overlay",
  title: "Page-sized link to an outside site",
  description: "A short document has a link covering a large part of a page that goes to an outside site, or opens, launches, imports or submits to a remote file (GoToR, GoToE, Launch, ImportData, SubmitForm, Thread with a web or file-share target). Phishing lures show a fake 'protected document' or invoice image and make the whole picture one click target leading to a credential or malware page; callback documents make any click on the page reach the sender.",
  category: "phishing",
  severity: "medium",
  weight: 30,
  attack: ["T1566.001", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ actions, pageCount }) {
    if (pageCount > MAX_LURE_PAGES) return null;
    const hits = actions.filter((a) => (a.annotationAreaRatio ?? 0) >= OVERLAY_AREA_RATIO && reachesOut(a));
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${Math.round((a.annotationAreaRatio ?? 0) * 100)}% of page ${(a.page ?? 0) + 1}: ${excerpt(a.target ?? "")}` })),
    };
  },
});
