// The feature vector the verdict model reads: every rule hit (one feature per registry rule) plus the
// structural facts the reader already gathered, in the spirit of the structural learners published on
// CIC-Evasive-PDFMal2022 and of pdfid/PDFiD-style keyword counts. Declared once, as a table of
// (name, description, extractor), so training, inference, the report and the docs name the same
// features. Counts are log-scaled (log2(1+n)) so one huge file does not dominate a linear model.
// NEVER a file identity: no hash, name, exact size or producer string; only behaviour and structure.
import type { AnomalyCode } from "../../pdf/anomaly";
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfObject } from "../../pdf/objects";
import { FILTER_NAMES } from "../../pdf/filters";
import { isContentOpaque } from "../content/content-opaque";
import type { DocumentFacts } from "../facts/document-facts";
import type { PayloadKind } from "../content/file-magic";
import { byteEntropy, textEntropy } from "../facts/entropy";
import { KEYWORDS } from "../facts/keywords";
import type { Finding } from "../report";
import { RULES } from "../rules/registry";
import { ruleWeightScore } from "./rule-weight-score";
import { linkProfile, type LinkProfile } from "./link-profile";
import { explainedRuleIds } from "../techniques/evidence-floor";

export interface FeatureDef {
  name: string;
  description: string;
  /** evidence of malice: the model may only raise the score as it grows (rule hits) */
  monotone?: true;
  /**
   * Describes where the document's links lead: when every link target is on a known-good list (the
   * enrichment's feeds, issue 21), the points these features added are taken back (score.ts linkPoints).
   */
  linkTarget?: true;
  /**
   * For features computed from findings: each finding's share of the feature (non-negative), so the
   * feature's contribution to the score is credited to the findings that produced it.
   */
  findingShares?(findings: readonly FeatureFinding[]): number[];
  extract(p: FeatureProfile): number;
}

export type FeatureFinding = Pick<Finding, "ruleId" | "weight" | "severity">;

/** What one document gives the extractors: the parsed document, its facts and the rules that fired. */
export interface FeatureSource {
  doc: PdfDocument;
  facts: DocumentFacts;
  findings: readonly FeatureFinding[];
}

/** Aggregates computed once per document, read by the extractors. */
export interface FeatureProfile extends FeatureSource {
  ruleIds: ReadonlySet<string>;
  anomalies: ReadonlyMap<string, number>;
  actionTypes: ReadonlyMap<string, number>;
  filters: ReadonlyMap<string, number>;
  streams: {
    count: number;
    chained: number;
    maxChain: number;
    meanEntropy: number;
    maxEntropy: number;
    highEntropy: number;
    unfiltered: number;
  };
  scripts: { count: number; totalChars: number; maxChars: number; maxEntropy: number; meanEntropy: number };
  embeddedKinds: ReadonlyMap<string, number>;
  links: LinkProfile;
}

/** Streams sampled for entropy (the first N in file order, head bytes only): bounds the cost per file. */
const ENTROPY_STREAMS = 200;
const ENTROPY_HEAD_BYTES = 4096;
const SCRIPT_ENTROPY_CHARS = 65_536;
/** entropy above this (bits/byte) is compressed or encrypted data */
const HIGH_ENTROPY = 7.5;

// Records keyed by a union type: tsc fails here when the reader or the sniffer adds a code or a kind,
// so the feature list cannot silently fall behind.
const ANOMALY_CODES: Record<AnomalyCode, true> = {
  "header-missing": true,
  "header-not-at-start": true,
  "header-version-invalid": true,
  "eof-missing": true,
  "data-after-eof": true,
  "startxref-missing": true,
  "startxref-invalid": true,
  "xref-invalid": true,
  "xref-entry-mismatch": true,
  "xref-rebuilt": true,
  "trailer-missing": true,
  "object-outside-xref": true,
  "object-redefined": true,
  "object-header-mismatch": true,
  "endobj-missing": true,
  "endstream-missing": true,
  "stream-length-mismatch": true,
  "syntax-error": true,
  "name-escaped": true,
  "nesting-too-deep": true,
  "reference-cycle": true,
  "objstm-invalid": true,
  "filter-unknown": true,
  "filter-error": true,
  "filter-chain-too-long": true,
  "filter-image-not-decoded": true,
  "budget-exceeded": true,
};
const PAYLOAD_KINDS: Record<PayloadKind, true> = {
  "pe-executable": true,
  "elf-executable": true,
  "macho-executable": true,
  script: true,
  "ole-office": true,
  zip: true,
  rar: true,
  "7z": true,
  pdf: true,
  flash: true,
  rtf: true,
  html: true,
  unknown: true,
};
/** Action types of ISO 32000-2 Table 201 that carry behaviour; the rest count as "other". */
const ACTION_TYPES = [
  "JavaScript",
  "Launch",
  "URI",
  "SubmitForm",
  "ResetForm",
  "ImportData",
  "GoTo",
  "GoToR",
  "GoToE",
  "Named",
  "Rendition",
  "Sound",
  "Movie",
  "Hide",
  "RichMediaExecute",
  "SetOCGState",
] as const;
const FULL_FILTERS = [...new Set(FILTER_NAMES.values())].sort();
/** Boolean script signals counted over scripts (lib/analyzer/javascript/script-signals.ts). */
const SCRIPT_FLAGS = [
  "evalLike",
  "unescape",
  "fromCharCode",
  "nopSled",
  "heapSpray",
  "launchesAttachment",
  "network",
  "decoderLoop",
  "hiddenDataSource",
  "assembledNames",
] as const;

