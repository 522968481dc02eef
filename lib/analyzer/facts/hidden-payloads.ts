// Programs and archives hidden in the bytes a reader skips (ATT&CK T1027.009): appended after %%EOF,
// put before the header, or left between objects; and programs kept as the data of a stream that no
// attachment presents (stream-heads.ts finds those). No reader shows them; what the attacker sends
// alongside carves them out (a shortcut or script that reads the document from an offset, as loader
// campaigns do), or an archiver opens the file as the archive appended to it (ZIP concatenation). A
// document has no use for an executable it never references. Searched in the spans outside every
// object that the structure facts list (structure.ts outsideSpans), for the signatures of file-magic.ts.
import type { Budget } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { hasOfficeMacros, MAGIC, type PayloadKind } from "../content/file-magic";
import { readArchiveDirectory, runnableNames } from "../embedded/archive-directory";
import type { ProgramStreamFact } from "./stream-heads";

export type HiddenPayloadKind = Extract<
  PayloadKind,
  "pe-executable" | "elf-executable" | "macho-executable" | "zip" | "rar" | "7z" | "ole-office"
>;

export interface HiddenPayloadFact {
  kind: HiddenPayloadKind;
  /** byte offset of its signature in the file; -1 for a stream's (its data may be encoded) */
  offset: number;
  /** outside every object, or the data of a stream that is no attachment (stream-heads.ts) */
  where: "before-header" | "between-objects" | "after-eof" | "stream";
  /** the stream's object, for `where: "stream"` */
  objectRef?: string;
  /** names in a ZIP or RAR that run when opened (file-kinds.ts); [] for other kinds */
  runnableNames: string[];
  /** entries of a ZIP read, 0 when its directory could not be read */
  entries: number;
  /** an Office compound file (OLE) with a VBA project */
  macros: boolean;
}

interface Signature {
  kind: HiddenPayloadKind;
  magic: Buffer;
  /** whether the bytes at `at` are that format's header, not the same bytes by chance (compressed data holds any pair) */
  valid: (b: Buffer, at: number, end: number) => boolean;
}

/** The checks past the magic bytes, where a format has a header to check; the other kinds' magic is their whole signature. */
const HEADER_CHECKS: Partial<Record<HiddenPayloadKind, Signature["valid"]>> = {
  // a DOS header whose e_lfanew (offset 0x3C) points at "PE\0\0" (PE/COFF specification, "MS-DOS Stub")
  "pe-executable": (b, at, end) => at + 0x40 <= end && peHeaderAt(b, at + b.readUInt32LE(at + 0x3c), end),
  // ELF class (1: 32-bit, 2: 64-bit) and byte order (1: little, 2: big), System V ABI "e_ident"
  "elf-executable": (b, at, end) =>
    at + 6 <= end && (b[at + 4] === 1 || b[at + 4] === 2) && (b[at + 5] === 1 || b[at + 5] === 2),
  // a universal binary (CA FE BA BE) counts a few architectures where a Java class file (same magic) has its version
  "macho-executable": (b, at, end) =>
    b[at] !== 0xca || (at + 8 <= end && b.readUInt32BE(at + 4) > 0 && b.readUInt32BE(at + 4) <= 20),
};

const HIDDEN_KINDS: ReadonlySet<PayloadKind> = new Set<HiddenPayloadKind>([
  "pe-executable",
  "elf-executable",
  "macho-executable",
  "zip",
  "rar",
  "7z",
  "ole-office",
]);

/** file-magic.ts's signatures of the kinds a hidden payload can be, with their header checks. */
const SIGNATURES: readonly Signature[] = MAGIC.filter(([kind]) => HIDDEN_KINDS.has(kind)).map(([kind, bytes]) => ({
  kind: kind as HiddenPayloadKind,
  magic: Buffer.from(bytes),
  valid: HEADER_CHECKS[kind as HiddenPayloadKind] ?? (() => true),
}));

export type ProgramKind = Extract<HiddenPayloadKind, "pe-executable" | "elf-executable" | "macho-executable">;

