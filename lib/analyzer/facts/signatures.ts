// Digital signatures (ISO 32000-2 §12.8) and what they cover. Each signature's /ByteRange should sign
// the whole file as it was at one revision, except its own /Contents hex string; everything a later
// incremental update changes is unsigned. Readers show the newest revision, validators often only say
// "signed, later modified": the shadow attacks (Mainka, Mladenov, Schwenk, "Shadow Attacks: Hiding and
// Replacing Content in Signed PDFs", NDSS 2021) prepare content the signer does not see and reveal it,
// or swap it in, with an update whose changes look like ones a signature permits. This fact lists each
// signature, the revision it covers, how exactly, and every object changed after it, classified by what
// the object is to the reader (object-roles.ts): allowed by a signature's permissions (§12.8.2.2 DocMDP:
// signing, long-term-validation data, form filling of fields not locked) or changing what is shown.
import type { Limits } from "../../limits";
import type { IndirectObject, PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";
import { serializeObject } from "../../pdf/writer/serialize-object";
import { bytesToText } from "../content/text";
import { isSignatureDict, objectRoles, type ObjectView, type RoleInfo } from "./object-roles";
import { readRevisions, type Revisions } from "./revisions";
import { indexOfText } from "../../pdf/fast-search";

export type SignatureKind = "approval" | "certification" | "timestamp" | "usage-rights";

/**
 * allowed: what the signature's permissions admit (a new signature and its field, /DSS, form filling);
 * other: changes nothing shown (metadata, an unreferenced object, a comment's text); the rest change
 * what the reader sees: hide (visibility: optional content, an overlay annotation added or removed, a
 * crop), replace (a content stream, font, image, XObject, attachment or locked field value redefined),
 * hide-and-replace (the page tree or catalog re-linked, or the xref re-pointed at another body inside
 * the signed bytes), action (an automatic action or document script added or changed).
 */
export const CHANGE_EFFECTS = ["allowed", "other", "hide", "replace", "hide-and-replace", "action"] as const;
export type ChangeEffect = (typeof CHANGE_EFFECTS)[number];
export const CONTENT_EFFECTS: ReadonlySet<ChangeEffect> = new Set(["hide", "replace", "hide-and-replace", "action"]);

export interface SignatureChange {
  /** "12 0 R", or "trailer /Root" */
  objectRef: string;
  /** what the object is: "page 1", "content stream of page 1", "FreeText annotation on page 1", ... */
  role: string;
  /** what changed: "added", "deleted", "/Contents", "/Annots + 1", "re-pointed inside the signed bytes" */
  change: string;
  effect: ChangeEffect;
}

export interface SignatureFact {
  /** the signature dictionary ("12 0 R"), or the object holding it */
  objectRef?: string;
  /** fully qualified name of its field */
  field?: string;
  kind: SignatureKind;
  subFilter?: string;
  /** /M, as written */
  signingTime?: string;
  byteRange: number[] | null;
  /** 0-based index of the revision whose end the ByteRange reaches; null when it reaches none */
  revision: number | null;
  /** what the ByteRange leaves out or overshoots, in words; empty when it is exactly one revision minus /Contents */
  coverageProblems: string[];
  /** changes made after the signed revision, content-changing ones first (at most MAX_EVIDENCE_PER_FINDING per effect) */
  changes: SignatureChange[];
  /** how many changes of each effect there were */
  changeCounts: Partial<Record<ChangeEffect, number>>;
  /** DocMDP permission of a certification signature: 1 no changes, 2 form filling and signing, 3 also annotations */
  docMdp?: number;
  /**
   * Why no validator can check this signature at all: its /ByteRange or its value (/Contents) is missing,
   * null, not what the format says or empty (the universal signature forgery shapes, Mladenov et al.,
   * CCS 2019). A value written as zeros is a placeholder of a document prepared for signing, not this.
   */
  unverifiable?: string;
}

export interface SignatureFacts {
  signatures: SignatureFact[];
  /** number of revisions (%%EOF markers) */
  revisions: number;
}

const HEX_OR_SPACE = new Uint8Array(256);
for (const c of "0123456789abcdefABCDEF \t\r\n\f\0") HEX_OR_SPACE[c.charCodeAt(0)] = 1;

/** catalog keys a signer may change: signing, validation data, metadata (§12.8.2.2, ISO 32000-2 §12.8.4.3 DSS) */
const ALLOWED_CATALOG_KEYS = new Set([
  "DSS",
  "Perms",
  "Metadata",
  "Extensions",
  "Version",
  "AcroForm",
  "Lang",
  "MarkInfo",
  "ViewerPreferences",
  "PageMode",
  "PageLayout",
]);
/** page keys that change what the page draws, and where */
const PAGE_CONTENT_KEYS = new Set(["Contents", "Resources", "Group", "Kids"]);
const PAGE_BOX_KEYS = new Set(["MediaBox", "CropBox", "Rotate", "UserUnit"]);
/** annotation keys that change what it draws or whether it shows */
const ANNOTATION_DRAWING_KEYS = new Set([
  "AP",
  "AS",
  "Rect",
  "F",
  "Subtype",
  "QuadPoints",
  "C",
  "IC",
  "CA",
  "BS",
  "Border",
  "RD",
  "Vertices",
  "InkList",
  "L",
  "MK",
  "OC",
  "BE",
]);
/** a field's value and what shows it: what form filling changes */
const FIELD_FILL_KEYS = new Set(["V", "AS", "AP", "MK", "DV", "I", "Ff", "RV", "DA", "Q"]);
/** the value itself (a text's /V, a check box's /AS, a list's selection /I, rich text /RV): a fill changes it */
const FIELD_VALUE_KEYS = ["V", "AS", "I", "RV"] as const;
/**
 * What draws the value. Filling redraws it with the new value; redrawn with the value unchanged, the
 * field shows other text than it holds (the shadow attacks' "replace" of form fields: pdf-attacker's
 * replace-form and hide-form samples). §12.7.4.1: bit 1 of /Ff, read-only, which no fill may change.
 */
const FIELD_APPEARANCE_KEYS = new Set(["AP", "MK", "DA", "Q"]);
const READ_ONLY_FLAG = 1;
/** annotations that draw over the page (markup that only tints, links and notes do not hide anything) */
const COVERING_ANNOTATIONS = new Set([
  "FreeText",
  "Square",
  "Circle",
  "Polygon",
  "PolyLine",
  "Ink",
  "Stamp",
  "Line",
  "Redact",
  "Watermark",
  "Caret",
  "3D",
  "RichMedia",
  "Screen",
  "Movie",
  "Projection",
  "Widget",
]);

export function collectSignatures(doc: PdfDocument, limits: Limits): SignatureFacts {
  const all = findSignatures(doc);
  if (!all.length) return { signatures: [], revisions: doc.eofOffsets.length };
  if (all.length > limits.MAX_SIGNATURES) doc.budgetHits.add("MAX_SIGNATURES");
  const found = all.slice(0, limits.MAX_SIGNATURES);
  const revs = readRevisions(doc);
  const currentView: ObjectView = (num) => revs.current(num)?.value;
  let currentRoles: Map<number, RoleInfo> | undefined;
  const rolesAt = new Map<number, Map<number, RoleInfo>>();
  const signatures: SignatureFact[] = [];
  for (const s of found) {
    const fact = describeSignature(doc, revs, s);
    if (fact.revision !== null && fact.revision < revs.ends.length - 1) {
      currentRoles ??= objectRoles(currentView, doc.trailer, limits.MAX_OBJECTS, limits.MAX_REF_CHAIN);
      let oldRoles = rolesAt.get(fact.revision);
      if (!oldRoles) {
        const r = fact.revision;
        rolesAt.set(
          r,
          (oldRoles = objectRoles(
            (num) => revs.versionAt(num, r)?.value,
            revs.trailerAt(r),
            limits.MAX_OBJECTS,
            limits.MAX_REF_CHAIN,
          )),
        );
      }
      const changes = changesAfter(
        doc,
        revs,
        fact.revision,
        { current: currentRoles, old: oldRoles },
        lockOf(doc, s, fact),
        limits,
      );
      fact.changeCounts = {};
      for (const c of changes) fact.changeCounts[c.effect] = (fact.changeCounts[c.effect] ?? 0) + 1;
      const perEffect = new Map<ChangeEffect, number>();
      fact.changes = changes
        .sort((a, b) => Number(CONTENT_EFFECTS.has(b.effect)) - Number(CONTENT_EFFECTS.has(a.effect)))
        .filter((c) => {
          const n = (perEffect.get(c.effect) ?? 0) + 1;
          perEffect.set(c.effect, n);
          return n <= limits.MAX_EVIDENCE_PER_FINDING;
        });
    }
    signatures.push(fact);
  }
  return { signatures, revisions: revs.ends.length };
}

interface FoundSignature {
  dict: PdfDict;
  /** the reference through which the dictionary was found (its own object, if indirect) */
  ref?: PdfRef;
  /** the field that holds it */
  field?: { dict: PdfDict; name: string };
  kind: SignatureKind;
}

/** A field on the walk down the field tree: its partial name (/T) and its parent. */
interface FieldNode {
  t: PdfObject | undefined;
  parent: FieldNode | undefined;
}

/**
 * A field's fully qualified name (§12.7.4.2: the partial names from the root, joined by periods; a
 * node without /T adds nothing). Made only for signature fields: a form has thousands of others.
 */
function fullFieldName(node: FieldNode): string {
  const parts: string[] = [];
  for (let n: FieldNode | undefined = node; n; n = n.parent) if (n.t instanceof PdfString) parts.push(n.t.text);
  let name = "";
  for (let i = parts.length - 1; i >= 0; i--) name = name ? `${name}.${parts[i]}` : parts[i];
  return name;
}

/** Signature fields of the form (§12.7.5.5), the catalog's /Perms, and any other signature dictionary of the current objects. */
function findSignatures(doc: PdfDocument): FoundSignature[] {
  const out: FoundSignature[] = [];
  const seen = new Set<PdfDict>();
  const catalog = doc.catalog;
  const perms = doc.dict(catalog?.get("Perms"));
  const kindByDict = new Map<PdfDict, SignatureKind>();
  for (const [key, v] of perms?.entries ?? []) {
    const d = doc.dict(v);
    if (d) kindByDict.set(d, key === "DocMDP" ? "certification" : "usage-rights");
  }
  const add = (value: PdfObject | undefined, field?: FoundSignature["field"]) => {
    const d = doc.dict(value);
    // a signature field's value is its signature dictionary, whatever it lacks (a forgery lacks what is checked)
    if (!d || seen.has(d) || (!field && !isSignatureDict(d))) return;
    seen.add(d);
    out.push({
      dict: d,
      ref: value instanceof PdfRef ? value : undefined,
      field,
      kind: kindByDict.get(d) ?? kindOf(doc, d),
    });
  };
  const acro = doc.dict(catalog?.get("AcroForm"));
  const fields = doc.resolve(acro?.get("Fields"));
  const stack: { f: PdfObject; parent?: FieldNode; ft?: string }[] = Array.isArray(fields)
    ? fields.map((f) => ({ f }))
    : [];
  const seenFields = new Set<PdfDict>();
  while (stack.length && seenFields.size < doc.limits.MAX_OBJECTS) {
    const { f, parent, ft: inherited } = stack.pop()!;
    const fd = doc.dict(f);
    if (!fd || seenFields.has(fd)) continue;
    seenFields.add(fd);
    const node: FieldNode = { t: doc.resolve(fd.get("T")), parent };
    const ftObj = doc.resolve(fd.get("FT"));
    const ft = ftObj instanceof PdfName ? ftObj.name : inherited;
    if (ft === "Sig") add(fd.get("V"), { dict: fd, name: fullFieldName(node) });
    const kids = doc.resolve(fd.get("Kids"));
    if (Array.isArray(kids)) for (const k of kids) stack.push({ f: k, parent: node, ft });
  }
  for (const v of perms?.entries.values() ?? []) add(v);
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const d = inst.value instanceof PdfDict ? inst.value : null;
    if (d && isSignatureDict(d)) add(new PdfRef(num, inst.gen));
  }
  return out;
}

