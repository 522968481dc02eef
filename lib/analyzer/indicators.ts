// Indicator extraction over the document: link and action targets, scripts, XFA, metadata, every
// string of the current objects, and decoded streams that can hold text (not images, fonts or files).
import type { Limits } from "../limits";
import { PdfName, PdfStream, type PdfDict } from "../pdf/objects";
import type { DocumentFacts } from "./facts/document-facts";
import { bytesToText } from "./facts/text";
import { IocCollector, extractIndicators, type IocSourceKind } from "./iocs";
import type { Iocs } from "./report";

const ACTION_SOURCES: Record<string, IocSourceKind> = {
  URI: "uri-action",
  Launch: "launch-action",
  SubmitForm: "submit-form",
  GoToR: "gotor-action",
  GoToE: "gotor-action",
  ImportData: "gotor-action",
};

/**
 * Streams that never hold readable indicators: images, fonts, ICC profiles, CMaps, xref and object
 * streams (members are parsed objects), embedded files (scanned as files).
 */
function isTextualStream(d: PdfDict): boolean {
  const type = d.get("Type");
  const sub = d.get("Subtype");
  if (type instanceof PdfName && (type.name === "XRef" || type.name === "EmbeddedFile" || type.name === "ObjStm" || type.name === "CMap")) return false;
  if (sub instanceof PdfName && (sub.name === "Image" || sub.name.startsWith("Type1") || sub.name === "CIDFontType0C" || sub.name === "OpenType")) return false;
  if (d.has("Length1") || d.has("Length2") || d.has("N")) return false; // font programs, ICC profiles
  return true;
}

/** Binary data (compressed leftovers, images under an unknown filter) is not text: skip it. */
function looksBinary(data: Uint8Array): boolean {
  const n = Math.min(data.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = data[i];
    if (c < 9 || (c > 13 && c < 32)) control++;
  }
  return control > n * 0.1;
}

/** Page descriptions are mostly numbers and operators: only their string operands can carry a URL. */
const CONTENT_STRING = /\((?:[^()\\]|\\[\s\S]){6,}\)/g;

function contentStreamText(text: string): string {
  const out: string[] = [];
  CONTENT_STRING.lastIndex = 0;
  for (let m = CONTENT_STRING.exec(text); m; m = CONTENT_STRING.exec(text)) out.push(m[0].slice(1, -1));
  return out.join("\n");
}

function contentStreams(facts: DocumentFacts): Set<PdfStream> {
  const { doc } = facts;
  const out = new Set<PdfStream>();
  for (const page of doc.pages()) {
    const c = doc.resolve(page.dict.get("Contents"));
    for (const item of Array.isArray(c) ? c : [c]) {
      const s = doc.resolve(item);
      if (s instanceof PdfStream) out.add(s);
    }
  }
  return out;
}

/** Text found by later stages (deobfuscated script layers, rendered pages, QR codes) to scan as well. */
export interface IndicatorText {
  text: string;
  objectRef?: string;
  source: IocSourceKind;
}

export function collectIndicators(facts: DocumentFacts, limits: Limits, extra: IndicatorText[] = []): { iocs: Iocs; truncated: boolean } {
  const sink = new IocCollector(limits.MAX_IOCS_PER_TYPE);
  const { doc } = facts;
  const pageContents = contentStreams(facts);
  for (const a of facts.actions) {
    if (a.target) extractIndicators(a.target, { objectRef: a.objectRef, source: ACTION_SOURCES[a.type] ?? "annotation" }, sink);
    if (a.parameters) extractIndicators(a.parameters, { objectRef: a.objectRef, source: "launch-action" }, sink);
  }
  for (const s of facts.scripts) extractIndicators(s.source.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM), { objectRef: s.objectRef, source: s.origin === "xfa" ? "xfa" : "javascript" }, sink);
  if (facts.xfa) extractIndicators(facts.xfa.text.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM), { objectRef: facts.xfa.objectRef, source: "xfa" }, sink);
  if (!doc.encrypted || doc.decryptStream) {
    // scripts and XFA packets were scanned above as such: do not scan the same text again as a stream
    const scanned = new Set<string>(facts.scripts.map((sc) => sc.source));
    if (facts.xfa) scanned.add(facts.xfa.text);
    for (const [num, inst] of doc.table) {
      const ref = `${num} ${inst.gen} R`;
      const strings = facts.strings.get(ref);
      if (strings && !scanned.has(strings)) extractIndicators(strings, { objectRef: ref, source: "string" }, sink);
      const v = inst.value;
      if (v instanceof PdfStream && isTextualStream(v.dict)) {
        const d = doc.decode(v);
        if (d.imageFilter || d.encrypted || looksBinary(d.data)) continue;
        const type = v.dict.get("Type");
        const source: IocSourceKind = type instanceof PdfName && type.name === "Metadata" ? "metadata" : "stream";
        const sub = v.dict.get("Subtype");
        const isContent = pageContents.has(v) || (sub instanceof PdfName && sub.name === "Form");
        const text = bytesToText(d.data, limits.MAX_IOC_SCAN_BYTES_PER_STREAM);
        if (scanned.has(text)) continue;
        extractIndicators(isContent ? contentStreamText(text) : text, { objectRef: ref, source }, sink);
      }
    }
  }
  for (const t of extra) extractIndicators(t.text.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM), { objectRef: t.objectRef, source: t.source }, sink);
  return { iocs: sink.toIocs(), truncated: sink.truncated };
}
