// Every action of the document with the trigger that runs it (ISO 32000-2 §12.6): the document's
// /OpenAction and /AA, the /Names JavaScript tree, pages' and annotations' /A and /AA, form fields,
// followed through /Next chains. Actions reachable from no trigger are reported as "unreferenced".
// Each action says whether its trigger needs the reader's consent (trigger-consent.ts) and what its
// target names (classify-location.ts).
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";
import { classifyLocation, type LocationKind } from "../content/classify-location";
import { fileSpecLocation, rank, type FileSpecLocation } from "./file-spec-location";
import { readText } from "../content/text";
import { nameTreeValues } from "../content/name-tree";
import type { ObjectIndex } from "./object-index";
import {
  ACTIVATION_CONSENT,
  ANNOTATION_TRIGGERS,
  DOCUMENT_SCRIPT_TRIGGER,
  DOCUMENT_TRIGGERS,
  FDF_SCRIPT_TRIGGER,
  FDF_TARGET_TRIGGER,
  OPEN_TRIGGER,
  PAGE_TRIGGERS,
  unknownTrigger,
  type Consent,
  type TriggerInfo,
} from "./trigger-consent";
import { ownEntry } from "../own-entry";

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
  /** "none": the trigger fires without the reader activating anything (open, page open/close, pointer over, close, print...); "click": a link, button or field the reader uses; "no-trigger": unreferenced */
  consent: Consent;
  dict: PdfDict;
  /** JavaScript source (for JavaScript actions) */
  script?: string;
  /** target file, URL or application (Launch, URI, SubmitForm, GoToR, GoToE, ImportData, Thread; the media clip of Rendition, Movie, Sound) */
  target?: string;
  /** what the target names: a file share, a web location, something local (classify-location.ts) */
  targetKind?: LocationKind;
  /** GoToE: the chain of /T target dictionaries to the embedded document, e.g. `child "a.pdf" > parent` */
  embeddedTarget?: string;
  /** Launch /Win /P parameters */
  parameters?: string;
  /**
   * JavaScript: the web address the script sends the reader to when it runs (app.launchURL, getURL,
   * xfa.host.gotoURL, submitForm with a literal address): a button that is a link by script. Set with the
   * script's signals (document-facts.ts, script-way-out.ts wayOutOf).
   */
  opens?: string;
  /** position of the annotation's rectangle area on its page, 0..1 (links only) */
  annotationAreaRatio?: number;
  /** page index (0-based) of a page or annotation trigger */
  page?: number;
}

