// Loops in the linked structures a reader or viewer walks (ISO 32000-2 §7.7.3 page tree, §12.3.3
// outlines, §12.6.2 action /Next chains, §7.9.6-7 name and number trees, §12.7.4 field tree, §14.7.2
// structure tree, §7.5.7 object stream /Extends chains, §7.10.4 stitching functions, pages whose open
// actions go to each other) and references that resolve back to themselves (§7.3.10). A reader without a cycle
// guard walks such a structure forever: the denial-of-service documents of the PDF attack literature
// (Acrobat/Foxit/pdf.js hangs from page-tree, outline and /Next loops), and form XObjects that paint
// themselves (§8.10, a renderer's recursion). Our own walks are guarded and stop; this fact says where
// and through which objects they had to.
//
// One depth-first walk per structure with an on-path set: an edge back to a node still on the path is
// a cycle (a node reached twice along different branches is sharing, not a loop). Back-links the
// spec defines (/Parent, /Prev, /P) are never followed, so they never count. Every walk visits each
// node once and stops at MAX_OBJECTS nodes, like PdfDocument.pages().
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, PdfStream, type PdfObject } from "../../pdf/objects";
import type { ObjectIndex } from "./object-index";
import { bytesToText, ContentScanner } from "../content/text";

export const LOOP_STRUCTURES = [
  "page-tree",
  "outline",
  "action-next",
  "name-tree",
  "number-tree",
  "field-tree",
  "struct-tree",
  "reference-chain",
  "xobject",
  "object-stream",
  "function",
  "page-navigation",
] as const;
export type LoopStructure = (typeof LOOP_STRUCTURES)[number];

/** objects of one cycle named in the fact (presentation: `length` counts them all): a cycle through thousands of nodes is named by its first ones */
const MAX_CYCLE_OBJECTS = 64;

/** A loop fact from the nodes around its cycle. */
function loopOf(structure: LoopStructure, path: string, nodes: string[]): LoopFact {
  return { structure, objects: nodes.slice(0, MAX_CYCLE_OBJECTS), length: nodes.length, path };
}

export interface LoopFact {
  structure: LoopStructure;
  /** the objects around the cycle, in walk order, e.g. ["3 0 R", "7 0 R"] (the last one links back to the first); the first MAX_CYCLE_OBJECTS of a longer one */
  objects: string[];
  /** how many objects the cycle has */
  length: number;
  /** where the walk entered the structure, e.g. "/Root/Pages" or "/Root/Names/Dests" */
  path: string;
}

/** Keys that lead from a node to its children (or next sibling) in each structure, never back-links. */
const CHILD_KEYS: Record<Exclude<LoopStructure, "reference-chain" | "xobject">, readonly string[]> = {
  "page-tree": ["Kids"],
  // §12.3.3: a viewer walks /First then /Next; /Last is the parent's second way down
  outline: ["First", "Next", "Last"],
  "action-next": ["Next"],
  "name-tree": ["Kids"],
  "number-tree": ["Kids"],
  "field-tree": ["Kids"],
  "struct-tree": ["K"],
  // §7.5.7: an object stream /Extends another, whose objects it adds to; a reader follows the chain
  "object-stream": ["Extends"],
  // §7.10.4: a stitching function is made of /Functions; evaluating it evaluates each (PDF101's D3)
  function: ["Functions"],
  // read by navigationTargets, not by key: the pages a page's open action goes to
  "page-navigation": [],
};

/**
 * The pages a page's open action (/AA /O, and its /Next chain) goes to with GoTo (§12.6.4.2): opening
 * one opens the next, so a cycle of two or more pages bounces the viewer between them for ever (PDF101's
 * goto ping-pong). A page that goes to itself is not followed: it is open already.
 */