function kindOf(doc: PdfDocument, d: PdfDict): SignatureKind {
  const type = doc.resolve(d.get("Type"));
  const sub = doc.resolve(d.get("SubFilter"));
  if (
    (type instanceof PdfName && type.name === "DocTimeStamp") ||
    (sub instanceof PdfName && sub.name === "ETSI.RFC3161")
  )
    return "timestamp";
  const refs = doc.resolve(d.get("Reference"));
  for (const r of Array.isArray(refs) ? refs : []) {
    const m = doc.resolve(doc.dict(r)?.get("TransformMethod"));
    if (m instanceof PdfName && m.name === "DocMDP") return "certification";
    if (m instanceof PdfName && (m.name === "UR" || m.name === "UR3")) return "usage-rights";
  }
  return "approval";
}

function describeSignature(doc: PdfDocument, revs: Revisions, s: FoundSignature): SignatureFact {
  const nameOf = (k: string) => {
    const v = doc.resolve(s.dict.get(k));
    return v instanceof PdfName ? v.name : v instanceof PdfString ? v.text : undefined;
  };
  const fact: SignatureFact = {
    objectRef: s.ref?.toString(),
    field: s.field?.name,
    kind: s.kind,
    subFilter: nameOf("SubFilter"),
    signingTime: nameOf("M"),
    byteRange: null,
    revision: null,
    coverageProblems: [],
    changes: [],
    changeCounts: {},
    docMdp: s.kind === "certification" ? docMdpOf(doc, s.dict) : undefined,
  };
  const br = doc.resolve(s.dict.get("ByteRange"));
  const nums = Array.isArray(br) ? br.map((x) => doc.resolve(x)) : [];
  const value = unverifiableValue(doc.resolve(s.dict.get("Contents")));
  if (
    nums.length < 2 ||
    nums.length % 2 ||
    !nums.every((n): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0)
  ) {
    fact.coverageProblems.push("no usable /ByteRange");
    fact.unverifiable = [br === undefined ? "no /ByteRange" : `/ByteRange ${describeValue(br)}`, value]
      .filter(Boolean)
      .join(", ");
    return fact;
  }
  if (value) fact.unverifiable = value;
  fact.byteRange = nums;
  const size = doc.bytes.length;
  if (nums[0] !== 0) fact.coverageProblems.push(`the first ${nums[0]} bytes are not signed`);
  // the gap must be the /Contents hex string of the signature's own object (or of the field holding it)
  const holder = s.ref?.num ?? (s.field ? numberOf(doc, s.field.dict) : undefined);
  for (let i = 0; i + 3 < nums.length; i += 2) {
    const gapStart = nums[i] + nums[i + 1];
    const gapEnd = nums[i + 2];
    if (gapEnd < gapStart) fact.coverageProblems.push(`ranges overlap or are out of order at ${gapEnd}`);
    else if (!isContentsGap(doc, gapStart, gapEnd, holder))
      fact.coverageProblems.push(`bytes ${gapStart}-${gapEnd} are left out and are not the signature's /Contents`);
  }
  const end = nums[nums.length - 2] + nums[nums.length - 1];
  if (end > size) {
    fact.coverageProblems.push(`the range reaches byte ${end}, past the end of the file (${size} bytes)`);
    return fact;
  }
  // a revision ends after %%EOF and its end-of-line; a signer may stop before that end-of-line
  const at = doc.eofOffsets.findIndex((eof, i) => end >= eof + 5 && end <= revs.ends[i]);
  if (at >= 0) fact.revision = at;
  else {
    const inside = revs.revisionOf(end);
    fact.coverageProblems.push(
      inside < revs.ends.length
        ? `the range ends at byte ${end}, inside revision ${inside + 1} (which ends at ${revs.ends[inside]})`
        : `the range ends at byte ${end}, after the last %%EOF`,
    );
    // what it does cover is the revisions before that point
    if (inside > 0) fact.revision = inside - 1;
  }
  return fact;
}

