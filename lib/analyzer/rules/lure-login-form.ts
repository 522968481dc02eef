import { textWindow } from "../../limits";
import { classifyUrl } from "../iocs/classify-url";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** A script's submitForm("http://...") or submitForm({cURL: "http://..."}) (Acrobat JS API, Doc.submitForm). */
const SCRIPT_SUBMIT = /submitForm\s*\(\s*(?:\{[^}]{0,400}?\bcURL\s*:\s*)?["'`]((?:https?):\/\/[^"'`\s]+)/gi;

/** An http(s) address with a real host: where a form's fields can be posted. */
function isWebUrl(target: string): boolean {
  const scheme = classifyUrl(target)?.scheme;
  return scheme === "http" || scheme === "https";
}

export const lureLoginForm = defineRule({
  id: "lure-login-form",
  title: "Login form that sends a password to a web server",
  description:
    "The document is a form with a password field (the Password field flag or a password-like field name) and a submit action, or a script calling submitForm, that posts the fields to a web address. Legitimate PDF forms do not collect account passwords: this is a credential-harvesting page inside a PDF.",
  category: "form",
  severity: "high",
  weight: 55,
  attack: ["T1566.001", "T1056.003"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ passwordFields: passwords, actions, scripts }, budget) {
    if (!passwords.length) return null;
    const targets: { url: string; objectRef?: string; path: string }[] = [];
    for (const a of actions) {
      if (a.type === "SubmitForm" && a.target && isWebUrl(a.target))
        targets.push({ url: a.target, objectRef: a.objectRef, path: a.path });
    }
    for (const s of scripts) {
      for (const m of textWindow(s.source, budget, "FORM_SCRIPT_SCAN_CHARS").matchAll(SCRIPT_SUBMIT))
        if (isWebUrl(m[1])) targets.push({ url: m[1], objectRef: s.objectRef, path: s.path });
    }
    if (!targets.length) return null;
    return {
      evidence: [
        ...passwords.slice(0, 5).map((f) =>
          evidence({
            objectRef: f.objectRef,
            path: "/Root/AcroForm/Fields",
            excerpt: `field '${excerpt(f.name, 60)}' (${f.why})`,
          }),
        ),
        ...targets
          .slice(0, 5)
          .map((t) => evidence({ objectRef: t.objectRef, path: t.path, excerpt: `submits to ${excerpt(t.url)}` })),
      ],
      confidence: passwords.some((f) => f.why === "Password flag") ? "high" : "medium",
    };
  },
});
