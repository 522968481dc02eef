// One pass over every object instance that gathers what several facts need (keyword counts, action
// dictionaries, strings), so a large document is walked once instead of once per fact. Iterative,
// bounded, and without building paths (paths are only rebuilt for the few objects that matter).
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream, PdfString, refString, type PdfObject } from "../../pdf/objects";

export interface ObjectIndex {
  /** name -> occurrences (keys and values) over all instances */
  nameCounts: Map<string, number>;
  /** names seen outside object streams */
  looseNames: Set<string>;
  /** /Colors values above 2^24 (pdfid's "/Colors > 2^24") */
  colorsOverflow: number;
  /** dictionaries of current objects that have an /S name or a /JS entry, with their object ref */
  actionDicts: { dict: PdfDict; ref: string }[];
  /** text of the strings of each current object (6 bytes or more), joined by newlines */
  stringsByRef: Map<string, string>;
  /**
   * dictionaries of current objects with a string under a file-specification key (/F, /UF, /DOS, /Unix,
   * /Mac, /FS), with their object: file specifications, external streams, movies, attachments (remote-locations.ts)
   */
  fileSpecHolders: { dict: PdfDict; ref: string; owner: PdfObject }[];
  /** dictionaries of current objects that gave a key twice (PdfDict.shadowed), with their object ref */
  shadowingDicts: { dict: PdfDict; ref: string }[];
  /** PostScript calculator functions (FunctionType 4 streams, §7.10.5) of current objects (calculator-functions.ts) */
  calculatorFunctions: { stream: PdfStream; ref: string }[];
}

const FILE_SPEC_KEYS = new Set(["F", "UF", "DOS", "Unix", "Mac", "FS"]);

/** a threshold, not a budget: /Colors above it is pdfid's "/Colors > 2^24" flag */
const COLORS_LIMIT = 2 ** 24;
/** shorter strings are not kept for the string facts (too short to carry an indicator) */
const MIN_STRING_BYTES = 6;

export function indexObjects(doc: PdfDocument, maxNodes: number): ObjectIndex {
  const nameCounts = new Map<string, number>();
  const looseNames = new Set<string>();
  const actionDicts: ObjectIndex["actionDicts"] = [];
  const stringsByRef = new Map<string, string>();
  const fileSpecHolders: ObjectIndex["fileSpecHolders"] = [];
  const shadowingDicts: ObjectIndex["shadowingDicts"] = [];
  const calculatorFunctions: ObjectIndex["calculatorFunctions"] = [];
  let colorsOverflow = 0;
  let nodes = 0;
  const stack: PdfObject[] = [];
  for (const inst of doc.instances) {
    const loose = !inst.container;
    const current = doc.table.get(inst.num) === inst;
    let strings: string[] | null = null;
    // no closure or ref string per object: most of a file's objects need neither
    const count = loose ? countLoose : countName;
    if (current && inst.value instanceof PdfStream && inst.value.dict.get("FunctionType") === 4)
      calculatorFunctions.push({ stream: inst.value, ref: refString(inst.num, inst.gen) });
    stack.push(inst.value);
    while (stack.length) {
      if (++nodes > maxNodes) {
        doc.budgetHits.add("MAX_INDEX_NODES");
        return {
          nameCounts,
          looseNames,
          colorsOverflow,
          actionDicts,
          stringsByRef,
          fileSpecHolders,
          shadowingDicts,
          calculatorFunctions,
        };
      }
      const o = stack.pop()!;
      if (o instanceof PdfName) count(nameCounts, looseNames, o.name);
      else if (o instanceof PdfString) {
        if (current && o.bytes.length >= MIN_STRING_BYTES) (strings ??= []).push(o.text);
      } else if (Array.isArray(o)) {
        for (let i = o.length - 1; i >= 0; i--) stack.push(o[i]);
      } else {
        const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
        if (!d) continue;
        if (current && (d.get("S") instanceof PdfName || d.has("JS")))
          actionDicts.push({ dict: d, ref: refString(inst.num, inst.gen) });
        if (current && d.shadowed) shadowingDicts.push({ dict: d, ref: refString(inst.num, inst.gen) });
        let holder = false;
        for (const [k, v] of d.entries) {
          count(nameCounts, looseNames, k);
          if (k === "Colors" && typeof v === "number" && v > COLORS_LIMIT) colorsOverflow++;
          if (!holder && v instanceof PdfString && current && FILE_SPEC_KEYS.has(k)) {
            holder = true;
            fileSpecHolders.push({ dict: d, ref: refString(inst.num, inst.gen), owner: inst.value });
          }
          if (v !== null && typeof v === "object") stack.push(v);
        }
      }
    }
    if (strings) stringsByRef.set(refString(inst.num, inst.gen), strings.join("\n"));
  }
  // trailer dictionaries are no objects, but may hold an inline catalog with /OpenAction, /AcroForm...
  for (const t of doc.trailers) {
    stack.push(t);
    while (stack.length && ++nodes <= maxNodes) {
      const o = stack.pop()!;
      if (o instanceof PdfName) {
        nameCounts.set(o.name, (nameCounts.get(o.name) ?? 0) + 1);
        looseNames.add(o.name);
      } else if (Array.isArray(o)) stack.push(...o);
      else if (o instanceof PdfDict) {
        if (o.get("S") instanceof PdfName || o.has("JS")) actionDicts.push({ dict: o, ref: "trailer" });
        if (o.shadowed) shadowingDicts.push({ dict: o, ref: "trailer" });
        for (const [k, v] of o.entries) {
          nameCounts.set(k, (nameCounts.get(k) ?? 0) + 1);
          looseNames.add(k);
          if (v !== null && typeof v === "object") stack.push(v);
        }
      }
    }
  }
  return {
    nameCounts,
    looseNames,
    colorsOverflow,
    actionDicts,
    stringsByRef,
    fileSpecHolders,
    shadowingDicts,
    calculatorFunctions,
  };
}

function countName(counts: Map<string, number>, _loose: Set<string>, name: string): void {
  counts.set(name, (counts.get(name) ?? 0) + 1);
}

/** a name seen outside object streams: also kept among the loose names */
function countLoose(counts: Map<string, number>, loose: Set<string>, name: string): void {
  counts.set(name, (counts.get(name) ?? 0) + 1);
  loose.add(name);
}
