// What the sandbox saw a script do outside the document: open a URL, submit or mail data, talk SOAP,
// or save and launch an attachment. A user-triggered submit/mail/link button is ordinary form
// behaviour, so only scripts that run on their own count, except launches, which count always.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const javascriptNetworkOrLaunch = defineRule({
  id: "javascript-network-or-launch",
  title: "JavaScript contacts the network or launches a file",
  description:
    "Run in the sandbox, a script that executes without user action opened a URL (app.launchURL, getURL, xfa.host.gotoURL), submitted or mailed data (submitForm, mailDoc, SOAP, Net.HTTP), or saved and launched an embedded file (exportDataObject with nLaunch).",
  category: "javascript",
  severity: "high",
  weight: 50,
  attack: ["T1204.002", "T1071.001", "T1105"],
  mitigations: ["block_indicators", "block_launch_and_attachments", "disable_reader_javascript"],
  stage: "advanced",
  confidence: "medium",
  check({ javascript }) {
    const hits = (javascript ?? []).flatMap((s) =>
      s.network.filter((n) => s.automatic || n.api.startsWith("this.exportDataObject")).map((n) => ({ s, n })),
    );
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, n }) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: excerpt(`${n.api}${n.target ? `: ${n.target}` : ""} (${s.trigger})`),
        }),
      ),
      detail: `Calls: ${[...new Set(hits.map((h) => h.n.api))].join(", ")}.`,
    };
  },
});
