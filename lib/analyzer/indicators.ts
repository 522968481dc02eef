// Indicator extraction over the document: link and action targets, scripts, XFA, metadata, every
// string of the current objects, and decoded streams that can hold text (not images, fonts or files).
import type { Limits } from "../limits";
import { PdfDict, PdfName, PdfStream, PdfString } from "../pdf/objects";
import type { DocumentFacts } from "./facts/document-facts";
import { symbolsAsBreaks } from "./content/symbol-fonts";
import { bytesToText, contentStreamText, isTextualStream, pageContentStreams } from "./content/text";
import { inherited } from "./pages/page-layout";
import { IocCollector, extractIndicators, type IocSourceKind } from "./iocs";
import type { Iocs } from "./report";
import { ownEntry } from "./own-entry";

const ACTION_SOURCES: Record<string, IocSourceKind> = {
  URI: "uri-action",
  Launch: "launch-action",
  SubmitForm: "submit-form",
  GoToR: "gotor-action",
  GoToE: "gotor-action",
  ImportData: "gotor-action",
};

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

/**
 * A signature dictionary (ISO 32000-2 §12.8.1): its /Contents is a DER-encoded PKCS #7 blob whose
 * certificate URLs (CA policy pages, CRL and OCSP responders) describe the signer's CA, not the document,
 * and run into the next DER byte (`...crl0`). Its other text entries (/Name, /Reason, /ContactInfo) are read.
 */
function isSignature(d: PdfDict): boolean {
  return d.has("ByteRange") && d.has("Contents");
}

/** Document information keys naming the producing software and its version (§14.3.3): no bare IPs there. */
const PRODUCT_KEYS = new Set(["Producer", "Creator"]);

function isDocumentInfo(d: PdfDict): boolean {
  return d.has("Producer") || d.has("Creator");
}

/** The text entries of a dictionary one by one, so each is read knowing its key. */
function scanFields(d: PdfDict, ref: string, sink: IocCollector): void {
  const signature = isSignature(d);
  for (const [key, value] of d.entries) {
    if ((signature && key === "Contents") || !(value instanceof PdfString)) continue;
    extractIndicators(value.text, { objectRef: ref, source: "string", productName: PRODUCT_KEYS.has(key) }, sink);
  }
}

/** An object's strings (one per line, object-index.ts) without those that are action targets. */
function withoutTargets(strings: string, targets: ReadonlySet<string>): string {
  if (!targets.size) return strings;
  return strings
    .split("\n")
    .filter((line) => !targets.has(line))
    .join("\n");
}

/**
 * A page description that can show an indicator has a piece of one in its raw text, even when the
 * address is split over several strings: a scheme, `://`, `www`, an `@`, a dotted quad, or the same in
 * one-byte hex strings (`http`, `://`, `www.`). Most pages have none and are not tokenised at all.
 */
function mayShowIndicator(text: string): boolean {
  // one test per piece, the literals first: as a single alternation the dotted quad was tried at every
  // digit of the page's numbers, 2.4 times slower over the everyday corpus's content streams
  return (
    text.includes("@") ||
    text.includes("://") ||
    SCHEME_OR_WWW.test(text) ||
    HEX_PIECES.test(text) ||
    DOTTED_QUAD.test(text)
  );
}
const SCHEME_OR_WWW = /https?|www/i;
const HEX_PIECES = /68747470|3a2f2f|7777772e/i;
const DOTTED_QUAD = /\d\.\d{1,3}\.\d{1,3}\.\d/;

/** Text found by later stages (deobfuscated script layers, rendered pages, QR codes) to scan as well. */
export interface IndicatorText {
  text: string;
  objectRef?: string;
  source: IocSourceKind;
}

