import { isAbsoluteLocalPath, isFileShare, isRemote } from "../content/classify-location";
import type { ActionFact } from "../facts/actions";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Actions that reach outside the document by their nature: run a program or file, open a URL, send the form. */
const OUTWARD = new Set(["Launch", "URI", "SubmitForm"]);
/**
 * Actions that reach outside only when their file is remote: a GoToR to a relative local file on page
 * open is a cross-document link (pypdf's encrypted_doc_no_id.pdf), a sound played from the file itself
 * stays inside it.
 */
const OUTWARD_WHEN_REMOTE = new Set(["GoToR", "GoToE", "ImportData", "Thread", "Rendition", "Movie", "Sound"]);

/**
 * Actions that open or import another document: one named by an absolute local path (`C:\x`, `\x`,
 * `/C/x`) counts too. A relative path is the document set's own cross-document link; an absolute one
 * is a file on the reader's machine that the document did not bring (a dropped payload, a probe of the
 * file system), opened as the page opens. CVE-2018-4993's generators write the UNC path with one
 * backslash too few (`(\\host\test)` reads `\host<tab>est`), which lands here.
 */
const OPENS_DOCUMENT = new Set(["GoToR", "GoToE", "ImportData"]);

/**
 * The action reaches another machine or program when it runs (what automatic-action counts). A GoToE
 * into a document embedded in this one counts too: the sender chose and shipped that document, and it
 * runs its own actions (two droppers of corpus-large open their embedded PDF on page open this way).
 */
export function isOutward(a: ActionFact): boolean {
  if (OUTWARD.has(a.type)) return true;
  if (a.type === "GoToE" && !a.target && a.embeddedTarget?.startsWith("child")) return true;
  if (OPENS_DOCUMENT.has(a.type) && a.targetKind === "local" && a.target && isAbsoluteLocalPath(a.target)) return true;
  return OUTWARD_WHEN_REMOTE.has(a.type) && reachesRemoteFile(a);
}

/** The action opens, launches, imports, submits to or plays a file on another machine (a web or file-share target). */
export function reachesRemoteFile(a: ActionFact): boolean {
  return (OUTWARD.has(a.type) || OUTWARD_WHEN_REMOTE.has(a.type)) && !!a.targetKind && isRemote(a.targetKind);
}

/**
 * Content the viewer fetches to draw a page (remote-locations.ts: an external stream's /F, a reference
 * XObject's /Ref) from a web address: a callback without any action (PDF101's silent callback). File
 * shares in the same places are remote-file-target's.
 */
const DRAWN_FROM = /^(external stream|reference XObject)/;

export const automaticAction = defineRule({
  id: "automatic-action",
  title: "Outward action runs without the reader's consent",
  description:
    "An action that opens a URL, submits the form, launches a file, opens a document embedded in this one (GoToE), or opens, imports or plays a remote file (GoToR, GoToE, ImportData, Thread, media with a URL or file-share target; a relative local file is a cross-document link and does not count) is bound to a trigger that fires without the reader activating anything (ISO 32000-2 §12.6.3): /OpenAction, a page's open or close /AA, an annotation's page-open, page-visible or pointer-enter /AA, focus, or the document closing, saving or printing. Page content that the viewer loads from a web address to draw the page (an external stream's /F, a reference XObject's /Ref) counts too: a callback with no action at all. The reader's viewer contacts the other machine before the reader has made any choice: a callback that tells the sender the document was opened, from where, and may leak credentials.",
  category: "action",
  severity: "medium",
  weight: 30,
  attack: ["T1204.002", "T1071.001"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check({ actions, remoteLocations }) {
    const hits = actions.filter((a) => a.consent === "none" && isOutward(a));
    const drawn = remoteLocations.filter(
      (l) => l.consent === "none" && DRAWN_FROM.test(l.carrier) && isRemote(l.kind) && !isFileShare(l.kind),
    );
    if (!hits.length && !drawn.length) return null;
    return {
      evidence: [
        ...hits.map((a) =>
          evidence({
            objectRef: a.objectRef,
            path: a.path,
            excerpt: excerpt(`[${a.trigger}] /${a.type} ${a.target ?? a.embeddedTarget ?? ""}`),
          }),
        ),
        ...drawn.map((l) =>
          evidence({
            objectRef: l.objectRef,
            path: l.path,
            excerpt: excerpt(`[${l.trigger}] ${l.carrier} ${l.target}`),
          }),
        ),
      ],
      detail: [
        hits.length ? `Actions: ${[...new Set(hits.map((a) => `/${a.type} on ${a.trigger}`))].join(", ")}.` : "",
        drawn.length
          ? `Content loaded from the web to draw a page: ${[...new Set(drawn.map((l) => l.carrier))].join(", ")}.`
          : "",
      ]
        .filter(Boolean)
        .join(" "),
    };
  },
});