/** Why a signature's /Contents holds no value to check (§12.8.1: a DER-encoded signature as a byte string), or "". */
function unverifiableValue(contents: PdfObject | undefined): string {
  if (contents === undefined) return "no /Contents (no signature value)";
  if (!(contents instanceof PdfString)) return `/Contents ${describeValue(contents)}, not a signature value`;
  return contents.bytes.length === 0 ? "/Contents empty" : "";
}

/** A value as written (shortened): what stands where a byte range or a signature value should. */
const describeValue = (v: PdfObject): string => {
  const written = serializeObject(v, 1);
  return written.length > 40 ? `${written.slice(0, 40)}…` : written;
};

/** The object number whose current body is `d` (a field holding a direct signature dictionary). */
function numberOf(doc: PdfDocument, d: PdfDict): number | undefined {
  for (const inst of doc.table.values()) if (inst.value === d) return inst.num;
  return undefined;
}

/**
 * A gap of the ByteRange that is exactly one hex string inside a stored body of object `holder` (any
 * revision's: the signature may have been redefined since): `<...>` whole, or its digits alone with the
 * delimiters signed (some signers, e.g. pdf.js's signed_verified.pdf). A body inside an object stream
 * has no file bytes of its own, so no gap can be its /Contents.
 */
function isContentsGap(doc: PdfDocument, start: number, end: number, holder: number | undefined): boolean {
  const bytes = doc.bytes;
  const whole = end - start >= 2 && bytes[start] === 0x3c && bytes[end - 1] === 0x3e;
  const digitsOnly = !whole && bytes[start - 1] === 0x3c && bytes[end] === 0x3e;
  if (!whole && !digitsOnly) return false;
  if (
    holder !== undefined &&
    !doc.instances.some((o) => o.num === holder && !o.container && o.offset <= start && end <= o.end)
  )
    return false;
  for (let i = whole ? start + 1 : start; i < (whole ? end - 1 : end); i++) if (!HEX_OR_SPACE[bytes[i]]) return false;
  return true;
}