export function collectIndicators(
  facts: DocumentFacts,
  limits: Limits,
  extra: IndicatorText[] = [],
): { iocs: Iocs; truncated: boolean } {
  const { doc } = facts;
  const sink = new IocCollector(limits.MAX_IOCS_PER_TYPE, { limits, budgetHits: doc.budgetHits });
  const pageContents = facts.contentStreams;
  // the resources of each page's content streams, gathered when a content stream first may show an indicator
  let pageResources: Map<PdfStream, PdfDict | undefined> | undefined;
  const contentResources = (stream: PdfStream): PdfDict | undefined => {
    if (!pageContents.has(stream)) return doc.dict(stream.dict.get("Resources"));
    pageResources ??= new Map(
      doc
        .pages()
        .flatMap((page) =>
          pageContentStreams(doc, page.dict).map((c) => [c, doc.dict(inherited(doc, page.dict, "Resources"))] as const),
        ),
    );
    return pageResources.get(stream);
  };
  for (const a of facts.actions) {
    if (a.target)
      extractIndicators(
        a.target,
        { objectRef: a.objectRef, source: ownEntry(ACTION_SOURCES, a.type) ?? "annotation" },
        sink,
      );
    if (a.parameters) extractIndicators(a.parameters, { objectRef: a.objectRef, source: "launch-action" }, sink);
  }
  for (const s of facts.scripts)
    extractIndicators(
      s.source.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM),
      { objectRef: s.objectRef, source: s.origin === "xfa" ? "xfa" : "javascript" },
      sink,
    );
  if (facts.xfa)
    extractIndicators(
      facts.xfa.text.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM),
      { objectRef: facts.xfa.objectRef, source: "xfa" },
      sink,
    );
  if (!doc.encrypted || doc.decryptStream) {
    // scripts and XFA packets were scanned above as such: do not scan the same text again as a stream
    const scanned = new Set<string>(facts.scripts.map((sc) => sc.source));
    if (facts.xfa) scanned.add(facts.xfa.text);
    // a text's length first: hashing every stream's text for the set lookup cost more than the rest of this loop
    const scannedLengths = new Set([...scanned].map((t) => t.length));
    const wasScanned = (text: string) => scannedLengths.has(text.length) && scanned.has(text);
    // action targets were taken whole above: scanned again as running text, one with a space or a
    // parenthesis in its path would add a cut-off copy
    const targets = new Set(facts.actions.map((a) => a.target).filter((t) => t !== undefined));
    for (const inst of doc.table.values()) {
      const num = inst.num;
      const ref = `${num} ${inst.gen} R`;
      const v = inst.value;
      const strings = facts.strings.get(ref);
      if (v instanceof PdfDict && (isSignature(v) || isDocumentInfo(v))) scanFields(v, ref, sink);
      else if (strings && !wasScanned(strings))
        extractIndicators(withoutTargets(strings, targets), { objectRef: ref, source: "string" }, sink);
      if (v instanceof PdfStream && isTextualStream(v.dict)) {
        const d = doc.decode(v);
        if (d.imageFilter || d.encrypted || looksBinary(d.data)) continue;
        const type = v.dict.get("Type");
        const source: IocSourceKind = type instanceof PdfName && type.name === "Metadata" ? "metadata" : "stream";
        const sub = v.dict.get("Subtype");
        const isContent = pageContents.has(v) || (sub instanceof PdfName && sub.name === "Form");
        const text = bytesToText(d.data, limits.MAX_IOC_SCAN_BYTES_PER_STREAM);
        if (wasScanned(text)) continue;
        if (isContent && !mayShowIndicator(text)) continue;
        // shown strings as they are, those in a symbol font as word breaks (symbol-fonts.ts)
        const shown = isContent ? contentStreamText(text, symbolsAsBreaks(doc, contentResources(v))) : text;
        extractIndicators(shown, { objectRef: ref, source }, sink);
      }
    }
  }
  for (const t of extra)
    extractIndicators(
      t.text.slice(0, limits.MAX_IOC_SCAN_BYTES_PER_STREAM),
      { objectRef: t.objectRef, source: t.source },
      sink,
    );
  return { iocs: sink.toIocs(), truncated: sink.truncated };
}
