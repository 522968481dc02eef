// The single entry point of the analyzer: bytes in, result out. Pure: no I/O, no env, no Next.
import { DEFAULT_LIMITS, resolveLimits, type Budget, type BudgetName, type Limits } from "../limits";
import { readPdf, type PdfDocument } from "../pdf/document";
import { isContentOpaque, isPartlyLocked } from "./content/content-opaque";
import {
  collectFacts,
  xfaScriptFacts,
  type DeepFacts,
  type DocumentFacts,
  type FastFacts,
} from "./facts/document-facts";
import { collectEndlessLoops } from "./facts/endless-loops";
import { collectXfaImages } from "./facts/format-facts";
import { extractXmlScripts } from "./content/xfa";
import { collectIndicators, type IndicatorText } from "./indicators";
import type { EngineNote, FastResult, FileHashes, Finding, Iocs, Stage } from "./report";
import { fileHashes } from "./file-hashes";
import { ENGINE_VERSION, SCHEMA_VERSION } from "./report-values";
import { describeError } from "./describe-error";
import { RULES } from "./rules/registry";
import type { Rule } from "./rules/rule";
import { mitigationsFor } from "./mitigations";
import { extractFeatures } from "./model/features";
import { featuresRead } from "./model/verdict-model";
import { SHIPPED_MODELS } from "./model/shipped-models";
import { scoreDocument, type ScoringInput } from "./score";
import { unwrapXdp, type XdpUnwrapped } from "./xdp";
import { xdpWrapper } from "./rules/xdp-wrapper";
import { clipEvidence } from "./rules/evidence";

export interface AnalyzeOptions {
  fileName: string;
  limits?: Partial<Limits>;
  /**
   * The document's password (the user or the owner password), when the analyst has it: an attachment
   * whose password came in the mail body. Used to open the document, never kept or reported.
   */
  password?: string;
  /** sees what the verdict was computed from (feature vector, findings): training and cross-validation */
  onScoringInput?: (input: ScoringInput) => void;
}

const EMPTY_IOCS: Iocs = { urls: [], ips: [], emails: [], domains: [], uncPaths: [], items: [] };

/** A parsed document with its facts: what every stage starts from. */
export interface PreparedDocument {
  input: Uint8Array;
  /** the PDF itself (the inner document of an XDP package) */
  bytes: Uint8Array;
  sha256: string;
  hashes: FileHashes;
  limits: Limits;
  doc: PdfDocument;
  facts: FastFacts;
  xdp: XdpUnwrapped | null;
  budgetHits: Set<BudgetName>;
  started: number;
}

/** Hashes, unwraps XDP, reads the PDF and gathers facts; null when the input is over the size limit. */
export function prepareDocument(input: Uint8Array, options: AnalyzeOptions): PreparedDocument | FastResult {
  const started = performance.now();
  const limits = resolveLimits(options.limits);
  const hashes = fileHashes(input);
  const sha256 = hashes.sha256;
  const budgetHits = new Set<BudgetName>();
  if (input.length > limits.MAX_INPUT_BYTES) {
    budgetHits.add("MAX_INPUT_BYTES");
    return emptyResult(options.fileName, hashes, input.length, budgetHits, started);
  }
  const xdp = unwrapXdp(input);
  const bytes = xdp?.pdf ?? input;
  const doc = readPdf(bytes, limits, { password: options.password });
  const facts = collectFacts(doc, limits);
  if (xdp) addXdpForm(facts, xdp.xml);
  return { input, bytes, sha256, hashes, limits, doc, facts, xdp, budgetHits, started };
}

/**
 * The XFA form of an XDP package lives in the XML around the PDF (template, datasets): it applies to
 * the inner document like an /XFA entry would, so its scripts and images are checked the same way.
 */
