// What each indirect object is to the reader, found by walking from the catalog of one view of the
// document (the current one, or one revision's): drawn on a page (content streams, resources, fonts,
// images, form XObjects), an annotation or its appearance, a form field, optional content, an action, an
// attachment, signature or long-term-validation data (/DSS), metadata. Used to tell a change made after
// a signature that alters what the signer saw from one a signature's permissions allow (§12.8.2.2).
// Roles are assigned in order of what matters most (what a page draws first); each object once.
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";

export type ObjectRole =
  | "catalog"
  | "page-tree"
  | "page"
  | "drawn"
  | "annotation"
  | "appearance"
  | "field"
  | "form"
  | "form-resources"
  | "xfa"
  | "optional-content"
  | "action"
  | "click-action"
  | "attachment"
  | "signature"
  | "dss"
  | "permissions"
  | "metadata"
  | "info"
  | "outline"
  | "names"
  | "other";

export interface RoleInfo {
  role: ObjectRole;
  /** the annotation an appearance belongs to, or the page an annotation is on (object numbers) */
  owner?: number;
  /** an annotation's /Subtype; an XFA packet's name (template, datasets, ...) */
  subtype?: string;
  /** 0-based index of the page a page object, an annotation or a drawn object belongs to (the first one) */
  page?: number;
}

/** A view of the document: the value of each object number (one revision's or the current). */
export type ObjectView = (num: number) => PdfObject | undefined;

/** back-links and links to what is classified elsewhere: never followed by a reach */
const NOT_FOLLOWED = new Set(["Parent", "P", "Prev", "Annots", "Popup", "IRT"]);
const OPTIONAL_CONTENT_TYPES = new Set(["OCG", "OCMD"]);

