// The tolerant reader: bytes -> every indirect object of every revision + the current object table +
// anomalies. One mechanism, as pdf.js's XRef.indexObjects: a linear scan for `N G obj` always runs, and
// the xref chain is then checked against it; where the xref lies, the scan is the truth (recovery).
import { constants as zlibConstants } from "node:zlib";
import type { BudgetName, Limits } from "../limits";
import { AnomalyLog } from "./anomaly";
import {
  decodeStreamData,
  inflateOrError,
  inflateSalvaging,
  type FilterResult,
  type KnownInflate,
  type StreamDecodeResult,
} from "./filters";

/** A stream decode result; `encrypted` when the data could not be decrypted and stays opaque. */
export type DecodedStream = StreamDecodeResult & { encrypted?: boolean };
import { PdfDict, PdfKeyword, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from "./objects";
import { openStandardSecurity, type CryptFilters, type CryptMethod, type OpenedWith } from "./crypto/standard-security";
import { ObjectParser } from "./parser";
import { TOKEN_END, WHITESPACE, asBuffer, isDigit } from "./syntax";
import { fdfHeaderOffset, pdfHeaderOffset, PDF_HEADER_WINDOW_BYTES } from "./sniff";
import { findStrayNames, type StrayName } from "./stray-names";
import {
  findStartxref,
  readXrefStream,
  readXrefTable,
  type XrefContext,
  type XrefEntry,
  type XrefSection,
} from "./xref";

export interface IndirectObject {
  num: number;
  gen: number;
  /** file offset of `N G obj`; for a member of an object stream, the offset of that stream's object */
  offset: number;
  /** offset just past `endobj` (or where parsing stopped) */
  end: number;
  value: PdfObject;
  /** "N G" of the object stream that holds it */
  container?: string;
  containerNum?: number;
  /**
   * found only by a recovery pass: a header glued to junk, an object swallowed by a stream whose end
   * had to be searched for, or one the xref points at inside another object's data (content a strict
   * token-by-token reading of the file misses)
   */
  recovery?: "glued-header" | "inside-stream" | "xref-target";
}

export interface EscapedName {
  name: string;
  raw: string;
  offset: number;
}

/** Decrypts a stream's data; with `prefixBytes`, at least its first that many bytes (see SecurityHandler.decrypt). */
export type StreamDecoder = (
  stream: PdfStream,
  owner: IndirectObject | undefined,
  prefixBytes?: number,
) => Uint8Array | null;

export interface SecurityState {
  /** none: not encrypted; decrypted: opened (with the empty user password or the one given); otherwise content stays opaque */
  state: "none" | "decrypted" | "password-required" | "unsupported";
  /** decrypted: which password opened it (never the password itself) */
  openedWith?: OpenedWith;
  message?: string;
  revision?: number;
  method?: string;
  /**
   * The standard handler's crypt filters (§7.6.5), known with or without the key: "none" marks what is
   * in the clear (strings, streams, attachments), readable without the password.
   */
  methods?: { strings: CryptMethod; streams: CryptMethod; files: CryptMethod };
}

const HEADER = Buffer.from("%PDF-");
const EOF_MARK = Buffer.from("%%EOF");
const OBJ = Buffer.from("obj");
const TRAILER = Buffer.from("trailer");
const ENDOBJ = Buffer.from("endobj");

/**
 * A head salvage whose output is all that inflates of the stream: it stopped at damage inside the head
 * (a longer input ends at the same damage) and under its output cap.
 */
function endsAtDamage(head: { damaged: boolean; maxOut: number; result: FilterResult }): boolean {
  return head.damaged && head.result.data.length < head.maxOut;
}

/** output of whole-stream head inflates kept per document for decode() to reuse */
const INFLATED_HEADS_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Bytes of each Flate head kept for the next head request of the same stream: the collectors sniff
 * every stream (Flash, orphan scripts, fonts: 64 to 4,096 bytes), and each used to inflate it again.
 */
const KEPT_HEAD_BYTES = 4096;

export class PdfDocument {
  readonly anomalies = new AnomalyLog();
  /** every instance of every object in file order (object-stream members after their container) */
  readonly instances: IndirectObject[] = [];
  /** the current object of each number */
  readonly table = new Map<number, IndirectObject>();
  readonly xrefSections: XrefSection[] = [];
  readonly trailers: PdfDict[] = [];
  readonly eofOffsets: number[] = [];
  readonly escapedNames: EscapedName[] = [];
  readonly strayNames: StrayName[] = [];
  readonly budgetHits = new Set<BudgetName>();
  /** output per input byte of the heads decodeHead() inflated (single-Flate streams) */
  private readonly headExpansions = new WeakMap<PdfStream, number>();
  /**
   * Heads salvaged from damaged Flate data (decodeHead's fallback, a binary search of up to ~20
   * inflates): the Flate rules, the font checks and the bomb probe ask for the same stream's head, and
   * decode() needs no search of its own when the damage lies inside the head (`clear`: inflated from
   * stream.raw, not from decrypted data).
   */
  private readonly damagedHeads = new WeakMap<
    PdfStream,
    { inputBytes: number; maxOut: number; result: FilterResult; damaged: boolean; clear: boolean }
  >();
  /**
   * Small Flate streams whose head decodeHead() inflated whole: decode() takes the output once
   * instead of inflating the same bytes again (two in three sniffed streams are decoded later: page
   * contents, XMP). Bounded per document (INFLATED_HEADS_MAX_BYTES) so unread ones cannot pile up.
   */
  private readonly inflatedHeads = new WeakMap<PdfStream, Buffer>();
  /** The first KEPT_HEAD_BYTES of each Flate head decodeHead() inflated, and the input prefix it read. */
  private readonly keptHeads = new WeakMap<
    PdfStream,
    { inputBytes: number; allInput: boolean; out: Uint8Array; whole: boolean }
  >();
  private inflatedHeadsBytes = 0;
  /** `format`: "fdf" for a Forms Data Format file (`%FDF-` header, ISO 32000-2 §12.7.8) */
  header: { version: string | null; offset: number; format: "pdf" | "fdf" } = {
    version: null,
    offset: -1,
    format: "pdf",
  };
  trailer: PdfDict | null = null;
  xrefRebuilt = false;
  objectStreams = 0;
  streams = 0;
  /** installed by the security handler once the document's key is known (lib/pdf/crypto) */
  decryptStream: StreamDecoder | null = null;
  security: SecurityState = { state: "none" };
  private decodedTotal = 0;
  private readonly decodeCache = new Map<PdfStream, DecodedStream>();
  private readonly owners = new Map<PdfStream, IndirectObject>();

  constructor(
    readonly bytes: Uint8Array,
    readonly limits: Limits,
  ) {}

  get buf(): Buffer {
    return asBuffer(this.bytes);
  }

  get encrypted(): boolean {
    return this.trailer?.get("Encrypt") !== undefined && this.trailer?.get("Encrypt") !== null;
  }

  get(num: number): IndirectObject | undefined {
    return this.table.get(num);
  }

  ownerOf(stream: PdfStream): IndirectObject | undefined {
    return this.owners.get(stream);
  }

  /** Follows references to a direct object; cycles and dangling refs give undefined (§7.3.10: null). */
  resolve(obj: PdfObject | undefined): PdfObject | undefined {
    let cur = obj;
    for (let i = 0; cur instanceof PdfRef; i++) {
      if (i >= this.limits.MAX_REF_CHAIN) {
        this.anomalies.add("reference-cycle", -1, `reference chain longer than ${this.limits.MAX_REF_CHAIN} at ${cur}`);
        return undefined;
      }
      const next = this.table.get(cur.num)?.value;
      if (next === cur) return undefined;
      cur = next;
    }
    return cur;
  }

  /** Resolved dictionary entry (the dictionary of a stream counts). */
  lookup(dict: PdfDict | undefined, key: string): PdfObject | undefined {
    return dict ? this.resolve(dict.get(key)) : undefined;
  }

  dict(obj: PdfObject | undefined): PdfDict | undefined {
    const r = this.resolve(obj);
    if (r instanceof PdfDict) return r;
    if (r instanceof PdfStream) return r.dict;
    return undefined;
  }

  get catalog(): PdfDict | undefined {
    return this.dict(this.trailer?.get("Root"));
  }

  /**
   * Output per input byte of the head of a stream's leading Flate layers (nested Flate multiplies):
   * inflate the first `inputBytes`, at most `maxOutput` out per layer. A cheap probe for decompression
   * bombs (deflate peaks near 1032x per layer; text and images stay far below). 0 when the chain does
   * not start with Flate, the data is encrypted without the key, or it does not inflate.
   */
  probeFlateExpansion(stream: PdfStream, inputBytes: number, maxOutput: number): number {
    const known = this.headExpansions.get(stream);
    if (known !== undefined) return known;
    const filter = this.resolve(stream.dict.get("Filter"));
    const names = (Array.isArray(filter) ? filter : [filter]).map((f) => (f instanceof PdfName ? f.name : ""));
    const layers = names.findIndex((n) => n !== "FlateDecode" && n !== "Fl");
    const flateLayers = Math.min(layers < 0 ? names.length : layers, this.limits.MAX_FILTER_CHAIN);
    if (flateLayers === 0) return 0;
    let data: Uint8Array = stream.raw;
    if (this.encrypted && !isStreamOfType(stream, "XRef")) {
      const plain = this.decryptStream?.(stream, this.owners.get(stream), inputBytes);
      if (!plain) return 0;
      data = plain;
    }
    let expansion = 1;
    for (let i = 0; i < flateLayers && data.length > 0; i++) {
      const head = data.subarray(0, inputBytes);
      const out = inflateOrError(head, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: maxOutput });
      if (out instanceof Error) {
        // over maxOutput: at least that much came out of the head, which is all a probe needs
        if (out.code !== "ERR_BUFFER_TOO_LARGE") return i === 0 ? 0 : expansion;
        return (expansion * maxOutput) / Math.max(1, head.length);
      }
      data = out;
      expansion *= data.length / Math.max(1, head.length);
    }
    return expansion;
  }

  /** The decode result of a stream if something decoded it already (no decoding here). */
  decodedIfCached(stream: PdfStream): DecodedStream | undefined {
    return this.decodeCache.get(stream);
  }

  /** Decoded data of a stream, cached, within the per-stream and total budgets. */
  decode(stream: PdfStream): DecodedStream {
    const cached = this.decodeCache.get(stream);
    if (cached) return cached;
    const owner = this.owners.get(stream);
    const ref = owner ? `${owner.num} ${owner.gen}` : undefined;
    let raw: Uint8Array = stream.raw;
    if (this.encrypted && !isStreamOfType(stream, "XRef")) {
      const plain = this.decryptStream ? this.decryptStream(stream, owner) : null;
      if (!plain) {
        const r: DecodedStream = {
          data: raw,
          filters: [],
          complete: false,
          issues: [],
          budgetHit: false,
          encrypted: true,
        };
        this.decodeCache.set(stream, r);
        return r;
      }
      raw = plain;
    }
    const remaining = this.limits.MAX_DECODED_BYTES_TOTAL - this.decodedTotal;
    if (remaining <= 0) {
      this.budgetHits.add("MAX_DECODED_BYTES_TOTAL");
      const r: DecodedStream = { data: new Uint8Array(0), filters: [], complete: false, issues: [], budgetHit: true };
      this.decodeCache.set(stream, r);
      return r;
    }
    const result = decodeStreamData(raw, stream.dict, {
      maxOutputBytes: Math.min(this.limits.MAX_DECODED_BYTES_PER_STREAM, remaining),
      maxFilterChain: this.limits.MAX_FILTER_CHAIN,
      resolve: (o) => this.resolve(o),
      cryptApplied: this.encrypted,
      knownInflate: raw === stream.raw ? this.knownInflate(stream) : undefined,
    });
    this.decodedTotal += result.data.length;
    if (result.budgetHit)
      this.budgetHits.add(
        remaining < this.limits.MAX_DECODED_BYTES_PER_STREAM
          ? "MAX_DECODED_BYTES_TOTAL"
          : "MAX_DECODED_BYTES_PER_STREAM",
      );
    for (const issue of result.issues) this.anomalies.add(issue.code, stream.dataOffset, issue.message, ref);
    this.decodeCache.set(stream, result);
    return result;
  }

  /** What decodeHead() learnt of a stream's Flate data in the clear, for decode() (taken once). */
  private knownInflate(stream: PdfStream): KnownInflate | undefined {
    const whole = this.inflatedHeads.get(stream);
    if (whole) {
      this.inflatedHeads.delete(stream);
      return { kind: "whole", out: whole };
    }
    const head = this.damagedHeads.get(stream);
    return head && head.clear && endsAtDamage(head) ? { kind: "damaged", result: head.result } : undefined;
  }

  /**
   * The first bytes of a stream's decoded data, for type sniffing: decoding stops after `n` bytes,
   * the decoded-bytes budget is not charged, and only a short Flate head is kept for the next sniff.
   * Callers must not modify the bytes returned.
   */
  decodeHead(stream: PdfStream, n = 4096): Uint8Array {
    const cached = this.decodeCache.get(stream);
    if (cached) return cached.encrypted ? new Uint8Array(0) : cached.data.subarray(0, n);
    const filter = this.resolve(stream.dict.get("Filter"));
    const name =
      filter instanceof PdfName
        ? filter.name
        : Array.isArray(filter) && filter.length === 1 && filter[0] instanceof PdfName
          ? filter[0].name
          : undefined;
    const flate = name === "FlateDecode" || name === "Fl";
    // the bytes of the input the head is decoded from: all of it for filters other than Flate
    const inputBytes = filter === undefined ? n : flate ? Math.max(1024, n) : undefined;
    const kept = flate ? this.keptHeads.get(stream) : undefined;
    // the same input prefix (or the whole input again) inflates to the same bytes, decrypted or not
    const sameInput = kept && (kept.inputBytes === inputBytes || (kept.allInput && inputBytes! >= kept.inputBytes));
    if (kept && sameInput && (kept.whole || n <= kept.out.length)) return kept.out.subarray(0, n);
    let raw: Uint8Array = stream.raw;
    if (this.encrypted && !isStreamOfType(stream, "XRef")) {
      const plain = this.decryptStream?.(stream, this.owners.get(stream), inputBytes);
      if (!plain) return new Uint8Array(0);
      raw = plain;
    }
    if (filter === undefined) return raw.subarray(0, n);
    if (flate) {
      // inflate a prefix of the input: a truncated deflate stream yields its first bytes, no error
      // path. A predictor (/DecodeParms) is not undone: heads are for sniffing file signatures, and
      // predicted streams are images and xref data
      const prefix = raw.subarray(0, inputBytes);
      const out = inflateOrError(prefix, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
      if (out instanceof Error) return this.salvageHead(stream, prefix, n, raw === stream.raw);
      // the bomb probe (probeFlateExpansion) reuses this inflate instead of doing it again
      this.headExpansions.set(stream, out.length / Math.max(1, prefix.length));
      const whole = out.length <= KEPT_HEAD_BYTES;
      const keptOut = whole ? out : out.subarray(0, KEPT_HEAD_BYTES).slice();
      this.keptHeads.set(stream, {
        inputBytes: inputBytes!,
        allInput: inputBytes! >= stream.raw.length,
        out: keptOut,
        whole,
      });
      // the whole stream in the clear: decode() reuses it (decrypted input differs from stream.raw)
      const keep =
        prefix.length === raw.length && raw === stream.raw && out.length <= this.limits.MAX_DECODED_BYTES_PER_STREAM;
      if (keep && this.inflatedHeadsBytes + out.length <= INFLATED_HEADS_MAX_BYTES) {
        this.inflatedHeads.set(stream, out);
        this.inflatedHeadsBytes += out.length;
      }
      return new Uint8Array(out.buffer, out.byteOffset, Math.min(n, out.length));
    }
    return decodeStreamData(raw, stream.dict, {
      maxOutputBytes: n,
      maxFilterChain: this.limits.MAX_FILTER_CHAIN,
      resolve: (o) => this.resolve(o),
      cryptApplied: this.encrypted,
    }).data;
  }

  /**
   * What inflates of a damaged Flate head before the damage (CR bytes stripped by a text-mode
   * transfer). Damage inside a shorter prefix is inside every longer one, so what inflated before it
   * (when the output cap did not cut it) is the answer for any longer prefix too.
   */
  private salvageHead(stream: PdfStream, prefix: Uint8Array, n: number, clear: boolean): Uint8Array {
    const known = this.damagedHeads.get(stream);
    if (known && endsAtDamage(known) && prefix.length >= known.inputBytes) return known.result.data.subarray(0, n);
    const { result, damagedInside } = inflateSalvaging(prefix, n);
    this.damagedHeads.set(stream, { inputBytes: prefix.length, maxOut: n, result, damaged: damagedInside, clear });
    return result.data;
  }

  /**
   * Leaf /Page dictionaries in document order; cycle-guarded and bounded (§7.7.3). Walked once for the
   * document as read (a dozen facts ask; each walk used to add its cycle anomalies again), and again
   * only if objects were registered or the catalog changed since.
   */
  pages(): { ref: PdfRef | null; dict: PdfDict }[] {
    const catalog = this.catalog;
    const memo = this.pagesMemo;
    if (memo && memo.catalog === catalog && memo.objects === this.instances.length) return memo.pages;
    const pages = this.walkPages();
    this.pagesMemo = { catalog, objects: this.instances.length, pages };
    return pages;
  }

  private pagesMemo:
    { catalog: PdfDict | undefined; objects: number; pages: { ref: PdfRef | null; dict: PdfDict }[] } | undefined;

  private walkPages(): { ref: PdfRef | null; dict: PdfDict }[] {
    const out: { ref: PdfRef | null; dict: PdfDict }[] = [];
    const seen = new Set<PdfDict>();
    const stack: PdfObject[] = [this.catalog?.get("Pages") ?? null];
    while (stack.length && out.length < this.limits.MAX_OBJECTS) {
      const node = stack.pop();
      const d = this.dict(node ?? undefined);
      if (!d || seen.has(d)) {
        if (d) this.anomalies.add("reference-cycle", -1, "page tree revisits a node");
        continue;
      }
      seen.add(d);
      const kids = this.resolve(d.get("Kids"));
      const type = d.get("Type");
      if (Array.isArray(kids) && !(type instanceof PdfName && type.name === "Page")) {
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
      } else out.push({ ref: node instanceof PdfRef ? node : null, dict: d });
    }
    return out;
  }

  register(obj: IndirectObject): boolean {
    if (this.instances.length >= this.limits.MAX_OBJECTS) {
      this.budgetHits.add("MAX_OBJECTS");
      return false;
    }
    this.instances.push(obj);
    if (obj.value instanceof PdfStream) {
      this.owners.set(obj.value, obj);
      this.streams++;
    }
    return true;
  }
}

/** Reads a PDF. Never throws on malformed input: problems are anomalies on the returned document. */
export interface ReadOptions {
  /** the document's password, when the analyst has it (user or owner password); used to open it, kept nowhere */
  password?: string;
}

export function readPdf(bytes: Uint8Array, limits: Limits, options: ReadOptions = {}): PdfDocument {
  const doc = new PdfDocument(bytes, limits);
  readHeader(doc);
  const spans = scanObjects(doc);
  findEofMarkers(doc, spans);
  const trailerSpans = readTrailers(doc, spans);
  recoverStrayObjects(
    doc,
    [...spans, ...trailerSpans].sort((a, b) => a[0] - b[0]),
  );
  recoverSwallowedObjects(doc);
  readXrefChain(doc);
  recoverXrefTargets(doc);
  openSecurity(doc, options.password);
  expandObjectStreams(doc);
  buildTable(doc);
  return doc;
}

function readHeader(doc: PdfDocument): void {
  // the window is the one the server and CLI decide by (sniff.ts); a header past it is still read
  const inWindow = pdfHeaderOffset(doc.bytes);
  // an FDF file has a header of its own, not a missing one
  const fdfAt = inWindow < 0 ? fdfHeaderOffset(doc.bytes) : -1;
  const format = fdfAt >= 0 ? "fdf" : "pdf";
  const at = inWindow >= 0 ? inWindow : fdfAt >= 0 ? fdfAt : doc.buf.indexOf(HEADER);
  if (inWindow < 0 && fdfAt < 0) {
    doc.anomalies.add("header-missing", 0, `no %PDF- header in the first ${PDF_HEADER_WINDOW_BYTES} bytes`);
    if (at < 0) return;
  } else if (at > 0) doc.anomalies.add("header-not-at-start", at, `header at offset ${at}, not 0`);
  const m = /^%(?:PDF|FDF)-(\d+)\.(\d+)/.exec(doc.buf.toString("latin1", at, at + 16));
  doc.header = { version: m ? `${m[1]}.${m[2]}` : null, offset: at, format };
  if (
    !m ||
    (Number(m[1]) !== 1 && Number(m[1]) !== 2) ||
    (Number(m[1]) === 2 && Number(m[2]) > 0) ||
    (Number(m[1]) === 1 && Number(m[2]) > 7)
  ) {
    doc.anomalies.add(
      "header-version-invalid",
      at,
      `unusual header version '${doc.buf.toString("latin1", at, at + 10).replace(/[\r\n].*/s, "")}'`,
    );
  }
}

/** Linear scan for `N G obj`: finds every object of every revision, whatever the xref says. */
function scanObjects(doc: PdfDocument): [number, number][] {
  const { bytes, buf } = doc;
  const spans: [number, number][] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const at = buf.indexOf(OBJ, pos);
    if (at < 0) break;
    pos = at + 3;
    if (at + 3 < bytes.length && !TOKEN_END[bytes[at + 3]]) continue;
    const head = objectHeaderBefore(bytes, at);
    if (!head) continue;
    const parsed = parseIndirectAt(doc, head.start, at + 3, head.num, head.gen);
    if (!parsed) continue;
    if (!doc.register(parsed)) break;
    spans.push([head.start, parsed.end]);
    pos = Math.max(pos, parsed.end);
  }
  return spans;
}

