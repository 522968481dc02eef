// Every action of the document with the trigger that runs it (ISO 32000-2 §12.6): the document's
// /OpenAction and /AA, the /Names JavaScript tree, pages' and annotations' /A and /AA, form fields,
// followed through /Next chains. Actions reachable from no trigger are reported as "unreferenced".
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, PdfString, type PdfObject } from "../../pdf/objects";
import { fileSpecText, textOf } from "./text";
import type { ObjectIndex } from "./object-index";

export interface ActionFact {
  /** the /S name: JavaScript, Launch, URI, SubmitForm, GoToR, ... */
  type: string;
  /** "12 0 R" of the object holding the action dictionary */
  objectRef?: string;
  /** e.g. "/Root/OpenAction" or "/Root/Pages/Kids[0]/Annots[2]/A/Next" */
  path: string;
  /** human name of the trigger, e.g. "document open" */
  trigger: string;
  /** runs without any user action beyond opening the document */
  automatic: boolean;
  dict: PdfDict;
  /** JavaScript source (for JavaScript actions) */
  script?: string;
  /** target file, URL or application (Launch, URI, SubmitForm, GoToR, GoToE, ImportData) */
  target?: string;
  /** Launch /Win /P parameters */
  parameters?: string;
  /** position of the annotation's rectangle area on its page, 0..1 (links only) */
  annotationAreaRatio?: number;
  /** page index (0-based) of a page or annotation trigger */
  page?: number;
}

const MAX_SCRIPT_CHARS = 4 * 1024 * 1024;

/** Triggers of additional-actions dictionaries (§12.6.3, Tables 197-200). */
const DOC_AA: Record<string, [string, boolean]> = {
  WC: ["document will close", false],
  WS: ["document will save", false],
  DS: ["document did save", false],
  WP: ["document will print", false],
  DP: ["document did print", false],
};
const PAGE_AA: Record<string, [string, boolean]> = {
  O: ["page open", true],
  C: ["page close", false],
};
const ANNOT_AA: Record<string, [string, boolean]> = {
  E: ["mouse enters annotation", false],
  X: ["mouse exits annotation", false],
  D: ["mouse down on annotation", false],
  U: ["mouse up on annotation", false],
  Fo: ["annotation gets focus", false],
  Bl: ["annotation loses focus", false],
  PO: ["page with annotation opens", true],
  PC: ["page with annotation closes", false],
  PV: ["page with annotation becomes visible", true],
  PI: ["page with annotation becomes invisible", false],
  K: ["field keystroke", false],
  F: ["field format", false],
  V: ["field validate", false],
  C: ["field calculate", false],
};