function docMdpOf(doc: PdfDocument, sig: PdfDict): number {
  const refs = doc.resolve(sig.get("Reference"));
  for (const r of Array.isArray(refs) ? refs : []) {
    const rd = doc.dict(r);
    const m = doc.resolve(rd?.get("TransformMethod"));
    if (!(m instanceof PdfName) || m.name !== "DocMDP") continue;
    const p = doc.resolve(doc.dict(rd?.get("TransformParams"))?.get("P"));
    return typeof p === "number" ? p : 2;
  }
  return 2;
}

/** Which fields a signature locks (§12.7.5.5 /Lock, §12.8.2.4 FieldMDP): all, some by name, or none. */
type Lock = { all: true } | { all: false; include?: Set<string>; exclude?: Set<string> };

function lockOf(doc: PdfDocument, s: FoundSignature, fact: SignatureFact): Lock {
  if (fact.docMdp === 1) return { all: true };
  const params: PdfDict[] = [];
  const lock = doc.dict(s.field?.dict.get("Lock"));
  if (lock) params.push(lock);
  const refs = doc.resolve(s.dict.get("Reference"));
  for (const r of Array.isArray(refs) ? refs : []) {
    const rd = doc.dict(r);
    const m = doc.resolve(rd?.get("TransformMethod"));
    const tp = doc.dict(rd?.get("TransformParams"));
    if (m instanceof PdfName && m.name === "FieldMDP" && tp) params.push(tp);
  }
  const names = (v: PdfObject | undefined) => {
    const a = doc.resolve(v);
    return new Set(
      (Array.isArray(a) ? a : [])
        .map((x) => doc.resolve(x))
        .filter((x): x is PdfString => x instanceof PdfString)
        .map((x) => x.text),
    );
  };
  for (const p of params) {
    const action = doc.resolve(p.get("Action"));
    if (!(action instanceof PdfName)) continue;
    if (action.name === "All") return { all: true };
    if (action.name === "Include") return { all: false, include: names(p.get("Fields")) };
    if (action.name === "Exclude") return { all: false, exclude: names(p.get("Fields")) };
  }
  return { all: false };
}

function isLocked(lock: Lock, field: string | undefined): boolean {
  if (lock.all) return true;
  if (field === undefined) return false;
  if (lock.include) return lock.include.has(field);
  if (lock.exclude) return !lock.exclude.has(field);
  return false;
}

interface Roles {
  current: Map<number, RoleInfo>;
  old: Map<number, RoleInfo>;
}

/** Every object whose body differs between revision `rev` and the current view, classified. */
function changesAfter(
  doc: PdfDocument,
  revs: Revisions,
  rev: number,
  roles: Roles,
  lock: Lock,
  limits: Limits,
): SignatureChange[] {
  const out: SignatureChange[] = [];
  const oldTrailer = revs.trailerAt(rev);
  const oldRoot = oldTrailer?.get("Root");
  const newRoot = doc.trailer?.get("Root");
  if (oldRoot instanceof PdfRef && newRoot instanceof PdfRef && oldRoot.num !== newRoot.num) {
    out.push({
      objectRef: "trailer /Root",
      role: "catalog",
      change: `${oldRoot} replaced by ${newRoot}`,
      effect: "hide-and-replace",
    });
  }
  const ctx: ClassifyContext = {
    doc,
    revs,
    rev,
    roles,
    lock,
    depth: limits.MAX_NESTING_DEPTH,
    oldView: (n) => revs.versionAt(n, rev)?.value,
    newView: (n) => revs.current(n)?.value,
  };
  for (const { num, body } of revs.misdirectedAfter(rev)) {
    const role = roles.current.get(num) ?? roles.old.get(num);
    out.push({
      objectRef: `${num} 0 R`,
      role: role ? describeRole(ctx, role) : "object",
      change: `xref entry re-pointed at the body of ${body.num} ${body.gen} R`,
      effect: "hide-and-replace",
    });
  }
  for (const num of revs.touchedAfter(rev)) {
    const before = revs.versionAt(num, rev);
    const after = revs.current(num);
    if (before === after) continue;
    if (before && after && sameValue(before.value, after.value, ctx.depth)) continue;
    out.push(...classify(ctx, num, before, after));
  }
  return out;
}

interface ClassifyContext {
  doc: PdfDocument;
  revs: Revisions;
  rev: number;
  roles: Roles;
  lock: Lock;
  depth: number;
  /** object values as of the signed revision, and now */
  oldView: ObjectView;
  newView: ObjectView;
}