/**
 * Reads backwards from an `obj` keyword for "num gen" (§7.3.10); null when the keyword is not one.
 * The number must start a token, or follow a glued end keyword (`endobj12 0 obj`); with `glued`, any
 * byte may precede it (the recovery passes: `junk7 0 obj`).
 */
function objectHeaderBefore(
  b: Uint8Array,
  at: number,
  glued = false,
): { num: number; gen: number; start: number } | null {
  let i = at - 1;
  while (i >= 0 && WHITESPACE[b[i]]) i--;
  const genEnd = i + 1;
  while (i >= 0 && isDigit(b[i])) i--;
  const genStart = i + 1;
  if (genStart === genEnd || genEnd - genStart > 5) return null;
  if (i < 0 || !WHITESPACE[b[i]]) return null;
  while (i >= 0 && WHITESPACE[b[i]]) i--;
  // "5%comment\n0 obj": a comment is whitespace to the lexer (§7.2.4), so look through one
  // that ends the previous line (seen in exploit-kit output written to confuse scanners)
  if (i >= 0 && !isDigit(b[i]) && (b[i + 1] === 0x0a || b[i + 1] === 0x0d)) {
    let lineStart = i;
    while (lineStart > 0 && b[lineStart - 1] !== 0x0a && b[lineStart - 1] !== 0x0d && i - lineStart < 256) lineStart--;
    const pct = b.subarray(lineStart, i + 1).indexOf(0x25);
    if (pct > 0) {
      i = lineStart + pct - 1;
      while (i >= 0 && WHITESPACE[b[i]]) i--;
    }
  }
  const numEnd = i + 1;
  while (i >= 0 && isDigit(b[i])) i--;
  const numStart = i + 1;
  if (numStart === numEnd || numEnd - numStart > 10) return null;
  if (i >= 0 && !glued && !TOKEN_END[b[i]] && !endsWithEndKeyword(b, i + 1)) return null;
  let num = 0;
  for (let k = numStart; k < numEnd; k++) num = num * 10 + (b[k] - 48);
  let gen = 0;
  for (let k = genStart; k < genEnd; k++) gen = gen * 10 + (b[k] - 48);
  return { num, gen, start: numStart };
}

