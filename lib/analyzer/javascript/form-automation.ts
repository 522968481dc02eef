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
 * API Reference). A form script has no use for them on open.
 */
const OUTWARD_API =
  /\b(exportDataObject|importDataObject|openDoc|openDataObject|submitForm|launchURL|getURL|gotoURL|mailDoc|mailForm|mailMsg|mailGetAddrs|readFileIntoStream|importTextData|importAnFDF|importXFAData|saveAs|setTimeOut|setInterval|addScript|setAction|setPageAction|addToolButton|execMenuItem|beginPriv|trustedFunction|createDataObject|getDataObjectContents|newDoc|SOAP|Collab)\b|\bNet\s*\.\s*(HTTP|SOAP|Discovery|streamDecode)\b|\bRSS\s*\./;
/** URLs of the reader vendor's update pages: the generated version check opens one when the reader is too old. */
const VENDOR_UPDATE_URL = /^https?:\/\/(www\.)?(adobe|acrobat)\.com\//i;
const URL_LITERAL = /["'](https?:\/\/[^"'\s]{1,300})["']/g;
const OUTWARD_CALL = /\b(launchURL|getURL|gotoURL)\b/g;

export function isFormAutomation(source: string, s: ScriptSignals): boolean {
  if (s.evalLike || s.unescape || s.decoderLoop || s.assembledNames || s.heapSpray || s.nopSled) return false;
  if (s.percentU > 0 || s.exploitApis.length > 0 || s.launchesAttachment || s.obfuscatedIdentifiers > 0) return false;
  // techniques that run, decode or hide code; reading document data ("source") alone is what form scripts do
  if (s.techniques.some((t) => t.role !== "source")) return false;
  if (s.longestHexRun >= 64 || s.escapes >= 16 || s.longestString >= 2048) return false;
  return !reachesOutside(source);
}

/** An outward API call, other than the vendor version check's link to the reader's update page. */
function reachesOutside(source: string): boolean {
  const text = source.length > 1_048_576 ? source.slice(0, 1_048_576) : source;
  const outward = OUTWARD_API.exec(text);
  if (!outward) return false;
  // only launchURL/getURL calls may be explained, and only when every URL the script names is the vendor's
  const withoutLinks = text.replace(OUTWARD_CALL, "");
  if (OUTWARD_API.test(withoutLinks)) return true;
  const urls = [...text.matchAll(URL_LITERAL)].map((m) => m[1]);
  return urls.length === 0 || !urls.every((u) => VENDOR_UPDATE_URL.test(u));
}
