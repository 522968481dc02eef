// Which triggers need the reader's consent: the triggers of additional-actions dictionaries (ISO
// 32000-2 §12.6.3, Tables 197 annotation, 198 page, 199 form field, 200 document) and the XFA event
// activities (XFA 3.3 "event" element), each marked by whether it fires on its own.
//
// consent "none": fires when the document opens or during ordinary use, without the reader choosing to
// activate anything: document open, document-level (names-tree) scripts, page open/close, an
// annotation's page opening/closing or becoming (in)visible, the pointer passing over it, focus and
// blur, the document closing, saving or printing. "click": the reader activates something: a link or
// widget /A, mouse down/up, typing into a field or committing its value (keystroke, format, validate,
// calculate follow a value the reader entered). "no-trigger": no trigger reaches the action.
export type Consent = "none" | "click" | "no-trigger";

export interface TriggerInfo {
  /** human name of the trigger, e.g. "page open" */
  name: string;
  /** fires when the document is opened (what the verdict model's "automatic" features count) */
  automatic: boolean;
  consent: Consent;
}

const t = (name: string, automatic: boolean, consent: Consent): TriggerInfo => ({ name, automatic, consent });

/** Table 200: document-level /AA of the catalog. */
export const DOCUMENT_TRIGGERS: Readonly<Record<string, TriggerInfo>> = {
  WC: t("document will close", false, "none"),
  WS: t("document will save", false, "none"),
  DS: t("document did save", false, "none"),
  WP: t("document will print", false, "none"),
  DP: t("document did print", false, "none"),
};

/** Table 198: a page object's /AA. */
export const PAGE_TRIGGERS: Readonly<Record<string, TriggerInfo>> = {
  O: t("page open", true, "none"),
  C: t("page close", false, "none"),
};

/** Tables 197 and 199: an annotation's (and a form field's) /AA. */
export const ANNOTATION_TRIGGERS: Readonly<Record<string, TriggerInfo>> = {
  E: t("mouse enters annotation", false, "none"),
  X: t("mouse exits annotation", false, "none"),
  D: t("mouse down on annotation", false, "click"),
  U: t("mouse up on annotation", false, "click"),
  Fo: t("annotation gets focus", false, "none"),
  Bl: t("annotation loses focus", false, "none"),
  PO: t("page with annotation opens", true, "none"),
  PC: t("page with annotation closes", false, "none"),
  PV: t("page with annotation becomes visible", true, "none"),
  PI: t("page with annotation becomes invisible", false, "none"),
  K: t("field keystroke", false, "click"),
  F: t("field format", false, "click"),
  V: t("field validate", false, "click"),
  C: t("field calculate", false, "click"),
};

/** /OpenAction (§12.3.2 Table 29) and the /Names /JavaScript tree (§7.7.4: run when the document opens). */
export const OPEN_TRIGGER = t("document open", true, "none");
export const DOCUMENT_SCRIPT_TRIGGER = t("document open (document-level script)", true, "none");
/**
 * An FDF file (§12.7.8) opened: the viewer opens the document its /F names to fill it, and runs the
 * FDF's /JavaScript /Before, /After, /AfterPermsReady and /Doc scripts around the import (Table 245).
 */
export const FDF_TARGET_TRIGGER = t("FDF opened (the viewer opens the document it fills)", true, "none");
export const FDF_SCRIPT_TRIGGER = t("FDF opened (script run when its data is imported)", true, "none");
/** /A of a link, widget or other annotation (§12.5.6.5, §12.7.4): the reader activates it. */
export const ACTIVATION_CONSENT: Consent = "click";

/** An /AA key no table knows: readers ignore it, so no trigger runs it. */
export function unknownTrigger(key: string): TriggerInfo {
  return t(`additional action /${key}`, false, "no-trigger");
}

/**
 * XFA event activities that run without the reader activating anything (XFA 3.3 "event"): form
 * initialisation and readiness, recalculation and validation of values, the pointer entering or
 * leaving a field, focus, closing, saving and printing. The rest (click, mouseDown/Up, change, full,
 * preOpen/postOpen of a list, pre/postSubmit and pre/postExecute that follow a submit or execute the
 * reader started) need a click.
 */
const XFA_NO_CONSENT = new Set([
  "initialize",
  "ready",
  "docReady",
  "formReady",
  "layoutReady",
  "indexChange",
  "calculate",
  "validate",
  "mouseEnter",
  "mouseExit",
  "enter",
  "exit",
  "docClose",
  "preSave",
  "postSave",
  "prePrint",
  "postPrint",
]);

/** XFA activities that run when the form opens (what the verdict model's "automatic" features count). */
export const XFA_AUTOMATIC_ACTIVITIES: ReadonlySet<string> = new Set([
  "initialize",
  "ready",
  "docReady",
  "formReady",
  "layoutReady",
  "preOpen",
  "indexChange",
]);

/** Consent of an XFA script or action by its event activity; a script outside any event (a calculate or validate script) runs on its own. */
export function xfaActivityConsent(activity: string | undefined): Consent {
  return !activity || XFA_NO_CONSENT.has(activity) ? "none" : "click";
}
