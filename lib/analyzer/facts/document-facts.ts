// Everything the rules read, gathered once per document. Rules never walk the PDF themselves.
import type { Budget, Limits } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import type { RenderFacts } from "../pages/render-facts";
import type { Metadata } from "../report";
import type { EmbeddedAnalysis } from "../embedded/embedded-analysis";
import type { ScriptAnalysis } from "../javascript/analyze-scripts";
import type { ScriptInput } from "../javascript/script-input";
import { scriptSignals, type ScriptSignals } from "../javascript/script-signals";
import { wayOutOf } from "./script-way-out";
import { collectActions, type ActionFact } from "./actions";
import { collectDecodeBombs, type DecodeBombFact } from "./decode-bombs";
import { collectEmbeddedFiles, type EmbeddedFileFact } from "./embedded";
import { collectEndlessLoops, type ScriptLoopFact } from "./endless-loops";
import { collectFormatFacts, type FormatFacts } from "./format-facts";
import { collectFonts, type FontMatrixFact, type FontProgramFact } from "./fonts";
import { collectKeywords, type KeywordFacts } from "./keywords";
import { collectLoops, type LoopFact } from "./loops";
import {
  collectCalculatorInjections,
  collectCalculatorOverflows,
  type CalculatorInjectionFact,
  type CalculatorOverflowFact,
} from "./calculator-functions";
import { collectHtmlInjections, type HtmlInjectionFact } from "./html-injection";
import { collectSignatures, type SignatureFacts } from "./signatures";
import { collectMedia, type MediaFacts } from "./media";
import { collectPortfolio, type PortfolioFact } from "../embedded/portfolio";
import { indexObjects } from "./object-index";
import { collectShadowedActionKeys, type ShadowedActionKeyFact } from "./shadowed-keys";
import { sniffStreamHeads, type SwfStreamFact } from "./stream-heads";
import { collectTextFields, type EncodedTextFieldFact, type PaddedTextFieldFact } from "./text-fields";
import { collectTestSignatures, type TestSignatureFact } from "./test-signatures";
import { collectXfa, type XfaFact } from "../content/xfa";
import { collectOrphanScripts } from "./orphan-scripts";
import { isContentOpaque } from "../content/content-opaque";
import { findHiddenActiveKeywords, type HiddenKeyword } from "./hidden-keywords";
import { passwordFields, type PasswordField } from "./password-fields";
import { collectStructure, type StructureFacts } from "./structure";
import { collectHiddenPayloads, programsOutsideAttachments, type HiddenPayloadFact } from "./hidden-payloads";
import { findOfficePolyglot, type OfficePolyglotFact } from "./office-polyglot";
import { PdfStream } from "../../pdf/objects";
import { collectXfaCallbacks, type XfaCallbackFact } from "./xfa-callbacks";
import { collectRemoteLocations, type RemoteLocationFact } from "./remote-locations";
import { XFA_AUTOMATIC_ACTIVITIES, xfaActivityConsent, type Consent } from "./trigger-consent";
import { classifyTargets, type UrlFacts } from "../iocs/classify-url";
import { collectPageLayouts, type PageLayout } from "../pages/page-layout";
import { collectPageTexts, type PageText } from "../pages/page-text";
import { collectProcessorInjections, type ProcessorInjectionFact } from "./processor-injections";
import { contentStreamsOfPages } from "../content/text";

export interface ScriptFact extends ScriptInput {
  /** whether its trigger needs the reader to activate something (trigger-consent.ts) */
  consent: Consent;
}

/** One YARA rule that matched one scan target (lib/engines/yara). */
export interface YaraMatch {
  rule: string;
  namespace?: string;
  tags: string[];
  meta: Record<string, string>;
  /** what was scanned: "file", "stream 12 0 R (decoded)", "embedded invoice.exe", ... */
  target: string;
}

/**
 * What the fast stage gathers from the document, once, without engines: every rule, the indicators and
 * the features read these. The advanced stage's results are DeepFacts, returned beside them.
 */