function navigationTargets(doc: PdfDocument, page: PdfDict): PdfObject[] {
  const out: PdfObject[] = [];
  let action = pageOpenAction(doc, page);
  for (let i = 0; action && i < MAX_NAVIGATION_STEPS; i++) {
    const s = action.get("S");
    const d = doc.resolve(action.get("D"));
    if (
      s instanceof PdfName &&
      s.name === "GoTo" &&
      Array.isArray(d) &&
      d[0] instanceof PdfRef &&
      nodeOf(doc, d[0]) !== page
    )
      out.push(d[0]);
    const next = doc.resolve(action.get("Next"));
    action = next instanceof PdfDict ? next : undefined;
  }
  return out;
}
/** A page's open action (/AA /O), the first of the chain navigationTargets reads. */
const pageOpenAction = (doc: PdfDocument, page: PdfDict): PdfDict | undefined =>
  doc.dict(doc.dict(page.get("AA"))?.get("O"));

/** a detection window, not a budget: actions of one /Next chain read for its GoTos (chains are short; loops in them are action-next's) */
const MAX_NAVIGATION_STEPS = 16;

interface Frame {
  node: PdfDict;
  /** the entry that led to the node, as written: a reference, or the dictionary itself */
  via: PdfObject | undefined;
  /** the nearest indirect object holding the node (itself when `via` is a reference) */
  holder: PdfRef | string | undefined;
  children: PdfObject[];
  next: number;
}

/**
 * How evidence names a frame's node. Made only for the nodes of a cycle found: a walk of a tagged
 * document's structure tree visits thousands of nodes, and a label string per node was most of its cost.
 */
const frameLabel = (f: Frame): string => labelOf(f.via, f.holder instanceof PdfRef ? f.holder.toString() : f.holder);

interface Root {
  value: PdfObject | undefined;
  path: string;
  /** the indirect object holding `value` when it is written inline */
  owner?: string;
}

/**
 * Cycles of one structure reachable from `roots`. `state` is shared by walks of the same structure so
 * a node finished from one root is not walked again from another (each node once per structure).
 */
function findCycles(
  doc: PdfDocument,
  structure: Exclude<LoopStructure, "reference-chain" | "xobject">,
  roots: Root[],
  state: Map<PdfDict, 1 | 2>,
  out: LoopFact[],
  maxCycles: number,
): void {
  const keys = CHILD_KEYS[structure];
  const maxNodes = doc.limits.MAX_OBJECTS;
  const childrenOf = (d: PdfDict): PdfObject[] => {
    // a /Page is a leaf whatever it holds (readers stop there, §7.7.3.3)
    if (structure === "page-tree" && isType(d, "Page")) return [];
    if (structure === "page-navigation") return navigationTargets(doc, d);
    const kids: PdfObject[] = [];
    for (const k of keys) {
      const raw = d.get(k);
      if (raw === undefined) continue;
      // an array of children (Kids, K, an array /Next), possibly behind a reference; else one child
      const v = doc.resolve(raw);
      // (a loop, not push(...v): a /Kids array may hold more items than a call takes arguments)
      if (Array.isArray(v)) for (const k of v) kids.push(k);
      else kids.push(raw);
    }
    return kids;
  };
  const found = () => out.filter((l) => l.structure === structure).length;
  for (const root of roots) {
    const first = nodeOf(doc, root.value);
    if (!first || state.has(first)) continue;
    const path: Frame[] = [
      {
        node: first,
        via: root.value,
        holder: root.value instanceof PdfRef ? root.value : root.owner,
        children: childrenOf(first),
        next: 0,
      },
    ];
    state.set(first, 1);
    while (path.length) {
      if (state.size > maxNodes) {
        doc.budgetHits.add("MAX_OBJECTS");
        return;
      }
      const top = path[path.length - 1];
      if (top.next >= top.children.length) {
        state.set(top.node, 2);
        path.pop();
        continue;
      }
      const child = top.children[top.next++];
      const node = nodeOf(doc, child);
      if (!node) continue;
      const s = state.get(node);
      if (s === 1) {
        if (found() < maxCycles) {
          const at = path.findIndex((f) => f.node === node);
          out.push(loopOf(structure, root.path, path.slice(at).map(frameLabel)));
        }
        continue;
      }
      if (s === 2) continue;
      state.set(node, 1);
      path.push({
        node,
        via: child,
        holder: child instanceof PdfRef ? child : top.holder,
        children: childrenOf(node),
        next: 0,
      });
    }
  }
}

