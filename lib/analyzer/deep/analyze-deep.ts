// The advanced stage (POST /analyze/deep and the scan's second stage): the fast pipeline plus the
// analyses that need engines (pdf.js rendering, JavaScript sandbox, YARA) and recursion into nested
// PDFs. Engines are injected so this module stays pure; a missing engine leaves its part out and says
// so in budget_hits, it never fails the analysis.
import { evaluateDocument, prepareDocument, type AnalyzeOptions, type PreparedDocument } from "../analyze";
import { analyzeEmbeddedFiles } from "../embedded";
import { analyzeScripts, type ParseDeepFn } from "../javascript/analyze-scripts";
import type { EmulateFn } from "../javascript/emulation";
import { collectScriptContext } from "../javascript/script-context";
import type { YaraMatch } from "../facts/document-facts";
import type { IndicatorText } from "../indicators";
import { extractMetadata } from "../metadata/extract-metadata";
import { renderBudgetOf, type RenderFn } from "../render/render-facts";
import { summarizeLures } from "../render/summarize-lures";
import type { DeepResult, EmbeddedFileEntry, FastResult, Metadata } from "../report";

export interface DeepEngines {
  /** pdf.js page rendering with QR decoding (lib/engines/render) */
  render?: RenderFn;
  /** JavaScript sandbox: each script run in an isolated, CPU- and memory-bounded QuickJS (lib/engines/sandbox) */
  emulate?: EmulateFn;
  /** parser for scripts nested too deep for this thread's stack (a worker with a large stack) */
  parseDeep?: ParseDeepFn;
  /** YARA over the raw file, decoded streams and scripts (lib/engines/yara) */
  yara?: { scanDocument(input: Uint8Array, facts: PreparedDocument["facts"]): Promise<{ matches: YaraMatch[]; budgetHits: string[] }> };
}

export interface DeepOptions extends AnalyzeOptions {
  engines?: DeepEngines;
  /** nesting depth of this document (embedded PDFs are analysed recursively) */
  depth?: number;
  /** nested analyses left for the whole tree (shared by every level) */
  nestedBudget?: { remaining: number };
}

const EMPTY_METADATA: Metadata = {
  title: null, author: null, subject: null, keywords: null, creator: null, producer: null,
  creation_date: null, modification_date: null, pdf_version: null, page_count: null, xmp: {},
};
const NO_LURES: DeepResult["lures"] = { pages_rendered: 0, qr_codes: [], text_excerpt: "" };

export async function analyzeDeep(input: Uint8Array, options: DeepOptions): Promise<DeepResult> {
  const prepared = prepareDocument(input, options);
  if ("file_name" in prepared) return withEmptyDeepParts({ ...prepared, stage: "advanced" });
  const { facts, doc, limits, budgetHits } = prepared;
  const engines = options.engines ?? {};
  const depth = options.depth ?? 0;
  const nestedBudget = options.nestedBudget ?? { remaining: limits.MAX_NESTED_PDF_ANALYSES };
  const extraTexts: IndicatorText[] = [];

  const pageCount = doc.instances.length ? facts.pageCount : null;
  facts.metadata = extractMetadata(doc, pageCount);

  // rendering, script emulation and nested analyses run concurrently: all mostly wait on other work
  const [render, scripts, embedded] = await Promise.all([
    engines.render ? engines.render(prepared.bytes, renderBudgetOf(limits)).catch(() => undefined) : Promise.resolve(undefined),
    analyzeScripts(facts.scripts, {
      emulate: engines.emulate,
      parseDeep: engines.parseDeep,
      limits,
      docContext: collectScriptContext(doc, { fileName: options.fileName, dataObjects: facts.embedded.map((e) => e.name) }),
    }),
    analyzeEmbeddedFiles(facts, {
      depth,
      limits,
      nestedBudget,
      analyzeNested: async (bytes, name, nestedDepth) => {
        const r = await analyzeDeep(bytes, { ...options, fileName: name, depth: nestedDepth, nestedBudget });
        return { verdict: r.summary.verdict, score: r.summary.score, findings: r.findings, budgetHits: r.budget_hits };
      },
    }),
  ]);
  if (!engines.render) budgetHits.add("RENDER_SKIPPED");
  if (!engines.emulate && facts.scripts.length) budgetHits.add("JS_EMULATION_SKIPPED");
  facts.javascript = scripts.scripts;
  for (const b of scripts.budgetHits) budgetHits.add(b);
  for (const t of scripts.iocTexts) extraTexts.push({ text: t.text, objectRef: t.objectRef, source: "javascript" });
  facts.render = render;
  facts.embeddedAnalysis = embedded.facts;
  for (const b of embedded.budgetHits) budgetHits.add(b);
  for (const q of render?.qrCodes ?? []) extraTexts.push({ text: q.text, source: "qr-code" });
  for (const p of render?.pages ?? []) for (const l of p.links) extraTexts.push({ text: l.url, source: "rendered-page" });

  if (engines.yara) {
    const report = await engines.yara.scanDocument(prepared.bytes, facts).catch(() => ({ matches: [], budgetHits: ["YARA_FAILED"] }));
    facts.yara = report.matches;
    for (const b of report.budgetHits) budgetHits.add(b);
  }

  const base = evaluateDocument(prepared, options, "advanced", extraTexts);
  return {
    ...base,
    metadata: facts.metadata,
    javascript: scripts.entries,
    embedded_files: embedded.entries satisfies EmbeddedFileEntry[],
    lures: summarizeLures(render),
  };
}

function withEmptyDeepParts(base: FastResult): DeepResult {
  return {
    ...base,
    metadata: { ...EMPTY_METADATA, pdf_version: base.structure.pdf_version, page_count: base.structure.pages },
    javascript: [],
    embedded_files: [],
    lures: NO_LURES,
  };
}