const log2p = (n: number) => Math.log2(1 + Math.max(0, n));
const flag = (b: boolean) => (b ? 1 : 0);

export const FEATURES: readonly FeatureDef[] = [
  ...RULES.map((r): FeatureDef => ({
    name: `rule:${r.id}`,
    description: `rule ${r.id} fired: ${r.title}`,
    // a detection may only raise the score; an explanation (a benign reading of evidence) may lower it
    ...(r.role === "detection" ? { monotone: true as const } : {}),
    extract: (p) => flag(p.ruleIds.has(r.id)),
    findingShares: (fs) => fs.map((f) => flag(f.ruleId === r.id)),
  })),
  {
    name: "rules:weight-score",
    description: "the rules' declared weights combined as independent evidence (noisy-OR), 0..1",
    monotone: true,
    extract: (p) => ruleWeightScore(p.findings) / 100,
    // noisy-OR adds -log(1 - w) per finding
    findingShares: (fs) => fs.map((f) => -Math.log(1 - Math.min(99, Math.max(0, f.weight)) / 100)),
  },
  {
    name: "rules:max-weight",
    description: "the highest declared weight of a rule that fired, 0..1",
    monotone: true,
    extract: (p) => p.findings.reduce((m, f) => Math.max(m, f.weight), 0) / 100,
    findingShares: (fs) => fs.map((f) => flag(f.weight === Math.max(...fs.map((x) => x.weight)))),
  },
  {
    name: "rules:critical",
    description: "number of critical rules that fired",
    monotone: true,
    extract: (p) => p.findings.filter((f) => f.severity === "critical").length,
    findingShares: (fs) => fs.map((f) => flag(f.severity === "critical")),
  },
  {
    name: "rules:high",
    description: "number of high-severity rules that fired",
    monotone: true,
    extract: (p) => p.findings.filter((f) => f.severity === "high").length,
    findingShares: (fs) => fs.map((f) => flag(f.severity === "high")),
  },
  ...KEYWORDS.flatMap((k): FeatureDef[] => [
    {
      name: `kw:${k}`,
      description: `log2(1+count) of /${k} over parsed objects (object streams included, #xx escapes decoded)`,
      extract: (p) => log2p(p.facts.keywords.counts[`/${k}`] ?? 0),
    },
    {
      name: `kw-raw:${k}`,
      description: `log2(1+count) of /${k} as spelled in the raw bytes (what pdfid sees)`,
      extract: (p) => log2p(p.facts.keywords.rawCounts[`/${k}`] ?? 0),
    },
  ]),
  {
    name: "kw-escaped",
    description: "log2(1+count) of keywords spelled with #xx escapes",
    extract: (p) => log2p(p.facts.keywords.escaped.length),
  },
  {
    name: "kw-only-in-objstm",
    description: "number of keywords found only inside object streams (hidden from raw scanners)",
    extract: (p) => p.facts.keywords.onlyInObjectStreams.length,
  },
  { name: "objects", description: "log2(1+indirect objects)", extract: (p) => log2p(p.doc.instances.length) },
  { name: "streams", description: "log2(1+streams)", extract: (p) => log2p(p.doc.streams) },
  { name: "object-streams", description: "log2(1+object streams)", extract: (p) => log2p(p.doc.objectStreams) },
  { name: "revisions", description: "log2(1+xref sections)", extract: (p) => log2p(p.doc.xrefSections.length) },
  { name: "eof-markers", description: "log2(1+%%EOF markers)", extract: (p) => log2p(p.doc.eofOffsets.length) },
  { name: "has-eof", description: "the file has a %%EOF marker", extract: (p) => flag(p.doc.eofOffsets.length > 0) },
  { name: "pages", description: "log2(1+pages)", extract: (p) => log2p(p.facts.pageCount) },
  { name: "no-pages", description: "the page tree yields no page", extract: (p) => flag(p.facts.pageCount === 0) },
  {
    name: "bytes-per-page",
    description: "log2(1+file bytes / max(1, pages))",
    extract: (p) => log2p(p.doc.bytes.length / Math.max(1, p.facts.pageCount)),
  },
  {
    name: "objects-per-page",
    description: "log2(1+objects / max(1, pages))",
    extract: (p) => log2p(p.doc.instances.length / Math.max(1, p.facts.pageCount)),
  },
  {
    name: "header-offset",
    description: "log2(1+offset of %PDF-); 0 when missing",
    extract: (p) => log2p(p.doc.header.offset),
  },
  { name: "header-missing", description: "no %PDF- header", extract: (p) => flag(p.doc.header.offset < 0) },
  {
    name: "xref-rebuilt",
    description: "the object table was rebuilt by scanning (xref unusable)",
    extract: (p) => flag(p.doc.xrefRebuilt),
  },
  { name: "trailer-count", description: "log2(1+trailers)", extract: (p) => log2p(p.doc.trailers.length) },
  { name: "encrypted", description: "the document declares /Encrypt", extract: (p) => flag(p.doc.encrypted) },
  {
    name: "encryption-opaque",
    description: "encrypted and not openable with the empty password",
    extract: (p) => flag(isContentOpaque(p.doc.security)),
  },
  ...Object.keys(ANOMALY_CODES).map((code): FeatureDef => ({
    name: `anomaly:${code}`,
    description: `log2(1+count) of reader anomaly ${code}`,
    extract: (p) => log2p(p.anomalies.get(code) ?? 0),
  })),
  { name: "actions", description: "log2(1+actions)", extract: (p) => log2p(p.facts.actions.length) },
  ...ACTION_TYPES.map((t): FeatureDef => ({
    name: `action:${t}`,
    description: `log2(1+count) of /S /${t} actions`,
    extract: (p) => log2p(p.actionTypes.get(t) ?? 0),
  })),
  {
    name: "action:other",
    description: "log2(1+count) of other action types",
    extract: (p) => log2p(p.actionTypes.get("other") ?? 0),
  },
  {
    name: "actions-automatic",
    description: "log2(1+actions that run on open without user action)",
    extract: (p) => log2p(p.facts.actions.filter((a) => a.automatic).length),
  },
  {
    name: "actions-unreferenced",
    description: "log2(1+actions no trigger reaches)",
    extract: (p) => log2p(p.facts.actions.filter((a) => a.trigger.startsWith("none found")).length),
  },
  {
    name: "actions-annotation",
    description: "log2(1+actions of annotations and form fields)",
    extract: (p) =>
      log2p(p.facts.actions.filter((a) => a.path.includes("/Annots") || a.trigger.startsWith("form field")).length),
  },
  {
    name: "scripts",
    description: "log2(1+scripts: JavaScript actions and XFA scripts)",
    extract: (p) => log2p(p.scripts.count),
  },
  {
    name: "scripts-automatic",
    description: "log2(1+scripts that run on open)",
    extract: (p) => log2p(p.facts.scripts.filter((s) => s.automatic).length),
  },
  {
    name: "scripts-xfa",
    description: "log2(1+XFA scripts)",
    extract: (p) => log2p(p.facts.scripts.filter((s) => s.origin === "xfa").length),
  },
  { name: "script-chars", description: "log2(1+total script characters)", extract: (p) => log2p(p.scripts.totalChars) },
  {
    name: "script-max-chars",
    description: "log2(1+characters of the longest script)",
    extract: (p) => log2p(p.scripts.maxChars),
  },
  {
    name: "script-max-entropy",
    description: "highest entropy of a script (bits/char, first 64 KiB)",
    extract: (p) => p.scripts.maxEntropy,
  },
  {
    name: "script-mean-entropy",
    description: "mean entropy of the scripts (bits/char)",
    extract: (p) => p.scripts.meanEntropy,
  },
  ...SCRIPT_FLAGS.map((s): FeatureDef => ({
    name: `script:${s}`,
    description: `log2(1+scripts with the ${s} signal)`,
    extract: (p) => log2p(p.facts.scripts.filter((x) => x.signals[s]).length),
  })),
  {
    name: "script:percent-u",
    description: "log2(1+%uXXXX escapes over scripts)",
    extract: (p) => log2p(sumScripts(p, (s) => s.percentU)),
  },
  {
    name: "script:escapes",
    description: "log2(1+\\x/\\u escapes over scripts)",
    extract: (p) => log2p(sumScripts(p, (s) => s.escapes)),
  },
  {
    name: "script:longest-hex-run",
    description: "log2(1+longest run of hex digits in a script)",
    extract: (p) => log2p(maxScripts(p, (s) => s.longestHexRun)),
  },
  {
    name: "script:longest-string",
    description: "log2(1+longest string literal in a script)",
    extract: (p) => log2p(maxScripts(p, (s) => s.longestString)),
  },
  {
    name: "script:obfuscated-identifiers",
    description: "log2(1+obfuscator-style identifiers over scripts)",
    extract: (p) => log2p(sumScripts(p, (s) => s.obfuscatedIdentifiers)),
  },
  {
    name: "script:dynamic-calls",
    description: "log2(1+calls through computed member names)",
    extract: (p) => log2p(sumScripts(p, (s) => s.dynamicCalls)),
  },
  {
    name: "script:form-api-calls",
    description:
      "log2(1+uses of the form-automation API over scripts: getField, AF* helpers, event.value, util.printd)",
    extract: (p) => log2p(sumScripts(p, (s) => s.formApiCalls)),
  },
  {
    name: "script:exploit-apis",
    description: "log2(1+uses of Acrobat APIs with public exploits)",
    extract: (p) => log2p(sumScripts(p, (s) => s.exploitApis.length)),
  },
  {
    name: "stream-chained",
    description: "log2(1+streams with two or more filters)",
    extract: (p) => log2p(p.streams.chained),
  },
  { name: "stream-max-chain", description: "longest filter chain", extract: (p) => p.streams.maxChain },
  {
    name: "stream-unfiltered",
    description: "log2(1+streams without any filter)",
    extract: (p) => log2p(p.streams.unfiltered),
  },
  ...FULL_FILTERS.map((f): FeatureDef => ({
    name: `filter:${f}`,
    description: `log2(1+streams using /${f})`,
    extract: (p) => log2p(p.filters.get(f) ?? 0),
  })),
  {
    name: "filter:unknown",
    description: "log2(1+uses of filter names outside the standard set)",
    extract: (p) => log2p(p.filters.get("unknown") ?? 0),
  },
  {
    name: "stream-mean-entropy",
    description: "mean entropy of stream heads (raw bytes, bits/byte)",
    extract: (p) => p.streams.meanEntropy,
  },
  { name: "stream-max-entropy", description: "highest entropy of a stream head", extract: (p) => p.streams.maxEntropy },
  {
    name: "stream-high-entropy-share",
    description: "share of sampled streams with entropy >= 7.5",
    extract: (p) => (p.streams.count ? p.streams.highEntropy / p.streams.count : 0),
  },
  { name: "embedded-files", description: "log2(1+embedded files)", extract: (p) => log2p(p.facts.embedded.length) },
  ...Object.keys(PAYLOAD_KINDS).map((k): FeatureDef => ({
    name: `embedded:${k}`,
    description: `log2(1+embedded files sniffed as ${k})`,
    extract: (p) => log2p(p.embeddedKinds.get(k) ?? 0),
  })),
  { name: "xfa", description: "an XFA form is present", extract: (p) => flag(p.facts.xfa !== null) },
  {
    name: "acroform",
    description: "the catalog has an /AcroForm",
    extract: (p) => flag(p.doc.catalog?.has("AcroForm") ?? false),
  },
  {
    linkTarget: true,
    name: "uri-per-page",
    description: "log2(1+URI actions / max(1, pages))",
    extract: (p) => log2p((p.actionTypes.get("URI") ?? 0) / Math.max(1, p.facts.pageCount)),
  },
  {
    linkTarget: true,
    name: "link-targets",
    description: "log2(1+distinct web targets of links and form submissions)",
    extract: (p) => log2p(p.links.targets),
  },
  {
    linkTarget: true,
    name: "link-sites",
    description: "log2(1+distinct sites linked to)",
    extract: (p) => log2p(p.links.sites),
  },
  {
    linkTarget: true,
    name: "link-front-page-share",
    description: "share of web targets that are a site's front page (path /, no query)",
    extract: (p) => (p.links.targets ? p.links.frontPages / p.links.targets : 0),
  },
  {
    linkTarget: true,
    name: "link-max-path-depth",
    description: "most path segments of a web target",
    extract: (p) => p.links.maxPathDepth,
  },
  {
    linkTarget: true,
    name: "link-lure-word-paths",
    description: "log2(1+web targets whose path or query holds an account-action word: login, verify, secure...)",
    extract: (p) => log2p(p.links.lureWordPaths),
  },
  {
    linkTarget: true,
    name: "link-foreign-brand-paths",
    description: "log2(1+web targets whose path names a much-phished brand their host does not)",
    extract: (p) => log2p(p.links.foreignBrandPaths),
  },
  {
    linkTarget: true,
    name: "link-cms-paths",
    description: "log2(1+web targets inside a CMS's folders: wp-content, wp-admin, includes, cgi-bin...)",
    extract: (p) => log2p(p.links.cmsPaths),
  },
  {
    linkTarget: true,
    name: "link-server-pages",
    description: "log2(1+web targets ending in a server page: php, asp, jsp, cgi, htm)",
    extract: (p) => log2p(p.links.serverPages),
  },
  {
    linkTarget: true,
    name: "link-queries",
    description: "log2(1+web targets with a query string)",
    extract: (p) => log2p(p.links.queries),
  },
  {
    linkTarget: true,
    name: "link-hosted",
    description: "log2(1+web targets on free hosting, file sharing or a URL shortener)",
    extract: (p) => log2p(p.links.hosted),
  },
  {
    linkTarget: true,
    name: "link-max-path-escapes",
    description: "log2(1+most %xx escapes in one target's path)",
    extract: (p) => log2p(p.links.maxPathEscapes),
  },
  {
    linkTarget: true,
    name: "link-max-area",
    description: "largest share of its page a link annotation covers, 0..1",
    extract: (p) => p.links.maxLinkArea,
  },
  {
    linkTarget: true,
    name: "linked-page-min-text",
    description: "log2(1+fewest text characters on a page that carries a link); -1 when no such page was read",
    extract: (p) => (p.links.minLinkedPageText < 0 ? -1 : log2p(p.links.minLinkedPageText)),
  },
  {
    linkTarget: true,
    name: "linked-page-image-cover",
    description: "largest share of a linked page covered by one image, 0..1",
    extract: (p) => p.links.maxLinkedPageImage,
  },
  {
    name: "font-programs",
    description: "log2(1+embedded font programs)",
    extract: (p) => log2p(p.facts.fontPrograms.length),
  },
  {
    name: "flash-streams",
    description: "log2(1+streams holding a Flash movie)",
    extract: (p) => log2p(p.facts.swfStreams.length),
  },
  // deep stage only (0 in the fast stage): what the sandbox, the renderer and YARA saw. Nothing that
  // depends on time budgets (emulation or rendering time-outs): those vary with the machine's load.
  {
    name: "deep:js-generated-layers",
    description: "log2(1+code layers produced at run time (eval/Function))",
    extract: (p) => log2p(sumDeepScripts(p, (s) => s.generatedLayers.length)),
  },
  {
    name: "deep:js-emulation-error",
    description: "log2(1+scripts whose emulation ended in an error)",
    extract: (p) => log2p(sumDeepScripts(p, (s) => (s.emulationStatus === "error" ? 1 : 0))),
  },
  {
    name: "deep:embedded-disguised",
    description: "log2(1+attachments whose content is not the type their name claims)",
    extract: (p) => log2p((p.facts.embeddedAnalysis ?? []).filter((e) => e.disguise).length),
  },
  {
    name: "deep:qr-codes",
    description: "log2(1+QR codes on rendered pages)",
    extract: (p) => log2p(p.facts.render?.qrCodes.length ?? 0),
  },
  { name: "deep:yara-matches", description: "log2(1+YARA matches)", extract: (p) => log2p(p.facts.yara?.length ?? 0) },
];