export interface FastFacts {
  /** every location on another machine the document names, with its carrier and trigger (remote-locations.ts) */
  remoteLocations: RemoteLocationFact[];
  /** what the XFA form submits to or loads from outside the document (xfa-callbacks.ts) */
  xfaCallbacks: XfaCallbackFact[];
  /** the parsed document, for the fact collectors after this pass (deep stage, features, indicators): rules never read it (RuleFacts) */
  doc: PdfDocument;
  /** repairs, revisions, bytes outside the objects, the page tree as a viewer counts it */
  structure: StructureFacts;
  /** programs and archives in the bytes outside every object (appended, before the header, between objects), and programs in streams no attachment presents (hidden-payloads.ts) */
  hiddenPayloads: HiddenPayloadFact[];
  /** a Word or Excel web archive (MHT) written in the clear in the file: Word opens the file as that document (office-polyglot.ts) */
  officePolyglot: OfficePolyglotFact | null;
  /** active names a strict reading of the file misses (hidden-keywords.ts) */
  hiddenKeywords: HiddenKeyword[];
  /** text fields that take a password (password-fields.ts) */
  passwordFields: PasswordField[];
  limits: Limits;
  keywords: KeywordFacts;
  actions: ActionFact[];
  scripts: ScriptFact[];
  embedded: EmbeddedFileFact[];
  xfa: XfaFact | null;
  fontMatrices: FontMatrixFact[];
  fontPrograms: FontProgramFact[];
  pageCount: number;
  /** streams that expand like a decompression bomb and filled the decode budget (facts/decode-bombs.ts) */
  decodeBombs: DecodeBombFact[];
  /** industry test strings (EICAR, GTUBE, AMSI) in the file, decoded streams, attachments, scripts or strings */
  testSignatures: TestSignatureFact[];
  /** payloads for the servers that process the document: Log4j / Commons Text lookups, XXE in XML metadata */
  processorInjections: ProcessorInjectionFact[];
  /** keys an action's dictionary gives twice (shadowed-keys.ts): the mark of text injected as PDF syntax */
  shadowedActionKeys: ShadowedActionKeyFact[];
  /** text of each current object's strings, by object ref */
  strings: Map<string, string>;
  /** streams that hold a Flash movie */
  swfStreams: SwfStreamFact[];
  /** each distinct network URL among the action targets, classified once (lib/analyzer/iocs/classify-url.ts) */
  urls: Map<string, UrlFacts>;
  /** what each of the first pages draws, from its content stream (images, text, links): no rendering */
  pageLayouts: PageLayout[];
  /** the text each page of a short document (PAGE_TEXT_MAX_PAGES) shows, from its content streams: no rendering */
  pageTexts: PageText[];
  /** the streams the pages draw (their /Contents), found once for the orphan-script sniff and the indicators */
  contentStreams: ReadonlySet<PdfStream>;
  /** embedded formats parsed once (JBIG2, SWF, U3D/PRC, XFA BMP/TIFF images, font programs): rules and feature extraction */
  formats: FormatFacts;
  /** 3D/RichMedia annotations, their activation and RichMedia assets */
  media: MediaFacts;
  /** the catalog's /Collection: a portfolio presents its files instead of the cover page */
  portfolio: PortfolioFact | null;
  /** annotation and Info text fields holding an encoded payload */
  encodedTextFields: EncodedTextFieldFact[];
  /** annotation and Info text fields padded to an overflow offset (text-fields.ts) */
  paddedTextFields: PaddedTextFieldFact[];
  /** loops in the linked structures readers walk, and references that resolve to themselves (facts/loops.ts) */
  loops: LoopFact[];
  /** strings holding HTML made to run in a web viewer's page: event handlers, script elements (facts/html-injection.ts) */
  htmlInjections: HtmlInjectionFact[];
  /** PostScript calculator functions whose program overflows the operand stack (facts/calculator-functions.ts) */
  calculatorOverflows: CalculatorOverflowFact[];
  /** calculator functions that carry script for a viewer that compiles them (calculator-functions.ts, CVE-2018-5158) */
  calculatorInjections: CalculatorInjectionFact[];
  /** scripts with a loop they cannot leave (facts/endless-loops.ts) */
  endlessLoops: ScriptLoopFact[];
  /** each digital signature, the revision it covers and what changed after it (facts/signatures.ts) */
  signatures: SignatureFacts;
  /** the security handler's outcome (encrypted: an /Encrypt entry is present) */
  security: PdfDocument["security"] & { encrypted: boolean };
}

