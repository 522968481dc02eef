// Scripts that call an API reaching outside the document (callback-apis.ts), found in the text. A
// submit or mail button is ordinary form behaviour: this rule is context; javascript-callback-on-open
// reports the calls a reader never chose to make.
import { byConsent, defineRule, withDetail } from "./rule";
import { evidence, excerpt } from "./evidence";

export const javascriptNetworkApi = defineRule({
  id: "javascript-network-api",
  title: "Script calls a network, mail or file API",
  description:
    "A script calls an Acrobat or XFA API that reaches outside the document: it opens a URL or posts data (submitForm, app.launchURL, getURL, xfa.host.gotoURL, SOAP, Net.HTTP, ADBC, app.media.getURLData, app.openDoc or app.openFDF of a URL or share, XMLData.parse of an external entity; for viewers in a browser fetch, XMLHttpRequest, WebSocket, navigator.sendBeacon), sends the document or form by e-mail (mailDoc, mailForm, app.mailMsg, app.mailGetAddrs), or reads a file into the document (importDataObject, util.readFileIntoStream, importTextData, importAnFDF, importAnXFDF, importXFAData, importIcon, importSound, xfa.host.importData; insertPages, replacePages and addWatermarkFromFile from a URL or share). Forms use these behind their buttons (only there, the finding is at info severity); a script that runs on its own is reported by javascript-callback-on-open.",
  category: "javascript",
  severity: "low",
  weight: 10,
  attack: ["T1071.001", "T1005"],
  mitigations: ["disable_reader_javascript", "block_indicators"],
  confidence: "medium",
  check({ scripts }) {
    const hits = scripts.flatMap((s) => s.signals.callbacks.map((c) => ({ s, c })));
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, c }) =>
        evidence({ objectRef: s.objectRef, path: s.path, excerpt: excerpt(`[${s.trigger}] ${c.role}: ${c.text}`) }),
      ),
      ...withDetail(
        `APIs: ${[...new Set(hits.map((h) => `${h.c.api} (${h.c.role})`))].join(", ")}.`,
        byConsent(hits.map((h) => h.s.consent)),
      ),
    };
  },
});