export const FEATURE_NAMES: readonly string[] = FEATURES.map((f) => f.name);

/**
 * What a feature describes. "rule": a rule's hit or the rules' weights (evidence). "behaviour": what the
 * document does or carries (actions, scripts, keywords of active content, attachments, where links go,
 * a linked page's look). "structure": how the file is built (object and stream counts, sizes per page,
 * filters and image codecs, stream entropy, reader anomalies, revisions, fonts): these tell one
 * generator, one data set, from another far more than malware from documents (issue 18): they are
 * extracted and reported, but the verdict model does not learn them (LEARNED_FEATURE_KINDS; the
 * ablation `npm run eval -- --loso --with-structure` shows what they would add).
 */
export type FeatureKind = "rule" | "behaviour" | "structure";
const STRUCTURAL_NAMES = new Set([
  "objects",
  "streams",
  "object-streams",
  "revisions",
  "eof-markers",
  "has-eof",
  "pages",
  "no-pages",
  "bytes-per-page",
  "objects-per-page",
  "header-offset",
  "header-missing",
  "xref-rebuilt",
  "trailer-count",
  "encrypted",
  "encryption-opaque",
  "stream-chained",
  "stream-max-chain",
  "stream-unfiltered",
  "stream-mean-entropy",
  "stream-max-entropy",
  "stream-high-entropy-share",
  "font-programs",
  "kw:ObjStm",
  "kw-raw:ObjStm",
  "kw:JBIG2Decode",
  "kw-raw:JBIG2Decode",
  "kw:Encrypt",
  "kw-raw:Encrypt",
]);
const STRUCTURAL_PREFIXES = ["anomaly:", "filter:"];

