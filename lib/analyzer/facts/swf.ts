// Streams that hold a Flash movie, found once for the Flash rules by the file signature of each
// stream's first decoded bytes (a head decode: no stream is inflated in full just to be sniffed).
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { sniffPayload } from "../content/file-magic";

export interface SwfStreamFact {
  objectRef: string;
  stream: PdfStream;
  /** has a /Subtype but no /Type: a RichMedia asset stream rather than an embedded file */
  subtypeOnly: boolean;
}

export function collectSwfStreams(doc: PdfDocument): SwfStreamFact[] {
  const out: SwfStreamFact[] = [];
  const max = doc.limits.MAX_SWF_STREAMS;
  for (const [num, inst] of doc.table) {
    const v = inst.value;
    if (!(v instanceof PdfStream) || v.raw.length < 8) continue;
    // full, with a stream left unsniffed
    if (out.length >= max) {
      doc.budgetHits.add("MAX_SWF_STREAMS");
      break;
    }
    if (sniffPayload(doc.decodeHead(v, 64)) !== "flash") continue;
    out.push({ objectRef: `${num} ${inst.gen} R`, stream: v, subtypeOnly: v.dict.has("Subtype") && !v.dict.has("Type") });
  }
  return out;
}
