// The advanced stage's look at attachments (§7.11.4 embedded files, §12.5.6.15 file attachment
// annotations, RichMedia assets, portfolios): the detected type of every file, the names inside zip
// archives, Office macros, disguised names, and the verdict of nested PDFs, analysed recursively by
// the caller's `analyzeNested` down to MAX_EMBED_DEPTH. Pure apart from what analyzeNested does.
import type { BudgetName, Limits } from "../../limits";
import type { EmbeddedFileFact } from "../embedded/embedded-file-fact";
import type { FastFacts } from "../facts/document-facts";
import { hasOfficeMacros } from "../content/file-magic";
import type { EmbeddedFileEntry, Finding, Verdict } from "../report";
import { detectDisguise } from "../embedded/detect-disguise";
import { detectFileType, scriptLanguageOf } from "../embedded/detect-file-type";
import type {
  ArchiveListing,
  EmbeddedAnalysis,
  NestedFindingSummary,
  NestedOutcome,
} from "../embedded/embedded-analysis";
import { richMediaAssets } from "../embedded/portfolio";
import { readArchiveDirectory, runnableNames, type ArchiveDirectory } from "../embedded/archive-directory";
import { PdfRef, PdfStream } from "../../pdf/objects";
import type { PdfDocument } from "../../pdf/document";

export interface NestedResult {
  verdict: Verdict;
  score: number;
  findings: Finding[];
  /** the verdict its own techniques' floor set (summary.evidenceFloor), if any */
  evidenceFloor?: Verdict;
  /** budgets the nested analysis hit (its budget_hits): reported up so the top-level result is marked truncated */
  budgetHits?: BudgetName[];
}

export interface EmbeddedContext {
  /** depth of the document these facts belong to: 0 for the uploaded file */
  depth: number;
  limits: Limits;
  /** analyses a nested PDF (or XDP) at `depth` (the caller's deep analysis, one level down) */
  analyzeNested: (bytes: Uint8Array, name: string, depth: number) => Promise<NestedResult>;
  /**
   * Nested analyses left for the whole recursion. Pass the same object down through analyzeNested
   * so that all levels share it; when absent a fresh MAX_NESTED_PDF_ANALYSES budget is used.
   */
  nestedBudget?: { remaining: number };
}

export interface EmbeddedFilesResult {
  /** the report's embedded_files */
  entries: EmbeddedFileEntry[];
  /** what the embedded-* advanced rules read (DeepFacts.embeddedAnalysis) */
  facts: EmbeddedAnalysis[];
  /** budgets hit here or in nested analyses: MAX_EMBEDDED_FILES, MAX_EMBED_DEPTH, MAX_NESTED_PDF_ANALYSES, MAX_ARCHIVE_ENTRIES, ... */
  budgetHits: BudgetName[];
}

const MAX_NESTED_FINDINGS_KEPT = 10;
const ZIP_TYPES = new Set([
  "zip",
  "jar",
  "apk",
  "docx",
  "docm",
  "dotx",
  "dotm",
  "xlsx",
  "xlsm",
  "xltx",
  "xltm",
  "pptx",
  "pptm",
  "potx",
  "potm",
  "ppsx",
  "ppsm",
  "vsdx",
  "xpi",
  "epub",
  "odt",
  "ods",
  "odp",
]);
/** where a VBA project or XLM macro sheet lives inside an OOXML package */
const OOXML_MACRO_PART = /(^|\/)vbaProject\.bin$|^xl\/macrosheets\//i;

export async function analyzeEmbeddedFiles(facts: FastFacts, ctx: EmbeddedContext): Promise<EmbeddedFilesResult> {
  const { limits } = ctx;
  const budget = ctx.nestedBudget ?? { remaining: limits.MAX_NESTED_PDF_ANALYSES };
  const budgetHits = new Set<BudgetName>();
  const xfaPackets = xfaPacketRefs(facts.doc);
  const assets = assetsByRef(facts.doc);
  const files = facts.embedded.filter((f) => !(f.objectRef && xfaPackets.has(f.objectRef)));
  if (files.length > limits.MAX_EMBEDDED_FILES) budgetHits.add("MAX_EMBEDDED_FILES");
  const nestedBySha = new Map<string, Promise<NestedOutcome>>();
  const out: EmbeddedAnalysis[] = [];

  for (const file of files.slice(0, limits.MAX_EMBEDDED_FILES)) {
    const asset = file.objectRef ? assets.get(file.objectRef) : undefined;
    const named: EmbeddedFileFact =
      asset && file.name.startsWith("(object ") ? { ...file, name: asset.name, path: asset.path } : file;
    const detected = await detectFileType(file.data, limits.MAX_SCRIPT_SNIFF_BYTES);
    const analysis: EmbeddedAnalysis = {
      file: named,
      source: asset ? "richmedia" : sourceOf(file.path),
      detected,
      scriptLanguage: detected.category === "script" ? scriptLanguageOf(detected.type) : undefined,
      macros: false,
    };
    const listed = ZIP_TYPES.has(detected.type) ? "zip" : detected.type === "rar" ? "rar" : null;
    if (listed) {
      const dir = readArchiveDirectory(listed, file.data, limits.MAX_ARCHIVE_ENTRIES);
      if (dir.capped) budgetHits.add("MAX_ARCHIVE_ENTRIES");
      const listing = archiveListing(detected.type, dir);
      // OOXML documents are zips: their part names say whether they carry a VBA project
      if (listed === "zip") analysis.macros = listing.names.some((n) => OOXML_MACRO_PART.test(n));
      if (detected.category === "archive") analysis.archive = listing;
    } else if (detected.category === "archive") {
      analysis.archive = {
        format: detected.type,
        names: [],
        executables: [],
        encrypted: 0,
        truncated: false,
        opaque: true,
      };
    } else if (
      detected.type === "cfb" ||
      detected.type === "doc" ||
      detected.type === "xls" ||
      detected.type === "ppt" ||
      detected.type === "msi"
    ) {
      analysis.macros = hasOfficeMacros(file.data, "ole-office");
    }
    const disguise = detectDisguise(named.name, file.subtype, detected);
    if (disguise) analysis.disguise = disguise;
    if (detected.category === "pdf") {
      if (!nestedBySha.has(file.sha256)) nestedBySha.set(file.sha256, analyseNested(file, ctx, budget, budgetHits));
      analysis.nested = await nestedBySha.get(file.sha256)!;
    }
    out.push(analysis);
  }
  return { entries: out.map(toEntry), facts: out, budgetHits: [...budgetHits].sort() };
}

