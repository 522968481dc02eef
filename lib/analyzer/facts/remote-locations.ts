// Every place the document names a location on another machine, with the carrier that names it and
// the trigger that makes a reader go there: action targets (GoToR, GoToE, Launch, ImportData,
// SubmitForm, Thread, URI, media clips of Rendition/Movie/Sound), external streams (ISO 32000-2
// §7.3.8.2 /F), reference XObjects (§8.10.4 /Ref), file-attachment annotations (§12.5.6.15 /FS),
// movies and media clips (§13.2.4, §13.4), the catalog's URI base (§12.6.4.8), file shares in script
// string literals, and the XFA callbacks (xfa-callbacks.ts). A reader that resolves a file share
// authenticates to it with the user's Windows credentials (NTLM): the forced-authentication leak.
import type { Budget } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";
import { FDF_TARGET_PATH, type ActionFact } from "./actions";
import {
  classifyLocation,
  isFileShare,
  isRemote,
  type LocationKind,
  type LocationSyntax,
} from "../content/classify-location";
import type { ObjectIndex } from "./object-index";
import type { Consent } from "./trigger-consent";
import { readStringLiteral } from "../javascript/callback-apis";
import { indexOfText } from "../../pdf/fast-search";

export interface RemoteLocationFact {
  /** what names the location, e.g. "/GoToR action", "external stream (/F)", "script string literal" */
  carrier: string;
  target: string;
  kind: LocationKind;
  host?: string;
  objectRef?: string;
  path: string;
  /** when a reader goes there, e.g. "document open", "page display" */
  trigger: string;
  consent: Consent;
}

interface ScriptSource {
  source: string;
  objectRef?: string;
  path: string;
  trigger: string;
  consent: Consent;
}

/** A window, not a budget: a script literal is read this far (a location is its head: classify-location.ts). */
const SCRIPT_LITERAL_CHARS = 1024;

export function collectRemoteLocations(
  doc: PdfDocument,
  actions: readonly ActionFact[],
  holders: ObjectIndex["fileSpecHolders"],
  scripts: readonly ScriptSource[],
  /** locations found outside the object graph (the XFA form), already classified */
  callbacks: readonly RemoteLocationFact[],
): RemoteLocationFact[] {
  const out: RemoteLocationFact[] = [];
  const seen = new Set<string>();
  // locations are evidence: a handful per carrier tells the story
  const max = doc.limits.MAX_REMOTE_LOCATIONS;
  const add = (f: RemoteLocationFact) => {
    const key = `${f.carrier}\n${f.objectRef ?? ""}\n${f.target}`;
    if (seen.has(key)) return;
    if (out.length >= max) {
      doc.budgetHits.add("MAX_REMOTE_LOCATIONS");
      return;
    }
    seen.add(key);
    out.push(f);
  };
  const targetsOfActions = new Set<string>();
  for (const a of actions) {
    if (!a.target || !a.targetKind || !isRemote(a.targetKind)) continue;
    targetsOfActions.add(a.target);
    const media = a.type === "Rendition" || a.type === "Movie" || a.type === "Sound";
    add({
      carrier: media
        ? `media clip of a /${a.type} action`
        : a.path === FDF_TARGET_PATH
          ? "FDF file's target document (/F)"
          : `/${a.type} action`,
      target: a.target,
      kind: a.targetKind,
      objectRef: a.objectRef,
      path: a.path,
      trigger: a.trigger,
      consent: a.consent,
    });
  }
  for (const h of holders) {
    if (out.length >= max) {
      doc.budgetHits.add("MAX_REMOTE_LOCATIONS");
      break;
    }
    const streamDict = h.owner instanceof PdfStream && h.owner.dict === h.dict;
    for (const { key: _key, ...found } of remoteSpecEntries(doc, h.dict, streamDict)) {
      // actions are reported above with the trigger that runs them (unreferenced ones included)
      if (targetsOfActions.has(found.target)) continue;
      const carrier = carrierOf(doc, h.owner, h.dict);
      if (!carrier) continue;
      add({ ...found, ...carrier, objectRef: h.ref });
    }
  }
  const base = doc.dict(doc.catalog?.get("URI"))?.get("Base");
  const baseText = doc.resolve(base);
  if (baseText instanceof PdfString) {
    const l = classifyLocation(baseText.text, "uri");
    if (isFileShare(l.kind))
      add({
        carrier: "/URI /Base (base of relative URI actions)",
        target: baseText.text,
        ...l,
        path: "/Root/URI/Base",
        trigger: "link click",
        consent: "click",
      });
  }
  for (const s of scripts)
    for (const l of scriptFileShares(s.source, doc))
      add({
        carrier: "script string literal",
        target: l.target,
        ...classifyLocation(l.target, "windows-path"),
        objectRef: s.objectRef,
        path: s.path,
        trigger: s.trigger,
        consent: s.consent,
      });
  for (const c of callbacks) if (isRemote(c.kind)) add(c);
  return out;
}