/** `%%EOF` too: writers append an incremental update without a line break (pdf.js issue 15367) */
const END_KEYWORDS = [Buffer.from("endobj"), Buffer.from("endstream"), EOF_MARK];

/** `endobj12 0 obj`, `%%EOF1 0 obj`: what ends an object or revision glued to this header (see peekEndKeyword). */
function endsWithEndKeyword(b: Uint8Array, end: number): boolean {
  return END_KEYWORDS.some((k) => end >= k.length && k.every((c, j) => b[end - k.length + j] === c));
}

/**
 * Bytes that first reads of runaway values may run past their own endobj, all objects of a document
 * together (a cost guard, proportional to the file). Without it each object of a file made of
 * unterminated strings is read to the end of the file before its re-read: quadratic (found by
 * `npm run fuzz`: 200 KB of `(\nendobj\n5 0 obj\n<< /Type ` took 7 s). Once spent, a first read
 * stops one byte past the object's first endobj, so a runaway value is re-read as below.
 */
const runawayBytesLeft = new WeakMap<PdfDocument, number>();

function parseIndirectAt(
  doc: PdfDocument,
  start: number,
  bodyStart: number,
  num: number,
  gen: number,
): IndirectObject | null {
  const ref = `${num} ${gen}`;
  const opts = { maxDepth: doc.limits.MAX_NESTING_DEPTH, anomalies: doc.anomalies };
  let p = new ObjectParser(doc.bytes, opts, bodyStart);
  const runawayLeft = runawayBytesLeft.get(doc) ?? doc.bytes.length;
  const bound = runawayLeft > 0 ? -1 : p.findEndobj(bodyStart);
  if (bound >= 0) p = new ObjectParser(doc.bytes, opts, bodyStart, Math.min(doc.bytes.length, bound + 7));
  p.currentRef = ref;
  let value = p.parseObject();
  p.skipWhitespace();
  if (value instanceof PdfDict && p.peekKeyword("stream")) {
    // stream data may hold "endobj" (an attached PDF): the bound applies to values, not to data
    if (bound >= 0) {
      doc.escapedNames.push(...p.escapedNames);
      p = new ObjectParser(doc.bytes, opts, p.pos);
      p.currentRef = ref;
    }
    value = p.parseStreamBody(value, 0);
  } else if (!p.peekEndKeyword("endobj")) {
    // a runaway value (e.g. an unterminated string) must not swallow the objects after it; a value
    // that ends cleanly at its own `endobj` is kept even if the text "endobj" occurs inside it
    const endobj = p.findEndobj(bodyStart);
    if (endobj >= 0 && p.pos > endobj + 6) {
      runawayBytesLeft.set(doc, runawayLeft - (p.pos - endobj));
      doc.anomalies.add("syntax-error", start, "object body runs past its endobj; re-read up to it", ref);
      p = new ObjectParser(doc.bytes, opts, bodyStart, endobj);
      p.currentRef = ref;
      value = p.parseObject();
      p.pos = endobj;
    }
  }
  doc.escapedNames.push(...p.escapedNames);
  p.skipWhitespace();
  if (p.peekEndKeyword("endobj")) p.pos += 6;
  else doc.anomalies.add("endobj-missing", p.pos, "object not closed by endobj", ref);
  if (value instanceof PdfKeyword && value.value === "endobj") value = null;
  return { num, gen, offset: start, end: p.pos, value };
}

