// The disarm walk: every object reachable from the trailer's /Root and /Info, copied with its active
// content left out. Generic over dictionaries, as pdfid -d is over keywords, but on parsed objects:
// the keys of active-content.ts go from every dictionary, a reference or inline value that is a
// removed action, annotation or embedded file goes from the dictionary or array that holds it, and
// whatever only those reached is never reached, so it is not written. Iterative (a queue of object
// numbers), each object copied once: bounded by the reader's object budget.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfKeyword, PdfName, PdfRef, PdfStream, PdfString, dictOf, type PdfObject } from "../../pdf/objects";
import type { WrittenObject } from "../../pdf/writer/write-pdf";
import { nameOf } from "../facts/actions";
import { nameTreeValues } from "../content/name-tree";
import { bytesToText, fileSpecText, isTextualStream } from "../content/text";
import { findTestSignatures, TEST_SIGNATURES } from "../facts/test-signatures";
import { holdsWebMarkup } from "../facts/html-injection";
import { findLookups, firstHostileDeclaration } from "../facts/processor-injections";
import { remoteSpecEntries } from "../facts/remote-locations";
import { hasFilter, holdsWebArchive } from "../facts/office-polyglot";
import { deflateSync } from "node:zlib";
import {
  ACTIVE_NAMES,
  EXTERNAL_STREAM_KEYS,
  REMOVED_ACTION_TYPES,
  REMOVED_ANNOTATION_TYPES,
  REMOVED_KEYS,
  type RemovalKind,
} from "./active-content";
import { ExploitContent } from "./exploit-content";
import { ensurePageTree, orphanPages } from "./page-tree";
import { actionType, type RemovalLog } from "./removal-log";

/** Marks a value left out of its dictionary or array. */
const DROP = Symbol("drop");
type Cleaned = PdfObject | typeof DROP;

/** Why a dictionary or stream is left out: the summary's kind and label, or silently (structure). */
type DropReason = { kind: RemovalKind; label: string; detail: string; action?: boolean } | "structure";

export interface RewriteOutput {
  objects: WrittenObject[];
  trailer: PdfDict;
  /** repairs that make the copy open (page tree) */
  notes: string[];
}

export class ObjectRewriter {
  /** output number -> object */
  private readonly written = new Map<number, WrittenObject>();
  /** input object number -> output number: the copy is numbered 1..n in the order objects are reached */
  private readonly outNums = new Map<number, number>();
  private readonly queue: number[] = [];
  private readonly reasons = new WeakMap<PdfDict, DropReason | null>();
  private lastNum = 0;
  private readonly exploits: ExploitContent;
  /** `${` read as lookups in the copy's strings, one budget for the document (facts/processor-injections.ts) */
  private readonly lookupCandidates: { left: number };
  /** an FDF file's /FDF dictionary: its /F is the document the viewer opens with it (facts/actions.ts) */
  private readonly fdf: PdfDict | undefined;

  constructor(
    private readonly doc: PdfDocument,
    private readonly log: RemovalLog,
  ) {
    this.exploits = new ExploitContent(doc);
    this.lookupCandidates = { left: doc.limits.MAX_LOOKUP_CANDIDATES };
    this.fdf = doc.dict(doc.catalog?.get("FDF"));
  }