export function objectRoles(
  view: ObjectView,
  trailer: PdfDict | null | undefined,
  maxObjects: number,
  maxChain: number,
): Map<number, RoleInfo> {
  const roles = new Map<number, RoleInfo>();
  const resolve = (o: PdfObject | undefined): PdfObject | undefined => {
    let cur = o;
    for (let i = 0; cur instanceof PdfRef && i < maxChain; i++) cur = view(cur.num);
    return cur instanceof PdfRef ? undefined : cur;
  };
  const dictOf = (o: PdfObject | undefined): PdfDict | undefined => {
    const r = resolve(o);
    return r instanceof PdfDict ? r : r instanceof PdfStream ? r.dict : undefined;
  };
  const assign = (o: PdfObject | undefined, info: RoleInfo): boolean => {
    if (!(o instanceof PdfRef) || roles.has(o.num) || roles.size >= maxObjects) return false;
    roles.set(o.num, info);
    return true;
  };
  /** every object reachable from `start` (not through NOT_FOLLOWED keys) that has no role yet gets `info` */
  const reach = (start: PdfObject | undefined, info: RoleInfo) => {
    const stack: PdfObject[] = [start ?? null];
    while (stack.length && roles.size < maxObjects) {
      const o = stack.pop()!;
      if (o instanceof PdfRef) {
        if (roles.has(o.num)) continue;
        const d = dictOf(o);
        // optional content met inside a page (/OC, /Properties) is its own thing: its visibility is what changes
        const t = d?.get("Type");
        roles.set(
          o.num,
          t instanceof PdfName && OPTIONAL_CONTENT_TYPES.has(t.name) ? { role: "optional-content" } : info,
        );
        stack.push(view(o.num) ?? null);
      } else if (Array.isArray(o)) pushAll(stack, o);
      else {
        const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
        if (d)
          for (const [k, v] of d.entries)
            if (!NOT_FOLLOWED.has(k) && v !== null && typeof v === "object") stack.push(v);
      }
    }
  };

  const rootRef = trailer?.get("Root");
  const catalog = dictOf(rootRef);
  if (!catalog) return roles;
  assign(rootRef, { role: "catalog" });

  // pages first: what they draw outranks every other role of a shared object
  const pages: { ref: PdfObject; dict: PdfDict; index: number }[] = [];
  const seenNodes = new Set<PdfDict>();
  const stack: PdfObject[] = [catalog.get("Pages") ?? null];
  while (stack.length && seenNodes.size < maxObjects) {
    const node = stack.pop()!;
    const d = dictOf(node);
    if (!d || seenNodes.has(d)) continue;
    seenNodes.add(d);
    const kidsEntry = d.get("Kids");
    const kids = resolve(kidsEntry);
    const type = d.get("Type");
    if (Array.isArray(kids) && !(type instanceof PdfName && type.name === "Page")) {
      assign(node, { role: "page-tree" });
      assign(kidsEntry, { role: "page-tree" });
      reach(d.get("Resources"), { role: "drawn" });
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    } else {
      const index = pages.length;
      assign(node, { role: "page", page: index });
      pages.push({ ref: node, dict: d, index });
    }
  }
  for (const p of pages) {
    reach(p.dict.get("Contents"), { role: "drawn", page: p.index });
    reach(p.dict.get("Resources"), { role: "drawn", page: p.index });
    for (const key of ["Thumb", "Group"]) reach(p.dict.get(key), { role: "drawn", page: p.index });
  }
  // annotations and their appearances
  const pageNum = (p: { ref: PdfObject }) => (p.ref instanceof PdfRef ? p.ref.num : undefined);
  for (const p of pages) {
    const annotsEntry = p.dict.get("Annots");
    assign(annotsEntry, { role: "page", page: p.index });
    const annots = resolve(annotsEntry);
    if (!Array.isArray(annots)) continue;
    for (const a of annots) {
      const ad = dictOf(a);
      if (!ad) continue;
      const sub = ad.get("Subtype");
      const subtype = sub instanceof PdfName ? sub.name : undefined;
      assign(a, { role: "annotation", subtype, owner: pageNum(p), page: p.index });
      const owner = a instanceof PdfRef ? a.num : pageNum(p);
      reach(ad.get("AP"), { role: "appearance", owner, page: p.index });
      reach(ad.get("MK"), { role: "appearance", owner, page: p.index });
      const popup = ad.get("Popup");
      assign(popup, { role: "annotation", subtype: "Popup", owner: pageNum(p), page: p.index });
      // /A runs on a click (the reader's doing); /AA holds the automatic triggers too (page visible, ...)
      reach(ad.get("AA"), { role: "action", owner });
      reach(ad.get("A"), { role: "click-action", owner });
    }
  }
  // form fields (a widget merged with its field keeps its annotation role), signatures, form resources, XFA
  const acroEntry = catalog.get("AcroForm");
  const acro = dictOf(acroEntry);
  if (acro) {
    assign(acroEntry, { role: "form" });
    const fieldsEntry = acro.get("Fields");
    assign(fieldsEntry, { role: "form" });
    const fstack: PdfObject[] = [];
    const fields = resolve(fieldsEntry);
    if (Array.isArray(fields)) pushAll(fstack, fields);
    const seenFields = new Set<PdfDict>();
    while (fstack.length && seenFields.size < maxObjects) {
      const f = fstack.pop()!;
      const fd = dictOf(f);
      if (!fd || seenFields.has(fd)) continue;
      seenFields.add(fd);
      assign(f, { role: "field" });
      const owner = f instanceof PdfRef ? f.num : undefined;
      reach(fd.get("V"), { role: isSignatureDict(dictOf(fd.get("V"))) ? "signature" : "field", owner });
      reach(fd.get("Lock"), { role: "signature", owner });
      reach(fd.get("AP"), { role: "appearance", owner });
      reach(fd.get("AA"), { role: "action", owner });
      reach(fd.get("A"), { role: "click-action", owner });
      const kidsEntry = fd.get("Kids");
      assign(kidsEntry, { role: "field", owner });
      const kids = resolve(kidsEntry);
      if (Array.isArray(kids)) pushAll(fstack, kids);
    }
    // an XFA form is one stream or an array of named packets (template, datasets, ...): filling it rewrites datasets only
    const xfa = resolve(acro.get("XFA"));
    if (Array.isArray(xfa)) {
      assign(acro.get("XFA"), { role: "xfa" });
      for (let i = 0; i + 1 < xfa.length; i += 2) {
        const name = resolve(xfa[i]);
        reach(xfa[i + 1], { role: "xfa", subtype: name instanceof PdfString ? name.text : undefined });
      }
    } else reach(acro.get("XFA"), { role: "xfa" });
    reach(acro.get("DR"), { role: "form-resources" });
  }
  reach(catalog.get("OCProperties"), { role: "optional-content" });
  reach(catalog.get("DSS"), { role: "dss" });
  reach(catalog.get("Perms"), { role: "permissions" });
  for (const key of ["OpenAction", "AA"]) reach(catalog.get(key), { role: "action" });
  const namesEntry = catalog.get("Names");
  assign(namesEntry, { role: "names" });
  const names = dictOf(namesEntry);
  for (const [key, tree] of names?.entries ?? []) {
    const role: ObjectRole = key === "JavaScript" ? "action" : key === "EmbeddedFiles" ? "attachment" : "names";
    reachTree(tree, role);
  }
  reach(catalog.get("Metadata"), { role: "metadata" });
  reach(catalog.get("Outlines"), { role: "outline" });
  reach(trailer?.get("Info"), { role: "info" });
  return roles;

  /** a name tree: its nodes (through /Kids, which reach does not follow in general) and its values */
  function reachTree(tree: PdfObject | undefined, role: ObjectRole) {
    const nodes: PdfObject[] = [tree ?? null];
    const seen = new Set<PdfDict>();
    while (nodes.length && seen.size < maxObjects) {
      const n = nodes.pop()!;
      const d = dictOf(n);
      if (!d || seen.has(d)) continue;
      seen.add(d);
      assign(n, { role });
      reach(d.get("Names"), { role });
      const kids = resolve(d.get("Kids"));
      assign(d.get("Kids"), { role });
      if (Array.isArray(kids)) pushAll(nodes, kids);
    }
  }
}

/** push(...items) for arrays of any length (a spread call fails past the engine's argument limit) */
function pushAll(target: PdfObject[], items: PdfObject[]): void {
  for (const item of items) target.push(item);
}

/** /Type /Sig or /DocTimeStamp, or a dictionary with a /ByteRange and /Contents (§12.8.1 Table 255) */
export function isSignatureDict(d: PdfDict | undefined): boolean {
  if (!d) return false;
  const t = d.get("Type");
  if (t instanceof PdfName && (t.name === "Sig" || t.name === "DocTimeStamp")) return true;
  return d.has("ByteRange") && d.has("Contents");
}
