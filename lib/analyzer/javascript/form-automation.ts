// Is a script form automation? The benign explanation of a script that runs without a click
// (rule script-is-form-automation, technique script-on-open): the scripts honest documents run on open
// fill and format fields (getField, AF* helpers, event.value, util.printd), check the viewer's version
// (Adobe LiveCycle Designer's and Acrobat's generated boilerplate: app.viewerVersion, ADBE.*,
// xfa_version), print, beep or alert. Malicious ones decode, generate or hide code, call APIs with
// public exploits, spray the heap, or reach the network, the file system or other documents.
// Text level (ScriptSignals and a list of APIs), so the fast stage can tell.
import type { ScriptSignals } from "./script-signals";

/**
 * Acrobat APIs that reach outside the document or change what runs later: network, mail, files,
 * other documents, attachments, timers that run code text, new scripts or actions (Acrobat JavaScript
 * API Reference), and Windows Script Host's objects (ActiveXObject, WScript.Shell), which no PDF reader
 * has: a script written for wscript.exe, carried in a PDF. A form script has no use for them on open.
 */
const OUTWARD_API =
  /\b(ActiveXObject|WScript|CreateObject|GetObject|ShellExecute|exportDataObject|importDataObject|openDoc|openDataObject|submitForm|launchURL|getURL|gotoURL|mailDoc|mailForm|mailMsg|mailGetAddrs|readFileIntoStream|importTextData|importAnFDF|importXFAData|saveAs|setTimeOut|setInterval|addScript|setAction|setPageAction|addToolButton|execMenuItem|beginPriv|trustedFunction|createDataObject|getDataObjectContents|newDoc|SOAP|Collab)\b|\bNet\s*\.\s*(HTTP|SOAP|Discovery|streamDecode)\b|\bRSS\s*\./;
/** The link calls reachesOutside may explain; any other callback (callback-apis.ts) is never a form's. */
const LINK_APIS = new Set(["app.launchURL", "getURL", "xfa.host.gotoURL"]);
/** URLs of the reader vendor's update pages: the generated version check opens one when the reader is too old. */
const VENDOR_UPDATE_URL = /^https?:\/\/(?:[a-z0-9-]{1,63}\.){0,4}(?:adobe|acrobat)\.com(?:[/?#]|$)/i;
/** a link call and the text of its first argument; also a computed one (`this["getURL"](url)`, callback-apis.ts) */
const LINK_CALL = /\b(?:launchURL|getURL|gotoURL)(?:["']\s*\])?\s*\(\s*([^,)]{0,300})/g;
/** `name = "http://..."`: where a script keeps an address for a later call. Found from each quoted
 * "http" (indexOf) with patterns anchored to it: one unanchored pattern tried a 100-character name at
 * every position of every script (a fifth of the fast stage's time on the corpus). */
const ASSIGNED_NAME = /([A-Za-z_$][\w$.]{0,100})\s{0,20}=\s{0,20}$/;
const URL_LITERAL = /^(https?:\/\/[^"'\s]{1,300})["']/;
/** a format limit: room before the quote for the name, the '=' and the spaces around it (the 100-character name and 2 x 20 spaces of ASSIGNED_NAME) */
const NAME_WINDOW = 142;
/**
 * A threshold, not a cut: a script longer than this is never explained as form automation, so that an
 * outward call padded past what is read cannot pass for a form's (the explanation lowers a score). The
 * addresses of urlAssignments are read from this much of each script: one missed only explains less.
 */
const SCAN_CHARS = 1_048_576;

/** Addresses assigned to names in a script (`ADBE.Reader_Value_New_Version_URL = "http://..."`), for isFormAutomation. */
export function urlAssignments(source: string, into = new Map<string, string[]>()): Map<string, string[]> {
  const text = source.length > SCAN_CHARS ? source.slice(0, SCAN_CHARS) : source;
  for (let i = text.indexOf("http"); i !== -1; i = text.indexOf("http", i + 4)) {
    if (text[i - 1] !== '"' && text[i - 1] !== "'") continue;
    const url = URL_LITERAL.exec(text.slice(i, i + 310))?.[1];
    if (!url) continue;
    const name = ASSIGNED_NAME.exec(text.slice(Math.max(0, i - 1 - NAME_WINDOW), i - 1))?.[1];
    if (name) into.set(name, [...(into.get(name) ?? []), url]);
  }
  return into;
}

/**
 * `addresses`: the URLs the document's scripts assign to names (urlAssignments over all of them).
 * Designer's version check opens ADBE.Viewer_Value_New_Version_URL, which another of its scripts sets:
 * a link call is explained when its address, written out or assigned to the name it uses, is the vendor's.
 */
export function isFormAutomation(
  source: string,
  s: ScriptSignals,
  addresses: ReadonlyMap<string, readonly string[]> = new Map(),
): boolean {
  // evalLike is case-blind ("function (" counts): eval and Function calls are judged by the techniques below
  if (source.length > SCAN_CHARS) return false;
  if (s.unescape || s.decoderLoop || s.assembledNames || s.heapSpray || s.nopSled) return false;
  if (
    s.percentU > 0 ||
    s.exploitApis.length > 0 ||
    s.launchesAttachment ||
    s.obfuscatedIdentifiers > 0 ||
    s.memoryPrimitives.length > 0 ||
    s.reentrancy.length > 0
  )
    return false;
  // a form's script has no web page to write into
  if (s.browserDom.length > 0) return false;
  if (s.longestHexRun >= 64 || s.escapes >= 16) return false;
  // techniques that run, decode or hide code; reading document data ("source") alone is what form
  // scripts do, and so is a long literal of plain text (a help message, a list of countries): with no
  // hex and no escapes (checked above), "long-encoded-literal" is only its length
  if (s.techniques.some((t) => t.role !== "source" && t.id !== "long-encoded-literal")) return false;
  // the callback and file-write APIs found for the rules (callback-apis.ts, file-writes.ts), so a name
  // added there counts here too: only the link calls below may be explained
  if (s.fileWrites.length > 0 || s.callbacks.some((c) => !LINK_APIS.has(c.api))) return false;
  return !reachesOutside(source, addresses);
}

/** An outward API call, other than a link to the vendor's update page (the version check's). */
function reachesOutside(text: string, addresses: ReadonlyMap<string, readonly string[]>): boolean {
  if (!OUTWARD_API.test(text)) return false;
  // only link calls may be explained, each by where its address comes from
  if (OUTWARD_API.test(text.replace(/\b(launchURL|getURL|gotoURL)\b/g, ""))) return true;
  // a link API named but never called as such (`var go = this.getURL; go(url)`) has no address to explain it
  let calls = 0;
  for (const m of text.matchAll(LINK_CALL)) {
    calls++;
    const arg = m[1].trim();
    const literal = /^["']([^"']*)["']/.exec(arg)?.[1];
    const name = /^[A-Za-z_$][\w$.]{0,100}/.exec(arg)?.[0];
    const targets = literal !== undefined ? [literal] : name ? (addresses.get(name) ?? []) : [];
    if (targets.length === 0 || !targets.every((u) => VENDOR_UPDATE_URL.test(u))) return true;
  }
  return calls === 0;
}