/** What the advanced stage's engines and analyses add (lib/analyzer/deep/analyze-deep.ts), after the fast facts. */
export interface DeepFacts {
  /** what pdf.js rendering showed (lure and parser-differential rules); absent without a renderer */
  render?: RenderFacts;
  /** Info dictionary and XMP metadata */
  metadata: Metadata;
  /** per-attachment analysis (lib/analyzer/embedded) */
  embeddedAnalysis: EmbeddedAnalysis[];
  /** YARA matches over the raw file and decoded streams; absent without a scanner */
  yara?: YaraMatch[];
  /** scripts parsed, emulated and deobfuscated (lib/analyzer/javascript/analyze-scripts.ts) */
  javascript: ScriptAnalysis[];
}

/** What a stage's rules, indicators and features read: the fast facts, and in the advanced stage the deep ones. */
export type DocumentFacts = FastFacts & Partial<DeepFacts>;

/** JavaScript of an XFA form as script facts (FormCalc is left out: it cannot call the Acrobat APIs). */
export function xfaScriptFacts(
  xfaScripts: XfaFact["scripts"],
  objectRef: string | undefined,
  path: string,
  budget: Budget,
): ScriptFact[] {
  const out: ScriptFact[] = [];
  for (const s of xfaScripts) {
    if (!/javascript/i.test(s.contentType)) continue;
    // scripts of initialize / ready events run when the form opens, without any user action
    const automatic = !s.activity || XFA_AUTOMATIC_ACTIVITIES.has(s.activity);
    const trigger = s.activity ? `XFA ${s.activity} event` : "XFA script";
    out.push({
      source: s.source,
      objectRef,
      path,
      trigger,
      automatic,
      consent: xfaActivityConsent(s.activity),
      origin: "xfa",
      signals: scriptSignals(s.source, budget),
    });
  }
  return out;
}

/** An XFA callback as a remote location (a file share in an href or entity leaks credentials like any other). */
function xfaLocation(c: XfaCallbackFact, objectRef: string | undefined): RemoteLocationFact {
  return {
    carrier: `XFA ${c.element}`,
    target: c.target,
    kind: c.kind === "computed" ? "other-scheme" : c.kind,
    objectRef,
    path: `/Root/AcroForm/XFA (character ${c.offset})`,
    trigger: c.event ? `XFA ${c.event} event` : c.onOpen ? "form load" : "XFA form",
    consent: c.onOpen ? "none" : "click",
  };
}

/**
 * The document's security state with whether it is encrypted, every field written: one shape for all
 * documents (a spread copy got a shape of its own per document, and the reads of it went megamorphic).
 */
function securityFact({ security: s, encrypted }: PdfDocument): FastFacts["security"] {
  return {
    state: s.state,
    openedWith: s.openedWith,
    message: s.message,
    revision: s.revision,
    method: s.method,
    methods: s.methods,
    encrypted,
  };
}

