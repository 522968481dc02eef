// A signed document that changes its own fields or their visibility as soon as it opens: the reader sees
// values or layers that differ from what the signer signed, and no incremental update is needed (the
// change is made by the viewer each time). Automatic triggers only (facts.actions automatic, and the XFA
// events of opening: initialize, docReady, preOpen): a script a click runs is the reader's doing. XFA
// ready events follow every layout pass and are where dynamic forms compute layout-derived fields ("page
// 2 of 5": the certified IRCC form of corpus-everyday does): those are left out, as are calculate scripts.
import { textWindow, type Budget } from "../../limits";
import type { ScriptFact } from "../facts/document-facts";
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

/** actions that change fields or what is visible (§12.6.4.11 Hide, 12.7.6.3 ResetForm, 12.7.6.4 ImportData, 12.6.4.13 SetOCGState) */
const REWRITING_ACTIONS = new Set(["ResetForm", "Hide", "SetOCGState", "ImportData"]);

/**
 * Script statements that set a field's value, reset or import the form, hide a field or switch a layer
 * (Acrobat JavaScript and XFA scripting). Each pattern is linear: no nested quantifiers.
 */
const REWRITING_SCRIPT: readonly [what: string, pattern: RegExp][] = [
  ["sets a field value", /\.\s*(?:rawValue|value|formattedValue)\s*=(?!=)/],
  ["resets the form", /\b(?:resetForm|resetData)\s*\(/],
  ["imports field data", /\b(?:importAnFDF|importAnXFDF|importTextData|importXFAData|importData)\s*\(/],
  ["checks or fills a field", /\.\s*(?:checkThisBox|setItems|clearItems)\s*\(/],
  [
    "hides a field",
    /\.\s*(?:hidden\s*=\s*true|display\s*=\s*display\s*\.\s*(?:hidden|noView)|presence\s*=\s*["'](?:hidden|invisible|inactive)["'])/,
  ],
  ["switches a layer", /\.\s*state\s*=(?!=)/],
];
/** a layer switch: `.state =` only counts in a script that reaches the optional content groups */
const OCG_API = /\bgetOCGs\s*\(/;
/** XFA events that run once as the form opens (XFA 3.3 "event" activities) */
const XFA_OPEN_TRIGGER = /^XFA (initialize|docReady|preOpen) event$/;
/** A script's first rewrite of fields or layers, within FORM_SCRIPT_SCAN_CHARS (lib/limits.ts: enough for any form's open script). */
function rewriteOf(s: ScriptFact, budget: Budget): { what: string; at: number } | null {
  const text = textWindow(s.source, budget, "FORM_SCRIPT_SCAN_CHARS");
  for (const [what, pattern] of REWRITING_SCRIPT) {
    if (what === "switches a layer" && !OCG_API.test(text)) continue;
    const m = pattern.exec(text);
    if (m) return { what, at: m.index };
  }
  return null;
}

export const signedDocumentRewrittenOnOpen = defineRule({
  id: "signed-document-rewritten-on-open",
  title: "Signed document rewrites its fields when it opens",
  description:
    "The document carries a signature, and an action or script that runs when it opens (or its pages or XFA form open) sets field values, resets or imports the form, hides fields or switches optional content layers. What the reader sees then differs from what was signed, although the signature still validates.",
  category: "form",
  severity: "medium",
  weight: 10,
  attack: ["T1565.001"],
  mitigations: ["verify_signed_revision", "disable_reader_javascript"],
  confidence: "medium",
  check({ signatures, actions, scripts }, budget) {
    if (!signatures.signatures.some((s) => s.kind !== "usage-rights")) return null;
    const ev = [];
    for (const a of actions)
      if (a.automatic && REWRITING_ACTIONS.has(a.type))
        ev.push(evidence({ objectRef: a.objectRef, path: a.path, excerpt: `[${a.trigger}] /${a.type}` }));
    const seen = new Set<string>();
    for (const s of scripts) {
      if (!s.automatic || (s.origin === "xfa" && !XFA_OPEN_TRIGGER.test(s.trigger)) || seen.has(s.source)) continue;
      seen.add(s.source);
      const hit = rewriteOf(s, budget);
      if (hit)
        ev.push(
          evidence({
            objectRef: s.objectRef,
            path: s.path,
            excerpt: excerpt(`[${s.trigger}] ${hit.what}: ${s.source.slice(Math.max(0, hit.at - 40), hit.at + 80)}`),
          }),
        );
    }
    return ev.length ? { evidence: ev } : null;
  },
});
