// Where a document's links send the reader, as numbers for the verdict model: the lexical URL features
// of the phishing-URL literature (path depth, sensitive words, brand names outside their own site,
// server pages, queries, hosting kind; Ma et al. 2009, Sahingoz et al. 2019) and the layout of the
// linked pages. A one-page file with one link is as common in test suites and newsletters as in
// credential-phishing kits (CIC-Evasive-PDFMal2022's lures): without these, the model can only learn
// the page shape, and a link to a site's front page looks like a link into a kit's folder.
// Read from facts (the parsed URL of each target, lib/analyzer/iocs/classify-url.ts; page layouts).
import type { DocumentFacts } from "../facts/document-facts";
import { percentDecoded, PHISHED_BRANDS, type UrlFacts } from "../iocs/classify-url";
import { LURE_WORDS } from "../rules/phishing-url-pattern";

export interface LinkProfile {
  /** distinct web targets (http/https) of URI and SubmitForm actions */
  targets: number;
  sites: number;
  /** targets that are a site's front page: path "/" and no query */
  frontPages: number;
  /** most non-empty path segments of a target */
  maxPathDepth: number;
  /** targets whose path or query holds a sensitive (account-action) word */
  lureWordPaths: number;
  /** targets whose path or query names a much-phished brand that their own host does not */
  foreignBrandPaths: number;
  /** targets inside a CMS's folders (wp-content, wp-admin, wp-includes, administrator, cgi-bin) */
  cmsPaths: number;
  /** targets that end in a server page (php, asp, jsp, cgi, htm) */
  serverPages: number;
  /** targets with a query string */
  queries: number;
  /** targets on free hosting, file sharing or a URL shortener */
  hosted: number;
  /** most %xx escapes in one target's path (kits pad paths with escaped punctuation) */
  maxPathEscapes: number;
  /** largest area share of a link annotation on its page, 0..1 */
  maxLinkArea: number;
  /** fewest text characters shown on a linked page (-1: no linked page read) */
  minLinkedPageText: number;
  /** largest share of a linked page covered by one image, 0..1 */
  maxLinkedPageImage: number;
}

const WEB_ACTIONS: ReadonlySet<string> = new Set(["URI", "SubmitForm"]);
/** looser than the phishing-url-pattern rule's CMS_INTERNALS (no page needed after the folder): a model input, not a verdict */
const CMS_FOLDER = /\/(wp-[a-z]+|administrator|cgi-bin|includes)\//i;
const SERVER_PAGE = /\.(php\d?|aspx?|jsp|cgi|s?html?)$/i;
const PERCENT_ESCAPE = /%[0-9a-f]{2}/gi;
const MAX_PATH_DEPTH = 16;
/** sensitive words without separators: `sign-in`, `Sign_In`, `SignIn` and `signin` are one word */
const WORDS: ReadonlySet<string> = new Set(LURE_WORDS.map((w) => w.replace(/[^a-z]/g, "")));
const BRANDS: ReadonlySet<string> = new Set(PHISHED_BRANDS);

export function linkProfile(facts: Pick<DocumentFacts, "actions" | "urls" | "pageLayouts">): LinkProfile {
  const out: LinkProfile = {
    targets: 0,
    sites: 0,
    frontPages: 0,
    maxPathDepth: 0,
    lureWordPaths: 0,
    foreignBrandPaths: 0,
    cmsPaths: 0,
    serverPages: 0,
    queries: 0,
    hosted: 0,
    maxPathEscapes: 0,
    maxLinkArea: 0,
    minLinkedPageText: -1,
    maxLinkedPageImage: 0,
  };
  const seen = new Set<string>();
  const sites = new Set<string>();
  for (const a of facts.actions) {
    if (!WEB_ACTIONS.has(a.type) || !a.target) continue;
    if (a.type === "URI" && a.annotationAreaRatio !== undefined)
      out.maxLinkArea = Math.max(out.maxLinkArea, a.annotationAreaRatio);
    const url = facts.urls.get(a.target);
    if (!url || (url.scheme !== "http" && url.scheme !== "https") || seen.has(url.raw)) continue;
    seen.add(url.raw);
    addTarget(out, url);
    sites.add(url.site ?? url.host);
  }
  out.sites = sites.size;
  for (const layout of facts.pageLayouts) {
    if (layout.partial) continue;
    out.minLinkedPageText =
      out.minLinkedPageText < 0 ? layout.textChars : Math.min(out.minLinkedPageText, layout.textChars);
    out.maxLinkedPageImage = Math.max(out.maxLinkedPageImage, layout.largestImageRatio);
  }
  return out;
}

function addTarget(out: LinkProfile, url: UrlFacts): void {
  out.targets++;
  const segments = url.path.split("/").filter(Boolean);
  if (segments.length === 0 && !url.query) out.frontPages++;
  out.maxPathDepth = Math.max(out.maxPathDepth, Math.min(MAX_PATH_DEPTH, segments.length));
  const words = wordsOf(percentDecoded(url.path + url.query));
  if (words.some((w) => WORDS.has(w))) out.lureWordPaths++;
  if (words.some((w) => BRANDS.has(w) && !url.host.includes(w))) out.foreignBrandPaths++;
  if (CMS_FOLDER.test(url.path)) out.cmsPaths++;
  if (SERVER_PAGE.test(url.fileName)) out.serverPages++;
  if (url.query) out.queries++;
  if (url.shortener || url.hosting === "free-hosting" || url.hosting === "file-sharing") out.hosted++;
  out.maxPathEscapes = Math.max(out.maxPathEscapes, url.path.match(PERCENT_ESCAPE)?.length ?? 0);
}

/**
 * The words of a path or query, lowercase, split at separators and camelCase humps, each also joined
 * with the next (`Sign-In` gives sign, in, signin): whole words only, so `signing` is not `signin`.
 */
function wordsOf(text: string): string[] {
  const parts = text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const out = [...parts];
  for (let i = 0; i + 1 < parts.length; i++) out.push(parts[i] + parts[i + 1]);
  return out;
}
