import type { ActionFact } from "../facts/actions";
import { reachesRemoteFile } from "./automatic-action";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** a link this large is the page itself: a blurred "document preview" image with a click target */
const OVERLAY_AREA_RATIO = 0.25;
const MAX_LURE_PAGES = 5;
/**
 * A URI link to a web site, or any other action that reaches a file on another machine
 * (automatic-action's reachesRemoteFile: a remote PDF opened with GoToR or GoToE, a file launched,
 * imported or submitted to, a remote thread): over the page, any click reaches the sender (PDF101's
 * url-invocation tests, as jonaslejon/malicious-pdf writes them: a link over the whole page). A button
 * whose script opens a web page or submits to one (ActionFact.opens) is the same trap written as a form
 * field (PortSwigger's page-covering button for PDFium, malicious-pdf test23).
 */
const reachesOut = (a: ActionFact): boolean =>
  a.type === "URI"
    ? /^(https?|ftp):/i.test(a.target ?? "")
    : a.type === "JavaScript"
      ? a.opens !== undefined
      : reachesRemoteFile(a);

export const phishingLinkOverlay = defineRule({
  id: "phishing-link-overlay",
  title: "Page-sized link to an outside site",
  description:
    "A short document has a link covering a large part of a page that goes to an outside site, or opens, launches, imports or submits to a remote file (GoToR, GoToE, Launch, ImportData, SubmitForm, Thread with a web or file-share target), or a button as large whose script opens a web page or submits the form to one. Phishing lures show a fake 'protected document' or invoice image and make the whole picture one click target leading to a credential or malware page; callback documents make any click on the page reach the sender.",
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
      // a page-sized target that opens, imports, launches or submits to a file on another machine is a
      // callback trap whatever the page shows (PDF101's url-invocation tests): the technique's floor
      // holds for it; a page-sized web link is also what a one-page flyer may be
      confidence: hits.some((a) => a.type !== "URI" && a.type !== "JavaScript") ? "high" : "medium",
      evidence: hits.map((a) =>
        evidence({
          objectRef: a.objectRef,
          path: a.path,
          excerpt: `${Math.round((a.annotationAreaRatio ?? 0) * 100)}% of page ${(a.page ?? 0) + 1}: ${excerpt(a.target ?? a.opens ?? "")}`,
        }),
      ),
    };
  },
});
