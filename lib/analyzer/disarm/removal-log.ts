// The summary of a disarm: one entry per thing removed (the object it was in, what it was, a short
// defanged detail: script head, URL, file name) and a count per kind. Entries are deduplicated by the
// dictionary removed, so an action shared by several triggers is listed once.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfRef, type PdfObject } from "../../pdf/objects";
import { excerpt } from "../text/excerpt";
import { fileSpecText, textOf } from "../content/text";
import { REMOVED_ACTION_TYPES, type RemovalKind } from "./active-content";

export interface Removal {
  /** "N G" of the object it was in (or was), "trailer" or "-" (the file as a whole) */
  object: string;
  /** where and what, like "OpenAction JavaScript", "A URI", "Annotation RichMedia" */
  what: string;
  /** script head, URL, file name; defanged, short */
  detail: string;
  kind: RemovalKind;
}

const DETAIL_CHARS = 100;
/** characters of a script read to show its head */
const SCRIPT_HEAD_CHARS = 4 * DETAIL_CHARS;

export class RemovalLog {
  readonly items: Removal[] = [];
  readonly counts: Partial<Record<RemovalKind, number>> = {};
  /** entries not listed because the list reached its cap (they are still counted) */
  unlisted = 0;
  private readonly seen = new Set<PdfDict>();

  constructor(
    private readonly doc: PdfDocument,
    private readonly maxListed: number,
  ) {}

  add(kind: RemovalKind, object: string, what: string, detail = ""): void {
    this.counts[kind] = (this.counts[kind] ?? 0) + 1;
    if (this.items.length >= this.maxListed) this.unlisted++;
    else this.items.push({ object, what, detail: detail ? excerpt(detail, DETAIL_CHARS) : "", kind });
  }

  /** True the first time a dictionary is reported: later paths to it add nothing. */
  firstTime(d: PdfDict): boolean {
    if (this.seen.has(d)) return false;
    this.seen.add(d);
    return true;
  }

  /**
   * An action removed with its trigger (`what` names the key it hung on), and the actions of its
   * /Next chain (§12.6.2), which go with it. A destination array (an /OpenAction may be one) is logged
   * as a destination. Bounded by the action-chain budget, cycle-guarded.
   */
  action(value: PdfObject | undefined, holder: string, what: string, maxChain: number): void {
    const { doc } = this;
    const target = doc.resolve(value);
    if (Array.isArray(target)) return this.add("automatic-action", holder, `${what} destination`);
    // a trigger pointing at no object (a truncated file): still a trigger, gone with its key
    if (target === undefined || target === null)
      return this.add(
        "automatic-action",
        holder,
        `${what} to a missing object`,
        value instanceof PdfRef ? `${value}` : "",
      );
    const queue: [PdfObject | undefined, string][] = [[value, what]];
    for (let steps = 0; queue.length && steps < maxChain; steps++) {
      const [v, label] = queue.shift()!;
      const d = doc.dict(v);
      if (!d || !this.firstTime(d)) continue;
      const type = actionType(doc, d) ?? "action";
      this.add(
        REMOVED_ACTION_TYPES.get(type) ?? "automatic-action",
        v instanceof PdfRef ? v.key : holder,
        `${label} ${type}`,
        this.actionDetail(d, type),
      );
      const next = doc.resolve(d.get("Next"));
      for (const n of Array.isArray(next) ? next : next ? [d.get("Next")] : []) queue.push([n, "Next"]);
    }
  }

  /** What an action did: its script's head, its URL, the file or program it named. */
  actionDetail(d: PdfDict, type: string): string {
    const { doc } = this;
    switch (type) {
      case "JavaScript":
      case "Rendition":
        return textOf(doc, d.get("JS"), SCRIPT_HEAD_CHARS) ?? "";
      case "URI":
        return textOf(doc, d.get("URI"), SCRIPT_HEAD_CHARS) ?? "";
      case "Launch": {
        const win = doc.dict(d.get("Win"));
        const target =
          fileSpecText(doc, win?.get("F")) ??
          fileSpecText(doc, d.get("F")) ??
          fileSpecText(doc, doc.dict(d.get("Unix"))?.get("F")) ??
          "";
        const params = textOf(doc, win?.get("P"), SCRIPT_HEAD_CHARS);
        return params ? `${target} ${params}` : target;
      }
      default:
        return fileSpecText(doc, d.get("F")) ?? "";
    }
  }
}

/** The /S of an action dictionary, or JavaScript for a bare /JS; undefined when it is no action. */
export function actionType(doc: PdfDocument, d: PdfDict): string | undefined {
  const s = doc.resolve(d.get("S"));
  if (s instanceof PdfName) return s.name;
  return d.has("JS") ? "JavaScript" : undefined;
}