/** An object with its references followed in one view (a short chain: values, not structures). */
function deref(o: PdfObject | undefined, view: ObjectView): PdfObject | undefined {
  let v = o;
  for (let i = 0; v instanceof PdfRef && i < 8; i++) v = view(v.num);
  return v;
}

function classify(
  ctx: ClassifyContext,
  num: number,
  before: IndirectObject | null,
  after: IndirectObject | null,
): SignatureChange[] {
  const { roles } = ctx;
  const info = roles.current.get(num) ?? roles.old.get(num);
  const objectRef = `${num} ${(after ?? before)!.gen} R`;
  const change = (role: string, what: string, effect: ChangeEffect): SignatureChange => ({
    objectRef,
    role,
    change: what,
    effect,
  });
  const where = info?.page !== undefined ? ` on page ${info.page + 1}` : "";
  if (!info)
    return [
      change(
        "object no page, form or catalog entry uses",
        before ? (after ? "redefined" : "deleted") : "added",
        "other",
      ),
    ];
  // a body the signed revision had but did not use, re-pointed to by a later xref: the signed view never showed it
  if (before && after && ctx.revs.revisionOf(after.offset) <= ctx.rev) {
    return [
      change(
        describeRole(ctx, info),
        "re-pointed by a later xref to another body inside the signed bytes",
        "hide-and-replace",
      ),
    ];
  }
  const oldDict = dictOfValue(before?.value);
  const newDict = dictOfValue(after?.value);
  switch (info.role) {
    case "catalog":
      return catalogChanges(ctx, oldDict, newDict).map(([what, effect]) => change("catalog", what, effect));
    case "page-tree":
      if (!before || !after)
        return [change("page tree node", before ? "deleted" : "added", before ? "hide-and-replace" : "other")];
      // an indirect /Kids array
      if (!oldDict || !newDict) return [change("page tree /Kids", "redefined", "hide-and-replace")];
      return diffKeys(oldDict, newDict, ctx.depth).map((k) =>
        change(
          "page tree node",
          `/${k}`,
          k === "Kids" || k === "Count"
            ? "hide-and-replace"
            : PAGE_CONTENT_KEYS.has(k)
              ? "replace"
              : PAGE_BOX_KEYS.has(k)
                ? "hide"
                : "other",
        ),
      );
    case "page": {
      const role = `page ${info.page! + 1}`;
      if (!before || !after) return [change(role, before ? "deleted" : "added", "replace")];
      // an indirect /Annots array, or the page itself
      if (!oldDict || !newDict)
        return annotationListChange(ctx, role, before.value, after.value).map(([what, effect]) =>
          change(role, what, effect),
        );
      const out: SignatureChange[] = [];
      for (const k of diffKeys(oldDict, newDict, ctx.depth)) {
        if (k === "Annots")
          for (const [what, effect] of annotationListChange(ctx, role, oldDict.get("Annots"), newDict.get("Annots")))
            out.push(change(role, what, effect));
        else
          out.push(
            change(
              role,
              `/${k}`,
              PAGE_CONTENT_KEYS.has(k) ? "replace" : PAGE_BOX_KEYS.has(k) ? "hide" : k === "AA" ? "action" : "other",
            ),
          );
      }
      return out;
    }
    case "drawn":
      return [
        change(
          `object drawn${where}`,
          before ? (after ? "redefined" : "deleted") : "added",
          before && !after ? "hide" : "replace",
        ),
      ];
    case "annotation": {
      const role = `${info.subtype ?? "untyped"} annotation${where}`;
      if (isFieldWidget(ctx, newDict ?? oldDict))
        return fieldChanges(ctx, oldDict, newDict).map(([what, effect]) => change(role, what, effect));
      if (!before || !after)
        return [
          change(role, before ? "deleted" : "added", COVERING_ANNOTATIONS.has(info.subtype ?? "") ? "hide" : "other"),
        ];
      return diffKeys(oldDict, newDict, ctx.depth).map((k) =>
        change(role, `/${k}`, ANNOTATION_DRAWING_KEYS.has(k) ? "hide" : k === "AA" ? "action" : "other"),
      );
    }
    case "appearance": {
      const owner = info.owner !== undefined ? (ctx.newView(info.owner) ?? ctx.oldView(info.owner)) : undefined;
      const ownerDict = dictOfValue(owner);
      const role = `appearance of ${info.owner !== undefined ? `${info.owner} 0 R` : "an annotation"}${where}`;
      const fill = fieldOfWidget(ctx, ownerDict);
      if (fill?.type === "Sig")
        return unsignedSignatureThatDraws(ctx, ownerDict)
          ? [change(role, `${before ? "redefined" : "added"} ${SNEAKY}`, "hide")]
          : [change(role, before ? "redefined" : "added", "allowed")];
      if (fill) {
        const owned = info.owner!;
        const locked = isLocked(ctx.lock, fill.name) || isReadOnly(ctx, dictOfValue(ctx.oldView(owned)));
        // an appearance redrawn while the value stayed what was signed is no fill
        const filled = !before || valueChanged(ctx, dictOfValue(ctx.oldView(owned)), dictOfValue(ctx.newView(owned)));
        return [
          change(
            role,
            `${before ? "redefined" : "added"}${filled ? "" : " with the field's value unchanged"}`,
            locked || !filled ? "replace" : "allowed",
          ),
        ];
      }
      return [change(role, before ? (after ? "redefined" : "deleted") : "added", before ? "replace" : "other")];
    }
    case "field":
      return fieldChanges(ctx, oldDict, newDict).map(([what, effect]) => change("form field", what, effect));
    case "form":
      if (!oldDict || !newDict)
        return [change("form", before ? (after ? "field list changed" : "deleted") : "added", "allowed")];
      return diffKeys(oldDict, newDict, ctx.depth).map((k) =>
        change("form", `/${k}`, k === "XFA" ? xfaChange(ctx, oldDict.get("XFA"), newDict.get("XFA")) : "allowed"),
      );
    case "optional-content":
      return [
        change("optional content (layer visibility)", before ? (after ? "redefined" : "deleted") : "added", "hide"),
      ];
    case "action":
      return [
        change(
          `automatic action or document script${info.owner !== undefined ? ` of ${info.owner} 0 R` : ""}`,
          before ? (after ? "redefined" : "deleted") : "added",
          "action",
        ),
      ];
    case "xfa": {
      const role = info.subtype ? `XFA ${info.subtype} packet` : "XFA form";
      if (info.subtype)
        return [
          change(
            role,
            before ? (after ? "redefined" : "deleted") : "added",
            XFA_FILL_PACKETS.has(info.subtype)
              ? ctx.lock.all
                ? "replace"
                : "allowed"
              : info.subtype === "template"
                ? "replace"
                : "other",
          ),
        ];
      return [
        change(role, before ? (after ? "redefined" : "deleted") : "added", xfaChange(ctx, before?.value, after?.value)),
      ];
    }
    case "attachment":
      return [
        change("attached file", before ? (after ? "redefined" : "deleted") : "added", before ? "replace" : "other"),
      ];
    case "signature":
    case "dss":
    case "permissions":
    case "form-resources":
      return [
        change(
          info.role === "dss"
            ? "long-term validation data (/DSS)"
            : info.role === "form-resources"
              ? "form default resources"
              : info.role === "permissions"
                ? "permissions"
                : "signature",
          before ? (after ? "redefined" : "deleted") : "added",
          "allowed",
        ),
      ];
    default:
      return [change(info.role, before ? (after ? "redefined" : "deleted") : "added", "other")];
  }
}

