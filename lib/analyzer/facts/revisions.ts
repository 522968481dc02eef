// The revisions of a document (ISO 32000-2 §7.5.6 incremental updates): where each ends (its %%EOF and
// end-of-line), and which body each object number had as of each revision, as that revision's own xref
// chain says. What a signature covers is a revision (§12.8.1: the ByteRange ends at a revision's end);
// what the reader shows is the newest one. Comparing the two per object number finds every change made
// after a signature, including an update that only re-points an xref entry at another body already in
// the signed bytes (the "hide-and-replace" shadow attack: Mainka, Mladenov, Schwenk, NDSS 2021).
import type { IndirectObject, PdfDocument } from "../../pdf/document";
import type { PdfDict } from "../../pdf/objects";
import { WHITESPACE } from "../../pdf/syntax";
import type { XrefEntry, XrefSection } from "../../pdf/xref";

export interface Revisions {
  /** end offset of each revision (after its %%EOF and one end-of-line), ascending */
  ends: number[];
  /** the revision (index into ends) a file offset belongs to; ends.length past the last %%EOF */
  revisionOf(offset: number): number;
  /** the body of object `num` as of revision `rev`: null when free or absent then */
  versionAt(num: number, rev: number): IndirectObject | null;
  /** the body a reader uses now (the newest revision's xref view; the reader's table where it has none) */
  current(num: number): IndirectObject | null;
  /** object numbers some revision after `rev` defines (xref entries) or whose current body lies after it */
  touchedAfter(rev: number): Set<number>;
  /** the trailer dictionary of revision `rev` (its newest xref section's), null when it has none */
  trailerAt(rev: number): PdfDict | null;
  /**
   * xref entries of revisions after `rev` that point at the body of another object number: a reader
   * that takes the body at the offset shows that object under this number, one that checks the header
   * does not (pdf-attacker's form_and_form "signed-manipulated" sample swaps two widgets this way)
   */
  misdirectedAfter(rev: number): { num: number; body: IndirectObject }[];
  /** whether the xref sections give each revision's view (else offsets alone are used) */
  fromXref: boolean;
}

/** %%EOF, then an optional CR, LF or CR LF (§7.5.5): where a revision, and a ByteRange, ends. */
export function revisionEnds(doc: PdfDocument): number[] {
  const b = doc.bytes;
  return doc.eofOffsets.map((at) => {
    let end = at + 5;
    if (b[end] === 0x0d) end++;
    if (b[end] === 0x0a) end++;
    return end;
  });
}

export function readRevisions(doc: PdfDocument): Revisions {
  const ends = revisionEnds(doc);
  const revisionOf = (offset: number): number => {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offset < ends[mid]) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const skipWs = (at: number) => {
    while (at < doc.bytes.length && WHITESPACE[doc.bytes[at]]) at++;
    return at;
  };
  const byOffset = new Map<number, IndirectObject>();
  const members = new Map<IndirectObject, Map<number, IndirectObject>>();
  for (const o of doc.instances) if (!o.container) byOffset.set(o.offset, o);
  for (const o of doc.instances) {
    if (o.containerNum === undefined) continue;
    const c = byOffset.get(o.offset);
    if (!c) continue;
    let m = members.get(c);
    if (!m) members.set(c, (m = new Map()));
    if (!m.has(o.num)) m.set(o.num, o);
  }
  // sections by the revision they belong to, newest revision's first within the chain order
  const sectionsByRev = new Map<number, XrefSection[]>();
  for (const s of doc.xrefSections) {
    const r = revisionOf(s.offset);
    const list = sectionsByRev.get(r);
    if (list) list.push(s);
    else sectionsByRev.set(r, [s]);
  }
  const fromXref = !doc.xrefRebuilt && doc.xrefSections.length > 0;
  const entryAt = (num: number, rev: number): XrefEntry | undefined => {
    for (let r = Math.min(rev, ends.length); r >= 0; r--) {
      for (const s of sectionsByRev.get(r) ?? []) {
        const e = s.entries.get(num);
        if (e) return e;
      }
    }
    return undefined;
  };
  const instanceOf = (num: number, e: XrefEntry | undefined, rev: number, depth = 0): IndirectObject | null => {
    if (!e || e.type === "free") return null;
    if (e.type === "offset") {
      const o = byOffset.get(skipWs(e.offset));
      return o && o.num === num ? o : null;
    }
    if (depth > 0) return null;
    const container = instanceOf(e.stream, entryAt(e.stream, rev), rev, depth + 1);
    return (container && members.get(container)?.get(num)) ?? null;
  };
  /** without xref data: the last body of the number located before the revision's end */
  const byPosition = new Map<number, IndirectObject[]>();
  for (const o of doc.instances) {
    const list = byPosition.get(o.num);
    if (list) list.push(o);
    else byPosition.set(o.num, [o]);
  }
  const byPositionAt = (num: number, rev: number): IndirectObject | null => {
    const end = rev < ends.length ? ends[rev] : Infinity;
    let found: IndirectObject | null = null;
    for (const o of byPosition.get(num) ?? []) if (o.offset < end && (!found || o.offset >= found.offset)) found = o;
    return found;
  };
  /** the xref's answer; a free entry is a deleted object; an entry that names no body falls back to positions */
  const versionAt = (num: number, rev: number): IndirectObject | null => {
    const e = fromXref ? entryAt(num, rev) : undefined;
    if (e?.type === "free") return null;
    return (e && instanceOf(num, e, rev)) || byPositionAt(num, rev);
  };
  const last = ends.length;
  return {
    ends,
    revisionOf,
    versionAt,
    current: (num) => (fromXref ? versionAt(num, last) : (doc.table.get(num) ?? null)),
    touchedAfter(rev) {
      const out = new Set<number>();
      for (const [r, sections] of sectionsByRev)
        if (r > rev) for (const s of sections) for (const num of s.entries.keys()) out.add(num);
      for (const o of doc.table.values()) if (revisionOf(o.offset) > rev) out.add(o.num);
      return out;
    },
    misdirectedAfter(rev) {
      const out: { num: number; body: IndirectObject }[] = [];
      if (!fromXref) return out;
      for (const [r, sections] of sectionsByRev) {
        if (r <= rev) continue;
        for (const s of sections) {
          for (const [num, e] of s.entries) {
            const body = e.type === "offset" ? byOffset.get(skipWs(e.offset)) : undefined;
            if (body && body.num !== num) out.push({ num, body });
          }
        }
      }
      return out;
    },
    trailerAt(rev) {
      for (let r = Math.min(rev, last); r >= 0; r--)
        for (const s of sectionsByRev.get(r) ?? []) if (s.trailer?.has("Root")) return s.trailer;
      return null;
    },
    fromXref,
  };
}
