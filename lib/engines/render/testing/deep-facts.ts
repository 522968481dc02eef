// Test helper: the facts the deep stage gives the rules (our reader + pdf.js rendering + metadata),
// from PDF bytes. Test-only: nothing in the product imports this file.
import { collectFacts, type DocumentFacts } from "../../../analyzer/facts/document-facts";
import { extractMetadata } from "../../../analyzer/metadata/extract-metadata";
import { renderBudgetOf } from "../../../analyzer/pages/render-facts";
import { DEFAULT_LIMITS } from "../../../limits";
import { readPdf } from "../../../pdf/document";
import { createPdfRenderer } from "../create-pdf-renderer";

const render = createPdfRenderer();

export async function deepFacts(bytes: Uint8Array): Promise<DocumentFacts> {
  const doc = readPdf(bytes, DEFAULT_LIMITS);
  const facts = collectFacts(doc, DEFAULT_LIMITS);
  return {
    ...facts,
    render: await render(bytes, renderBudgetOf(DEFAULT_LIMITS)),
    metadata: extractMetadata(doc, facts.pageCount),
  };
}
