// What the Acrobat stubs return inside the sandbox: the document's own annotations, Info values,
// form fields and page words. Exploit kits hide their payload there and read it back at run time
// (getAnnots()[n].subject, this.info.title, getPageNthWord, getField().value), so emulation without
// them stops at the first layer.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";
import { readText } from "../content/text";
import { collectXfa, type XfaFact } from "../content/xfa";
import { collectXfaValues, type XfaValue } from "./xfa-values";

export interface ScriptContext {
  fileName?: string;
  numPages: number;
  /** /Info entries by key (Title, Author, custom keys) */
  info: Record<string, string>;
  annotations: { page: number; type?: string; subject?: string; contents?: string; name?: string; author?: string }[];
  /** form fields by fully qualified name */
  fields: { name: string; value?: string; type?: string }[];
  /** words of the first pages' text, as getPageNthWord(page, n) returns them */
  pageWords: string[][];
  /** names of embedded files (this.dataObjects) */
  dataObjects: string[];
  /** app.viewerVersion the stubs report (default 9.3: the last version most kits target) */
  viewerVersion?: number;
  /** XFA data and template field values, by element name (what node.rawValue / .value return) */
  xfaValues?: XfaValue[];
}

export const EMPTY_SCRIPT_CONTEXT: ScriptContext = {
  numPages: 1,
  info: {},
  annotations: [],
  fields: [],
  pageWords: [],
  dataObjects: [],
};

// Its budgets are the JS_CONTEXT_* limits (lib/limits.ts): one value is kept whole up to
// JS_CONTEXT_MAX_VALUE_CHARS (payloads hide there), all of them up to JS_CONTEXT_MAX_CHARS.

/** `opts.xfa`: the fast facts' XFA form, when the caller has them (collected here otherwise). */
export function collectScriptContext(
  doc: PdfDocument,
  opts: { fileName?: string; dataObjects?: string[]; xfa?: XfaFact | null } = {},
): ScriptContext {
  const limits = doc.limits;
  let left = limits.JS_CONTEXT_MAX_CHARS;
  const text = (v: PdfObject | undefined): string | undefined => {
    if (left <= 0) {
      const r = doc.resolve(v);
      if (r instanceof PdfString || r instanceof PdfStream) doc.budgetHits.add("JS_CONTEXT_MAX_CHARS");
      return undefined;
    }
    const max = Math.min(limits.JS_CONTEXT_MAX_VALUE_CHARS, left);
    const read = readText(doc, v, max);
    const t = read?.text;
    if (read?.cut)
      doc.budgetHits.add(
        max < limits.JS_CONTEXT_MAX_VALUE_CHARS ? "JS_CONTEXT_MAX_CHARS" : "JS_CONTEXT_MAX_VALUE_CHARS",
      );
    if (t !== undefined) left -= t.length;
    return t;
  };
  const pages = doc.pages();
  const ctx: ScriptContext = {
    fileName: opts.fileName,
    numPages: Math.max(1, pages.length),
    info: {},
    annotations: [],
    fields: [],
    pageWords: [],
    dataObjects: opts.dataObjects ?? [],
  };

  const info = doc.dict(doc.trailer?.get("Info"));
  for (const [key, value] of info?.entries ?? []) {
    const t = text(value);
    if (t !== undefined) ctx.info[key] = t;
  }

  pages.forEach((page, index) => {
    const annots = doc.resolve(page.dict.get("Annots"));
    if (!Array.isArray(annots)) return;
    for (const a of annots) {
      if (ctx.annotations.length >= limits.JS_CONTEXT_MAX_ANNOTATIONS) {
        doc.budgetHits.add("JS_CONTEXT_MAX_ANNOTATIONS");
        return;
      }
      const d = doc.dict(a);
      if (!d) continue;
      ctx.annotations.push({
        page: index,
        type: nameOf(doc.resolve(d.get("Subtype"))),
        subject: text(d.get("Subj")),
        contents: text(d.get("Contents")),
        name: text(d.get("NM")),
        author: text(d.get("T")),
      });
    }
  });

  collectFields(doc, ctx, text);
  const xfa = opts.xfa === undefined ? collectXfa(doc) : opts.xfa;
  if (xfa?.text) ctx.xfaValues = collectXfaValues(xfa.text, doc);
  if (pages.length > limits.JS_CONTEXT_MAX_WORD_PAGES) doc.budgetHits.add("JS_CONTEXT_MAX_WORD_PAGES");
  for (let i = 0; i < Math.min(pages.length, limits.JS_CONTEXT_MAX_WORD_PAGES); i++)
    ctx.pageWords.push(pageWords(doc, pages[i].dict));
  return ctx;
}

