// Script streams no action reaches are read as scripts; content, PostScript, XML and action scripts are not.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, bytes } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "./document-facts";

const streamScripts = (pdf: Uint8Array) =>
  collectFacts(readPdf(pdf, DEFAULT_LIMITS), DEFAULT_LIMITS).scripts.filter((s) => s.origin === "stream");

describe("orphan script streams", () => {
  it("reads a script stream whose names tree was cut off by truncation", () => {
    const b = new PdfBuilder();
    const script = b.addStream("", "var a = 'ev' + 'al'; this[a](this.info.title);");
    b.addCatalog("/Names << /JavaScript 99 0 R >>");
    const scripts = streamScripts(b.build());
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ objectRef: `${script} 0 R`, automatic: false, origin: "stream" });
    expect(scripts[0].source).toContain("this[a]");
  });

  it("reads a Flate-compressed script stream kept aside with a comment first", () => {
    const b = new PdfBuilder();
    b.addFlateStream("", "// stage two\nfunction go() { app.alert(1); }\ngo();");
    b.addCatalog();
    expect(streamScripts(b.build())).toHaveLength(1);
  });

  it.each([
    ["a page content stream", (b: PdfBuilder) => b.addStream("", "q 1 0 0 1 72 720 cm BT /F1 12 Tf (x = 1;) Tj ET Q")],
    [
      "a content stream starting with BT",
      (b: PdfBuilder) => b.addStream("", "BT\n/F1 12 Tf\n72 720 Td\n(Hello; world) Tj\nET"),
    ],
    [
      "PostScript-like data",
      (b: PdfBuilder) =>
        b.addStream("", "g (xmlnode-nodename) ,\r; (y) ,\r/XMLNode :\r/Dictionary :\r; (attr) ,\r/Array :\r"),
    ],
    [
      "an XFA packet",
      (b: PdfBuilder) => b.addStream("", "<xdp:xdp><template><script>var a = 1;</script></template></xdp:xdp>"),
    ],
    [
      "a typed stream (an embedded file)",
      (b: PdfBuilder) => b.addStream("/Type /EmbeddedFile", "var a = 1; app.alert(a);"),
    ],
    ["binary data", (b: PdfBuilder) => b.addStream("", bytes("var\x00\x01\x02 = 1;"))],
  ])("leaves %s alone", (_name, add) => {
    const b = new PdfBuilder();
    add(b);
    b.addCatalog();
    expect(streamScripts(b.build())).toEqual([]);
  });

  it.each([
    ["one stream", (one: number) => `/Contents ${one} 0 R`],
    ["an array of streams", (one: number) => `/Contents [${one} 0 R]`],
  ])("does not look into a page's content streams (the page draws them): %s", (_name, contents) => {
    const script = "var a = 1; app.alert(a);";
    // the same text in a stream no page draws is read as a script
    const loose = new PdfBuilder();
    loose.addStream("", script);
    loose.addCatalog();
    expect(streamScripts(loose.build())).toHaveLength(1);
    const drawn = new PdfBuilder();
    drawn.addCatalog("", 1, contents(drawn.addStream("", script)));
    expect(streamScripts(drawn.build())).toEqual([]);
  });

  it("does not read an action's own script stream twice", () => {
    const b = new PdfBuilder();
    const js = b.addStream("", "var a = 1; app.alert(a);");
    b.addCatalog(`/OpenAction << /S /JavaScript /JS ${js} 0 R >>`);
    const facts = collectFacts(readPdf(b.build(), DEFAULT_LIMITS), DEFAULT_LIMITS);
    expect(facts.scripts.map((s) => s.origin)).toEqual(["action"]);
  });
});