  /** The rewritten objects and trailer; null when the trailer names no catalog dictionary. */
  rewrite(): RewriteOutput | null {
    const { doc } = this;
    const trailer = doc.trailer;
    if (!trailer || !doc.catalog) return null;
    const out = new Map<string, PdfObject>();
    const root = this.root(trailer.get("Root"));
    out.set("Root", root);
    if (doc.dict(trailer.get("Info"))) out.set("Info", this.root(trailer.get("Info")));
    const id = doc.resolve(trailer.get("ID"));
    const ids = Array.isArray(id) ? id.map((v) => doc.resolve(v)) : [];
    if (ids.length === 2 && ids.every((v) => v instanceof PdfString)) out.set("ID", ids as PdfString[]);
    const orphans = orphanPages(doc);
    for (const num of orphans) this.refTo(num);
    while (this.queue.length) {
      const num = this.queue.shift()!;
      const inst = doc.table.get(num)!;
      const outNum = this.outNums.get(num)!;
      this.written.set(outNum, { num: outNum, gen: 0, value: this.cleanTop(inst.value, `${num} ${inst.gen}`) });
    }
    const catalog = this.written.get(root.num)!.value as PdfDict;
    const repaired = ensurePageTree(
      doc,
      { catalog, objects: this.written, outNumOf: (n) => this.outNums.get(n), newNum: () => ++this.lastNum },
      orphans,
    );
    return { objects: [...this.written.values()], trailer: new PdfDict(out), notes: repaired ? [repaired] : [] };
  }

  /** Input numbers of the objects written, to tell which of the input's were left out. */
  writtenNumbers(): ReadonlySet<number> {
    return new Set(this.outNums.keys());
  }

  /** The output reference of an input object, queued to be written the first time. */
  private refTo(num: number): PdfRef {
    let out = this.outNums.get(num);
    if (out === undefined) {
      this.outNums.set(num, (out = ++this.lastNum));
      this.queue.push(num);
    }
    return new PdfRef(out, 0);
  }

  /**
   * /Root or /Info: always written as a dictionary (cleaned, never dropped); one written inline, or
   * reached through a chain of references, gets a number of its own.
   */
  private root(value: PdfObject | undefined): PdfRef {
    if (value instanceof PdfRef && this.doc.table.get(value.num)?.value instanceof PdfDict)
      return this.refTo(value.num);
    const num = ++this.lastNum;
    this.written.set(num, { num, gen: 0, value: this.cleanDict(this.doc.dict(value) ?? new PdfDict(), "trailer") });
    return new PdfRef(num, 0);
  }

  /** An indirect object's value, cleaned (whether it is written at all was decided where it is referenced). */
  private cleanTop(value: PdfObject, holder: string): PdfObject {
    const d = value instanceof PdfDict ? value : null;
    if (d) return this.cleanDict(d, holder);
    const c = this.clean(value, holder, "");
    return c === DROP ? null : c;
  }

  private clean(value: PdfObject, holder: string, key: string): Cleaned {
    if (value instanceof PdfRef) return this.cleanRef(value, holder, key);
    if (value instanceof PdfKeyword) return null;
    if (value instanceof PdfString && holdsWebMarkup(value.text)) {
      this.log.add(
        "payload",
        holder,
        key ? `${key} string` : "string",
        "HTML markup for a web viewer's page: its angle brackets blanked",
      );
      return new PdfString(withoutAngleBrackets(value.bytes), value.hex);
    }
    if (
      value instanceof PdfString &&
      value.text.includes("${") &&
      findLookups(value.text, this.lookupCandidates).length
    ) {
      this.log.add(
        "payload",
        holder,
        key ? `${key} string` : "string",
        "Log4j or Commons Text lookup for a server: the '$' of each '${' blanked, so no lookup is read",
      );
      return new PdfString(withoutLookupMarks(value.bytes), value.hex);
    }
    if (value instanceof PdfName && ACTIVE_NAMES.has(value.name)) {
      this.log.add(
        ACTIVE_NAMES.get(value.name)!,
        holder,
        `${key ? `${key} ` : ""}/${value.name}`,
        "active keyword where no reader acts on it",
      );
      return DROP;
    }
    if (Array.isArray(value)) {
      const items: PdfObject[] = [];
      for (const v of value) {
        const c = this.clean(v, holder, key);
        if (c !== DROP) items.push(c);
      }
      return items;
    }
    if (value instanceof PdfDict || value instanceof PdfStream) {
      const d = value instanceof PdfStream ? value.dict : value;
      if (this.dropIfRemoved(value, d, holder, key)) return DROP;
      if (value instanceof PdfDict) return this.cleanDict(value, holder);
      const external = EXTERNAL_STREAM_KEYS.filter((k) => value.dict.has(k));
      if (external.length)
        this.log.add(
          "external-content",
          holder,
          external.map((k) => `/${k}`).join(" "),
          "stream data or a page taken from another file; the stream keeps its own bytes",
        );
      const blanked = this.withoutTestSignatures(value, holder);
      const archive = blanked ? null : this.compressedWebArchive(value, holder);
      // blanked data is written decoded: its filters go with the old bytes
      const skip = ["Length", ...external, ...(blanked ? ["Filter", "DecodeParms"] : [])];
      const dict = this.cleanDict(value.dict, holder, skip);
      if (archive) dict.entries.set("Filter", new PdfName("FlateDecode"));
      return new PdfStream(dict, blanked ?? archive ?? this.streamData(value), -1);
    }
    return value;
  }

