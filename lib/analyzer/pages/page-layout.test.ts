// Page layouts (page-layout.ts) as the lure rules read them: where images sit under the CTM that
// the content's cm operators build, text lengths, forms. Pages built in code, one link each (layouts
// are made for linked pages only).
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "../facts/document-facts";

function layoutOf(content: string, limits: Limits = DEFAULT_LIMITS, hits?: Set<string>) {
  const b = new PdfBuilder();
  const image = b.addStream(
    "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
    "\x80",
  );
  const form = b.addStream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", "");
  const contents = b.addStream("", content);
  const link = b.add(
    "<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A << /S /URI /URI (https://example.com/) >> >>",
  );
  b.addCatalog(
    "",
    1,
    `/Contents ${contents} 0 R /Resources << /XObject << /Im ${image} 0 R /Fm ${form} 0 R >> >> /Annots [${link} 0 R]`,
  );
  const doc = readPdf(b.build(), limits);
  const facts = collectFacts(doc, limits);
  for (const h of doc.budgetHits) hits?.add(h);
  expect(facts.pageLayouts).toHaveLength(1);
  return facts.pageLayouts[0];
}

describe("page layouts", () => {
  it.each([
    ["an image scaled to the whole page", "q 612 0 0 792 0 0 cm /Im Do Q", 1],
    ["an image on half the page", "q 612 0 0 396 0 396 cm /Im Do Q", 0.5],
    ["two cm compose", "q 2 0 0 2 0 0 cm q 153 0 0 198 0 0 cm /Im Do Q Q", 0.25],
    ["the last six numbers before cm make the matrix", "q 9 9 9 612 0 0 792 0 0 cm /Im Do Q", 1],
    ["Q restores the matrix", "q 612 0 0 792 0 0 cm Q q 61.2 0 0 79.2 0 0 cm /Im Do Q", 0.01],
    ["a cm with too few numbers is ignored", "q 612 0 0 792 cm /Im Do Q", 1 / (612 * 792)],
    ["an operator between clears the numbers", "q 612 0 0 792 0 0 w cm /Im Do Q", 1 / (612 * 792)],
  ])("%s", (_name, content, ratio) => {
    const layout = layoutOf(content);
    expect(layout.images).toBe(1);
    expect(layout.largestImageRatio).toBeCloseTo(ratio, 6);
  });

  it("keeps LAYOUT_MAX_STATE_DEPTH saved states and reports a deeper save", () => {
    const hits = new Set<string>();
    layoutOf("q q q 612 0 0 792 0 0 cm /Im Do Q Q Q", resolveLimits({ LAYOUT_MAX_STATE_DEPTH: 2 }), hits);
    expect([...hits]).toContain("LAYOUT_MAX_STATE_DEPTH");
    const fits = new Set<string>();
    layoutOf("q q 612 0 0 792 0 0 cm /Im Do Q Q", resolveLimits({ LAYOUT_MAX_STATE_DEPTH: 2 }), fits);
    expect([...fits]).not.toContain("LAYOUT_MAX_STATE_DEPTH");
  });

  it("counts forms and the text shown", () => {
    const layout = layoutOf("/Fm Do BT (Hello) Tj [(Wor) -20 (ld)] TJ ET");
    expect(layout).toMatchObject({ images: 0, forms: 1, textChars: 10 });
  });
});
