// The first decoded bytes of every stream, sniffed once by their file signature (a head decode: no
// stream is inflated in full to be typed): streams that hold a Flash movie, for the Flash rules, and
// streams that hold a program, for the hidden-payload rule (an attachment's stream is the
// embedded-file rules' to judge: document-facts.ts leaves those out).
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { sniffPayload } from "../content/file-magic";
import { programKindOf, type ProgramKind } from "./hidden-payloads";

export interface SwfStreamFact {
  objectRef: string;
  stream: PdfStream;
  /** has a /Subtype but no /Type: a RichMedia asset stream rather than an embedded file */
  subtypeOnly: boolean;
}

export interface ProgramStreamFact {
  objectRef: string;
  kind: ProgramKind;
}

/** a program's header (a PE's e_lfanew and "PE\0\0") lies in this much of its head, for any real program (a first read, not a budget) */
const PROGRAM_HEAD_BYTES = 4096;

export function sniffStreamHeads(doc: PdfDocument): {
  swfStreams: SwfStreamFact[];
  programStreams: ProgramStreamFact[];
} {
  const swfStreams: SwfStreamFact[] = [];
  const programStreams: ProgramStreamFact[] = [];
  const max = doc.limits.MAX_SWF_STREAMS;
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const v = inst.value;
    if (!(v instanceof PdfStream) || v.raw.length < 8) continue;
    // full, with a stream left unsniffed
    if (swfStreams.length >= max) {
      doc.budgetHits.add("MAX_SWF_STREAMS");
      break;
    }
    const kind = sniffPayload(doc.decodeHead(v, 64));
    if (kind === "flash")
      swfStreams.push({
        objectRef: `${num} ${inst.gen} R`,
        stream: v,
        subtypeOnly: v.dict.has("Subtype") && !v.dict.has("Type"),
      });
    else if (kind === "pe-executable" || kind === "elf-executable" || kind === "macho-executable") {
      const program = programKindOf(doc.decodeHead(v, PROGRAM_HEAD_BYTES));
      if (program) programStreams.push({ objectRef: `${num} ${inst.gen} R`, kind: program });
    }
  }
  return { swfStreams, programStreams };
}