export function featureKindOf(name: string): FeatureKind {
  if (name.startsWith("rule:") || name.startsWith("rules:")) return "rule";
  return STRUCTURAL_NAMES.has(name) || STRUCTURAL_PREFIXES.some((p) => name.startsWith(p)) ? "structure" : "behaviour";
}
export const FEATURE_KINDS: readonly FeatureKind[] = FEATURE_NAMES.map(featureKindOf);
/** What the verdict model learns from. Leave-one-source-out over the three development corpora, fast
 * stage (README "Evaluation"): learning structure too gave 92.1% TPR at 0.6% FPR overall but 0.7% on
 * corpus-everyday and 5.6% on pdf-lib held out; without it, 91.2% at 0.5% and 0.2% on corpus-everyday. */
export const LEARNED_FEATURE_KINDS: readonly FeatureKind[] = ["rule", "behaviour"];
export const FEATURE_MONOTONE: readonly boolean[] = FEATURES.map((f) => f.monotone === true);

/** The findings that are evidence for the model: all but those a benign explanation covers (techniques/evidence-floor.ts). */
export function evidenceFindings<F extends FeatureFinding>(findings: readonly F[]): readonly F[] {
  const explained = explainedRuleIds(new Set(findings.map((f) => f.ruleId)));
  return explained.size ? findings.filter((f) => !explained.has(f.ruleId)) : findings;
}