  /** A reference to a kept object is kept (and the object queued); one to a removed or missing object goes. */
  private cleanRef(ref: PdfRef, holder: string, key: string): Cleaned {
    const inst = this.doc.table.get(ref.num);
    if (!inst) return DROP; // dangling: a null by §7.3.10, as good as absent
    const target = inst.value;
    if (
      (target instanceof PdfDict || target instanceof PdfStream) &&
      this.dropIfRemoved(target, dictOf(target)!, `${ref.num} ${inst.gen}`, key)
    )
      return DROP;
    return this.refTo(ref.num);
  }

  /** A copy of a dictionary without the removed keys, its values cleaned. */
  private cleanDict(d: PdfDict, holder: string, skip: readonly string[] = []): PdfDict {
    const out = new Map<string, PdfObject>();
    // a file share or web address named by a file specification wherever it hangs (a damaged
    // annotation or stream no longer recognised as one still names it): left out
    const remote = new Set<string>();
    for (const r of remoteSpecEntries(this.doc, d, false)) {
      // (an FDF file's /F is told as such below)
      if (d === this.fdf && r.key === "F") continue;
      remote.add(r.key);
      this.log.add("external-content", holder, `/${r.key}`, `a file on another machine: ${r.target}`);
    }
    for (const [k, v] of d.entries) {
      if (skip.includes(k) || remote.has(k)) continue;
      if (d === this.fdf && k === "F") {
        this.log.add(
          "remote-goto",
          holder,
          "FDF /F",
          `the document the FDF file opens: ${fileSpecText(this.doc, v) ?? ""}`,
        );
        continue;
      }
      if (REMOVED_KEYS.has(k)) {
        this.logRemovedKey(d, k, v, holder);
        continue;
      }
      if (ACTIVE_NAMES.has(k)) {
        this.log.add(ACTIVE_NAMES.get(k)!, holder, `/${k}`, "active keyword where no reader acts on it");
        continue;
      }
      const fix = this.exploits.check(d, k, v);
      if (fix) {
        this.log.add(fix.kind, holder, fix.replacement === undefined ? k : `${k} replaced`, fix.detail);
        if (fix.replacement !== undefined) out.set(k, fix.replacement);
        continue;
      }
      const c = this.clean(v, holder, k);
      if (c !== DROP) out.set(k, c);
    }
    // a catalog or Info forced through although it spells an action: no action type left behind
    const s = out.get("S");
    if (s instanceof PdfName && REMOVED_ACTION_TYPES.has(s.name)) out.delete("S");
    return new PdfDict(out);
  }

  /** Logs (once) and answers whether a dictionary or stream is left out where it is referenced. */
  private dropIfRemoved(value: PdfDict | PdfStream, d: PdfDict, object: string, key: string): boolean {
    let reason = this.reasons.get(d);
    if (reason === undefined) {
      reason = this.dropReason(value, d);
      this.reasons.set(d, reason);
      if (reason && reason !== "structure" && this.log.firstTime(d)) this.logDrop(reason, d, object, key);
    }
    return reason !== null;
  }

