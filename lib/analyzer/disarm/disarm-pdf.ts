// Disarm (content disarm and reconstruction): bytes in, a new PDF with its active content left out
// and a summary of what went, out. Pure, as the rest of the analyzer: no I/O. The copy is a whole new
// file written from the parsed objects reachable from /Root and /Info (object streams expanded,
// encryption removed, one classic xref table), not an incremental update: no byte of a removed script
// stays in it, earlier revisions and objects outside the xref are gone, and the copy re-analyses as
// benign where the verdict rested on active content. Never throws: a failure is an error result.
import { resolveLimits, type BudgetName, type Limits } from "../../limits";
import { readPdf, type PdfDocument } from "../../pdf/document";
import { PdfDict, PdfStream, isName, type PdfObject } from "../../pdf/objects";
import { writePdf } from "../../pdf/writer/write-pdf";
import { describeError } from "../describe-error";
import { isContentOpaque } from "../content/content-opaque";
import { unwrapXdp } from "../xdp";
import { REMOVED_ACTION_TYPES, type RemovalKind } from "./active-content";
import { actionType, RemovalLog, type Removal } from "./removal-log";
import { ObjectRewriter } from "./rewrite-objects";

export type { Removal } from "./removal-log";

export interface DisarmOptions {
  limits?: Partial<Limits>;
}

export interface DisarmSummary {
  removed: Removal[];
  /** removals beyond DISARM_MAX_LISTED_REMOVALS: counted, not listed */
  unlisted: number;
  counts: Partial<Record<RemovalKind, number>>;
  objects: {
    /** current objects of the input (object-stream members included) */
    read: number;
    written: number;
    /** current objects no reference from /Root or /Info reaches, or reached only through removed content */
    leftOut: number;
    /** older versions of objects (incremental updates, duplicates): never written */
    superseded: number;
  };
  /** the input was encrypted (with an empty user password) and is written decrypted */
  decrypted: boolean;
  /** reader budgets hit: objects beyond them were not read, so not written either */
  budgetHits: BudgetName[];
  /** repairs made so the copy opens (a page tree rebuilt) */
  notes: string[];
}

export type DisarmResult = ({ ok: true; bytes: Uint8Array } & DisarmSummary) | { ok: false; error: string };

export function disarmPdf(input: Uint8Array, options: DisarmOptions = {}): DisarmResult {
  try {
    return disarm(input, resolveLimits(options.limits));
  } catch (e) {
    // a bug of ours, not the file's doing: still an answer, not an exception
    return { ok: false, error: `disarm failed: ${describeError(e)}` };
  }
}

function disarm(input: Uint8Array, limits: Limits): DisarmResult {
  if (input.length > limits.MAX_INPUT_BYTES)
    return { ok: false, error: `input is ${input.length} bytes, over MAX_INPUT_BYTES (${limits.MAX_INPUT_BYTES})` };
  const xdp = unwrapXdp(input);
  const doc = readPdf(xdp?.pdf ?? input, limits);
  if (isContentOpaque(doc.security)) {
    return {
      ok: false,
      error: `encrypted (${doc.security.message ?? doc.security.state}): its objects cannot be read, so they cannot be disarmed`,
    };
  }
  const log = new RemovalLog(doc, limits.DISARM_MAX_LISTED_REMOVALS);
  if (xdp)
    log.add(
      "xdp-package",
      "-",
      "XDP package",
      "the XML around the PDF (XFA template, datasets, scripts) is dropped; the copy is the inner PDF",
    );
  const rewriter = new ObjectRewriter(doc, log);
  const out = rewriter.rewrite();
  if (!out) return { ok: false, error: "no document catalog (/Root) found: nothing to rewrite" };
  const written = rewriter.writtenNumbers();
  const leftOut = logUnreferenced(doc, written, log);
  const bytes = writePdf(out.objects, {
    version: headerVersion(doc),
    trailer: out.trailer,
    maxDepth: limits.MAX_NESTING_DEPTH,
  });
  return {
    ok: true,
    bytes,
    removed: log.items,
    unlisted: log.unlisted,
    counts: log.counts,
    objects: {
      read: doc.table.size,
      written: out.objects.length,
      leftOut,
      superseded: doc.instances.length - doc.table.size,
    },
    decrypted: doc.encrypted,
    budgetHits: [...doc.budgetHits].sort(),
    notes: out.notes,
  };
}

/** The input's version when it is one a reader knows (1.0-1.7, 2.0), else 1.7. */
function headerVersion(doc: PdfDocument): string {
  const v = doc.header.version;
  return v && /^(1\.[0-7]|2\.0)$/.test(v) ? v : "1.7";
}

/**
 * Current objects the walk did not reach are not written: the active content among them (actions no
 * trigger reaches, which another reader or a later update could still run, and attached files) is
 * listed so the summary accounts for it. Returns how many objects were left out.
 */
function logUnreferenced(doc: PdfDocument, written: ReadonlySet<number>, log: RemovalLog): number {
  let leftOut = 0;
  for (const inst of doc.table.values()) {
    const num = inst.num;
    if (written.has(num)) continue;
    leftOut++;
    const object = `${num} ${inst.gen}`;
    const stack: PdfObject[] = [inst.value];
    while (stack.length) {
      const o = stack.pop()!;
      if (Array.isArray(o)) {
        stack.push(...o);
        continue;
      }
      const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
      if (!d) continue;
      const type = actionType(doc, d);
      const kind = type ? REMOVED_ACTION_TYPES.get(type) : undefined;
      const file = o instanceof PdfStream && isName(doc.resolve(d.get("Type")), "EmbeddedFile");
      if (kind && log.firstTime(d)) log.add(kind, object, `unreferenced ${type} action`, log.actionDetail(d, type!));
      else if (file && log.firstTime(d)) log.add("embedded-file", object, "unreferenced EmbeddedFile stream");
      for (const v of d.entries.values()) if (v !== null && typeof v === "object") stack.push(v);
    }
  }
  return leftOut;
}
