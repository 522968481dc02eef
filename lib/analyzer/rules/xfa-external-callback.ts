// What an XFA form submits to or loads from outside the document (facts/xfa-callbacks.ts). A submit
// button is ordinary form behaviour: this rule is context; xfa-callback-on-open reports the callbacks
// that run without a click.
import type { XfaCallbackFact } from "../facts/xfa-callbacks";
import type { Evidence } from "../report";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export function xfaCallbackEvidence(c: XfaCallbackFact, objectRef: string | undefined): Evidence {
  return evidence({
    objectRef,
    path: "/Root/AcroForm/XFA",
    excerpt: excerpt(
      `${c.element} ${c.target}${c.event ? ` (event ${c.event})` : ""}${c.onOpen ? ", runs without a click" : ""}`,
    ),
  });
}

export const xfaExternalCallback = defineRule({
  id: "xfa-external-callback",
  title: "XFA form submits to or loads from outside the document",
  description:
    "The XFA form reaches another machine: a <submit> to a URL or mailto: address, FormCalc's Get, Post or Put URL functions or $host.gotoURL, a data connection (<connectionSet>: WSDL/SOAP address, XML or XSD URI), an external entity or DTD in a DOCTYPE (XXE: the parser fetches the URL or reads the local file named), or an <image>/<exData> loaded from a remote href. Forms submit on a button; what runs without a click is reported by xfa-callback-on-open.",
  category: "form",
  severity: "low",
  weight: 12,
  attack: ["T1071.001", "T1041"],
  mitigations: ["sanitize_with_cdr", "block_indicators"],
  confidence: "medium",
  check({ xfaCallbacks, xfa }) {
    if (!xfaCallbacks.length) return null;
    return {
      evidence: xfaCallbacks.map((c) => xfaCallbackEvidence(c, xfa?.objectRef)),
      detail: `Callbacks: ${[...new Set(xfaCallbacks.map((c) => c.element))].join(", ")}.`,
    };
  },
});
