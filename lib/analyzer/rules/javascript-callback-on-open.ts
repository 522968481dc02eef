// A script that runs without the reader's consent (document open, a names-tree script, page open or
// close, pointer over an annotation, closing, saving or printing: trigger-consent.ts) and calls a
// network, mail or file API: the document calls out, or reads a file, before the reader chose anything.
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptCallbackOnOpen = defineRule({
  id: "javascript-callback-on-open",
  title: "Script calls out or reads a file without the reader's consent",
  description:
    "A script bound to a trigger that fires without the reader activating anything (/OpenAction, the /Names JavaScript tree, a page or annotation open/close/visible /AA, the pointer entering an annotation, focus, the document closing, saving or printing, an XFA initialize/docReady/calculate event) calls an API that submits the form, opens a URL, talks to a web service, mails the document or reads a local file, from code that runs when the script runs. The viewer sends data or tells a server the document was opened, without a click. Calls inside functions a document-level script only defines for buttons to call, and calls made only after the reader answers a dialog (if (app.alert(...) == 4) ...), are left to javascript-network-api.",
  category: "javascript",
  severity: "high",
  weight: 45,
  attack: ["T1071.001", "T1041", "T1005"],
  mitigations: ["disable_reader_javascript", "block_indicators", "open_in_protected_view"],
  confidence: "high",
  check({ scripts }) {
    // a call inside a function the script only defines, or after the reader answered a dialog, is the reader's choice
    const hits = scripts
      .filter((s) => s.consent === "none")
      .flatMap((s) => s.signals.callbacks.filter((c) => c.onLoad && !c.afterDialog).map((c) => ({ s, c })));
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, c }) =>
        evidence({ objectRef: s.objectRef, path: s.path, excerpt: excerpt(`[${s.trigger}] ${c.role}: ${c.text}`) }),
      ),
      detail: `Calls: ${[...new Set(hits.map((h) => `${h.c.api} on ${h.s.trigger}`))].join(", ")}.`,
    };
  },
});