function collectFields(
  doc: PdfDocument,
  ctx: ScriptContext,
  text: (v: PdfObject | undefined) => string | undefined,
): void {
  const acro = doc.dict(doc.catalog?.get("AcroForm"));
  const roots = doc.resolve(acro?.get("Fields"));
  if (!Array.isArray(roots)) return;
  const stack: [PdfObject, string][] = roots.map((f) => [f, ""]);
  const seen = new Set<PdfDict>();
  const max = doc.limits.JS_CONTEXT_MAX_FIELDS;
  while (stack.length && ctx.fields.length < max) {
    const [f, parent] = stack.pop()!;
    const d = doc.dict(f);
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const partial = text(d.get("T"));
    const name = partial === undefined ? parent : parent ? `${parent}.${partial}` : partial;
    const v = doc.resolve(d.get("V"));
    const value = v instanceof PdfName ? v.name : text(d.get("V"));
    if (partial !== undefined) ctx.fields.push({ name, value, type: nameOf(doc.resolve(d.get("FT"))) });
    const kids = doc.resolve(d.get("Kids"));
    if (Array.isArray(kids)) for (const k of kids) stack.push([k, name]);
  }
  if (stack.length) doc.budgetHits.add("JS_CONTEXT_MAX_FIELDS");
}

/** Words shown by a page's content streams: string operands of Tj/TJ/'/" in order (ISO 32000-1 §9.4.3). */
function pageWords(doc: PdfDocument, page: PdfDict): string[] {
  const contents = doc.resolve(page.get("Contents"));
  const { JS_CONTEXT_MAX_PAGE_TEXT_CHARS: maxChars, JS_CONTEXT_MAX_WORDS_PER_PAGE: maxWords } = doc.limits;
  let text = "";
  for (const item of Array.isArray(contents) ? contents : [contents]) {
    const s = doc.resolve(item);
    if (!(s instanceof PdfStream)) continue;
    const d = doc.decode(s);
    if (d.encrypted) continue;
    text += shownText(d.data, maxChars - text.length) + " ";
    if (text.length >= maxChars) {
      doc.budgetHits.add("JS_CONTEXT_MAX_PAGE_TEXT_CHARS");
      break;
    }
  }
  // getPageNthWord strips punctuation and splits on white space by default (bStrip = true)
  const words = text.split(/[\s,;:!?()[\]{}"]+/).filter(Boolean);
  if (words.length > maxWords) doc.budgetHits.add("JS_CONTEXT_MAX_WORDS_PER_PAGE");
  return words.slice(0, maxWords);
}

/** Text-showing operands of a content stream; positioning operators become a space. Linear, no recursion. */
export function shownText(data: Uint8Array, maxChars: number): string {
  let out = "";
  const pending: string[] = [];
  let i = 0;
  const n = data.length;
  while (i < n && out.length < maxChars) {
    const c = data[i];
    if (c === 0x28) {
      // literal string: balanced parentheses, backslash escapes (§7.3.4.2)
      let depth = 1;
      let s = "";
      i++;
      while (i < n && depth > 0) {
        const b = data[i++];
        if (b === 0x5c && i < n) {
          const e = data[i++];
          if (e >= 0x30 && e <= 0x37) {
            let v = e - 0x30;
            for (let k = 0; k < 2 && i < n && data[i] >= 0x30 && data[i] <= 0x37; k++) v = v * 8 + (data[i++] - 0x30);
            s += String.fromCharCode(v & 0xff);
          } else s += ESCAPES[e] ?? (e === 0x0a || e === 0x0d ? "" : String.fromCharCode(e));
        } else if (b === 0x28) {
          depth++;
          s += "(";
        } else if (b === 0x29) {
          if (--depth > 0) s += ")";
        } else s += String.fromCharCode(b);
      }
      pending.push(s);
    } else if (c === 0x3c && data[i + 1] !== 0x3c) {
      let hex = "";
      i++;
      while (i < n && data[i] !== 0x3e) hex += String.fromCharCode(data[i++]);
      i++;
      const clean = hex.replace(/[^0-9a-f]/gi, "");
      let s = "";
      for (let k = 0; k < clean.length; k += 2)
        s += String.fromCharCode(parseInt(clean.slice(k, k + 2).padEnd(2, "0"), 16));
      pending.push(s);
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x2e) {
      let num = "";
      while (i < n && (data[i] === 0x2d || data[i] === 0x2e || (data[i] >= 0x30 && data[i] <= 0x39)))
        num += String.fromCharCode(data[i++]);
      // a large negative TJ adjustment is a word gap
      if (Number(num) < -200 && pending.length) pending.push(" ");
    } else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x22 || c === 0x2a) {
      let op = "";
      while (
        i < n &&
        ((data[i] >= 0x41 && data[i] <= 0x5a) ||
          (data[i] >= 0x61 && data[i] <= 0x7a) ||
          data[i] === 0x27 ||
          data[i] === 0x22 ||
          data[i] === 0x2a)
      )
        op += String.fromCharCode(data[i++]);
      if (op === "Tj" || op === "TJ") out += pending.join("");
      else if (op === "'" || op === '"') out += " " + pending.join("");
      else if (op === "Td" || op === "TD" || op === "T*" || op === "Tm" || op === "ET") out += " ";
      pending.length = 0;
    } else i++;
  }
  return out.slice(0, maxChars);
}

const ESCAPES: Record<number, string> = {
  0x6e: "\n",
  0x72: "\r",
  0x74: "\t",
  0x62: "\b",
  0x66: "\f",
  0x28: "(",
  0x29: ")",
  0x5c: "\\",
};

function nameOf(o: PdfObject | undefined): string | undefined {
  return o instanceof PdfName ? o.name : undefined;
}
