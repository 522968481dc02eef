// Keys a dictionary gives twice where they decide what an action does (PdfDict.shadowed): readers
// read the later value. Writers of documents do not repeat a key; text injected into a string that a
// service writes into a document does. PortSwigger's PDF injection research ("Portable Data
// exFiltration", 2020) ends a link's /URI string and adds `/S /JavaScript /JS (...)` to the same
// action dictionary, or a second `/A`: the link the service meant is replaced by the attacker's action.
// None of the 1,790 documents of the corpora repeats one of these keys.
import { PdfName, type PdfDict } from "../../pdf/objects";
import type { PdfDocument } from "../../pdf/document";

/** keys of an action dictionary, and of the dictionaries that hold actions (annotations, the catalog, fields) */
const ACTION_KEYS = new Set(["S", "JS", "URI", "F", "Win", "Next", "Fields", "Flags", "A", "AA", "OpenAction"]);
/** keys whose value is an action of the dictionary holding it (the others belong to the dictionary's own action) */
const HOLDING_KEYS = new Set(["A", "OpenAction"]);
/** action types that run code or reach outside the document: what an injection adds */
const ACTIVE_ACTIONS = new Set([
  "JavaScript",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToR",
  "GoToE",
  "URI",
  "Rendition",
]);

export interface ShadowedActionKeyFact {
  objectRef: string;
  /** the key given twice */
  key: string;
  /** the type (/S) of the action the later value makes the dictionary run, when it is one */
  action?: string;
  /** that action runs code or reaches outside (JavaScript, Launch, SubmitForm...) */
  active: boolean;
}

export function collectShadowedActionKeys(
  doc: PdfDocument,
  shadowing: readonly { dict: PdfDict; ref: string }[],
): ShadowedActionKeyFact[] {
  const out: ShadowedActionKeyFact[] = [];
  for (const { dict, ref } of shadowing) {
    for (const key of dict.shadowed ?? []) {
      if (!ACTION_KEYS.has(key)) continue;
      // /AA holds an action per trigger; /A and /OpenAction one; the other keys are the action's own
      const triggers = key === "AA" ? doc.dict(dict.get(key)) : undefined;
      const actions = triggers
        ? [...triggers.entries.values()].map((v) => doc.dict(v))
        : [HOLDING_KEYS.has(key) ? doc.dict(dict.get(key)) : dict];
      const types = actions
        .map((a) => a?.get("S"))
        .filter((t): t is PdfName => t instanceof PdfName)
        .map((t) => t.name);
      const active = types.some((t) => ACTIVE_ACTIONS.has(t)) || actions.some((a) => a?.has("JS"));
      out.push({ objectRef: ref, key, ...(types.length ? { action: types[0] } : {}), active });
    }
  }
  return out;
}