/** The kind of program whose header `head` starts with (its format's header checked, not only the magic), or null. */
export function programKindOf(head: Uint8Array): ProgramKind | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  const s = SIGNATURES.find(
    (x) =>
      (x.kind === "pe-executable" || x.kind === "elf-executable" || x.kind === "macho-executable") &&
      b.subarray(0, x.magic.length).equals(x.magic) &&
      x.valid(b, 0, b.length),
  );
  return (s?.kind as ProgramKind | undefined) ?? null;
}

function peHeaderAt(b: Buffer, pe: number, end: number): boolean {
  return pe + 4 <= end && b[pe] === 0x50 && b[pe + 1] === 0x45 && b[pe + 2] === 0 && b[pe + 3] === 0;
}

/**
 * Each hidden program or archive, first of each kind per span (a ZIP's own entries hold the signatures
 * of what it compresses only when stored, and one finding per span says it). HIDDEN_PAYLOAD_SCAN_BYTES
 * of the spans are searched; HIDDEN_PAYLOADS_MAX are kept.
 */
export function collectHiddenPayloads(
  doc: PdfDocument,
  spans: readonly (readonly [number, number])[],
  budget: Budget,
): HiddenPayloadFact[] {
  const {
    HIDDEN_PAYLOAD_SCAN_BYTES: maxScan,
    HIDDEN_PAYLOADS_MAX: maxKept,
    MAX_ARCHIVE_ENTRIES: maxEntries,
  } = budget.limits;
  const buf = Buffer.from(doc.bytes.buffer, doc.bytes.byteOffset, doc.bytes.byteLength);
  const lastEof = doc.eofOffsets.length ? doc.eofOffsets[doc.eofOffsets.length - 1] : Infinity;
  const out: HiddenPayloadFact[] = [];
  let scanned = 0;
  for (const [start, spanEnd] of spans) {
    if (scanned >= maxScan) {
      budget.budgetHits.add("HIDDEN_PAYLOAD_SCAN_BYTES");
      break;
    }
    const end = Math.min(spanEnd, start + (maxScan - scanned));
    if (end < spanEnd) budget.budgetHits.add("HIDDEN_PAYLOAD_SCAN_BYTES");
    scanned += end - start;
    const found = new Map<HiddenPayloadKind, number>();
    for (const s of SIGNATURES) {
      if (found.has(s.kind)) continue;
      const at = firstValid(buf, s, start, end);
      if (at !== -1) found.set(s.kind, at);
    }
    for (const [kind, offset] of [...found].sort((a, b) => a[1] - b[1])) {
      if (out.length >= maxKept) {
        budget.budgetHits.add("HIDDEN_PAYLOADS_MAX");
        return out;
      }
      const where = offset < doc.header.offset ? "before-header" : offset > lastEof ? "after-eof" : "between-objects";
      const data = doc.bytes.subarray(offset, end);
      const listing = kind === "zip" || kind === "rar" ? readArchiveDirectory(kind, data, maxEntries) : null;
      if (listing?.capped) budget.budgetHits.add("MAX_ARCHIVE_ENTRIES");
      out.push({
        kind,
        offset,
        where,
        runnableNames: listing ? runnableNames(listing.entries) : [],
        entries: listing?.entries.length ?? 0,
        macros: kind === "ole-office" && hasOfficeMacros(data, kind),
      });
    }
  }
  return out;
}

/** Streams holding a program that no attachment presents (an attachment's own are the embedded-file rules'). */
export function programsOutsideAttachments(
  programs: readonly ProgramStreamFact[],
  embedded: readonly { objectRef?: string }[],
): HiddenPayloadFact[] {
  const attached = new Set(embedded.map((e) => e.objectRef));
  return programs
    .filter((p) => !attached.has(p.objectRef))
    .map((p) => ({
      kind: p.kind,
      offset: -1,
      where: "stream",
      objectRef: p.objectRef,
      runnableNames: [],
      entries: 0,
      macros: false,
    }));
}

/** The first offset in [from, end) where `s` starts a valid header, or -1. */
function firstValid(buf: Buffer, s: Signature, from: number, end: number): number {
  const span = buf.subarray(from, end);
  for (let at = span.indexOf(s.magic); at !== -1; at = span.indexOf(s.magic, at + 1))
    if (s.valid(buf, from + at, end)) return from + at;
  return -1;
}
