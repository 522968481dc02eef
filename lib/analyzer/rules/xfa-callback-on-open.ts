// XFA callbacks that run without a click (facts/xfa-callbacks.ts: onOpen): submits and FormCalc URL
// calls bound to initialize/docReady/formReady/calculate events, data connections executed from them,
// external entities and DTDs (fetched when the form is parsed), images loaded from a remote href.
import { defineRule } from "./rule";
import { xfaCallbackEvidence } from "./xfa-external-callback";

export const xfaCallbackOnOpen = defineRule({
  id: "xfa-callback-on-open",
  title: "XFA form calls out when it opens",
  description:
    "Without any click, the XFA form submits data or contacts a server: a <submit> or a FormCalc Get/Post/Put bound to an event that fires on its own (initialize, docReady, formReady, layoutReady, calculate, validate, docClose, pre/postPrint, pre/postSave, mouseEnter/Exit, enter/exit), a data connection executed from such an event, an external entity or DTD (XXE: read when the form is parsed), an XSLT stylesheet named by an <?xml-stylesheet?> instruction (fetched as the form is parsed, CVE-2019-7089), or an image loaded from a remote href. The reader's viewer tells the sender the document was opened, and may send form data or local file contents.",
  category: "form",
  severity: "high",
  weight: 45,
  attack: ["T1071.001", "T1041", "T1005"],
  mitigations: ["sanitize_with_cdr", "block_indicators", "open_in_protected_view"],
  confidence: "high",
  check({ xfaCallbacks, xfa }) {
    const hits = xfaCallbacks.filter((c) => c.onOpen);
    if (!hits.length) return null;
    return {
      evidence: hits.map((c) => xfaCallbackEvidence(c, xfa?.objectRef)),
      detail: `Callbacks: ${[...new Set(hits.map((c) => `${c.element}${c.event ? ` on ${c.event}` : ""}`))].join(", ")}.`,
    };
  },
});
