// The advanced stage (POST /analyze/deep and the scan's second stage): the fast pipeline plus the
// analyses that need engines (pdf.js rendering, JavaScript sandbox, YARA) and recursion into nested
// PDFs. Engines are injected so this module stays pure; a missing engine leaves its part out and says
// so in budget_hits, it never fails the analysis.
import { analyzeFast, evaluateDocument, prepareDocument, type AnalyzeOptions } from "../analyze";
import { analyzeEmbeddedFiles } from "./analyze-embedded-files";
import { analyzeScripts, type ParseDeepFn } from "../javascript/analyze-scripts";
import type { EmulateFn } from "../javascript/emulation";
import { collectScriptContext } from "../javascript/script-context";
import type { DeepFacts, FastFacts, YaraMatch } from "../facts/document-facts";
import type { IndicatorText } from "../indicators";
import { extractMetadata } from "../metadata/extract-metadata";
import { pageImageBudgetOf, renderBudgetOf, type PageImage, type RenderFn } from "../pages/render-facts";
import { summarizeLures } from "../pages/summarize-lures";
import { tlshOf } from "../file-hashes";
import type { DeepResult, EmbeddedFileEntry, EngineNote, FastResult, Metadata } from "../report";
import { describeError } from "../describe-error";
import type { BudgetName } from "../../limits";

export interface DeepEngines {
  /** pdf.js page rendering with QR decoding (lib/engines/render) */
  render?: RenderFn;
  /** JavaScript sandbox: each script run in an isolated, CPU- and memory-bounded QuickJS (lib/engines/sandbox) */
  emulate?: EmulateFn;
  /** parser for scripts nested too deep for this thread's stack (a worker with a large stack) */
  parseDeep?: ParseDeepFn;
  /** YARA over the raw file, decoded streams and scripts (lib/engines/yara) */
  yara?: {
    scanDocument(input: Uint8Array, facts: FastFacts): Promise<{ matches: YaraMatch[]; budgetHits: BudgetName[] }>;
  };
}

export interface DeepOptions extends AnalyzeOptions {
  engines?: DeepEngines;
  /** nesting depth of this document (embedded PDFs are analysed recursively) */
  depth?: number;
  /** nested analyses left for the whole tree (shared by every level) */
  nestedBudget?: { remaining: number };
  /** the analysis was cancelled (client gone, server deadline): engines stop, what was found is kept */
  signal?: AbortSignal;
  /**
   * Asks the renderer for PNG images of the drawn pages (a scan's thumbnails) and receives them here,
   * outside the result: they are the document's content, not report data. This document only.
   */
  onPageImages?: (images: PageImage[]) => void;
}

const EMPTY_METADATA: Metadata = {
  title: null,
  author: null,
  subject: null,
  keywords: null,
  creator: null,
  producer: null,
  creation_date: null,
  modification_date: null,
  pdf_version: null,
  page_count: null,
  xmp: {},
};
const NO_LURES: DeepResult["lures"] = { pages_rendered: 0, qr_codes: [], text_excerpt: "" };

/**
 * Never throws for a file: an engine that fails leaves its part out with an engine note, and if the
 * advanced stage itself breaks, the answer is the fast stage's result with a note saying so.
 */
export async function analyzeDeep(input: Uint8Array, options: DeepOptions): Promise<DeepResult> {
  try {
    return await runDeep(input, options);
  } catch (e) {
    const fast = analyzeFast(input, options);
    return withEmptyDeepParts({ ...fast, stage: "advanced" }, [
      { engine: "analyzer", message: `advanced stage failed, fast-stage result kept: ${describeError(e)}` },
    ]);
  }
}