/**
 * The feature vector of a document, in FEATURES order. Deterministic; non-finite values become 0.
 * With `only`, features outside it read 0 (scoring needs only the features its model reads; training
 * and evaluation need them all).
 */
export function extractFeatures(source: FeatureSource, only?: ReadonlySet<string>): number[] {
  const profile = profileOf(source);
  const out = new Array<number>(FEATURES.length).fill(0);
  for (const i of only ? positionsOf(only) : ALL_POSITIONS) {
    const v = FEATURES[i].extract(profile);
    if (Number.isFinite(v)) out[i] = v;
  }
  return out;
}

const ALL_POSITIONS: readonly number[] = FEATURES.map((_, i) => i);
/** Positions in FEATURES of a name set (a model's features: one set per model), found once per set. */
const POSITIONS = new WeakMap<ReadonlySet<string>, readonly number[]>();
function positionsOf(only: ReadonlySet<string>): readonly number[] {
  let at = POSITIONS.get(only);
  if (!at) POSITIONS.set(only, (at = ALL_POSITIONS.filter((i) => only.has(FEATURES[i].name))));
  return at;
}

function profileOf(source: FeatureSource): FeatureProfile {
  const { doc, facts } = source;
  const findings = evidenceFindings(source.findings);
  const anomalies = new Map<string, number>();
  for (const code of Object.keys(ANOMALY_CODES)) {
    const n = doc.anomalies.count(code as AnomalyCode);
    if (n) anomalies.set(code, n);
  }
  const actionTypes = new Map<string, number>();
  for (const a of facts.actions) {
    const key = (ACTION_TYPES as readonly string[]).includes(a.type) ? a.type : "other";
    actionTypes.set(key, (actionTypes.get(key) ?? 0) + 1);
  }
  const embeddedKinds = new Map<string, number>();
  for (const e of facts.embedded) embeddedKinds.set(e.kind, (embeddedKinds.get(e.kind) ?? 0) + 1);
  // the stream census (an entropy per stream head) only when a feature reads it: the shipped models
  // read none of its features, training and evaluation read all
  let census: Pick<FeatureProfile, "streams" | "filters"> | undefined;
  const streamCensus = () => (census ??= streamProfile(doc));
  // a literal of fixed shape (a spread built a new shape per document, and slower reads after)
  return {
    doc,
    facts,
    findings,
    ruleIds: new Set(findings.map((f) => f.ruleId)),
    anomalies,
    actionTypes,
    embeddedKinds,
    get streams() {
      return streamCensus().streams;
    },
    get filters() {
      return streamCensus().filters;
    },
    scripts: scriptProfile(facts),
    links: linkProfile(facts),
  };
}

