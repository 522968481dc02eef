// What the sandbox saw a script do outside the document: open a URL, submit or mail data, talk SOAP,
// or save and launch an attachment. A user-triggered submit/mail/link button is ordinary form
// behaviour, so only scripts that run on their own count, except launches, which count always.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const javascriptNetworkOrLaunch = defineRule({
  id: "javascript-network-or-launch",
  title: "JavaScript contacts the network or launches a file",
  description:
    "Run in the sandbox, a script that executes without user action opened a URL (app.launchURL, getURL, xfa.host.gotoURL), submitted or mailed data (submitForm, mailDoc, SOAP, Net.HTTP, RSS.addFeed), or saved and launched an embedded file (exportDataObject with nLaunch); or the code it decoded and ran calls a network API the sandbox does not provide (the web platform's fetch, XMLHttpRequest, WebSocket or image beacons, for viewers that run document scripts in a browser).",
  category: "javascript",
  severity: "high",
  weight: 50,
  attack: ["T1204.002", "T1071.001", "T1105"],
  mitigations: ["block_indicators", "block_launch_and_attachments", "disable_reader_javascript"],
  stage: "advanced",
  confidence: "medium",
  check({ javascript }) {
    const hits = (javascript ?? []).flatMap((s) => {
      const made = s.network.filter((n) => s.automatic || n.api.startsWith("this.exportDataObject"));
      // calls in the code the script decoded and ran that the sandbox has no stub for (a viewer in a
      // browser: fetch, XMLHttpRequest; malicious-pdf's --obfuscate 4 stages them in fromCharCode)
      const seen = new Set(made.map((n) => n.target));
      const decoded = s.automatic
        ? s.layers.flatMap((l) =>
            l.signals.callbacks
              .filter((c) => c.role === "network" && c.onLoad && !c.afterDialog && !seen.has(c.target))
              .map((c) => ({ api: `${c.api} (decoded code)`, target: c.target })),
          )
        : [];
      return [...made, ...decoded].map((n) => ({ s, n }));
    });
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