async function runDeep(input: Uint8Array, options: DeepOptions): Promise<DeepResult> {
  const prepared = prepareDocument(input, options);
  if ("file_name" in prepared) return withEmptyDeepParts({ ...prepared, stage: "advanced" });
  const { facts, doc, limits, budgetHits } = prepared;
  const engines = options.engines ?? {};
  const depth = options.depth ?? 0;
  const nestedBudget = options.nestedBudget ?? { remaining: limits.MAX_NESTED_PDF_ANALYSES };
  const extraTexts: IndicatorText[] = [];
  const notes: EngineNote[] = [];
  /** an engine's failure becomes a note and an empty part, never the analysis's failure */
  const noted =
    <T>(engine: EngineNote["engine"], fallback: T) =>
    (e: unknown): T => {
      notes.push({ engine, message: describeError(e) });
      return fallback;
    };

  const pageCount = doc.instances.length ? facts.pageCount : null;
  const metadata = extractMetadata(doc, pageCount);

  // a document over the object budget is not handed to pdf.js, which would parse every object the
  // reader stopped at (600k tiny objects: ~400 MB and seconds of the render process): the budget hit
  // already says the file was not read whole
  const renderable = engines.render && !doc.budgetHits.has("MAX_OBJECTS");
  // rendering, script emulation and nested analyses run concurrently: all mostly wait on other work
  const [render, scripts, embedded] = await Promise.all([
    renderable && engines.render
      ? engines
          .render(prepared.bytes, renderBudgetWith(limits, !!options.onPageImages), options.signal, {
            password: options.password,
          })
          .catch(noted("render", undefined))
      : Promise.resolve(undefined),
    Promise.resolve()
      .then(() =>
        analyzeScripts(facts.scripts, {
          emulate: engines.emulate,
          parseDeep: engines.parseDeep,
          limits,
          docContext: collectScriptContext(doc, {
            fileName: options.fileName,
            dataObjects: facts.embedded.map((e) => e.name),
            xfa: facts.xfa,
          }),
          signal: options.signal,
        }),
      )
      .catch(noted("javascript", NO_SCRIPTS)),
    Promise.resolve()
      .then(() =>
        analyzeEmbeddedFiles(facts, {
          depth,
          limits,
          nestedBudget,
          analyzeNested: async (bytes, name, nestedDepth) => {
            // the hook observes this document only, not the files inside it
            const r = await analyzeDeep(bytes, {
              ...options,
              onScoringInput: undefined,
              onPageImages: undefined,
              fileName: name,
              depth: nestedDepth,
              nestedBudget,
            });
            return {
              verdict: r.summary.verdict,
              score: r.summary.score,
              findings: r.findings,
              budgetHits: r.budget_hits,
              evidenceFloor: r.summary.evidenceFloor?.verdict,
            };
          },
        }),
      )
      .catch(noted("embedded", NO_EMBEDDED)),
  ]);
  if (!engines.render) notes.push({ engine: "render", message: "no renderer configured: pages were not rendered" });
  else if (render?.engineFailure) notes.push({ engine: "render", message: render.engineFailure });
  if (!engines.emulate && facts.scripts.length)
    notes.push({ engine: "javascript", message: "no sandbox configured: scripts were not emulated" });
  const deep: DeepFacts = {
    metadata,
    javascript: scripts.scripts,
    embeddedAnalysis: embedded.facts,
    render: render && { ...render, pageImages: undefined },
  };
  for (const b of scripts.budgetHits) budgetHits.add(b);
  for (const t of scripts.iocTexts) extraTexts.push({ text: t.text, objectRef: t.objectRef, source: "javascript" });
  if (render?.pageImages) options.onPageImages?.(render.pageImages);
  for (const b of render?.budgetHits ?? []) budgetHits.add(b);
  for (const b of embedded.budgetHits) budgetHits.add(b);
  for (const q of render?.qrCodes ?? []) extraTexts.push({ text: q.text, source: "qr-code" });
  for (const p of render?.pages ?? [])
    for (const l of p.links) extraTexts.push({ text: l.url, source: "rendered-page" });

  if (engines.yara && !options.signal?.aborted) {
    const report = await engines.yara
      .scanDocument(prepared.bytes, facts)
      .catch(noted("yara", { matches: [], budgetHits: [] }));
    deep.yara = report.matches;
    for (const b of report.budgetHits) budgetHits.add(b);
  }

  const base = evaluateDocument(prepared, options, "advanced", extraTexts, deep);
  return {
    ...base,
    hashes: { ...prepared.hashes, tlsh: tlshOf(input, limits.TLSH_MAX_INPUT_BYTES) },
    metadata,
    javascript: scripts.entries,
    embedded_files: embedded.entries satisfies EmbeddedFileEntry[],
    lures: summarizeLures(render),
    engine_notes: [...base.engine_notes, ...notes],
  };
}

function renderBudgetWith(limits: Parameters<typeof renderBudgetOf>[0], pageImages: boolean) {
  const budget = renderBudgetOf(limits);
  return pageImages ? { ...budget, pageImages: pageImageBudgetOf(limits) } : budget;
}

const NO_SCRIPTS: Awaited<ReturnType<typeof analyzeScripts>> = {
  scripts: [],
  entries: [],
  budgetHits: [],
  iocTexts: [],
};
const NO_EMBEDDED: Awaited<ReturnType<typeof analyzeEmbeddedFiles>> = { facts: [], entries: [], budgetHits: [] };

function withEmptyDeepParts(base: FastResult, notes: EngineNote[] = []): DeepResult {
  return {
    ...base,
    engine_notes: [...base.engine_notes, ...notes],
    metadata: { ...EMPTY_METADATA, pdf_version: base.structure.pdf_version, page_count: base.structure.pages },
    javascript: [],
    embedded_files: [],
    lures: NO_LURES,
  };
}
