import type { ActionFact } from "../facts/actions";
import type { UrlFacts } from "../iocs/classify-url";
import { classifyUrl } from "../iocs/classify-url";
import { isInternalAddress } from "../iocs/normalize-ip";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { IMAGE_LURE_MAX_PAGES } from "./phishing-image-download-link";

/** Schemes that run code or carry a whole page inside the link instead of pointing at a server. */
const INLINE_SCHEME = /^(javascript|vbscript|data):/i;
/** a window, not a budget: a scheme and what decides whether its script is inert lie at the head */
const SCHEME_HEAD_CHARS = 128;
/**
 * The head of a link target as a browser reads it (WHATWG URL parsing: C0 controls and spaces around
 * the URL are dropped, and every tab and newline inside it is removed), so `java<TAB>script:` and
 * `JaVa\nScRiPt:` are the javascript: URIs they become. Pentest generators write them that way to
 * pass scanners that match the plain scheme (malicious-pdf's --obfuscate 2).
 */
const browserHead = (target: string) =>
  target
    .replace(/^[\0-\x20]+/, "")
    .slice(0, SCHEME_HEAD_CHARS)
    .replace(/[\t\n\r]/g, "");
/**
 * Actions whose target is a file specification: only a script or data URI counts there (PDF101: a
 * viewer embedded in a web page hands a GoToE's javascript: file name to the browser, script injection).
 */
const FILE_TARGET_ACTIONS = new Set(["GoToR", "GoToE", "Thread", "ImportData"]);
/**
 * `javascript:void(0)`, `javascript:;`, `javascript:`: the inert stand-ins of a web page's menu links,
 * kept when the page is printed to PDF. They run nothing. Compared without white space (no regex: a
 * target can be megabytes long).
 */
const INERT_SCRIPT_BODIES = new Set(["", ";", "void(0)", "void(0);", "void0", "void0;"]);
const isInertScriptUri = (target: string, head: string) =>
  target.trim().length < 64 &&
  /^javascript:/i.test(head) &&
  INERT_SCRIPT_BODIES.has(head.slice(11).replace(/\s+/g, "").toLowerCase());

/**
 * Flags that say less than the others: a shortener hides where a link goes, and a link downloads a
 * program; both are ordinary in a long document that cites many sources (a book chapter's bit.ly
 * references, a manual's installer links). They count in a lure-sized document, or where such links
 * are at least half of the document's web targets (the link is the document's point).
 */
const CONTEXT_FLAGS = new Set(["URL shortener", "executable download"]);

/**
 * Reasons a link target is suspicious by its form alone, without any reputation lookup. Read from the
 * URL's classification: the host decides IP-literal, IDN look-alike and shortener; the final path
 * segment decides an executable download (a `.js` file on a code-hosting page is source, not a dropper).
 * An address inside the reader's own network (localhost, 192.168.x.x: a developer guide's local server,
 * a router's admin page) is no one's phishing page.
 */
export function linkRedFlags(target: string, url: UrlFacts | null = classifyUrl(target)): string[] {
  const head = browserHead(target);
  const inline = INLINE_SCHEME.exec(head);
  if (inline) return isInertScriptUri(target, head) ? [] : [`${inline[1].toLowerCase()}: URI`];
  if (!url) return [];
  const flags: string[] = [];
  if (url.hostKind !== "domain" && !isInternalAddress(url.host, url.hostKind)) flags.push("IP-literal host");
  if (url.idnLookAlike) flags.push("punycode look-alike host");
  if (url.shortener) flags.push("URL shortener");
  if (url.credentials) flags.push("credentials in URL (host disguise)");
  if (url.executableDownload) flags.push(`executable download (.${url.extension})`);
  return flags;
}

/** "executable download (.exe)" -> "executable download" */
const withoutDetail = (flag: string) => {
  const at = flag.indexOf(" (.");
  return at >= 0 && flag.endsWith(")") ? flag.slice(0, at) : flag;
};
const isContextFlag = (flag: string) => CONTEXT_FLAGS.has(withoutDetail(flag));

/** A flag of CONTEXT_FLAGS is kept only in a lure-sized document or when its links are half of all. */
function inContext(hits: { a: ActionFact; flags: string[] }[], actions: ActionFact[], pageCount: number) {
  if (pageCount <= IMAGE_LURE_MAX_PAGES) return hits;
  const targets = new Set(actions.filter((a) => a.type === "URI" && a.target).map((a) => a.target!.trim()));
  const contextOnly = new Set(hits.filter((h) => h.flags.some(isContextFlag)).map((h) => h.a.target!.trim()));
  if (contextOnly.size * 2 >= targets.size) return hits;
  return hits.map((h) => ({ ...h, flags: h.flags.filter((f) => !isContextFlag(f)) })).filter((h) => h.flags.length);
}

export const suspiciousLink = defineRule({
  id: "suspicious-link",
  title: "Link with a suspicious target",
  description:
    "A URI action or link points where legitimate documents rarely do: an IP-literal host outside the reader's own network, a URL shortener, a punycode host that imitates a Latin name (mixed scripts), a javascript:/data: URI that does something (also as the file of a GoToR, GoToE, Thread or ImportData action), a host disguised behind another host name, or a direct download of a program, script, disk image or shortcut (a script shown on a code-hosting page is not one). A shortener or a program download among the many references of a long document (a book chapter's short links, a manual's installer links) is not counted.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001"],
  mitigations: ["block_indicators", "report_phishing"],
  check({ actions, urls, pageCount }) {
    const flagged = actions
      .filter(
        (a) =>
          a.target &&
          (a.type === "URI" ||
            a.type === "SubmitForm" ||
            a.type === "Launch" ||
            (FILE_TARGET_ACTIONS.has(a.type) && INLINE_SCHEME.test(browserHead(a.target)))),
      )
      .map((a) => ({ a, flags: linkRedFlags(a.target!, urls.get(a.target!) ?? null) }))
      .filter((h) => h.flags.length);
    const hits = inContext(flagged, actions, pageCount);
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ a, flags }) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${flags.join(", ")}: ${excerpt(a.target!)}` }),
      ),
      detail: `${[...new Set(hits.flatMap((h) => h.flags))].join(", ")}.`,
    };
  },
});