function streamProfile(doc: PdfDocument): Pick<FeatureProfile, "streams" | "filters"> {
  const filters = new Map<string, number>();
  const streams = { count: 0, chained: 0, maxChain: 0, meanEntropy: 0, maxEntropy: 0, highEntropy: 0, unfiltered: 0 };
  let entropySum = 0;
  for (const inst of doc.instances) {
    const s = inst.value;
    if (!(s instanceof PdfStream)) continue;
    const chain = filterNames(doc, s.dict.get("Filter"));
    if (chain.length === 0) streams.unfiltered++;
    if (chain.length >= 2) streams.chained++;
    streams.maxChain = Math.max(streams.maxChain, chain.length);
    // a chain counts each name once; one name (the common case) needs no Set
    for (const name of chain.length > 1 ? new Set(chain) : chain) {
      const full = FILTER_NAMES.get(name) ?? "unknown";
      filters.set(full, (filters.get(full) ?? 0) + 1);
    }
    if (streams.count >= ENTROPY_STREAMS || s.raw.length === 0) continue;
    const h = byteEntropy(s.raw, 0, Math.min(s.raw.length, ENTROPY_HEAD_BYTES));
    streams.count++;
    entropySum += h;
    streams.maxEntropy = Math.max(streams.maxEntropy, h);
    if (h >= HIGH_ENTROPY) streams.highEntropy++;
  }
  streams.meanEntropy = streams.count ? entropySum / streams.count : 0;
  return { streams, filters };
}