  private logDrop(reason: Exclude<DropReason, "structure">, d: PdfDict, object: string, key: string): void {
    if (reason.action) {
      this.log.add(reason.kind, object, `${key || "action"} ${reason.label}`, this.log.actionDetail(d, reason.label));
      // its /Next chain goes with it
      const next = d.get("Next");
      if (next !== undefined) this.log.action(next, object, "Next", this.doc.limits.MAX_ACTION_CHAIN);
      return;
    }
    this.log.add(reason.kind, object, reason.label, reason.detail);
    // an annotation's own actions go with it
    if (d.has("A")) this.log.action(d.get("A"), object, "A", this.doc.limits.MAX_ACTION_CHAIN);
    if (d.has("AA")) this.logRemovedKey(d, "AA", d.get("AA")!, object);
  }

  private dropReason(value: PdfDict | PdfStream, d: PdfDict): DropReason | null {
    const { doc } = this;
    const type = nameOf(doc.resolve(d.get("Type")));
    if (value instanceof PdfStream && (type === "ObjStm" || type === "XRef")) return "structure";
    if (type === "EmbeddedFile") return { kind: "embedded-file", label: "EmbeddedFile stream", detail: "" };
    const media = value instanceof PdfStream ? this.exploits.mediaStream(value) : undefined;
    if (media) return { kind: "media", label: media, detail: "" };
    // XML metadata that declares an external entity is left out: a server's XML parser would resolve it
    if (value instanceof PdfStream && type === "Metadata") {
      const d = doc.decode(value);
      const declaration = d.encrypted ? null : firstHostileDeclaration(bytesToText(d.data, doc.limits.MAX_XMP_BYTES));
      if (declaration)
        return { kind: "payload", label: "XML metadata", detail: `${declaration.element}: ${declaration.target}` };
    }
    const action = actionType(doc, d);
    const kind = action ? REMOVED_ACTION_TYPES.get(action) : undefined;
    if (action && kind) return { kind, label: action, detail: "", action: true };
    const subtype = nameOf(doc.resolve(d.get("Subtype")));
    if (subtype && REMOVED_ANNOTATION_TYPES.has(subtype) && (type === "Annot" || d.has("Rect"))) {
      const file = subtype === "FileAttachment" ? fileSpecText(doc, d.get("FS")) : undefined;
      return {
        kind: subtype === "FileAttachment" ? "embedded-file" : "annotation",
        label: `Annotation ${subtype}`,
        detail: file ?? "",
      };
    }
    return null;
  }

  /** Logs what a removed key held: each action of an /AA, each script or file of a name tree. */
  private logRemovedKey(owner: PdfDict, key: string, value: PdfObject, holder: string): void {
    const { doc, log } = this;
    const maxChain = doc.limits.MAX_ACTION_CHAIN;
    const kind = REMOVED_KEYS.get(key)!;
    switch (key) {
      case "OpenAction":
        return log.action(value, holder, key, maxChain);
      case "AA": {
        const aa = doc.dict(value);
        if (aa) for (const [trigger, action] of aa.entries) log.action(action, holder, `AA/${trigger}`, maxChain);
        return;
      }
      case "JavaScript":
      case "EmbeddedFiles":
        for (const entry of nameTreeValues(doc, value, `Names/${key}`, maxChain * 64)) {
          if (key === "JavaScript") log.action(entry.value, holder, `Names/JavaScript (${entry.name})`, maxChain);
          else
            log.add(
              "embedded-file",
              refKey(entry.value) ?? holder,
              "Names/EmbeddedFiles",
              fileSpecText(doc, entry.value) ?? entry.name,
            );
        }
        return;
      case "JS":
        return log.add("javascript", holder, "JS", log.actionDetail(owner, "JavaScript"));
      case "EF":
      case "RF":
        return log.add("embedded-file", holder, key, fileSpecText(doc, owner) ?? "");
      case "XFA":
        return log.add("xfa", holder, "AcroForm/XFA", "XFA form and its scripts; the AcroForm fields stay");
      case "NeedsRendering":
        return log.add("xfa", holder, "NeedsRendering", "the viewer no longer renders the pages from the XFA form");
      case "Collection":
        return log.add("portfolio", holder, "Collection", "portfolio view; readers show the first page instead");
      default:
        return log.add(kind === "action" ? "automatic-action" : kind, holder, key, "");
    }
  }