export function collectActions(
  doc: PdfDocument,
  maxChain: number,
  actionDicts: ObjectIndex["actionDicts"],
): ActionFact[] {
  const out: ActionFact[] = [];
  const seen = new Set<PdfDict>();
  const refOf = (o: PdfObject | undefined, fallback?: string) => (o instanceof PdfRef ? o.toString() : fallback);

  /** Follows one action and its /Next chain (dict or array, §12.6.2), cycle-guarded. */
  const visit = (
    value: PdfObject | undefined,
    ownerRef: string | undefined,
    path: string,
    trigger: TriggerInfo,
    extra: Partial<ActionFact> = {},
  ) => {
    const queue: [PdfObject | undefined, string | undefined, string][] = [[value, ownerRef, path]];
    let steps = 0;
    while (queue.length && steps++ < maxChain) {
      const [v, owner, p] = queue.shift()!;
      const d = doc.dict(v);
      if (!d || seen.has(d)) continue;
      seen.add(d);
      const ref = refOf(v, owner);
      const fact = describeAction(doc, d, ref, p, trigger);
      // (assigned, not spread into a copy: a copy made by a spread got a shape of its own)
      if (fact) out.push(Object.assign(fact, extra));
      const next = doc.resolve(d.get("Next"));
      if (Array.isArray(next)) next.forEach((n, i) => queue.push([n, ref, `${p}/Next[${i}]`]));
      else if (next) queue.push([d.get("Next"), ref, `${p}/Next`]);
    }
    if (queue.length) doc.budgetHits.add("MAX_ACTION_CHAIN");
  };
  const visitAA = (
    aa: PdfObject | undefined,
    ownerRef: string | undefined,
    path: string,
    table: Readonly<Record<string, TriggerInfo>>,
    extra: Partial<ActionFact> = {},
  ) => {
    const d = doc.dict(aa);
    if (!d) return;
    for (const [key, value] of d.entries)
      visit(value, refOf(aa, ownerRef), `${path}/AA/${key}`, ownEntry(table, key) ?? unknownTrigger(key), extra);
  };

  const trailerRoot = doc.trailer?.get("Root");
  const rootRef = refOf(trailerRoot);
  const catalog = doc.catalog;
  if (catalog) {
    const open = catalog.get("OpenAction");
    // an array is a destination (§12.3.2), not an action
    if (open !== undefined && !Array.isArray(doc.resolve(open))) visit(open, rootRef, "/Root/OpenAction", OPEN_TRIGGER);
    visitAA(catalog.get("AA"), rootRef, "/Root", DOCUMENT_TRIGGERS);
    const names = doc.dict(catalog.get("Names"));
    if (names) {
      for (const { value, path, ref } of nameTreeValues(
        doc,
        names.get("JavaScript"),
        "/Root/Names/JavaScript",
        maxChain * 64,
        "MAX_ACTION_CHAIN",
      )) {
        visit(value, ref ?? rootRef, path, DOCUMENT_SCRIPT_TRIGGER);
      }
    }
  }

  doc.pages().forEach((page, index) => {
    const pref = page.ref?.toString();
    const ppath = `/Root/Pages[${index}]`;
    visitAA(page.dict.get("AA"), pref, ppath, PAGE_TRIGGERS, { page: index });
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
      const name =
        subtype === "Link"
          ? "link click"
          : subtype === "Widget"
            ? "form field activated"
            : `${subtype ?? "annotation"} activated`;
      visit(
        ad.get("A"),
        aref,
        `${apath}/A`,
        { name, automatic: false, consent: ACTIVATION_CONSENT },
        { page: index, annotationAreaRatio: ratio },
      );
      visitAA(ad.get("AA"), aref, apath, ANNOTATION_TRIGGERS, { page: index });
    });
  });

  /** The actions of a field tree's fields (AcroForm, or the fields an FDF file brings). */
  const visitFields = (fields: PdfObject | undefined, basePath: string) => {
    const stack: [PdfObject, string][] = [];
    const list = doc.resolve(fields);
    if (Array.isArray(list)) list.forEach((f, i) => stack.push([f, `${basePath}[${i}]`]));
    const seenFields = new Set<PdfDict>();
    while (stack.length && seenFields.size < doc.limits.MAX_OBJECTS) {
      const [f, path] = stack.pop()!;
      const fd = doc.dict(f);
      if (!fd || seenFields.has(fd)) continue;
      seenFields.add(fd);
      visit(fd.get("A"), refOf(f), `${path}/A`, {
        name: "form field activated",
        automatic: false,
        consent: ACTIVATION_CONSENT,
      });
      visitAA(fd.get("AA"), refOf(f), path, ANNOTATION_TRIGGERS);
      const kids = doc.resolve(fd.get("Kids"));
      if (Array.isArray(kids)) kids.forEach((k, i) => stack.push([k, `${path}/Kids[${i}]`]));
    }
  };
  const acroForm = doc.dict(catalog?.get("AcroForm"));
  if (acroForm) visitFields(acroForm.get("Fields"), "/Root/AcroForm/Fields");

  // An FDF file (§12.7.8): opening it opens the document /F names (a web address or a file share is
  // fetched then, with no click: the FDF variant of a GoToR on open) and runs its scripts; its fields'
  // and annotations' actions are merged into that document. Described as the actions they amount to.
  const fdf = doc.dict(catalog?.get("FDF"));
  if (fdf) {
    const target = fdf.get("F");
    if (target !== undefined) visit(synthetic("GoToR", "F", target), rootRef, FDF_TARGET_PATH, FDF_TARGET_TRIGGER);
    const scripts = doc.dict(fdf.get("JavaScript"));
    const scriptsRef = refOf(fdf.get("JavaScript"), rootRef);
    // a script is a text string or stream; an action dictionary in its place is read as the action it is
    const visitScript = (js: PdfObject, path: string) => {
      const value = doc.resolve(js);
      const action = value instanceof PdfDict ? js : synthetic("JavaScript", "JS", js);
      visit(action, scriptsRef, path, FDF_SCRIPT_TRIGGER);
    };
    for (const key of ["Before", "After", "AfterPermsReady"]) {
      const js = scripts?.get(key);
      if (js !== undefined) visitScript(js, `/Root/FDF/JavaScript/${key}`);
    }
    // /Doc: name, script, name, script... added to the document-level scripts
    const docScripts = doc.resolve(scripts?.get("Doc"));
    if (Array.isArray(docScripts))
      for (let i = 1; i < docScripts.length; i += 2) visitScript(docScripts[i], `/Root/FDF/JavaScript/Doc[${i}]`);
    visitFields(fdf.get("Fields"), "/Root/FDF/Fields");
    const annots = doc.resolve(fdf.get("Annots"));
    if (Array.isArray(annots))
      annots.forEach((a, i) => {
        const ad = doc.dict(a);
        if (!ad) return;
        const apath = `/Root/FDF/Annots[${i}]`;
        visit(ad.get("A"), refOf(a, rootRef), `${apath}/A`, {
          name: "annotation activated",
          automatic: false,
          consent: ACTIVATION_CONSENT,
        });
        visitAA(ad.get("AA"), refOf(a, rootRef), apath, ANNOTATION_TRIGGERS);
      });
  }

  // actions no trigger reaches: still code in the file (another reader, or a later update, may run it)
  for (const { dict, ref } of actionDicts) {
    if (seen.has(dict)) continue;
    const s = dict.get("S");
    if ((s instanceof PdfName && ACTION_TYPES.has(s.name)) || dict.has("JS")) visit(dict, ref, ref, UNREFERENCED);
  }
  return out;
}

