import { latin1 } from "../../pdf/objects";
import { hasOfficeMacros, isMacroOfficeName } from "../content/file-magic";
import { isActivePage } from "../facts/html-injection";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

/**
 * Names a browser opens as a page whatever the first bytes are (a page may start with a comment, a
 * <meta> or a <div>; an SVG image runs its <script> elements): SVG smuggling and HTML attachments.
 */
const WEB_PAGE_NAME = /\.(?:html?|xhtml?|shtml|svgz?|mht(?:ml)?)\s*$/i;

/** a window, not a budget: a page longer than this counts as active (padding must not hide a script) */
const ACTIVE_PAGE_SCAN_BYTES = 4 * 1024 * 1024;

/** An HTML or SVG attachment that runs, submits or redirects when opened (isActivePage); an .hta always does. */
function isActiveHtml(data: Uint8Array, name: string): boolean {
  if (/\.hta\s*$/i.test(name) || data.length > ACTIVE_PAGE_SCAN_BYTES) return true;
  return isActivePage(latin1(data, 0, data.length));
}

export const embeddedActiveContent = defineRule({
  id: "embedded-active-content",
  title: "Embedded script, macro document or HTML",
  description:
    "An attachment can run code when opened: an Office document with VBA macros (or a macro-enabled/legacy Office name), a shell script, RTF, an HTA, or an HTML page or SVG image (by its content, or its name) that acts when a browser opens it (a script, a plug-in or frame, an event handler, a javascript: URL, a form or password box, a refresh to another page: the HTML-attachment phishing and smuggling pages). A page of text, pictures and links is a document, reported as an attachment only.",
  category: "embedded-file",
  severity: "high",
  weight: 55,
  attack: ["T1204.002", "T1059"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  check({ embedded }) {
    const hits = embedded.filter(
      (f) =>
        f.kind === "script" ||
        ((f.kind === "html" || WEB_PAGE_NAME.test(f.name)) && isActiveHtml(f.data, f.name)) ||
        f.kind === "rtf" ||
        hasOfficeMacros(f.data, f.kind) ||
        isMacroOfficeName(f.name),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({ objectRef: f.objectRef, path: f.path, excerpt: `${f.name}: ${f.kind}, sha256 ${f.sha256}` }),
      ),
    };
  },
});
