// Active names a strict reading of the file misses (the hidden-active-keyword rule): stray names outside
// every object, names in objects a stream swallowed, names in objects read at an xref offset inside another
// object's data. Gathered once with the other facts, so the rule reads data, not the document.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream, type PdfObject } from "../../pdf/objects";

/** Names that run code, act on opening, reach out or carry a payload (the keyword triage's active subset). */
export const ACTIVE_KEYWORDS: ReadonlySet<string> = new Set([
  "JavaScript",
  "JS",
  "OpenAction",
  "AA",
  "Launch",
  "EmbeddedFile",
  "URI",
  "SubmitForm",
  "RichMedia",
  "XFA",
]);

export interface HiddenKeyword {
  keyword: string;
  offset: number;
  where: string;
}

/**
 * Active names a strict reading of the file misses: names outside every object, trailer and comment
 * (a header glued to junk, an object without header), names in objects that a stream swallowed when
 * its end marker was lost, and names in objects the xref points at inside another object's data. pdfid-style byte scans count them and token parsers drop them; a
 * tolerant viewer may rebuild the object and act on it.
 */
export function findHiddenActiveKeywords(doc: PdfDocument): HiddenKeyword[] {
  const out: HiddenKeyword[] = doc.strayNames
    .filter((n) => ACTIVE_KEYWORDS.has(n.name))
    .map((n) => ({
      keyword: `/${n.name}`,
      offset: n.offset,
      where: n.recoveredIn
        ? `outside the objects; recovered as object ${n.recoveredIn} (header glued to junk)`
        : "outside every object",
    }));
  for (const o of doc.instances) {
    const where =
      o.recovery === "inside-stream"
        ? "swallowed by a stream whose end marker was lost"
        : o.recovery === "xref-target"
          ? "read at its xref offset, inside another object's data"
          : null;
    if (!where) continue; // glued headers: their names are stray names, listed above
    for (const name of activeNamesIn(doc, o.value))
      out.push({ keyword: `/${name}`, offset: o.offset, where: `in object ${o.num} ${o.gen}, ${where}` });
  }
  return out;
}

/** Active names in one recovered object, within MAX_RECOVERED_OBJECT_NODES (a recovered dictionary is small; a hostile one must not cost much). */
function activeNamesIn(doc: PdfDocument, root: PdfObject): Set<string> {
  const found = new Set<string>();
  const stack: PdfObject[] = [root];
  const max = doc.limits.MAX_RECOVERED_OBJECT_NODES;
  for (let nodes = 0; stack.length && nodes < max; nodes++) {
    const o = stack.pop()!;
    if (o instanceof PdfName) {
      if (ACTIVE_KEYWORDS.has(o.name)) found.add(o.name);
    } else if (Array.isArray(o)) stack.push(...o);
    else {
      const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
      if (!d) continue;
      for (const [k, v] of d.entries) {
        if (ACTIVE_KEYWORDS.has(k)) found.add(k);
        if (v !== null && typeof v === "object") stack.push(v);
      }
    }
  }
  if (stack.length) doc.budgetHits.add("MAX_RECOVERED_OBJECT_NODES");
  return found;
}