function filterNames(doc: PdfDocument, value: PdfObject | undefined): string[] {
  const v = doc.resolve(value);
  if (v instanceof PdfName) return [v.name];
  if (!Array.isArray(v)) return [];
  return v
    .map((x) => doc.resolve(x))
    .filter((x): x is PdfName => x instanceof PdfName)
    .map((x) => x.name);
}

function scriptProfile(facts: DocumentFacts): FeatureProfile["scripts"] {
  const out = { count: facts.scripts.length, totalChars: 0, maxChars: 0, maxEntropy: 0, meanEntropy: 0 };
  let sum = 0;
  for (const s of facts.scripts) {
    out.totalChars += s.source.length;
    out.maxChars = Math.max(out.maxChars, s.source.length);
    const h = textEntropy(s.source, SCRIPT_ENTROPY_CHARS);
    sum += h;
    out.maxEntropy = Math.max(out.maxEntropy, h);
  }
  out.meanEntropy = out.count ? sum / out.count : 0;
  return out;
}

type Signals = DocumentFacts["scripts"][number]["signals"];
function sumScripts(p: FeatureProfile, f: (s: Signals) => number): number {
  return p.facts.scripts.reduce((n, s) => n + f(s.signals), 0);
}
function maxScripts(p: FeatureProfile, f: (s: Signals) => number): number {
  return p.facts.scripts.reduce((n, s) => Math.max(n, f(s.signals)), 0);
}
function sumDeepScripts(p: FeatureProfile, f: (s: NonNullable<DocumentFacts["javascript"]>[number]) => number): number {
  return (p.facts.javascript ?? []).reduce((n, s) => n + f(s), 0);
}