function insideSpan(spans: [number, number][], at: number): boolean {
  // spans are sorted and disjoint: binary search
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at < spans[mid][0]) hi = mid - 1;
    else if (at >= spans[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

function findEofMarkers(doc: PdfDocument, spans: [number, number][]): void {
  const { buf, bytes } = doc;
  for (let at = buf.indexOf(EOF_MARK); at >= 0; at = buf.indexOf(EOF_MARK, at + 5)) {
    if (!insideSpan(spans, at)) doc.eofOffsets.push(at);
  }
  if (doc.eofOffsets.length === 0) {
    doc.anomalies.add("eof-missing", bytes.length, "no %%EOF marker");
    return;
  }
  const last = doc.eofOffsets[doc.eofOffsets.length - 1] + 5;
  let i = last;
  while (i < bytes.length && WHITESPACE[bytes[i]]) i++;
  if (i < bytes.length) doc.anomalies.add("data-after-eof", last, `${bytes.length - last} bytes after the last %%EOF`);
}

/**
 * The harder pass, run only where names lie outside every object and trailer (`covered`, sorted): back
 * from each such name, look for an object header the linear scan refused because it is glued to the
 * token before it, parse the object from there and keep it when it reaches the name. Acrobat reads an
 * object wherever the xref points, so a header glued to junk hides content from strict scanners only.
 * Every stray name stays recorded, with the object that now holds it.
 */
function recoverStrayObjects(doc: PdfDocument, covered: [number, number][]): void {
  const max = doc.limits.MAX_STRAY_NAMES;
  const stray = findStrayNames(doc.bytes, covered, max);
  if (stray.length >= max) doc.budgetHits.add("MAX_STRAY_NAMES");
  doc.strayNames.push(...stray);
  const { bytes, buf } = doc;
  let recovered: IndirectObject | null = null;
  // headers before this offset were tried already: names are in file order, so each byte is searched once
  let searchedUpTo = 0;
  let next = 0; // covered spans that start before the current name have been folded into coveredTo
  let coveredTo = 0;
  for (const name of stray) {
    if (recovered && name.offset < recovered.end) {
      name.recoveredIn = `${recovered.num} ${recovered.gen}`;
      continue;
    }
    for (; next < covered.length && covered[next][0] <= name.offset; next++)
      coveredTo = Math.max(coveredTo, covered[next][1]);
    const floor = Math.max(searchedUpTo, coveredTo);
    searchedUpTo = name.offset;
    const region = buf.subarray(floor, name.offset);
    for (let rel = region.lastIndexOf(OBJ); rel >= 0; rel = rel > 0 ? region.lastIndexOf(OBJ, rel - 1) : -1) {
      const at = floor + rel;
      if (!TOKEN_END[bytes[at + 3]]) continue;
      const head = objectHeaderBefore(bytes, at, true);
      if (!head || head.start < floor) continue;
      const parsed = parseIndirectAt(doc, head.start, at + 3, head.num, head.gen);
      // the nearest header's object ends before the name: an earlier one ends earlier still
      if (!parsed || parsed.end <= name.offset) break;
      if (!doc.register(parsed)) return;
      const ref = `${parsed.num} ${parsed.gen}`;
      doc.anomalies.add(
        "syntax-error",
        head.start,
        `object ${ref} found only by the recovery pass: its header is glued to the token before it`,
        ref,
      );
      name.recoveredIn = ref;
      parsed.recovery = "glued-header";
      recovered = parsed;
      break;
    }
  }
}

/**
 * A stream whose /Length did not lead to `endstream` ends at the first `endstream` found, so when its
 * own was lost the objects after it become stream data. pdf.js's recovery (xref.js indexObjects) stops
 * an object at the next `N G obj` and reads them; so does this pass. Objects closed by `endobj` inside
 * such data are kept as instances, and enter the table only under numbers nothing else claims.
 */
function recoverSwallowedObjects(doc: PdfDocument): void {
  const { bytes, buf } = doc;
  const latest = new Map<number, PdfObject>();
  for (const o of doc.instances) latest.set(o.num, o.value);
  // a stream ended where its writer said unless it has no /Length or one that is not its data length; a
  // /Length stored in an object stream is not known yet: such a stream counts as intact
  const endWasSearched = (s: PdfStream) => {
    const l = s.dict.get("Length");
    const length = l instanceof PdfRef ? latest.get(l.num) : l;
    return l === undefined || (typeof length === "number" && length !== s.raw.length);
  };
  const repaired = doc.instances.filter((o) => !o.container && o.value instanceof PdfStream && endWasSearched(o.value));
  for (const owner of repaired) {
    const stream = owner.value as PdfStream;
    const start = stream.dataOffset;
    const data = buf.subarray(0, start + stream.raw.length);
    let endobj = start; // the next `endobj` in the data after the current header, found once per stretch
    for (let at = data.indexOf(OBJ, start); at >= 0; at = data.indexOf(OBJ, at + 3)) {
      if (!TOKEN_END[bytes[at + 3]]) continue;
      const head = objectHeaderBefore(bytes, at);
      if (!head || head.start < start) continue;
      if (endobj < at + 3) endobj = data.indexOf(ENDOBJ, at + 3);
      if (endobj < 0) break; // no object can close inside the data any more
      const parsed = parseIndirectAt(doc, head.start, at + 3, head.num, head.gen);
      if (!parsed) continue;
      parsed.recovery = "inside-stream";
      if (!doc.register(parsed)) return;
      doc.anomalies.add(
        "endstream-missing",
        head.start,
        `object ${head.num} ${head.gen} lies inside the data of stream ${owner.num} ${owner.gen}, whose end was searched for`,
        `${owner.num} ${owner.gen}`,
      );
      at = parsed.end - 3;
    }
  }
}

/** digits, white space, digits, white space: the most bytes an `N G obj` header spans before `obj` */
const MAX_HEADER_BYTES = 32;

/**
 * Objects the xref points at that the linear scan did not see: inside the data of another object (a
 * stream whose /Length is right, a string) or behind a header glued to junk. Acrobat and pdf.js fetch
 * an object at its xref offset, so they read it; a scanner that walks the file token by token does not.
 */
function recoverXrefTargets(doc: PdfDocument): void {
  const { bytes, buf } = doc;
  const seen = new Set(doc.instances.filter((o) => !o.container).map((o) => o.offset));
  for (const section of doc.xrefSections) {
    for (const [num, e] of section.entries) {
      if (e.type !== "offset") continue;
      const at = skipWs(bytes, e.offset);
      if (seen.has(at) || at >= bytes.length) continue;
      seen.add(at);
      const rel = buf.subarray(at, at + MAX_HEADER_BYTES + OBJ.length).indexOf(OBJ);
      const objAt = at + rel;
      if (rel < 0 || !TOKEN_END[bytes[objAt + 3]]) continue;
      const head = objectHeaderBefore(bytes, objAt, true);
      if (!head || head.start !== at || head.num !== num) continue;
      const parsed = parseIndirectAt(doc, at, objAt + 3, head.num, head.gen);
      if (!parsed) continue;
      parsed.recovery = "xref-target";
      if (!doc.register(parsed)) return;
      const host = doc.instances.find((o) => !o.container && o.offset < at && at < o.end);
      const where = host ? `inside object ${host.num} ${host.gen}` : "where the scan saw no object header";
      doc.anomalies.add(
        "xref-entry-mismatch",
        at,
        `object ${num} ${head.gen} is read at its xref offset, ${where}`,
        `${num} ${head.gen}`,
      );
    }
  }
}

/** Parses every `trailer` dictionary outside the objects; returns the spans they cover. */
function readTrailers(doc: PdfDocument, spans: [number, number][]): [number, number][] {
  const { buf } = doc;
  const covered: [number, number][] = [];
  for (let at = buf.indexOf(TRAILER), next: number; at >= 0; at = next) {
    next = buf.indexOf(TRAILER, at + 7);
    if (insideSpan(spans, at)) continue;
    // a trailer ends before the next one: an unterminated string in each must not read each to the
    // end of the file (quadratic; found by `npm run fuzz`: 156 KB of them took 5 s)
    const p = new ObjectParser(
      doc.bytes,
      { maxDepth: doc.limits.MAX_NESTING_DEPTH, anomalies: doc.anomalies },
      at + 7,
      next < 0 ? doc.bytes.length : next,
    );
    const t = p.parseObject();
    if (t instanceof PdfDict) {
      doc.trailers.push(t);
      covered.push([at, p.pos]);
    }
  }
  return covered;
}

function xrefContext(doc: PdfDocument, byOffset: Map<number, IndirectObject>): XrefContext {
  return {
    bytes: doc.bytes,
    anomalies: doc.anomalies,
    maxDepth: doc.limits.MAX_NESTING_DEPTH,
    objectAt: (offset) => byOffset.get(skipWs(doc.bytes, offset)) ?? null,
    decode: (stream) => doc.decode(stream).data,
  };
}

function skipWs(b: Uint8Array, at: number): number {
  while (at < b.length && WHITESPACE[b[at]]) at++;
  return at;
}

function readXrefChain(doc: PdfDocument): void {
  const byOffset = new Map<number, IndirectObject>();
  for (const o of doc.instances) byOffset.set(o.offset, o);
  const ctx = xrefContext(doc, byOffset);
  const sx = findStartxref(doc.bytes, doc.buf);
  // an FDF file is a header, its objects and a trailer (§12.7.8.2): no cross-reference data to miss
  const fdf = doc.header.format === "fdf";
  if (!sx) {
    if (!fdf) doc.anomalies.add("startxref-missing", doc.bytes.length, "no startxref");
  } else if (sx.value === null) doc.anomalies.add("startxref-invalid", sx.keywordOffset, "startxref without an offset");
  const queue: number[] = sx?.value != null ? [sx.value] : [];
  const visited = new Set<number>();
  while (queue.length) {
    const off = queue.shift()!;
    if (visited.has(off)) {
      doc.anomalies.add("xref-invalid", off, "xref /Prev chain loops");
      continue;
    }
    if (doc.xrefSections.length >= doc.limits.MAX_XREF_SECTIONS) {
      doc.budgetHits.add("MAX_XREF_SECTIONS");
      break;
    }
    visited.add(off);
    const at = skipWs(doc.bytes, off);
    const section = at < doc.bytes.length ? (readXrefTable(ctx, at) ?? readXrefStream(ctx, at)) : null;
    if (!section) {
      doc.anomalies.add(
        doc.xrefSections.length ? "xref-invalid" : "startxref-invalid",
        off,
        `no xref at offset ${off}`,
      );
      continue;
    }
    doc.xrefSections.push(section);
    const t = section.trailer;
    const stm = t?.get("XRefStm");
    if (typeof stm === "number") queue.unshift(stm); // hybrid file: the stream complements this table (§7.5.8.4)
    const prev = t?.get("Prev");
    if (typeof prev === "number") queue.push(prev);
  }
  // the trailer of the newest section; else the last trailer keyword or xref stream in the file
  doc.trailer =
    doc.xrefSections.find((s) => s.trailer?.has("Root"))?.trailer ??
    doc.xrefSections[0]?.trailer ??
    [...doc.trailers].reverse().find((t) => t.has("Root")) ??
    lastXrefStreamDict(doc) ??
    null;
  if (!doc.trailer) doc.anomalies.add("trailer-missing", -1, "no trailer dictionary found");
}

function lastXrefStreamDict(doc: PdfDocument): PdfDict | null {
  for (let i = doc.instances.length - 1; i >= 0; i--) {
    const v = doc.instances[i].value;
    if (isStreamOfType(v, "XRef")) return v.dict;
  }
  // last resort: a catalog anywhere (as pdf.js's recovery does)
  for (let i = doc.instances.length - 1; i >= 0; i--) {
    const v = doc.instances[i].value;
    if (v instanceof PdfDict && v.get("Type") instanceof PdfName && (v.get("Type") as PdfName).name === "Catalog") {
      return new PdfDict(new Map([["Root", new PdfRef(doc.instances[i].num, doc.instances[i].gen)]]));
    }
  }
  return null;
}

/**
 * Encrypted documents (§7.6): open the standard security handler with the empty user password, as a
 * reader does silently, then decrypt the strings of every top-level object in place and install the
 * stream decryptor. Object-stream members are not decrypted again (their container was).
 */
function openSecurity(doc: PdfDocument, password: string | undefined): void {
  const encEntry = doc.trailer?.get("Encrypt");
  if (encEntry === undefined || encEntry === null) return;
  const latest = new Map<number, IndirectObject>();
  for (const o of doc.instances) latest.set(o.num, o);
  const resolve = (o: PdfObject | undefined): PdfObject | undefined => {
    let cur = o;
    for (let i = 0; cur instanceof PdfRef && i < doc.limits.MAX_REF_CHAIN; i++) cur = latest.get(cur.num)?.value;
    return cur instanceof PdfRef ? undefined : cur;
  };
  const enc = resolve(encEntry);
  if (!(enc instanceof PdfDict)) {
    doc.security = { state: "unsupported", message: "/Encrypt is not a dictionary" };
    return;
  }
  const ids = resolve(doc.trailer?.get("ID"));
  const first = Array.isArray(ids) ? resolve(ids[0]) : undefined;
  const setup = openStandardSecurity(
    enc,
    first instanceof PdfString ? first.bytes : new Uint8Array(0),
    resolve,
    password,
  );
  // §7.6.3.1: with /EncryptMetadata false the metadata streams are stored in the clear
  const clearMetadata = resolve(enc.get("EncryptMetadata")) === false;
  if (!setup.ok) {
    const f = setup.filters;
    doc.security = { state: setup.reason, message: setup.message, ...(f && { methods: methodsOf(f) }) };
    // without the key, what the crypt filters leave in the clear is still read as it is (an encrypted
    // document may keep all but its attachments, or its streams, readable to anyone)
    if (f) doc.decryptStream = (stream) => (streamMethod(stream, f, clearMetadata) === "none" ? stream.raw : null);
    return;
  }
  const h = setup.handler;
  doc.security = {
    state: "decrypted",
    openedWith: setup.openedWith,
    revision: h.revision,
    method: h.filters.streams,
    methods: methodsOf(h.filters),
  };
  doc.decryptStream = (stream, owner, prefixBytes) =>
    owner && !owner.container
      ? h.decrypt(stream.raw, owner.num, owner.gen, streamMethod(stream, h.filters, clearMetadata), prefixBytes)
      : stream.raw;
  const encInstance = encEntry instanceof PdfRef ? latest.get(encEntry.num) : undefined;
  for (const inst of doc.instances) {
    if (inst.container || inst === encInstance || isStreamOfType(inst.value, "XRef")) continue; // §7.5.8.4: xref streams stay clear
    decryptStrings(inst.value, (s) => new PdfString(h.decrypt(s.bytes, inst.num, inst.gen, h.filters.strings), s.hex));
  }
}

/** A stream whose /Type is the given name (XRef and ObjStm streams get special treatment). */
function isStreamOfType(v: PdfObject, type: string): v is PdfStream {
  if (!(v instanceof PdfStream)) return false;
  const t = v.dict.get("Type");
  return t instanceof PdfName && t.name === type;
}

const methodsOf = (f: CryptFilters): SecurityState["methods"] => ({
  strings: f.strings,
  streams: f.streams,
  files: f.files,
});

/**
 * The crypt method of one stream (§7.6.5): a /Crypt first filter names its own (§7.4.10: /Identity
 * by default), attachments take /EFF, metadata may be in the clear; every other stream takes /StmF.
 */
function streamMethod(stream: PdfStream, f: CryptFilters, clearMetadata: boolean): CryptMethod {
  const filter = stream.dict.get("Filter");
  const first = Array.isArray(filter) ? filter[0] : filter;
  if (first instanceof PdfName && first.name === "Crypt") {
    const parms = stream.dict.get("DecodeParms");
    const p = Array.isArray(parms) ? parms[0] : parms;
    const name = p instanceof PdfDict ? p.get("Name") : undefined;
    return f.named(name instanceof PdfName ? name.name : "Identity");
  }
  if (isStreamOfType(stream, "EmbeddedFile")) return f.files;
  if (clearMetadata && isStreamOfType(stream, "Metadata")) return "none";
  return f.streams;
}

/** Replaces every string below `root` (dict values, array items) with its decryption, iteratively. */
function decryptStrings(root: PdfObject, decrypt: (s: PdfString) => PdfString): void {
  const stack: PdfObject[] = [root];
  while (stack.length) {
    const o = stack.pop()!;
    const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
    if (d) {
      for (const [k, v] of d.entries) {
        if (v instanceof PdfString) d.entries.set(k, decrypt(v));
        else if (v instanceof PdfDict || Array.isArray(v)) stack.push(v);
      }
    } else if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const v = o[i];
        if (v instanceof PdfString) o[i] = decrypt(v);
        else if (v instanceof PdfDict || Array.isArray(v)) stack.push(v);
      }
    }
  }
}