/** XFA packets that hold what a user filled in (XFA 3.3 §4 "datasets", "form"): the only ones filling rewrites */
const XFA_FILL_PACKETS = new Set(["datasets", "form"]);

/**
 * A changed XFA form: filling it (datasets or form packets, or a single stream whose template stayed the
 * same) is allowed unless every field is locked; a changed template is new form content.
 */
function xfaChange(ctx: ClassifyContext, before: PdfObject | undefined, after: PdfObject | undefined): ChangeEffect {
  const fill: ChangeEffect = ctx.lock.all ? "replace" : "allowed";
  const { oldView, newView } = ctx;
  const a = deref(before, oldView);
  const b = deref(after, newView);
  if (Array.isArray(a) && Array.isArray(b)) {
    const packets = (arr: PdfObject[], view: ObjectView) => {
      const m = new Map<string, PdfObject>();
      for (let i = 0; i + 1 < arr.length; i += 2) {
        const name = deref(arr[i], view);
        m.set(name instanceof PdfString ? name.text : `#${i}`, deref(arr[i + 1], view) ?? null);
      }
      return m;
    };
    const pa = packets(a, oldView);
    const pb = packets(b, newView);
    for (const name of new Set([...pa.keys(), ...pb.keys()])) {
      if (XFA_FILL_PACKETS.has(name) || sameValue(pa.get(name), pb.get(name), ctx.depth)) continue;
      return name === "template" ? "replace" : "other";
    }
    return fill;
  }
  if (a instanceof PdfStream && b instanceof PdfStream) {
    const template = (st: PdfStream) => templatePacket(latin1Text(ctx.doc, ctx.doc.decode(st).data));
    return template(a) === template(b) ? fill : "replace";
  }
  return "replace";
}

/** the text from `<template` to the first `</template>` after it (indexOf: no regex over the whole form) */
function templatePacket(xml: string): string | undefined {
  const start = indexOfText(xml, "<template");
  if (start < 0) return undefined;
  const end = indexOfText(xml, "</template", start);
  return xml.slice(start, end < 0 ? xml.length : end);
}

/** An XFA stream's text, up to MAX_XFA_CHARS (the rest of a huge form is given the benefit of the doubt). */
function latin1Text(doc: PdfDocument, data: Uint8Array): string {
  const max = doc.limits.MAX_XFA_CHARS;
  if (data.byteLength > max) doc.budgetHits.add("MAX_XFA_CHARS");
  return Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, max)).toString("latin1");
}

function describeRole(ctx: ClassifyContext, info: RoleInfo): string {
  if (info.role === "page") return `page ${info.page! + 1}`;
  if (info.role === "annotation") return `${info.subtype ?? "untyped"} annotation`;
  return info.role === "drawn" ? "object drawn on a page" : info.role;
}

function catalogChanges(
  ctx: ClassifyContext,
  before: PdfDict | undefined,
  after: PdfDict | undefined,
): [string, ChangeEffect][] {
  if (!before || !after) return [[before ? "deleted" : "added", "hide-and-replace"]];
  const out: [string, ChangeEffect][] = [];
  for (const k of diffKeys(before, after, ctx.depth)) {
    if (ALLOWED_CATALOG_KEYS.has(k)) {
      // a form dictionary written into the catalog: its /XFA is the form's content
      const xfaBefore = dictOfValue(before.get("AcroForm"))?.get("XFA");
      const xfaAfter = dictOfValue(after.get("AcroForm"))?.get("XFA");
      if (k === "AcroForm" && !sameValue(xfaBefore, xfaAfter, ctx.depth))
        out.push(["/AcroForm /XFA", xfaChange(ctx, xfaBefore, xfaAfter)]);
      else out.push([`/${k}`, "allowed"]);
    } else if (k === "Pages") out.push(["/Pages", "hide-and-replace"]);
    else if (k === "OpenAction" || k === "AA") out.push([`/${k}`, "action"]);
    else if (k === "OCProperties") out.push(["/OCProperties", "hide"]);
    else if (k === "Names") {
      const b = dictOfValue(before.get("Names"));
      const a = dictOfValue(after.get("Names"));
      for (const n of diffKeys(b, a, ctx.depth))
        out.push([`/Names /${n}`, n === "JavaScript" ? "action" : n === "EmbeddedFiles" ? "replace" : "other"]);
    } else out.push([`/${k}`, "other"]);
  }
  return out;
}