/**
 * The entries of one file-specification-like dictionary (§7.11.3 Table 43, or a dictionary with /F)
 * whose string names a location on another machine, with their keys: what the report shows, and what
 * the disarmed copy leaves out (disarm/rewrite-objects.ts).
 */
export function remoteSpecEntries(
  doc: PdfDocument,
  d: PdfDict,
  streamDict: boolean,
): { key: string; target: string; kind: LocationKind; host?: string }[] {
  // a specification that carries the file's data (/EF): readers use the data, the name is a label
  if (d.has("EF")) return [];
  const fs = doc.resolve(d.get("FS"));
  const url = fs instanceof PdfName && fs.name === "URL";
  const out: { key: string; target: string; kind: LocationKind; host?: string }[] = [];
  // a stream dictionary's only file specification is its /F (§7.3.8.2 Table 5)
  for (const key of streamDict ? ["F"] : ["F", "UF", "DOS", "Unix", "Mac", "FS"]) {
    const v = d.get(key);
    if (!(v instanceof PdfString)) continue;
    const syntax: LocationSyntax = url ? "uri" : key === "DOS" ? "windows-path" : "file-spec";
    const l = classifyLocation(v.text, syntax);
    if (isRemote(l.kind)) out.push({ key, target: v.text, ...l });
  }
  return out;
}