  /**
   * A textual stream's decoded data with each industry test string (EICAR, GTUBE: facts/test-signatures.ts)
   * overwritten, or null when it holds none. The string is not active content, but a copy that carries
   * it is stopped by every scanner after this one, which is what the sender wanted.
   */
  private withoutTestSignatures(s: PdfStream, holder: string): Uint8Array | null {
    if (!isTextualStream(s.dict)) return null;
    const d = this.doc.decode(s);
    if (d.encrypted || d.imageFilter || !d.complete) return null;
    let data: Buffer | null = null;
    for (const { id, at } of findTestSignatures(
      Buffer.from(d.data.buffer, d.data.byteOffset, d.data.byteLength),
      true,
    )) {
      data ??= Buffer.from(d.data);
      const text = TEST_SIGNATURES.find((t) => t.id === id)!.text;
      data.fill(0x20, at, Math.min(data.length, at + text.length));
      this.log.add("payload", holder, "test string", `${id} blanked in the stream's text`);
    }
    return data && new Uint8Array(data);
  }

  /**
   * An unfiltered stream's data compressed when it holds a Word web archive (facts/office-polyglot.ts),
   * or null: readers decode it as before, and Word no longer finds the archive in the copy's bytes.
   */
  private compressedWebArchive(s: PdfStream, holder: string): Uint8Array | null {
    if (hasFilter(this.doc, s)) return null;
    const data = this.streamData(s);
    if (!holdsWebArchive(data)) return null;
    this.log.add(
      "payload",
      holder,
      "web archive",
      "an Office web archive (MHT) in the clear: written compressed, so Word no longer opens the file as that document",
    );
    return new Uint8Array(deflateSync(data));
  }

  /** A stream's data as written: decrypted when the document was (the copy has no /Encrypt). */
  private streamData(s: PdfStream): Uint8Array {
    const { doc } = this;
    if (!doc.encrypted) return s.raw;
    return doc.decryptStream?.(s, doc.ownerOf(s)) ?? new Uint8Array(0);
  }
}

/**
 * The string's bytes with each `<` and `>` a space: in single-byte and UTF-8 text those bytes are only
 * the brackets; in UTF-16 (a byte-order mark) only the pairs 00 3C and 00 3E are.
 */
function withoutAngleBrackets(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  const bracket = (b: number) => b === 0x3c || b === 0x3e;
  if (out[0] === 0xfe && out[1] === 0xff) {
    for (let i = 2; i + 1 < out.length; i += 2) if (out[i] === 0 && bracket(out[i + 1])) out[i + 1] = 0x20;
  } else for (let i = 0; i < out.length; i++) if (bracket(out[i])) out[i] = 0x20;
  return out;
}

/** `bytes` of a string (PDFDocEncoding or UTF-16BE) with the `$` of every `${` a space. */
function withoutLookupMarks(bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  if (out[0] === 0xfe && out[1] === 0xff) {
    for (let i = 2; i + 3 < out.length; i += 2)
      if (out[i] === 0 && out[i + 1] === 0x24 && out[i + 2] === 0 && out[i + 3] === 0x7b) out[i + 1] = 0x20;
  } else for (let i = 0; i + 1 < out.length; i++) if (out[i] === 0x24 && out[i + 1] === 0x7b) out[i] = 0x20;
  return out;
}

function refKey(o: PdfObject): string | undefined {
  return o instanceof PdfRef ? o.key : undefined;
}