export function collectFacts(doc: PdfDocument, limits: Limits): FastFacts {
  const index = indexObjects(doc, limits.MAX_INDEX_NODES);
  const actions = collectActions(doc, limits.MAX_ACTION_CHAIN, index.actionDicts);
  const xfa = collectXfa(doc);
  const contentStreams = contentStreamsOfPages(doc);
  const scripts: ScriptFact[] = [];
  // without the key, script strings are ciphertext: no script facts rather than noise
  const opaque = isContentOpaque(doc.security);
  // one handler is often shared by hundreds of widgets: its text signals are computed once
  const signalsOf = new Map<string, ScriptSignals>();
  for (const a of actions) {
    if (a.script === undefined || opaque) continue;
    let signals = signalsOf.get(a.script);
    if (!signals) signalsOf.set(a.script, (signals = scriptSignals(a.script, doc)));
    // still assembling the action facts: a button's script that opens a web page is its way out
    a.opens = wayOutOf(signals.callbacks);
    scripts.push({
      source: a.script,
      objectRef: a.objectRef,
      path: a.path,
      trigger: a.trigger,
      automatic: a.automatic,
      consent: a.consent,
      origin: "action",
      signals,
    });
  }
  if (!opaque) scripts.push(...xfaScriptFacts(xfa?.scripts ?? [], xfa?.objectRef, "/Root/AcroForm/XFA", doc));
  if (!opaque) {
    const reached = new Set<PdfStream>();
    for (const a of actions) {
      const js = doc.resolve(a.dict.get("JS"));
      if (js instanceof PdfStream) reached.add(js);
    }
    for (const o of collectOrphanScripts(doc, reached, contentStreams)) {
      scripts.push({
        source: o.source,
        objectRef: o.objectRef,
        path: o.objectRef,
        trigger: "none found (script stream no action reaches)",
        automatic: false,
        consent: "no-trigger",
        origin: "stream",
        signals: scriptSignals(o.source, doc),
      });
    }
  }
  const xfaCallbacks = xfa && !opaque ? collectXfaCallbacks(xfa.text, doc) : [];
  const fonts = collectFonts(doc);
  const { swfStreams, programStreams } = sniffStreamHeads(doc);
  const keywords = collectKeywords(doc, index);
  const embedded = collectEmbeddedFiles(doc);
  // bombs before the test-signature search: its decoding of every text stream must not pick the candidates
  const decodeBombs = collectDecodeBombs(doc);
  const textFields = collectTextFields(doc);
  const structure = collectStructure(doc);
  return {
    doc,
    limits,
    structure,
    hiddenPayloads: [
      ...collectHiddenPayloads(doc, structure.outsideSpans, doc),
      ...programsOutsideAttachments(programStreams, embedded),
    ],
    officePolyglot: findOfficePolyglot(doc),
    hiddenKeywords: findHiddenActiveKeywords(doc),
    passwordFields: passwordFields(doc),
    keywords,
    strings: index.stringsByRef,
    swfStreams,
    formats: collectFormatFacts(doc, limits, {
      swfStreams,
      fontPrograms: fonts.programs,
      xfaText: xfa?.text,
      hasJbig2: !!keywords.counts["/JBIG2Decode"],
      hasDct: index.nameCounts.has("DCTDecode") || index.nameCounts.has("DCT"),
    }),
    media: collectMedia(doc),
    portfolio: collectPortfolio(doc),
    encodedTextFields: textFields.encoded,
    paddedTextFields: textFields.padded,
    loops: collectLoops(doc, index.actionDicts),
    calculatorOverflows: collectCalculatorOverflows(doc, index.calculatorFunctions),
    calculatorInjections: collectCalculatorInjections(doc, index.calculatorFunctions),
    htmlInjections: collectHtmlInjections(index.stringsByRef),
    processorInjections: collectProcessorInjections(doc, index.stringsByRef, embedded),
    signatures: collectSignatures(doc, limits),
    endlessLoops: collectEndlessLoops(scripts, limits, doc.budgetHits),
    security: securityFact(doc),
    actions,
    remoteLocations: collectRemoteLocations(
      doc,
      actions,
      index.fileSpecHolders,
      scripts,
      xfaCallbacks.map((c) => xfaLocation(c, xfa?.objectRef)),
    ),
    xfaCallbacks,
    urls: classifyTargets(actions.map((a) => a.target)),
    pageLayouts: collectPageLayouts(doc, actions, limits),
    pageTexts: collectPageTexts(doc, limits),
    contentStreams,
    scripts,
    embedded,
    xfa,
    fontMatrices: fonts.matrices,
    fontPrograms: fonts.programs,
    pageCount: doc.pages().length,
    decodeBombs,
    testSignatures: collectTestSignatures(doc, { embedded, scripts, strings: index.stringsByRef }),
    shadowedActionKeys: collectShadowedActionKeys(doc, index.shadowingDicts),
  };
}