/** A page's /Annots before and after: added annotations by what they draw, removed ones reveal what they covered. */
function annotationListChange(
  ctx: ClassifyContext,
  role: string,
  before: PdfObject | undefined,
  after: PdfObject | undefined,
): [string, ChangeEffect][] {
  const list = (o: PdfObject | undefined, view: ObjectView) => {
    const v = deref(o, view);
    return Array.isArray(v) ? v : [];
  };
  const { oldView, newView } = ctx;
  const key = (o: PdfObject) => (o instanceof PdfRef ? `${o.num}` : null);
  const oldKeys = new Set(list(before, oldView).map(key));
  const newList = list(after, newView);
  const newKeys = new Set(newList.map(key));
  const out: [string, ChangeEffect][] = [];
  for (const a of newList) {
    const k = key(a);
    if (k !== null && oldKeys.has(k)) continue;
    const d = dictOfValue(a instanceof PdfRef ? newView(a.num) : a);
    const sub = d?.get("Subtype");
    const subtype = sub instanceof PdfName ? sub.name : "untyped";
    const field = fieldOfWidget(ctx, d);
    const sneaky = field?.type === "Sig" && unsignedSignatureThatDraws(ctx, d);
    const effect: ChangeEffect =
      field?.type === "Sig" && !sneaky ? "allowed" : sneaky || COVERING_ANNOTATIONS.has(subtype) ? "hide" : "other";
    out.push([
      `${subtype === "Widget" && field?.type === "Sig" ? "signature widget" : `${subtype} annotation`} ${a instanceof PdfRef ? `${a} ` : ""}added to /Annots${sneaky ? ` ${SNEAKY}` : ""}`,
      effect,
    ]);
  }
  for (const k of oldKeys)
    if (k !== null && !newKeys.has(k)) out.push([`annotation ${k} 0 R removed from /Annots`, "hide"]);
  if (!out.length) out.push([`/Annots rewritten (${role})`, "other"]);
  return out;
}

/** The field a widget belongs to (itself when merged), with its type (inherited /FT) and full name. */
function fieldOfWidget(ctx: ClassifyContext, widget: PdfDict | undefined): { type?: string; name: string } | undefined {
  const { doc } = ctx;
  let d = widget;
  let type: string | undefined;
  const parts: string[] = [];
  let isField = false;
  for (let i = 0; d && i < doc.limits.MAX_INHERITANCE_DEPTH; i++) {
    const ft = doc.resolve(d.get("FT"));
    if (ft instanceof PdfName) type ??= ft.name;
    const t = doc.resolve(d.get("T"));
    if (t instanceof PdfString) parts.unshift(t.text);
    if (d.has("FT") || d.has("T")) isField = true;
    d = doc.dict(d.get("Parent"));
  }
  if (d) doc.budgetHits.add("MAX_INHERITANCE_DEPTH");
  return isField ? { type, name: parts.join(".") } : undefined;
}

function isFieldWidget(ctx: ClassifyContext, d: PdfDict | undefined): boolean {
  return fieldOfWidget(ctx, d) !== undefined;
}

/** A form field (or its widget) changed: filling is allowed unless the field is locked; hiding or moving it is not. */
function fieldChanges(
  ctx: ClassifyContext,
  before: PdfDict | undefined,
  after: PdfDict | undefined,
): [string, ChangeEffect][] {
  const field = fieldOfWidget(ctx, after ?? before);
  const sig = field?.type === "Sig";
  if (!before || !after) {
    if (!after) return [["deleted", "hide"]];
    // a new signature field (and its widget) is what signing adds; any other new field draws over the page
    const sub = after.get("Subtype");
    const widget = sub instanceof PdfName && sub.name === "Widget";
    if (sig && unsignedSignatureThatDraws(ctx, after)) return [[`signature field added ${SNEAKY}`, "hide"]];
    return [
      [
        `${sig ? "signature field" : `${field?.type ?? ""} field`.trim()} added`,
        sig ? "allowed" : widget ? "hide" : "other",
      ],
    ];
  }
  const out: [string, ChangeEffect][] = [];
  const locked = isLocked(ctx.lock, field?.name);
  // read-only as signed: setting the flag is what a later signer's lock does, anything else no fill may do
  const readOnly = isReadOnly(ctx, before);
  const filled = valueChanged(ctx, before, after);
  for (const k of diffKeys(before, after, ctx.depth)) {
    if (sig)
      out.push(
        k === "AA"
          ? [`/${k}`, "action"]
          : FIELD_APPEARANCE_KEYS.has(k) && unsignedSignatureThatDraws(ctx, after)
            ? [`/${k} ${SNEAKY}`, "hide"]
            : [`/${k}`, "allowed"],
      );
    else if (FIELD_FILL_KEYS.has(k)) {
      const why = locked
        ? " of a locked field"
        : readOnly && k !== "Ff"
          ? " of a read-only field"
          : !filled && FIELD_APPEARANCE_KEYS.has(k)
            ? " with the field's value unchanged"
            : "";
      out.push([`/${k}${why}`, why ? "replace" : "allowed"]);
    } else if (k === "F" || k === "Rect") out.push([`/${k}`, "hide"]);
    else if (k === "AA" || k === "A") out.push([`/${k}`, k === "AA" ? "action" : "other"]);
    else if (k === "FT") out.push(["/FT", "replace"]);
    else
      out.push([
        `/${k}`,
        k === "Kids" || k === "T" || k === "TU" || k === "TM" || k === "Lock" || k === "SV" ? "allowed" : "other",
      ]);
  }
  return out;
}