function addXdpForm(facts: FastFacts, xml: string): void {
  const scripts = extractXmlScripts(xml, { limits: facts.limits, budgetHits: facts.doc.budgetHits });
  if (!scripts.length && !/<(template|xfa:datasets)\b/.test(xml)) return;
  facts.xfa = facts.xfa
    ? { ...facts.xfa, text: `${facts.xfa.text}\n${xml}`, scripts: [...facts.xfa.scripts, ...scripts] }
    : { text: xml, scripts };
  const xdpScripts = xfaScriptFacts(scripts, undefined, "/XDP", facts.doc);
  facts.scripts.push(...xdpScripts);
  facts.endlessLoops.push(...collectEndlessLoops(xdpScripts, facts.limits, facts.doc.budgetHits));
  facts.formats.xfaImages = collectXfaImages(facts.xfa.text, facts.limits, facts.doc.budgetHits);
}

/**
 * Applies the rules of the given stages, extracts indicators and scores: the result of one stage. The
 * advanced stage passes what its engines found (`deep`); the fast facts are not written to.
 */
export function evaluateDocument(
  p: PreparedDocument,
  options: AnalyzeOptions,
  stage: Stage,
  extraIndicatorTexts: IndicatorText[] = [],
  deep?: DeepFacts,
): FastResult {
  const { doc, limits, budgetHits } = p;
  const facts: DocumentFacts = deep ? { ...p.facts, ...deep } : p.facts;
  const stages: ReadonlySet<Stage> = new Set(stage === "fast" ? ["fast"] : ["fast", "advanced"]);
  const notes: EngineNote[] = [];
  const findings = runRules(RULES, facts, stages, notes, { limits, budgetHits });
  if (p.xdp)
    findings.push(
      toFinding(
        xdpWrapper,
        { evidence: [{ offset: p.xdp.offset, excerpt: `${p.xdp.pdf.length}-byte PDF inside an XDP package` }] },
        limits,
      ),
    );
  const { iocs, truncated: iocsTruncated } = collectIndicators(facts, limits, extraIndicatorTexts);
  for (const b of doc.budgetHits) budgetHits.add(b);
  if (iocsTruncated) budgetHits.add("MAX_IOCS_PER_TYPE");
  const opaque = isContentOpaque(doc.security);
  const scoring: ScoringInput = {
    // the full vector only for whoever keeps it (evaluation, training); the verdict reads a few dozen
    features: extractFeatures(
      { doc, facts, findings },
      options.onScoringInput ? undefined : featuresRead(SHIPPED_MODELS[stage]),
    ),
    findings,
    // a rule that failed checked nothing: a clean verdict without it is a partial one
    // no objects and no catalog: nothing was seen. A document written whole into its trailer (`trailer
    // << /Root << /OpenAction << /S /JavaScript ... >> >> >>`, corkami's JavaScript samples) has no
    // numbered object, yet its catalog and actions were read like any other's
    ctx: {
      unanalysable: (doc.instances.length === 0 && !doc.catalog) || opaque,
      // a password it does not have hides something even when strings and streams are in the clear (attachments)
      partial: isPartlyLocked(doc.security) || budgetHits.size > 0 || doc.xrefRebuilt || notes.length > 0,
      scriptBudgetSpent: budgetHits.has("JS_TOTAL_CPU_MS"),
    },
  };
  options.onScoringInput?.(scoring);
  const { summary, ruleContributions } = scoreDocument(scoring, stage);
  for (const f of findings) f.contribution = ruleContributions.get(f.ruleId) ?? 0;
  return {
    file_name: options.fileName,
    sha256: p.sha256,
    hashes: p.hashes,
    keyword_hits: Object.keys(facts.keywords.counts).sort(),
    iocs,
    summary,
    schema_version: SCHEMA_VERSION,
    engine_version: ENGINE_VERSION,
    stage,
    keyword_counts: facts.keywords.counts,
    findings: findings.sort((a, b) => b.weight - a.weight),
    mitigations: mitigationsFor(findings),
    anomalies: doc.anomalies.items,
    structure: structureOf(doc, facts, p.input.length),
    truncated: budgetHits.size > 0,
    budget_hits: [...budgetHits].sort(),
    engine_notes: notes,
    duration_ms: Math.round((performance.now() - p.started) * 100) / 100,
  };
}

/**
 * The fast stage: parse, triage keywords and structure, extract indicators, apply the rules, score.
 * Never throws for a file: an internal failure (a bug of ours, or a runtime limit such as V8's regexp
 * stack, issue 19) is answered as verdict `unknown` with an engine note, never as an error.
 */