/** The dictionary a child entry stands for: a dict, or a stream's dictionary (an action may be a stream-less dict only). */
function nodeOf(doc: PdfDocument, o: PdfObject | undefined): PdfDict | undefined {
  const r = doc.resolve(o);
  return r instanceof PdfDict ? r : r instanceof PdfStream ? r.dict : undefined;
}

/** how evidence names a node: its reference, or "direct object in N 0 R" for a dictionary written inline */
function labelOf(o: PdfObject | undefined, owner: string | undefined): string {
  return o instanceof PdfRef ? o.toString() : `direct object in ${owner ?? "trailer"}`;
}

function isType(d: PdfDict, type: string): boolean {
  const t = d.get("Type");
  return t instanceof PdfName && t.name === type;
}

/**
 * Indirect objects whose value is a bare reference that leads, through such objects only, back to
 * itself (`1 0 obj 2 0 R endobj 2 0 obj 1 0 R endobj`, or `1 0 obj 1 0 R endobj`): nothing to resolve.
 */
function referenceCycles(doc: PdfDocument, out: LoopFact[], maxCycles: number): void {
  const done = new Set<number>();
  let found = 0;
  for (const inst of doc.table.values()) {
    const num = inst.num;
    if (done.has(num) || !(inst.value instanceof PdfRef)) continue;
    const onPath = new Map<number, number>();
    const chain: string[] = [];
    let cur: PdfObject | undefined = new PdfRef(num, inst.gen);
    while (cur instanceof PdfRef && !done.has(cur.num) && !onPath.has(cur.num)) {
      onPath.set(cur.num, chain.length);
      chain.push(cur.toString());
      cur = doc.table.get(cur.num)?.value;
    }
    if (cur instanceof PdfRef && onPath.has(cur.num) && found++ < maxCycles) {
      out.push(loopOf("reference-chain", chain[0], chain.slice(onPath.get(cur.num))));
    }
    for (const n of onPath.keys()) done.add(n);
  }
}

