import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "../facts/document-facts";
import { LURE_FIXTURES } from "../techniques/testing/lure-fixtures";
import { CALLBACK_MAX_WORDS } from "./callback-signals";
import { wordCount } from "./lure-signals";
import { collectPageTexts } from "./page-text";

const pageTexts = (pdf: Uint8Array) => collectPageTexts(readPdf(pdf, DEFAULT_LIMITS), DEFAULT_LIMITS);

/** A document of `pages` pages whose first shows `content` with font `font` as /F1, plus `setup`'s resources. */
function withFont(font: string, content: string, pages = 1, setup?: (b: PdfBuilder) => string): Uint8Array {
  const b = new PdfBuilder();
  const f = b.add(
    font.replace(
      "TOUNICODE",
      () =>
        `${b.addFlateStream("", "1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <01> <0048> <02> <0069> endbfchar")} 0 R`,
    ),
  );
  const more = setup?.(b) ?? "";
  const stream = b.addFlateStream("", content);
  b.addCatalog("", pages, `/Resources << /Font << /F1 ${f} 0 R >> ${more} >> /Contents ${stream} 0 R`);
  return b.build();
}

describe("collectPageTexts", () => {
  it("reads a composite font's two-byte codes through its ToUnicode map", () => {
    const [page] = collectFacts(
      readPdf(LURE_FIXTURES["callback-phone-lure"]["text-composite-font"](), DEFAULT_LIMITS),
      DEFAULT_LIMITS,
    ).pageTexts;
    expect(page.text).toContain("If you did not authorize this purchase");
    expect(page.partial).toBe(false);
  });

  it("reads a simple font's reassigned codes through its ToUnicode map", () => {
    expect(
      pageTexts(
        withFont(
          "<< /Type /Font /Subtype /TrueType /BaseFont /Subset /ToUnicode TOUNICODE >>",
          "BT /F1 12 Tf <0102> Tj ET",
        ),
      )[0].text,
    ).toBe("Hi");
  });

  it("reads a simple font without a map as WinAnsi (the euro sign is 0x80)", () => {
    expect(
      pageTexts(
        withFont("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", "BT /F1 12 Tf (Total \\200 49,00) Tj ET"),
      )[0].text,
    ).toBe("Total € 49,00");
  });

  it("leaves out a composite font without a map and says the page is partial", () => {
    const [page] = pageTexts(
      withFont("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H >>", "BT /F1 12 Tf <00410042> Tj ET"),
    );
    expect(page).toMatchObject({ text: "", partial: true });
  });

  it("reads the text of form XObjects the page lists", () => {
    const pdf = withFont("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", "q /Fm0 Do Q", 1, (b) => {
      const form = b.addFlateStream(
        "/Type /XObject /Subtype /Form /BBox [0 0 612 792]",
        "BT /F1 12 Tf (inside a form) Tj ET",
      );
      return `/XObject << /Fm0 ${form} 0 R >>`;
    });
    expect(pageTexts(pdf)[0].text).toBe("inside a form");
  });

  it("stops reading once past the call-back check's notice length, within a page and across pages", () => {
    const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `(${tag}${i} ) Tj`).join(" ");
    const b = new PdfBuilder();
    const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
    const dense = b.addFlateStream("", `BT /F1 12 Tf ${words(3000, "d")} ET`);
    b.addCatalog("", 2, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${dense} 0 R`);
    const pdf = b.build();
    const read = pageTexts(pdf);
    // the first page ends early, past CALLBACK_MAX_WORDS words; the second (as dense) is not read
    expect(read).toHaveLength(1);
    expect(read[0].partial).toBe(true);
    expect(wordCount(read[0].text)).toBeGreaterThan(CALLBACK_MAX_WORDS);
    expect(wordCount(read[0].text)).toBeLessThan(3000);
  });

  it("reads every page of a short document", () => {
    const pdf = withFont("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", "BT /F1 12 Tf (call us) Tj ET", 3);
    expect(pageTexts(pdf).map((p) => [p.text, p.partial])).toEqual([
      ["call us", false],
      ["call us", false],
      ["call us", false],
    ]);
  });

  it("reports the form XObjects and the ToUnicode map it leaves unread, not a document that fits", () => {
    const hitsOf = (pdf: Uint8Array, o: Partial<Limits>) => {
      const doc = readPdf(pdf, resolveLimits(o));
      collectPageTexts(doc, doc.limits);
      return [...doc.budgetHits];
    };
    const forms = withFont(
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "BT /F1 12 Tf (page) Tj ET",
      1,
      (b) => {
        const form = (text: string) =>
          b.addStream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", `BT /F1 12 Tf (${text}) Tj ET`);
        return `/XObject << /Fa ${form("one")} 0 R /Fb ${form("two")} 0 R >>`;
      },
    );
    expect(hitsOf(forms, { PAGE_TEXT_MAX_FORMS_PER_PAGE: 1 })).toEqual(["PAGE_TEXT_MAX_FORMS_PER_PAGE"]);
    expect(hitsOf(forms, { PAGE_TEXT_MAX_FORMS_PER_PAGE: 2 })).toEqual([]);
    const cmap = withFont(
      "<< /Type /Font /Subtype /Type0 /BaseFont /X /ToUnicode TOUNICODE >>",
      "BT /F1 12 Tf <0102> Tj ET",
    );
    expect(hitsOf(cmap, { PAGE_TEXT_MAX_CMAP_CHARS: 16 })).toEqual(["PAGE_TEXT_MAX_CMAP_CHARS"]);
    expect(hitsOf(cmap, {})).toEqual([]);
  });

  it("reads nothing of a document longer than PAGE_TEXT_MAX_PAGES", () => {
    expect(
      pageTexts(
        withFont(
          "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
          "BT /F1 12 Tf (x) Tj ET",
          DEFAULT_LIMITS.PAGE_TEXT_MAX_PAGES + 1,
        ),
      ),
    ).toEqual([]);
  });
});