export function collectActions(doc: PdfDocument, maxChain: number, actionDicts: ObjectIndex["actionDicts"]): ActionFact[] {
  const out: ActionFact[] = [];
  const seen = new Set<PdfDict>();
  const refOf = (o: PdfObject | undefined, fallback?: string) => (o instanceof PdfRef ? o.toString() : fallback);

  /** Follows one action and its /Next chain (dict or array, §12.6.2), cycle-guarded. */
  const visit = (value: PdfObject | undefined, ownerRef: string | undefined, path: string, trigger: string, automatic: boolean, extra: Partial<ActionFact> = {}) => {
    const queue: [PdfObject | undefined, string | undefined, string][] = [[value, ownerRef, path]];
    let steps = 0;
    while (queue.length && steps++ < maxChain) {
      const [v, owner, p] = queue.shift()!;
      const d = doc.dict(v);
      if (!d || seen.has(d)) continue;
      seen.add(d);
      const ref = refOf(v, owner);
      const fact = describeAction(doc, d, ref, p, trigger, automatic);
      if (fact) out.push({ ...fact, ...extra });
      const next = doc.resolve(d.get("Next"));
      if (Array.isArray(next)) next.forEach((n, i) => queue.push([n, ref, `${p}/Next[${i}]`]));
      else if (next) queue.push([d.get("Next"), ref, `${p}/Next`]);
    }
  };
  const visitAA = (aa: PdfObject | undefined, ownerRef: string | undefined, path: string, table: Record<string, [string, boolean]>, extra: Partial<ActionFact> = {}) => {
    const d = doc.dict(aa);
    if (!d) return;
    for (const [key, value] of d.entries) {
      const [trigger, automatic] = table[key] ?? [`additional action /${key}`, false];
      visit(value, refOf(aa, ownerRef), `${path}/AA/${key}`, trigger, automatic, extra);
    }
  };

  const trailerRoot = doc.trailer?.get("Root");
  const rootRef = refOf(trailerRoot);
  const catalog = doc.catalog;
  if (catalog) {
    const open = catalog.get("OpenAction");
    // an array is a destination (§12.3.2), not an action
    if (open !== undefined && !Array.isArray(doc.resolve(open))) visit(open, rootRef, "/Root/OpenAction", "document open", true);
    visitAA(catalog.get("AA"), rootRef, "/Root", DOC_AA);
    const names = doc.dict(catalog.get("Names"));
    if (names) {
      for (const { value, path, ref } of nameTreeValues(doc, names.get("JavaScript"), "/Root/Names/JavaScript", maxChain * 64)) {
        visit(value, ref ?? rootRef, path, "document open (document-level script)", true);
      }
    }
  }

  doc.pages().forEach((page, index) => {
    const pref = page.ref?.toString();
    const ppath = `/Root/Pages[${index}]`;
    visitAA(page.dict.get("AA"), pref, ppath, PAGE_AA, { page: index });
    const annots = doc.resolve(page.dict.get("Annots"));
    if (!Array.isArray(annots)) return;
    const area = pageArea(doc, page.dict);
    annots.forEach((a, i) => {
      const ad = doc.dict(a);
      if (!ad) return;
      const aref = refOf(a, pref);
      const subtype = nameOf(doc.resolve(ad.get("Subtype")));
      const apath = `${ppath}/Annots[${i}]`;
      const ratio = area > 0 ? rectArea(doc, ad.get("Rect")) / area : undefined;
      const trigger = subtype === "Link" ? "link click" : subtype === "Widget" ? "form field activated" : `${subtype ?? "annotation"} activated`;
      visit(ad.get("A"), aref, `${apath}/A`, trigger, false, { page: index, annotationAreaRatio: ratio });
      visitAA(ad.get("AA"), aref, apath, ANNOT_AA, { page: index });
    });
  });

  const acroForm = doc.dict(catalog?.get("AcroForm"));
  if (acroForm) {
    const stack: [PdfObject, string][] = [];
    const fields = doc.resolve(acroForm.get("Fields"));
    if (Array.isArray(fields)) fields.forEach((f, i) => stack.push([f, `/Root/AcroForm/Fields[${i}]`]));
    const seenFields = new Set<PdfDict>();
    while (stack.length && seenFields.size < doc.limits.MAX_OBJECTS) {
      const [f, path] = stack.pop()!;
      const fd = doc.dict(f);
      if (!fd || seenFields.has(fd)) continue;
      seenFields.add(fd);
      visit(fd.get("A"), refOf(f), `${path}/A`, "form field activated", false);
      visitAA(fd.get("AA"), refOf(f), path, ANNOT_AA);
      const kids = doc.resolve(fd.get("Kids"));
      if (Array.isArray(kids)) kids.forEach((k, i) => stack.push([k, `${path}/Kids[${i}]`]));
    }
  }

  // actions no trigger reaches: still code in the file (another reader, or a later update, may run it)
  for (const { dict, ref } of actionDicts) {
    if (seen.has(dict)) continue;
    const s = dict.get("S");
    if ((s instanceof PdfName && ACTION_TYPES.has(s.name)) || dict.has("JS")) visit(dict, ref, ref, "none found (unreferenced)", false);
  }
  return out;
}