export function collectLoops(doc: PdfDocument, actionDicts: ObjectIndex["actionDicts"]): LoopFact[] {
  const out: LoopFact[] = [];
  const max = doc.limits.MAX_EVIDENCE_PER_FINDING;
  const walk = (structure: Exclude<LoopStructure, "reference-chain" | "xobject">, roots: Root[]) =>
    findCycles(doc, structure, roots, new Map(), out, max);
  const catalog = doc.catalog;
  const rootRef = doc.trailer?.get("Root");
  const owner = rootRef instanceof PdfRef ? rootRef.toString() : undefined;
  if (catalog) {
    const structRoot = doc.dict(catalog.get("StructTreeRoot"));
    const entry = (d: PdfDict | undefined, key: string, path: string, holder?: string): Root[] =>
      d?.has(key) ? [{ value: d.get(key), path, owner: holder }] : [];
    walk("page-tree", entry(catalog, "Pages", "/Root/Pages", owner));
    walk("outline", entry(catalog, "Outlines", "/Root/Outlines", owner));
    const names = doc.dict(catalog.get("Names"));
    walk("name-tree", [
      ...[...(names?.entries.keys() ?? [])].flatMap((k) => entry(names, k, `/Root/Names/${k}`, owner)),
      ...entry(structRoot, "IDTree", "/Root/StructTreeRoot/IDTree"),
    ]);
    walk("number-tree", [
      ...entry(catalog, "PageLabels", "/Root/PageLabels", owner),
      ...entry(structRoot, "ParentTree", "/Root/StructTreeRoot/ParentTree"),
    ]);
    const fields = doc.resolve(doc.dict(catalog.get("AcroForm"))?.get("Fields"));
    if (Array.isArray(fields))
      walk(
        "field-tree",
        fields.map((f, i) => ({ value: f, path: `/Root/AcroForm/Fields[${i}]` })),
      );
    walk("struct-tree", entry(catalog, "StructTreeRoot", "/Root/StructTreeRoot", owner));
  }
  walk(
    "action-next",
    actionDicts.map(({ dict, ref }) => actionRoot(doc, dict, ref)),
  );
  // only a page with an open action can be on a cycle (a page without one goes nowhere): the walk's
  // roots are those, not every page of a long document
  walk(
    "page-navigation",
    doc
      .pages()
      .flatMap((p, i) =>
        pageOpenAction(doc, p.dict) ? [{ value: p.ref ?? p.dict, path: `page ${i + 1} /AA /O` }] : [],
      ),
  );
  const streams: Root[] = [];
  const functions: Root[] = [];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const d =
      inst.value instanceof PdfStream ? inst.value.dict : inst.value instanceof PdfDict ? inst.value : undefined;
    if (d?.has("Extends") && isType(d, "ObjStm"))
      streams.push({ value: new PdfRef(num, inst.gen), path: `${num} ${inst.gen} R /Extends` });
    if (d?.has("Functions") && d.has("FunctionType"))
      functions.push({ value: new PdfRef(num, inst.gen), path: `${num} ${inst.gen} R /Functions` });
  }
  walk("object-stream", streams);
  walk("function", functions);
  referenceCycles(doc, out, max);
  xobjectCycles(doc, out, max);
  return out;
}

/** An action dictionary as a walk root: through its object's reference when it is that object's value. */
function actionRoot(doc: PdfDocument, dict: PdfDict, ref: string): Root {
  const m = /^(\d+) (\d+) R$/.exec(ref);
  const r = m ? new PdfRef(Number(m[1]), Number(m[2])) : undefined;
  return r && nodeOf(doc, r) === dict ? { value: r, path: ref } : { value: dict, path: ref, owner: ref };
}

interface FormNode {
  stream: PdfStream;
  label: string;
  /** the XObject resources its names resolve in: its own, or (none of its own) its caller's (§7.8.3) */
  xobjects: PdfDict | undefined;
}

/**
 * Form XObjects that paint themselves (§8.10): a form whose content paints (`/Name Do`), through its
 * resources, a form that paints it again. A renderer without a guard recurses until its stack runs out.
 * The walk starts at the forms each page's resources list and follows what each form's content paints,
 * not what its resources list: shared resource dictionaries, where every form lists every other one, are
 * common and harmless. Each form is decoded once (the same decode the indicator scan reuses).
 */