/** Parses the members of every object stream (§7.5.7). */
function expandObjectStreams(doc: PdfDocument): void {
  const containers = doc.instances.filter((o) => isStreamOfType(o.value, "ObjStm"));
  for (const c of containers) {
    doc.objectStreams++;
    const stream = c.value as PdfStream;
    const ref = `${c.num} ${c.gen}`;
    const n = stream.dict.get("N");
    const first = stream.dict.get("First");
    if (typeof n !== "number" || typeof first !== "number" || n < 0 || first < 0) {
      doc.anomalies.add("objstm-invalid", c.offset, "object stream without valid /N and /First", ref);
      continue;
    }
    const decoded = doc.decode(stream);
    if (decoded.encrypted) continue;
    const data = decoded.data;
    const opts = { maxDepth: doc.limits.MAX_NESTING_DEPTH, anomalies: doc.anomalies, fileAddressable: false };
    const header = new ObjectParser(data, opts, 0, Math.min(first, data.length));
    const count = Math.min(n, doc.limits.MAX_OBJECTS_PER_OBJSTM);
    if (n > count) doc.budgetHits.add("MAX_OBJECTS_PER_OBJSTM");
    const members: { num: number; off: number }[] = [];
    for (let i = 0; i < count; i++) {
      const a = header.parseObject();
      const b = header.parseObject();
      if (typeof a !== "number" || typeof b !== "number") {
        doc.anomalies.add("objstm-invalid", c.offset, `object stream header ends after ${i} of ${n} entries`, ref);
        break;
      }
      members.push({ num: a, off: b });
    }
    const body = new ObjectParser(data, opts, 0, data.length);
    for (let i = 0; i < members.length; i++) {
      const start = first + members[i].off;
      const end = i + 1 < members.length ? Math.max(start, first + members[i + 1].off) : data.length;
      if (start >= data.length) {
        doc.anomalies.add("objstm-invalid", c.offset, `member ${members[i].num} lies outside the stream`, ref);
        continue;
      }
      body.reset(start, end, `${members[i].num} 0`);
      const value = body.parseObject();
      if (
        !doc.register({
          num: members[i].num,
          gen: 0,
          offset: c.offset,
          end: c.end,
          value,
          container: ref,
          containerNum: c.num,
        })
      )
        break;
    }
    for (const e of body.escapedNames) doc.escapedNames.push({ ...e, offset: -1 });
    if (doc.budgetHits.has("MAX_OBJECTS")) return;
  }
}

