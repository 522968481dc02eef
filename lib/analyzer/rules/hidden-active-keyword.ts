import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream, type PdfObject } from "../../pdf/objects";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

/** Names that run code, act on opening, reach out or carry a payload (the keyword triage's active subset). */
export const ACTIVE_KEYWORDS: ReadonlySet<string> = new Set(["JavaScript", "JS", "OpenAction", "AA", "Launch", "EmbeddedFile", "URI", "SubmitForm", "RichMedia", "XFA"]);

/** nodes walked per recovered object: a recovered dictionary is small; a hostile one must not cost much */
const MAX_NODES_PER_OBJECT = 10_000;

interface HiddenKeyword {
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
    .map((n) => ({ keyword: `/${n.name}`, offset: n.offset, where: n.recoveredIn ? `outside the objects; recovered as object ${n.recoveredIn} (header glued to junk)` : "outside every object" }));
  for (const o of doc.instances) {
    const where = o.recovery === "inside-stream" ? "swallowed by a stream whose end marker was lost" : o.recovery === "xref-target" ? "read at its xref offset, inside another object's data" : null;
    if (!where) continue; // glued headers: their names are stray names, listed above
    for (const name of activeNamesIn(o.value)) out.push({ keyword: `/${name}`, offset: o.offset, where: `in object ${o.num} ${o.gen}, ${where}` });
  }
  return out;
}

function activeNamesIn(root: PdfObject): Set<string> {
  const found = new Set<string>();
  const stack: PdfObject[] = [root];
  for (let nodes = 0; stack.length && nodes < MAX_NODES_PER_OBJECT; nodes++) {
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
  return found;
}

export const hiddenActiveKeyword = defineRule({
  id: "hidden-active-keyword",
  title: "Active keyword hidden from a strict reading of the file",
  description:
    "A name that runs code or acts on its own (/JavaScript, /OpenAction, /Launch, /URI, ...) sits where a parser that follows the PDF syntax token by token does not read it: outside every object (an object header glued to junk, or no header at all), in objects a stream swallowed because its end marker was lost, or in an object the xref points at inside another object's data. Byte scanners count it, strict parsers drop it, and a tolerant viewer may rebuild the object and execute it: a parser-evasion technique, not damage a writer leaves.",
  category: "obfuscation",
  severity: "high",
  weight: 45,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr", "open_in_protected_view"],
  check({ doc }) {
    const hidden = findHiddenActiveKeywords(doc);
    if (!hidden.length) return null;
    return {
      evidence: hidden.slice(0, 10).map((h) => evidence({ offset: h.offset, excerpt: `${h.keyword} ${h.where}` })),
      detail: `Hidden: ${[...new Set(hidden.map((h) => h.keyword))].join(", ")}.`,
    };
  },
});