function xobjectCycles(doc: PdfDocument, out: LoopFact[], maxCycles: number): void {
  const maxBytes = doc.limits.LAYOUT_MAX_CONTENT_BYTES;
  /** the forms a form's content paints, resolved in `xobjects` */
  // the form names of each resource dictionary met: a form whose content names none of them paints no form
  const formNames = new Map<PdfDict, string[]>();
  const painted = (
    form: PdfStream,
    xobjects: PdfDict | undefined,
  ): { name: string; ref: PdfObject; stream: PdfStream }[] => {
    if (!xobjects) return [];
    let candidates = formNames.get(xobjects);
    if (!candidates) formNames.set(xobjects, (candidates = formsIn(doc, xobjects).map((f) => f.name)));
    if (!candidates.length) return [];
    const d = doc.decode(form);
    if (d.encrypted) return [];
    const names = new Set<string>();
    const text = bytesToText(d.data, maxBytes);
    // a form that paints no form (most: a letterhead, a glyph, an annotation's look) is not tokenised
    if (!text.includes("Do") || !candidates.some((n) => text.includes(`/${n}`))) return [];
    const scan = new ContentScanner(text, false);
    let name = "";
    for (let kind = scan.next(); kind !== "end"; kind = scan.next()) {
      if (kind === "name") name = scan.token;
      else if (kind === "operator") {
        if (scan.is("Do") && name) names.add(name);
        name = "";
      }
    }
    const forms: { name: string; ref: PdfObject; stream: PdfStream }[] = [];
    for (const n of names) {
      const ref = xobjects.get(n);
      const x = doc.resolve(ref);
      if (ref !== undefined && x instanceof PdfStream && isSubtype(x.dict, "Form"))
        forms.push({ name: n, ref, stream: x });
    }
    return forms;
  };
  const xobjectsOf = (resources: PdfObject | undefined) => doc.dict(doc.dict(resources)?.get("XObject"));
  const nodeOf = (f: { ref: PdfObject; stream: PdfStream }, caller: PdfDict | undefined): FormNode => ({
    stream: f.stream,
    label: labelOf(f.ref, undefined),
    xobjects: f.stream.dict.has("Resources") ? xobjectsOf(f.stream.dict.get("Resources")) : caller,
  });
  const state = new Map<PdfStream, 1 | 2>();
  let found = 0;
  for (const [pageIndex, page] of doc.pages().entries()) {
    const pageXObjects = xobjectsOf(inheritedResources(doc, page.dict));
    for (const root of formsIn(doc, pageXObjects)) {
      if (state.has(root.stream)) continue;
      const path: { node: FormNode; kids: { name: string; ref: PdfObject; stream: PdfStream }[]; next: number }[] = [];
      const push = (node: FormNode) => {
        state.set(node.stream, 1);
        path.push({ node, kids: painted(node.stream, node.xobjects), next: 0 });
      };
      push(nodeOf(root, pageXObjects));
      while (path.length && state.size <= doc.limits.MAX_OBJECTS) {
        const top = path[path.length - 1];
        if (top.next >= top.kids.length) {
          state.set(top.node.stream, 2);
          path.pop();
          continue;
        }
        const kid = top.kids[top.next++];
        const s = state.get(kid.stream);
        if (s === undefined) push(nodeOf(kid, top.node.xobjects));
        else if (s === 1 && found++ < maxCycles) {
          const at = path.findIndex((f) => f.node.stream === kid.stream);
          out.push(
            loopOf(
              "xobject",
              `/Root/Pages[${pageIndex}]/Resources/XObject/${root.name}`,
              path.slice(at).map((f) => f.node.label),
            ),
          );
        }
      }
    }
  }
}

/** The form XObjects of an /XObject resource dictionary, by name. */
function formsIn(
  doc: PdfDocument,
  xobjects: PdfDict | undefined,
): { name: string; ref: PdfObject; stream: PdfStream }[] {
  const forms: { name: string; ref: PdfObject; stream: PdfStream }[] = [];
  for (const [name, ref] of xobjects?.entries ?? []) {
    const x = doc.resolve(ref);
    if (x instanceof PdfStream && isSubtype(x.dict, "Form")) forms.push({ name, ref, stream: x });
  }
  return forms;
}

function isSubtype(d: PdfDict, subtype: string): boolean {
  const t = d.get("Subtype");
  return t instanceof PdfName && t.name === subtype;
}

/** A page's /Resources, inherited from its ancestors when it has none (§7.7.3.4), bounded. */
function inheritedResources(doc: PdfDocument, page: PdfDict): PdfObject | undefined {
  let d: PdfDict | undefined = page;
  for (let i = 0; d && i < doc.limits.MAX_INHERITANCE_DEPTH; i++) {
    if (d.has("Resources")) return d.get("Resources");
    d = doc.dict(d.get("Parent"));
  }
  if (d) doc.budgetHits.add("MAX_INHERITANCE_DEPTH");
  return undefined;
}