/** Where an FDF file names the document it fills (ISO 32000-2 Table 243 /F) */
export const FDF_TARGET_PATH = "/Root/FDF/F";

/** An action dictionary for what an FDF entry does (`/S type`, and the entry's value under `key`). */
function synthetic(type: string, key: string, value: PdfObject): PdfDict {
  return new PdfDict(
    new Map<string, PdfObject>([
      ["S", new PdfName(type)],
      [key, value],
    ]),
  );
}

const UNREFERENCED: TriggerInfo = { name: "none found (unreferenced)", automatic: false, consent: "no-trigger" };

const ACTION_TYPES = new Set([
  "GoTo",
  "GoToR",
  "GoToE",
  "GoToDp",
  "Launch",
  "Thread",
  "URI",
  "Sound",
  "Movie",
  "Hide",
  "Named",
  "SubmitForm",
  "ResetForm",
  "ImportData",
  "SetOCGState",
  "Rendition",
  "Trans",
  "GoTo3DView",
  "JavaScript",
  "RichMediaExecute",
]);

function describeAction(
  doc: PdfDocument,
  d: PdfDict,
  ref: string | undefined,
  path: string,
  trigger: TriggerInfo,
): ActionFact | null {
  const s = nameOf(doc.resolve(d.get("S")));
  const js = d.get("JS");
  const type = s ?? (js !== undefined ? "JavaScript" : null);
  if (!type) return null;
  // every optional field written, so that all action facts share one shape: the rules read them by the
  // thousand, and facts of many shapes made those reads megamorphic
  const fact: ActionFact = {
    type,
    objectRef: ref,
    path,
    trigger: trigger.name,
    automatic: trigger.automatic,
    consent: trigger.consent,
    dict: d,
    script: undefined,
    target: undefined,
    targetKind: undefined,
    embeddedTarget: undefined,
    parameters: undefined,
    opens: undefined,
    annotationAreaRatio: undefined,
    page: undefined,
  };
  const setTarget = (l: FileSpecLocation | undefined) => {
    if (!l) return;
    fact.target = l.target;
    fact.targetKind = l.kind;
  };
  switch (type) {
    case "JavaScript":
    case "Rendition":
      if (js !== undefined) {
        const max = doc.limits.MAX_SCRIPT_CHARS;
        const script = readText(doc, js, max);
        fact.script = script?.text ?? "";
        if (script?.cut) doc.budgetHits.add("MAX_SCRIPT_CHARS");
      }
      if (type === "Rendition") setTarget(renditionClip(doc, d.get("R")));
      break;
    case "URI": {
      const u = doc.resolve(d.get("URI"));
      if (u instanceof PdfString) {
        fact.target = u.text;
        fact.targetKind = classifyLocation(u.text, "uri").kind;
      }
      break;
    }
    case "Launch": {
      // §12.6.4.6: /Win /F is a Windows path; /F, /Unix and /Mac are file specifications
      const win = doc.dict(d.get("Win"));
      const found = [
        fileSpecLocation(doc, win?.get("F"), "windows-path"),
        fileSpecLocation(doc, d.get("F")),
        fileSpecLocation(doc, doc.dict(d.get("Unix"))?.get("F")),
        fileSpecLocation(doc, doc.dict(d.get("Mac"))?.get("F")),
      ];
      setTarget(
        found.reduce<FileSpecLocation | undefined>(
          (best, l) => (l && (!best || rank(l) > rank(best)) ? l : best),
          undefined,
        ),
      );
      const p = doc.resolve(win?.get("P"));
      if (p instanceof PdfString) fact.parameters = p.text;
      break;
    }
    case "GoToE":
      fact.embeddedTarget = embeddedTargetChain(doc, d.get("T"));
      setTarget(fileSpecLocation(doc, d.get("F")));
      break;
    case "SubmitForm":
    case "GoToR":
    case "ImportData":
    case "Thread":
      setTarget(fileSpecLocation(doc, d.get("F")));
      break;
    case "Movie": {
      // §12.6.4.10: the movie annotation (/Annotation) holds the movie dictionary whose /F is the file
      const movie = doc.dict(doc.dict(d.get("Annotation"))?.get("Movie"));
      setTarget(fileSpecLocation(doc, movie?.get("F")));
      break;
    }
    case "Sound": {
      // §13.3: a sound stream whose data is an external file (§7.3.8.2 /F)
      const sound = doc.resolve(d.get("Sound"));
      if (sound instanceof PdfStream) setTarget(fileSpecLocation(doc, sound.dict.get("F")));
      break;
    }
  }
  return fact;
}

