// Script injection aimed at PDF viewers built into web applications: markup in the document's strings
// (lib/analyzer/facts/html-injection.ts) or a script that uses the browser page's APIs
// (lib/analyzer/javascript/browser-dom.ts). Acrobat and desktop readers ignore both; a web viewer that
// puts the string into its page or runs /JS in it hands the document the application's origin: its
// cookies, its session, its user's other documents.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const webViewerScriptInjection = defineRule({
  id: "web-viewer-script-injection",
  title: "Script injection aimed at web-based PDF viewers (XSS)",
  description:
    "The document carries code for the web page a browser-based PDF viewer runs in, not for a PDF reader: a string (a link's URI, an annotation's author or comment, a form field's name or value, the document information) holds an HTML element with an event handler (`\"><details open ontoggle=...>`), a <script> or <iframe> element, or a javascript: URL in an attribute; or a script uses the page's APIs (`document.write`, `document.cookie`, `window.location`, `innerHTML`, web storage), which Acrobat's JavaScript does not have. A viewer built into a web application that shows such a string without escaping it, or runs the document's script in its page (PDFTron WebViewer, PSPDFKit, Foxit's web SDK, pdf.js's CVE-2024-4367), runs the attacker's code in the application's origin: stored cross-site scripting through an uploaded PDF. Honest documents need none of this: rich text is XHTML of paragraphs and spans.",
  category: "javascript",
  severity: "high",
  weight: 50,
  attack: ["T1059.007", "T1189", "T1539"],
  mitigations: ["sanitize_with_cdr", "disable_reader_javascript", "update_reader"],
  confidence: "high",
  check({ htmlInjections, scripts, javascript }) {
    const domScripts = scripts.filter((s) => s.signals.browserDom.length > 0);
    // the advanced stage's deobfuscated layers: code an eval or a timer ran that the text did not show
    const domLayers = (javascript ?? []).flatMap((s) => {
      const apis = [...new Set(s.layers.flatMap((l) => l.signals.browserDom))].filter(
        (api) => !s.signals.browserDom.includes(api),
      );
      return apis.length ? [{ ...s, apis }] : [];
    });
    if (!htmlInjections.length && !domScripts.length && !domLayers.length) return null;
    return {
      evidence: [
        ...htmlInjections.map((h) =>
          evidence({ objectRef: h.objectRef, excerpt: `markup for a web page: ${excerpt(h.excerpt)}` }),
        ),
        ...domScripts.map((s) =>
          evidence({
            objectRef: s.objectRef,
            path: s.path,
            excerpt: `script uses the browser page's ${s.signals.browserDom.join(", ")} (${s.automatic ? "runs on open" : `trigger: ${s.trigger}`})`,
          }),
        ),
        ...domLayers.map((s) =>
          evidence({
            objectRef: s.objectRef,
            path: s.path,
            excerpt: `code the script decodes and runs uses the browser page's ${s.apis.join(", ")}`,
          }),
        ),
      ],
      // only the deobfuscated layers showed it: the advanced stage's finding
      stage: !htmlInjections.length && !domScripts.length ? "advanced" : undefined,
    };
  },
});