export function analyzeFast(input: Uint8Array, options: AnalyzeOptions): FastResult {
  const started = performance.now();
  try {
    const prepared = prepareDocument(input, options);
    return "file_name" in prepared ? prepared : evaluateDocument(prepared, options, "fast");
  } catch (e) {
    const result = emptyResult(options.fileName, fileHashes(input), input.length, new Set(), started);
    return {
      ...result,
      truncated: false,
      engine_notes: [
        { engine: "analyzer", message: `the analysis stopped on an internal error, no verdict: ${describeError(e)}` },
      ],
    };
  }
}

/** `notes` receives the rules that failed: a bug of ours, not a budget and not the file's doing. */
function runRules(
  rules: readonly Rule[],
  facts: DocumentFacts,
  stages: ReadonlySet<Stage>,
  notes: EngineNote[],
  budget: Budget,
): Finding[] {
  const out: Finding[] = [];
  for (const rule of rules) {
    if (!stages.has(rule.stage)) continue;
    let hit;
    try {
      hit = rule.check(facts, budget);
    } catch (e) {
      // a rule bug must not cost the whole verdict: record it and go on
      notes.push({ engine: "analyzer", message: `rule ${rule.id} failed: ${describeError(e)}` });
      continue;
    }
    if (hit) out.push(toFinding(rule, hit, facts.limits));
  }
  return out;
}

/** The reported finding of a rule hit; evidence is capped and excerpts clipped here, for every rule (lib/limits.ts). */
export function toFinding(
  rule: Rule,
  hit: NonNullable<ReturnType<Rule["check"]>>,
  limits: Limits = DEFAULT_LIMITS,
): Finding {
  return {
    id: rule.id,
    ruleId: rule.id,
    title: rule.title,
    description: hit.detail ? `${rule.description} ${hit.detail}` : rule.description,
    category: rule.category,
    severity: hit.severity ?? rule.severity,
    confidence: hit.confidence ?? rule.confidence,
    stage: hit.stage ?? rule.stage,
    weight: rule.weight,
    evidence: hit.evidence
      .slice(0, limits.MAX_EVIDENCE_PER_FINDING)
      .map((e) => clipEvidence(e, limits.MAX_EXCERPT_CHARS)),
    attack: rule.attack,
    cve: [...new Set([...rule.cve, ...(hit.cve ?? [])])],
    mitigationIds: rule.mitigations,
  };
}

function structureOf(doc: PdfDocument, facts: DocumentFacts, size: number): FastResult["structure"] {
  return {
    pdf_version: doc.header.version,
    header_offset: doc.header.offset,
    size,
    objects: doc.instances.length,
    streams: doc.streams,
    object_streams: doc.objectStreams,
    revisions: Math.max(1, doc.xrefSections.length, doc.eofOffsets.length),
    eof_markers: doc.eofOffsets.length,
    xref_rebuilt: doc.xrefRebuilt,
    encrypted: doc.encrypted,
    pages: doc.instances.length ? facts.pageCount : null,
  };
}

function emptyResult(
  fileName: string,
  hashes: FileHashes,
  size: number,
  budgetHits: Set<BudgetName>,
  started: number,
): FastResult {
  return {
    file_name: fileName,
    sha256: hashes.sha256,
    hashes,
    keyword_hits: [],
    iocs: EMPTY_IOCS,
    summary: { verdict: "unknown", score: 0, confidence: "low" },
    schema_version: SCHEMA_VERSION,
    engine_version: ENGINE_VERSION,
    stage: "fast",
    keyword_counts: {},
    findings: [],
    mitigations: [],
    anomalies: [],
    structure: {
      pdf_version: null,
      header_offset: -1,
      size,
      objects: 0,
      streams: 0,
      object_streams: 0,
      revisions: 0,
      eof_markers: 0,
      xref_rebuilt: false,
      encrypted: false,
      pages: null,
    },
    truncated: true,
    budget_hits: [...budgetHits],
    engine_notes: [],
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}