/** The field's value in each view differs (the widget's own or, for a kid widget, its field's). */
function valueChanged(ctx: ClassifyContext, before: PdfDict | undefined, after: PdfDict | undefined): boolean {
  const a = fieldLevels(ctx, before, ctx.oldView);
  const b = fieldLevels(ctx, after, ctx.newView);
  return FIELD_VALUE_KEYS.some(
    (k) => !sameValue(a.find((d) => d.has(k))?.get(k), b.find((d) => d.has(k))?.get(k), ctx.depth),
  );
}

/** §12.7.4.1: /Ff is inheritable; the nearest level that has it decides. */
function isReadOnly(ctx: ClassifyContext, d: PdfDict | undefined): boolean {
  const ff = deref(
    fieldLevels(ctx, d, ctx.oldView)
      .find((x) => x.has("Ff"))
      ?.get("Ff"),
    ctx.oldView,
  );
  return typeof ff === "number" && (ff & READ_ONLY_FLAG) !== 0;
}

/** A widget and the fields above it (/Parent), in one view, nearest first. */
function fieldLevels(ctx: ClassifyContext, d: PdfDict | undefined, view: ObjectView): PdfDict[] {
  const out: PdfDict[] = [];
  for (let x = d; x && out.length < ctx.doc.limits.MAX_INHERITANCE_DEPTH; x = dictOfValue(deref(x.get("Parent"), view)))
    out.push(x);
  return out;
}

const HIDDEN_FLAG = 1 << 1;
const NO_VIEW_FLAG = 1 << 5;
const SNEAKY = "(unsigned, its appearance draws over the page)";
/** Content operators that paint: text, XObjects and inline images, shadings, filled paths (ISO 32000-2 Annex A). */
const PAINTING_OPERATOR = /(?:^|[\s\])>}])(?:Tj|TJ|Do|BI|sh|f\*?|F|B\*?|b\*?)(?=[\s[(/<{%]|$)|\)\s*['"]/;

/**
 * A signature field that no one signed (no /V at any level) whose widget appearance paints on a visible
 * rectangle: the sneaky signature attack (Mainka, Mladenov, Rohlmann, Schwenk, "Breaking the
 * Specification: PDF Certification", IEEE S&P 2021). Adding signature fields is what a certification or
 * an approval signature permits, so validators accept the update; a field waiting to be signed shows an
 * empty box (or a border), while this one draws text, an image or a filled area over signed content.
 */
function unsignedSignatureThatDraws(ctx: ClassifyContext, widget: PdfDict | undefined): boolean {
  const { newView, doc } = ctx;
  if (!widget || !isShown(widget, newView)) return false;
  if (fieldLevels(ctx, widget, newView).some((d) => deref(d.get("V"), newView) !== undefined)) return false;
  const normal = deref(dictOfValue(deref(widget.get("AP"), newView))?.get("N"), newView);
  if (!(normal instanceof PdfStream)) return false;
  return PAINTING_OPERATOR.test(bytesToText(doc.decode(normal).data, doc.limits.PAGE_TEXT_MAX_CONTENT_BYTES));
}

/** An annotation with an area that is not Hidden or NoView (§12.5.3 flags 2 and 6): the reader draws it. */
function isShown(annot: PdfDict, view: ObjectView): boolean {
  const flags = deref(annot.get("F"), view);
  if (typeof flags === "number" && (flags & (HIDDEN_FLAG | NO_VIEW_FLAG)) !== 0) return false;
  const rect = deref(annot.get("Rect"), view);
  const [x1, y1, x2, y2] = Array.isArray(rect) ? rect.slice(0, 4).map((v) => deref(v, view)) : [];
  return [x1, y1, x2, y2].every((v) => typeof v === "number") && x1 !== x2 && y1 !== y2;
}

function dictOfValue(v: PdfObject | undefined): PdfDict | undefined {
  return v instanceof PdfDict ? v : v instanceof PdfStream ? v.dict : undefined;
}

/** Keys whose values differ between two dictionaries (a stream's data counts as key "(data)"). */
function diffKeys(a: PdfDict | undefined, b: PdfDict | undefined, depth: number): string[] {
  if (!a || !b) return a || b ? ["(all)"] : [];
  const out: string[] = [];
  for (const k of new Set([...a.entries.keys(), ...b.entries.keys()])) {
    if (k === "Length") continue;
    if (!sameValue(a.get(k), b.get(k), depth)) out.push(k);
  }
  return out;
}

/** Structural equality of two objects, references by number and generation, bounded in depth. */
export function sameValue(a: PdfObject | undefined, b: PdfObject | undefined, depth: number): boolean {
  if (a === b) return true;
  if (depth <= 0 || a === undefined || b === undefined || a === null || b === null) return false;
  if (a instanceof PdfRef) return b instanceof PdfRef && a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfName) return b instanceof PdfName && a.name === b.name;
  if (a instanceof PdfString) return b instanceof PdfString && Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i], depth - 1));
  if (a instanceof PdfStream)
    return (
      b instanceof PdfStream && sameValue(a.dict, b.dict, depth - 1) && Buffer.from(a.raw).equals(Buffer.from(b.raw))
    );
  if (a instanceof PdfDict) return b instanceof PdfDict && diffKeys(a, b, depth - 1).length === 0;
  return false;
}