async function analyseNested(
  file: EmbeddedFileFact,
  ctx: EmbeddedContext,
  budget: { remaining: number },
  budgetHits: Set<BudgetName>,
): Promise<NestedOutcome> {
  const depth = ctx.depth + 1;
  if (depth > ctx.limits.MAX_EMBED_DEPTH) {
    budgetHits.add("MAX_EMBED_DEPTH");
    return { status: "skipped", reason: "MAX_EMBED_DEPTH" };
  }
  if (budget.remaining <= 0) {
    budgetHits.add("MAX_NESTED_PDF_ANALYSES");
    return { status: "skipped", reason: "MAX_NESTED_PDF_ANALYSES" };
  }
  budget.remaining--;
  try {
    const r = await ctx.analyzeNested(file.data, file.name, depth);
    for (const b of r.budgetHits ?? []) budgetHits.add(b);
    const findings: NestedFindingSummary[] = [...r.findings]
      .sort((a, b) => b.weight - a.weight)
      .slice(0, MAX_NESTED_FINDINGS_KEPT)
      .map((f) => ({ ruleId: f.ruleId, title: f.title, severity: f.severity, cve: f.cve }));
    // CVEs of findings beyond the kept summaries still count
    const extraCves = [...new Set(r.findings.slice(MAX_NESTED_FINDINGS_KEPT).flatMap((f) => f.cve))];
    if (extraCves.length && findings.length)
      findings[findings.length - 1] = {
        ...findings[findings.length - 1],
        cve: [...new Set([...findings[findings.length - 1].cve, ...extraCves])],
      };
    return { status: "analysed", depth, verdict: r.verdict, score: r.score, findings, proven: provenVerdict(r) };
  } catch (e) {
    return { status: "failed", message: (e as Error).message.slice(0, 200) };
  }
}

function archiveListing(format: string, dir: ArchiveDirectory): ArchiveListing {
  return {
    format,
    names: dir.entries.map((e) => e.name),
    executables: runnableNames(dir.entries),
    encrypted: dir.entries.filter((e) => e.encrypted).length,
    truncated: dir.truncated,
    opaque: dir.opaque,
  };
}

function toEntry(a: EmbeddedAnalysis): EmbeddedFileEntry {
  const entry: EmbeddedFileEntry = {
    name: a.file.name,
    objectRef: a.file.objectRef,
    size: a.file.size,
    sha256: a.file.sha256,
    md5: a.file.md5,
    type: a.detected.type,
  };
  if (a.detected.mime) entry.mime = a.detected.mime;
  if (a.nested?.status === "analysed") entry.nested = { verdict: a.nested.verdict, score: a.nested.score };
  if (!entry.objectRef) delete entry.objectRef;
  return entry;
}

function sourceOf(path: string): EmbeddedAnalysis["source"] {
  if (path.startsWith("/Root/Names/EmbeddedFiles")) return "attachment";
  if (path.startsWith("/Root/Pages")) return "annotation";
  return "unreferenced";
}

/** Streams of the XFA form's packets (§12.7.8): XML that some producers also type /EmbeddedFile. */
function xfaPacketRefs(doc: PdfDocument): Set<string> {
  const refs = new Set<string>();
  const xfa = doc.dict(doc.catalog?.get("AcroForm"))?.get("XFA");
  const r = doc.resolve(xfa);
  const parts = Array.isArray(r) ? r : [xfa];
  for (const p of parts) if (p instanceof PdfRef && doc.resolve(p) instanceof PdfStream) refs.add(p.toString());
  return refs;
}

function assetsByRef(doc: PdfDocument): Map<string, { name: string; path: string }> {
  const out = new Map<string, { name: string; path: string }>();
  for (const [stream, info] of richMediaAssets(doc)) {
    const owner = doc.ownerOf(stream);
    if (owner) out.set(`${owner.num} ${owner.gen} R`, info);
  }
  return out;
}

/**
 * What the nested file's own evidence proves, as opposed to where its model ranked it: malicious when a
 * technique's floor made it so or a finding of high or critical severity stands in it; else suspicious
 * when anything above info level does. A model's ranking of a one-link page is no technique: carried
 * up as "malicious", it set the outer document's malicious floor (corpus-everyday: a Factur-X invoice
 * whose attached payment statement links to a standards body's PDF, judged malicious 96 on its link features).
 */
function provenVerdict(r: NestedResult): Verdict {
  if (r.evidenceFloor === "malicious" || r.findings.some((f) => f.severity === "high" || f.severity === "critical"))
    return "malicious";
  return r.evidenceFloor === "suspicious" || r.findings.some((f) => f.severity !== "info") ? "suspicious" : "benign";
}
