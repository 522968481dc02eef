// Writes a whole new PDF file (ISO 32000-2 §7.5): header, every object as a plain indirect object,
// one classic cross-reference table and a trailer. No incremental update and no object or xref
// streams, so every byte of the file is one of the objects given: nothing of an input survives
// unless a caller put it in an object.
import { PdfDict, PdfStream, type PdfObject } from "../objects";
import { serializeObject } from "./serialize-object";

export interface WrittenObject {
  num: number;
  gen: number;
  value: PdfObject;
}

export interface WritePdfOptions {
  /** header version, like "1.7" */
  version: string;
  /** entries of the trailer besides /Size (e.g. /Root, /Info, /ID) */
  trailer: PdfDict;
  /** nesting bound of the serialiser (lib/limits.ts MAX_NESTING_DEPTH) */
  maxDepth: number;
}

const latin1Bytes = (s: string): Buffer => Buffer.from(s, "latin1");

/** The file's bytes. Object numbers must be unique and > 0; a stream's /Length is set from its data. */
export function writePdf(objects: readonly WrittenObject[], opts: WritePdfOptions): Uint8Array {
  const parts: Uint8Array[] = [];
  let pos = 0;
  const push = (b: Uint8Array) => {
    parts.push(b);
    pos += b.length;
  };
  // the binary comment tells transfer tools the file is not text (§7.5.2)
  push(latin1Bytes(`%PDF-${opts.version}\n%\xe2\xe3\xcf\xd3\n`));
  const sorted = [...objects].sort((a, b) => a.num - b.num);
  const offsets = new Map<number, { offset: number; gen: number }>();
  for (const o of sorted) {
    offsets.set(o.num, { offset: pos, gen: o.gen });
    if (o.value instanceof PdfStream) {
      const data = o.value.raw;
      const dict = withLength(o.value.dict, data.length);
      push(latin1Bytes(`${o.num} ${o.gen} obj\n${serializeObject(dict, opts.maxDepth)}\nstream\n`));
      push(data);
      push(latin1Bytes("\nendstream\nendobj\n"));
    } else {
      push(latin1Bytes(`${o.num} ${o.gen} obj\n${serializeObject(o.value, opts.maxDepth)}\nendobj\n`));
    }
  }
  const size = (sorted.at(-1)?.num ?? 0) + 1;
  const xrefAt = pos;
  // each entry is exactly 20 bytes: offset, generation, n/f, two-byte end of line (§7.5.4)
  let xref = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
  for (let n = 1; n < size; n++) {
    const e = offsets.get(n);
    xref += e
      ? `${String(e.offset).padStart(10, "0")} ${String(Math.min(e.gen, 65535)).padStart(5, "0")} n\r\n`
      : "0000000000 00000 f\r\n";
  }
  const trailer = new PdfDict(
    new Map<string, PdfObject>([["Size", size], ...[...opts.trailer.entries].filter(([k]) => k !== "Size")]),
  );
  push(latin1Bytes(`${xref}trailer\n${serializeObject(trailer, opts.maxDepth)}\nstartxref\n${xrefAt}\n%%EOF\n`));
  const out = Buffer.concat(parts, pos);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The dictionary with /Length set to the data's length (an indirect /Length is replaced too). */
function withLength(dict: PdfDict, length: number): PdfDict {
  const entries = new Map(dict.entries);
  entries.set("Length", length);
  return new PdfDict(entries);
}