const ACTION_TYPES = new Set([
  "GoTo", "GoToR", "GoToE", "GoToDp", "Launch", "Thread", "URI", "Sound", "Movie", "Hide", "Named", "SubmitForm",
  "ResetForm", "ImportData", "SetOCGState", "Rendition", "Trans", "GoTo3DView", "JavaScript", "RichMediaExecute",
]);

function describeAction(doc: PdfDocument, d: PdfDict, ref: string | undefined, path: string, trigger: string, automatic: boolean): ActionFact | null {
  const s = nameOf(doc.resolve(d.get("S")));
  const js = d.get("JS");
  const type = s ?? (js !== undefined ? "JavaScript" : null);
  if (!type) return null;
  const fact: ActionFact = { type, objectRef: ref, path, trigger, automatic, dict: d };
  switch (type) {
    case "JavaScript":
    case "Rendition":
      if (js !== undefined) fact.script = textOf(doc, js, MAX_SCRIPT_CHARS) ?? "";
      break;
    case "URI": {
      const u = doc.resolve(d.get("URI"));
      if (u instanceof PdfString) fact.target = u.text;
      break;
    }
    case "Launch": {
      const win = doc.dict(d.get("Win"));
      fact.target = fileSpecText(doc, win?.get("F")) ?? fileSpecText(doc, d.get("F")) ?? fileSpecText(doc, doc.dict(d.get("Unix"))?.get("F"));
      const p = doc.resolve(win?.get("P"));
      if (p instanceof PdfString) fact.parameters = p.text;
      break;
    }
    case "SubmitForm":
    case "GoToR":
    case "GoToE":
    case "ImportData":
      fact.target = fileSpecText(doc, d.get("F"));
      break;
  }
  return fact;
}

/** Values of a name tree (§7.9.6), cycle-guarded and bounded. */
export function nameTreeValues(doc: PdfDocument, root: PdfObject | undefined, path: string, maxNodes: number): { name: string; value: PdfObject; path: string; ref?: string }[] {
  const out: { name: string; value: PdfObject; path: string; ref?: string }[] = [];
  const seen = new Set<PdfDict>();
  const stack: [PdfObject | undefined, string][] = [[root, path]];
  let nodes = 0;
  while (stack.length && nodes++ < maxNodes) {
    const [n, p] = stack.pop()!;
    const d = doc.dict(n);
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const names = doc.resolve(d.get("Names"));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = doc.resolve(names[i]);
        const name = key instanceof PdfString ? key.text : String(i / 2);
        out.push({ name, value: names[i + 1], path: `${p}/Names[${i + 1}]`, ref: names[i + 1] instanceof PdfRef ? String(names[i + 1]) : n instanceof PdfRef ? String(n) : undefined });
      }
    }
    const kids = doc.resolve(d.get("Kids"));
    if (Array.isArray(kids)) kids.forEach((k, i) => stack.push([k, `${p}/Kids[${i}]`]));
  }
  return out;
}

export function nameOf(o: PdfObject | undefined): string | undefined {
  return o instanceof PdfName ? o.name : undefined;
}

function rectArea(doc: PdfDocument, rect: PdfObject | undefined): number {
  const r = doc.resolve(rect);
  if (!Array.isArray(r) || r.length < 4) return 0;
  const [x1, y1, x2, y2] = r.map((v) => doc.resolve(v));
  if (![x1, y1, x2, y2].every((v) => typeof v === "number")) return 0;
  return Math.abs(((x2 as number) - (x1 as number)) * ((y2 as number) - (y1 as number)));
}

function pageArea(doc: PdfDocument, page: PdfDict): number {
  // MediaBox is inheritable (§7.7.3.4): look up the parent chain, bounded
  let d: PdfDict | undefined = page;
  for (let i = 0; d && i < 32; i++) {
    const a = rectArea(doc, d.get("MediaBox"));
    if (a > 0) return a;
    d = doc.dict(d.get("Parent"));
  }
  return 612 * 792;
}
