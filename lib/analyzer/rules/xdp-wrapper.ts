import { defineRule } from "./rule";

/** Declared here so the registry documents it; the analyzer emits it when it unwraps an XDP package. */
export const xdpWrapper = defineRule({
  id: "xdp-wrapper",
  title: "PDF wrapped in an XDP package",
  description:
    "The file is XML (an XFA Data Package) carrying a base64-encoded PDF. Acrobat opens it like a PDF, while scanners that only look for %PDF- miss it: an evasion technique.",
  category: "obfuscation",
  severity: "medium",
  weight: 30,
  attack: ["T1027", "T1036.008"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check: () => null,
});