/**
 * The current object per number: the instance the newest xref section names when that claim holds,
 * else the last instance in file order (an incremental update appends newer versions, §7.5.6).
 */
function buildTable(doc: PdfDocument): void {
  const entries = new Map<number, XrefEntry>();
  const referencedOffsets = new Set<number>();
  for (const s of doc.xrefSections) {
    for (const [num, e] of s.entries) {
      if (!entries.has(num)) entries.set(num, e);
      if (e.type === "offset") referencedOffsets.add(skipWs(doc.bytes, e.offset));
    }
  }
  const byOffset = new Map<number, IndirectObject>();
  const lastByNum = new Map<number, IndirectObject>();
  // an object only a recovery pass found takes a number no object of the normal reading has
  const rank = (x: IndirectObject) => (x.recovery ? 0 : 1);
  const members = new Map<number, Map<number, IndirectObject>>(); // container num -> member num -> object
  for (const o of doc.instances) {
    if (o.containerNum !== undefined) {
      let m = members.get(o.containerNum);
      if (!m) members.set(o.containerNum, (m = new Map()));
      m.set(o.num, o);
    } else byOffset.set(o.offset, o);
    const prev = lastByNum.get(o.num);
    // an object-stream member sits at its container's position in file order
    if (!prev || rank(o) > rank(prev) || (rank(o) === rank(prev) && o.offset >= prev.offset)) lastByNum.set(o.num, o);
  }
  let mismatches = 0;
  let checked = 0;
  for (const [num, e] of entries) {
    if (e.type === "free") continue;
    checked++;
    const hit = e.type === "offset" ? byOffset.get(skipWs(doc.bytes, e.offset)) : members.get(e.stream)?.get(num);
    if (hit && hit.num === num) doc.table.set(num, hit);
    else {
      mismatches++;
      if (e.type === "offset")
        doc.anomalies.add("xref-entry-mismatch", e.offset, `xref says object ${num} is at ${e.offset}, it is not`);
    }
  }
  doc.xrefRebuilt = doc.xrefSections.length === 0 || (checked > 0 && mismatches * 4 > checked);
  if (doc.xrefRebuilt && doc.instances.length > 0) {
    // an FDF file without cross-reference data is read by scanning, as it was written to be: no anomaly
    if (doc.header.format !== "fdf" || doc.xrefSections.length > 0)
      doc.anomalies.add("xref-rebuilt", -1, "cross-reference data unusable: object table rebuilt by scanning");
    doc.table.clear();
  }
  for (const [num, o] of lastByNum) {
    if (!doc.table.has(num)) doc.table.set(num, o);
  }
  if (!doc.xrefRebuilt) {
    for (const o of doc.instances) {
      if (o.container || referencedOffsets.has(o.offset)) continue;
      const v = o.value;
      if (isStreamOfType(v, "XRef")) continue;
      doc.anomalies.add(
        "object-outside-xref",
        o.offset,
        `object ${o.num} ${o.gen} is not in any xref section`,
        `${o.num} ${o.gen}`,
      );
    }
  }
}