/**
 * The media clip of a rendition (§13.2.3): a media rendition's /C clip's /D data, a file specification;
 * a selector rendition (/S /SR) offers renditions in /R, the most remote one is kept.
 */
function renditionClip(doc: PdfDocument, rendition: PdfObject | undefined): FileSpecLocation | undefined {
  const queue: PdfObject[] = rendition === undefined ? [] : [rendition];
  let best: FileSpecLocation | undefined;
  const max = doc.limits.MAX_MEDIA_CHAIN;
  let i = 0;
  for (; i < queue.length && i < max; i++) {
    const r = doc.dict(queue[i]);
    if (!r) continue;
    const s = nameOf(doc.resolve(r.get("S")));
    if (s === "SR") {
      const list = doc.resolve(r.get("R"));
      for (const x of Array.isArray(list) ? list : [list]) if (x !== undefined) queue.push(x);
      continue;
    }
    const data = doc.dict(r.get("C"))?.get("D");
    if (doc.resolve(data) instanceof PdfStream) continue; // a form XObject: the clip is in the file
    const l = fileSpecLocation(doc, data);
    if (l && !l.embedded && (!best || rank(l) > rank(best))) best = l;
  }
  if (i < queue.length) doc.budgetHits.add("MAX_MEDIA_CHAIN");
  return best;
}

/**
 * A GoToE target dictionary chain (§12.6.4.4, Table 205): each /T says whether the next document is the
 * parent (/R /P) or a child (/R /C) named /N in the embedded files tree or attached to annotation /A of
 * page /P. Described for the evidence: `child "a.pdf" > child in annotation 2 of page 0 > parent`.
 */
function embeddedTargetChain(doc: PdfDocument, target: PdfObject | undefined): string | undefined {
  const steps: string[] = [];
  const seen = new Set<PdfDict>();
  const max = doc.limits.MAX_MEDIA_CHAIN;
  let t = doc.dict(target);
  for (; t && !seen.has(t) && steps.length < max; t = doc.dict(t.get("T"))) {
    seen.add(t);
    const relation = nameOf(doc.resolve(t.get("R")));
    if (relation === "P") {
      steps.push("parent");
      continue;
    }
    const n = doc.resolve(t.get("N"));
    const a = doc.resolve(t.get("A"));
    const p = doc.resolve(t.get("P"));
    if (n instanceof PdfString) steps.push(`child "${n.text.slice(0, 128)}"`);
    else if (a !== undefined)
      steps.push(
        `child in annotation ${a instanceof PdfString ? `"${a.text.slice(0, 64)}"` : String(a)} of page ${p instanceof PdfString ? `"${p.text.slice(0, 64)}"` : String(p)}`,
      );
    else steps.push("child");
  }
  if (t && !seen.has(t)) doc.budgetHits.add("MAX_MEDIA_CHAIN");
  return steps.length ? steps.join(" > ") : undefined;
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
  for (let i = 0; d && i < doc.limits.MAX_INHERITANCE_DEPTH; i++) {
    const a = rectArea(doc, d.get("MediaBox"));
    if (a > 0) return a;
    d = doc.dict(d.get("Parent"));
  }
  if (d) doc.budgetHits.add("MAX_INHERITANCE_DEPTH");
  return 612 * 792;
}
