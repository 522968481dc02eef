// Decompression bombs: a few kilobytes of Flate data that expand to gigabytes, alone or nested (Flate
// over Flate), made to exhaust a scanner's memory or time budget so the rest of the file goes unread
// (issue 7: a 1 GiB Flate bomb came out benign). Deflate peaks near 1032:1 and text, fonts and images
// stay far below that, so a stream that fills the per-stream budget at a bomb's expansion is the
// technique itself. A cheap probe (inflate the head with a small output cap) picks the candidates;
// only those are decoded in full, which charges the document's decode budget as any decode does.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream } from "../../pdf/objects";

export interface DecodeBombFact {
  /** "12 0 R", when the stream is an indirect object */
  ref?: string;
  filters: string[];
  /** decoded bytes per encoded byte over the filter chain, as far as the budget let it decode */
  expansion: number;
  /** declared an image XObject (a reader decodes it when it draws the page) */
  image: boolean;
}

/** Expansion of a head from which a stream counts as a bomb candidate (text ~3-10x, sparse images ~100x). */
export const BOMB_PROBE_EXPANSION = 200;
/** Expansion of a fully decoded, budget-cut stream that is reported as a bomb. */
export const BOMB_EXPANSION = 250;
const PROBE_INPUT_BYTES = 2 * 1024;
const PROBE_MAX_OUTPUT_BYTES = 1024 * 1024;
/** Candidates decoded in full per document; a file of many bombs is a bomb after a few. */
const MAX_BOMB_CANDIDATES = 8;

export function collectDecodeBombs(doc: PdfDocument): DecodeBombFact[] {
  const out: DecodeBombFact[] = [];
  let candidates = 0;
  for (const obj of doc.instances) {
    const stream = obj.value;
    if (!(stream instanceof PdfStream) || stream.raw.length === 0) continue;
    // decoded already (by the facts before this): the result says whether the budget cut it
    const cached = doc.decodedIfCached(stream);
    if (cached && !cached.budgetHit) continue;
    if (!cached && doc.probeFlateExpansion(stream, PROBE_INPUT_BYTES, PROBE_MAX_OUTPUT_BYTES) < BOMB_PROBE_EXPANSION) continue;
    if (++candidates > MAX_BOMB_CANDIDATES) break;
    const decoded = doc.decode(stream);
    if (!decoded.budgetHit || (decoded.expansion ?? 0) < BOMB_EXPANSION) continue;
    const subtype = stream.dict.get("Subtype");
    out.push({ ref: `${obj.num} ${obj.gen} R`, filters: decoded.filters, expansion: decoded.expansion ?? 0, image: subtype instanceof PdfName && subtype.name === "Image" });
  }
  return out;
}
