// The file's structure as the reader found it, for the structure rules: what it had to repair
// (anomalies), how many revisions it holds, the bytes that lie outside every object, and the page tree
// as a viewer counts it. Gathered once with the other facts, so the rules read data, not the document.
import type { PdfDocument } from "../../pdf/document";
import type { Anomaly, AnomalyCode } from "../../pdf/anomaly";
import { PdfName } from "../../pdf/objects";
import { byteEntropy } from "./entropy";

/** spans outside the objects shorter than this are padding, line ends and small xref tables, not data: no gap */
export const MIN_GAP_BYTES = 1024;
/** the least span that can hold a file (a ZIP of one small script is about a hundred bytes): shorter ones are not listed */
const MIN_SPAN_BYTES = 64;

export interface ByteGap {
  start: number;
  end: number;
  /** bits per byte: compressed or encrypted data is near 8, PDF syntax and text well below 6 */
  entropy: number;
}

export interface StructureFacts {
  fileBytes: number;
  /** the reader's repairs and oddities (capped per code) */
  anomalies: readonly Anomaly[];
  /** how many of each code were seen, past the cap too */
  anomalyCounts: Partial<Record<AnomalyCode, number>>;
  /** indirect objects read */
  objectCount: number;
  /** xref sections or %%EOF markers, whichever are more */
  revisions: number;
  /** spans of MIN_GAP_BYTES or more outside every top-level object, with their entropy */
  gaps: ByteGap[];
  /** every span of MIN_SPAN_BYTES or more outside every top-level object, [start, end), in file order */
  outsideSpans: readonly (readonly [number, number])[];
  hasCatalog: boolean;
  /** page leaves as a viewer counts them (countPageLeaves) */
  pageLeaves: number;
}

export function collectStructure(doc: PdfDocument): StructureFacts {
  const anomalies = doc.anomalies.items;
  const anomalyCounts: Partial<Record<AnomalyCode, number>> = {};
  for (const a of anomalies) anomalyCounts[a.code] ??= doc.anomalies.count(a.code);
  const outsideSpans = spansOutsideObjects(doc);
  return {
    fileBytes: doc.bytes.length,
    anomalies,
    anomalyCounts,
    objectCount: doc.instances.length,
    revisions: Math.max(doc.xrefSections.length, doc.eofOffsets.length),
    gaps: outsideSpans
      .filter(([start, end]) => end - start >= MIN_GAP_BYTES)
      .map(([start, end]) => ({ start, end, entropy: byteEntropy(doc.bytes, start, end) })),
    outsideSpans,
    hasCatalog: doc.catalog !== undefined,
    pageLeaves: countPageLeaves(doc),
  };
}

function spansOutsideObjects(doc: PdfDocument): [number, number][] {
  const objects = doc.instances
    .filter((o) => !o.container)
    .map((o) => [o.offset, o.end] as const)
    .sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  let cursor = 0;
  for (const [s, e] of objects) {
    if (s - cursor >= MIN_SPAN_BYTES) spans.push([cursor, s]);
    cursor = Math.max(cursor, e);
  }
  if (doc.bytes.length - cursor >= MIN_SPAN_BYTES) spans.push([cursor, doc.bytes.length]);
  return spans;
}

/**
 * Page count as a viewer counts it: every leaf of the page tree each time it is referenced.
 * doc.pages() lists a page dictionary once even when /Kids names it twice (a benign test file of
 * the corpus, xref-compressed-in-compressed.pdf, does); pdf.js shows it twice. Only intermediate
 * nodes are cycle-guarded here (§7.7.3.2: a tree cannot contain itself).
 */
export function countPageLeaves(doc: PdfDocument): number {
  const visited = new Set<object>();
  const stack = [doc.catalog?.get("Pages") ?? null];
  let leaves = 0;
  let steps = 0;
  while (stack.length && steps++ < doc.limits.MAX_OBJECTS) {
    const d = doc.dict(stack.pop() ?? undefined);
    if (!d) continue;
    const kids = doc.resolve(d.get("Kids"));
    const type = d.get("Type");
    if (Array.isArray(kids) && !(type instanceof PdfName && type.name === "Page")) {
      if (visited.has(d)) continue;
      visited.add(d);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    } else leaves++;
  }
  return leaves;
}