const ACTION_NAMES = new Set([
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

/**
 * What carries a file specification found inside object `owner`, from the keys and dictionaries on
 * the way to it; null for an action (collectActions reports those with their trigger).
 */
function carrierOf(
  doc: PdfDocument,
  owner: PdfObject,
  holder: PdfDict,
): { carrier: string; path: string; trigger: string; consent: Consent } | null {
  const chain = keyPath(doc, owner instanceof PdfStream ? owner.dict : owner, holder);
  if (!chain)
    return { carrier: "file specification", path: "", trigger: "where the document uses it", consent: "click" };
  // the stream's own /F, a string or a file specification dictionary: its data lives in that file
  if (owner instanceof PdfStream && (chain.length === 0 || chain[0].key === "F")) {
    const sub = doc.resolve(owner.dict.get("Subtype"));
    const what = sub instanceof PdfName ? ` of a /${sub.name} XObject` : "";
    return { carrier: `external stream${what} (/F)`, path: "/F", trigger: "page display", consent: "none" };
  }
  const path = chain.map((c) => `/${c.key}`).join("");
  const dicts = [owner instanceof PdfStream ? owner.dict : owner, ...chain.map((c) => c.value)].filter(
    (x): x is PdfDict => x instanceof PdfDict,
  );
  const names = (key: string) =>
    dicts
      .map((x) => doc.resolve(x.get(key)))
      .filter((n): n is PdfName => n instanceof PdfName)
      .map((n) => n.name);
  if (names("S").some((s) => ACTION_NAMES.has(s)) || dicts.some((x) => x.has("JS"))) return null;
  const keys = chain.map((c) => c.key);
  if (keys.includes("Ref"))
    // §8.10.4: readers that import the referenced page fetch the file when they draw the form
    return { carrier: "reference XObject (/Ref)", path, trigger: "page display", consent: "none" };
  if (names("Subtype").includes("FileAttachment"))
    return { carrier: "FileAttachment annotation (/FS)", path, trigger: "opening the attachment", consent: "click" };
  if (keys.includes("Movie"))
    return { carrier: "movie (/Movie /F)", path, trigger: "playing the movie", consent: "click" };
  if (names("Type").includes("MediaClip") || names("S").includes("MCD"))
    return { carrier: "media clip (/MCD /D)", path, trigger: "playing the media", consent: "click" };
  if (keys.includes("URLs"))
    return { carrier: "output profile reference", path, trigger: "colour-managed display", consent: "none" };
  return { carrier: "file specification", path, trigger: "where the document uses it", consent: "click" };
}

/**
 * The keys from `root` down to `target` (a depth-first search over direct values only), or null. A
 * search that the node or depth bound cut short without finding it is a budget hit.
 */
function keyPath(doc: PdfDocument, root: PdfObject, target: PdfDict): { key: string; value: PdfObject }[] | null {
  if (root === target) return [];
  const { MAX_CARRIER_PATH_NODES: maxNodes, MAX_CARRIER_PATH_DEPTH: maxDepth } = doc.limits;
  const stack: { value: PdfObject; path: { key: string; value: PdfObject }[] }[] = [{ value: root, path: [] }];
  let nodes = 0;
  let tooDeep = false;
  while (stack.length && nodes++ < maxNodes) {
    const { value, path } = stack.pop()!;
    if (path.length > maxDepth) {
      tooDeep = true;
      continue;
    }
    const d = value instanceof PdfStream ? value.dict : value;
    if (d instanceof PdfDict) {
      for (const [key, v] of d.entries) {
        if (v === target) return [...path, { key, value: v }];
        if (v instanceof PdfDict || Array.isArray(v)) stack.push({ value: v, path: [...path, { key, value: v }] });
      }
    } else if (Array.isArray(d)) {
      for (let i = 0; i < d.length; i++) {
        const v = d[i];
        if (v === target) return [...path, { key: String(i), value: v }];
        if (v instanceof PdfDict || Array.isArray(v))
          stack.push({ value: v, path: [...path, { key: String(i), value: v }] });
      }
    }
  }
  if (stack.length) doc.budgetHits.add("MAX_CARRIER_PATH_NODES");
  if (tooDeep) doc.budgetHits.add("MAX_CARRIER_PATH_DEPTH");
  return null;
}

/**
 * File shares written as string literals of a script (`app.openDoc("\\\\host\\share\\x.pdf")`,
 * `"file://host/x"`, `"smb://host/x"`): a literal that starts with one. Found from anchors with
 * indexOf, the literal read from its opening quote.
 */
export function scriptFileShares(source: string, budget: Budget): { target: string; offset: number }[] {
  const out: { target: string; offset: number }[] = [];
  const max = budget.limits.MAX_SCRIPT_FILE_SHARES;
  for (const anchor of ["\\\\\\\\", "file:", "smb:", "search-ms:"]) {
    let at = indexOfText(source, anchor);
    for (; at !== -1 && out.length < max; at = indexOfText(source, anchor, at + anchor.length)) {
      const q = source.charCodeAt(at - 1);
      if (q !== 0x22 && q !== 0x27 && q !== 0x60) continue;
      const target = readStringLiteral(source, at - 1, SCRIPT_LITERAL_CHARS);
      if (isFileShare(classifyLocation(target, "windows-path").kind)) out.push({ target, offset: at });
    }
    if (at !== -1) budget.budgetHits.add("MAX_SCRIPT_FILE_SHARES");
  }
  return out;
}
