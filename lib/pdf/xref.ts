// Cross-reference sections (ISO 32000-2 §7.5.4 tables, §7.5.8 streams), followed through /Prev and
// hybrid /XRefStm. Only reads what the file claims; document.ts checks the claims against the objects.
import type { AnomalyLog } from "./anomaly";
import { PdfDict, PdfStream, type PdfObject } from "./objects";
import { ObjectParser } from "./parser";
import { isDigit, WHITESPACE } from "./syntax";

export type XrefEntry =
  | { type: "free" }
  | { type: "offset"; offset: number; gen: number }
  | { type: "compressed"; stream: number; index: number };

export interface XrefSection {
  kind: "table" | "stream";
  offset: number;
  trailer: PdfDict | null;
  entries: Map<number, XrefEntry>;
}

export interface XrefContext {
  bytes: Uint8Array;
  anomalies: AnomalyLog;
  maxDepth: number;
  /** parses an indirect object at a file offset (the xref stream itself) */
  objectAt(offset: number): { num: number; value: PdfObject } | null;
  /** decodes a stream's data (filters applied) */
  decode(stream: PdfStream): Uint8Array | null;
}

/** Reads the xref table at `offset` (the `xref` keyword) and the trailer after it. */
export function readXrefTable(ctx: XrefContext, offset: number): XrefSection | null {
  const p = new ObjectParser(ctx.bytes, { maxDepth: ctx.maxDepth, anomalies: ctx.anomalies }, offset);
  if (!p.peekKeyword("xref")) return null;
  p.pos += 4;
  const entries = new Map<number, XrefEntry>();
  const b = ctx.bytes;
  for (;;) {
    p.skipWhitespace();
    if (p.atEnd() || !isDigit(b[p.pos])) break;
    const first = Number(p.readToken());
    p.skipWhitespace();
    const count = Number(p.readToken());
    if (!Number.isFinite(first) || !Number.isFinite(count) || count < 0) {
      ctx.anomalies.add("xref-invalid", p.pos, "bad xref subsection header");
      break;
    }
    for (let i = 0; i < count; i++) {
      p.skipWhitespace();
      if (p.atEnd() || !isDigit(b[p.pos])) {
        ctx.anomalies.add("xref-invalid", p.pos, `xref subsection ${first} ${count} ends after ${i} entries`);
        break;
      }
      const off = Number(p.readToken());
      p.skipWhitespace();
      const gen = Number(p.readToken());
      p.skipWhitespace();
      const kind = p.readToken();
      const num = first + i;
      if (kind === "n") {
        if (!entries.has(num)) entries.set(num, { type: "offset", offset: off, gen });
      } else if (kind === "f") {
        if (!entries.has(num)) entries.set(num, { type: "free" });
      } else {
        ctx.anomalies.add("xref-invalid", p.pos, `bad xref entry type '${kind.slice(0, 8)}'`);
        break;
      }
    }
  }
  p.skipWhitespace();
  let trailer: PdfDict | null = null;
  if (p.peekKeyword("trailer")) {
    p.pos += 7;
    const t = p.parseObject();
    if (t instanceof PdfDict) trailer = t;
  }
  if (!trailer) ctx.anomalies.add("trailer-missing", p.pos, "xref table without a trailer dictionary");
  return { kind: "table", offset, trailer, entries };
}

/** Reads a cross-reference stream object at `offset`. */
export function readXrefStream(ctx: XrefContext, offset: number): XrefSection | null {
  const obj = ctx.objectAt(offset);
  if (!obj || !(obj.value instanceof PdfStream)) return null;
  const dict = obj.value.dict;
  const w = dict.get("W");
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => typeof x === "number" && x >= 0 && x <= 8)) {
    ctx.anomalies.add("xref-invalid", offset, "xref stream with a bad /W");
    return { kind: "stream", offset, trailer: dict, entries: new Map() };
  }
  const widths = w as number[];
  const data = ctx.decode(obj.value);
  if (!data) return { kind: "stream", offset, trailer: dict, entries: new Map() };
  const size = typeof dict.get("Size") === "number" ? (dict.get("Size") as number) : 0;
  const index = dict.get("Index");
  const ranges: number[] =
    Array.isArray(index) && index.every((x) => typeof x === "number") ? (index as number[]) : [0, size];
  const rowLen = widths[0] + widths[1] + widths[2];
  const entries = new Map<number, XrefEntry>();
  if (rowLen === 0) return { kind: "stream", offset, trailer: dict, entries };
  let pos = 0;
  const field = (width: number, dflt: number) => {
    if (width === 0) return dflt;
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 256 + (data[pos++] ?? 0);
    return v;
  };
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const first = ranges[r];
    const count = ranges[r + 1];
    for (let i = 0; i < count; i++) {
      if (pos + rowLen > data.length) {
        ctx.anomalies.add("xref-invalid", offset, "xref stream data shorter than its /Index");
        return { kind: "stream", offset, trailer: dict, entries };
      }
      // §7.5.8.3: a missing type field defaults to 1
      const type = field(widths[0], 1);
      const f2 = field(widths[1], 0);
      const f3 = field(widths[2], 0);
      const num = first + i;
      if (entries.has(num)) continue;
      if (type === 0) entries.set(num, { type: "free" });
      else if (type === 1) entries.set(num, { type: "offset", offset: f2, gen: f3 });
      else if (type === 2) entries.set(num, { type: "compressed", stream: f2, index: f3 });
    }
  }
  return { kind: "stream", offset, trailer: dict, entries };
}

const STARTXREF = Buffer.from("startxref");

/** Offset after the last `startxref` keyword, or null. */
export function findStartxref(bytes: Uint8Array, buf: Buffer): { keywordOffset: number; value: number | null } | null {
  const at = buf.lastIndexOf(STARTXREF);
  if (at < 0) return null;
  let p = at + 9;
  while (p < bytes.length && WHITESPACE[bytes[p]]) p++;
  let q = p;
  while (q < bytes.length && isDigit(bytes[q])) q++;
  return { keywordOffset: at, value: q > p ? Number(buf.toString("latin1", p, q)) : null };
}
