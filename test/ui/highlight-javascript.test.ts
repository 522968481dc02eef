// The script viewer's highlighted HTML: hostile script text stays text (escaped), the only markup is
// highlight.js's own spans.
import { describe, expect, it } from "vitest";
import { HIGHLIGHT_MAX_CHARS, highlightJavaScript, lineCount } from "../../app/_lib/highlight-javascript";
import { HOSTILE_MARKUP, HOSTILE_URL } from "../fixtures/sample-pdfs";

/** the text a browser would show for the HTML (tags dropped, the five entities decoded) */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("highlightJavaScript", () => {
  const hostile = [
    `// ${HOSTILE_MARKUP}`,
    `var a = "${HOSTILE_MARKUP}", b = '${HOSTILE_URL}';`,
    `/* <svg onload=alert(1)> */ x = 1 < 2 && 3 > 2; // &amp; &lt;script&gt;`,
    'var t = `<iframe src="javascript:alert(1)">${1}`;',
    HOSTILE_URL,
  ].join("\n");

  it("creates no element but highlight.js spans", () => {
    const html = highlightJavaScript(hostile)!;
    const tags = html.match(/<[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toMatch(/^<(span class="hljs-[\w -]+"|\/span)>$/);
    expect(html).not.toMatch(/<(img|script|svg|iframe)/i);
  });

  it("shows the text exactly as written", () => {
    expect(textOf(highlightJavaScript(hostile)!)).toBe(hostile);
  });

  it("leaves very large scripts to plain text", () => {
    expect(highlightJavaScript("x".repeat(HIGHLIGHT_MAX_CHARS + 1))).toBeNull();
  });
});

describe("lineCount", () => {
  it.each([
    ["", 1],
    ["a", 1],
    ["a\n", 1],
    ["a\nb", 2],
    ["a\n\nb\n", 3],
  ])("%j has %i line(s)", (code, n) => expect(lineCount(code)).toBe(n));
});
