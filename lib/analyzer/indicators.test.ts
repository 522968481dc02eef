// Indicator extraction over whole documents built in code: where each kind of source is read, and the
// precision fixes for values that used to reach STIX exports wrongly (versions as IPs, cut-off URLs).
import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { analyzeFast } from "./analyze";

const iocsOf = (pdf: Uint8Array) => analyzeFast(pdf, { fileName: "x.pdf" }).iocs;

function pageWithContent(content: string, extra: (b: PdfBuilder) => string = () => ""): Uint8Array {
  const b = new PdfBuilder();
  const stream = b.addFlateStream("", content);
  b.addCatalog("", 1, `/Contents ${stream} 0 R ${extra(b)}`);
  return b.build();
}

describe("collectIndicators: page text", () => {
  it("reads a URL split across the strings of a TJ array whole", () => {
    const iocs = iocsOf(pageWithContent("BT /F1 12 Tf 72 700 Td [(http://exa) -20 (mple.com/path)] TJ ET"));
    expect(iocs.urls).toEqual(["http://example.com/path"]);
  });

  it("reads a URL split across consecutive Tj of one text object whole", () => {
    const iocs = iocsOf(
      pageWithContent("BT /F1 12 Tf 72 700 Td (see https://evil.) Tj (example.net/a) Tj ( today) Tj ET"),
    );
    expect(iocs.urls).toEqual(["https://evil.example.net/a"]);
  });

  it("reads a string in a symbol font as a word break: TeX's brace (cmsy's 'g') does not join an address", () => {
    // the author line of pdf.js's tracemonkey paper: {gal,...,jruderman}@mozilla.com, the braces in CMSY10
    const fonts = (b: PdfBuilder) => {
      const roman = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /PKZUVD+CMTT10 >>");
      const symbols = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /KWPQXE+CMSY10 >>");
      return `/Resources << /Font << /F1 ${roman} 0 R /F2 ${symbols} 0 R >> >>`;
    };
    const content = "BT /F2 10 Tf (f) Tj /F1 10 Tf (gal,jruderman) Tj /F2 10 Tf (g) Tj /F1 10 Tf (@mozilla.com) Tj ET";
    expect(iocsOf(pageWithContent(content, fonts)).emails).toEqual([]);
    // the same bytes in a text font are an address
    expect(iocsOf(pageWithContent(content.replaceAll("/F2", "/F1"), fonts)).emails).toEqual(["jrudermang@mozilla.com"]);
  });

  it("joins a URL that a line break cut after a hyphen in its path, as typesetters break them", () => {
    const iocs = iocsOf(
      pageWithContent(
        "BT /F1 9 Tf 72 700 Td ([1] LuaJIT roadmap 2008 - http://lua-users.org/lists/lua-l/2008-) Tj 0 -11 Td (02/msg00051.html.) Tj ET",
      ),
    );
    expect(iocs.urls).toEqual(["http://lua-users.org/lists/lua-l/2008-02/msg00051.html"]);
    // a break in the host is not joined (here nothing is left: "lua-" is no host)
    expect(
      iocsOf(pageWithContent("BT /F1 9 Tf 72 700 Td (see http://lua-) Tj 0 -11 Td (users.org/x) Tj ET")).urls,
    ).toEqual([]);
  });

  it("does not glue the lines of a page into one URL", () => {
    const iocs = iocsOf(pageWithContent("BT /F1 12 Tf 72 700 Td (http://example.com/a) Tj 0 -14 Td (next line) Tj ET"));
    expect(iocs.urls).toEqual(["http://example.com/a"]);
  });
});

describe("collectIndicators: versions are no IPs", () => {
  it("takes no IP from the Producer and Creator of the Info dictionary", () => {
    const b = new PdfBuilder();
    b.addCatalog("", 1);
    b.info = b.add(
      "<< /Producer (LuraDocument PDF Compressor Server 5.5.46.38) /Creator (RAD PDF 2.38.3.1 - http://www.radpdf.com) /Title (9.1.0.163) >>",
    );
    const iocs = iocsOf(b.build());
    expect(iocs.ips).toEqual([]);
    expect(iocs.urls).toEqual(["http://www.radpdf.com/"]);
  });

  it("takes no IP from XMP producer and creator-tool elements", () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description><pdf:Producer>9.1.0.163</pdf:Producer><xmp:CreatorTool>LuraDocument PDF Compressor Server 5.5.46.38</xmp:CreatorTool></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const b = new PdfBuilder();
    const meta = b.addStream("/Type /Metadata /Subtype /XML", xmp);
    b.addCatalog(`/Metadata ${meta} 0 R`, 1);
    expect(iocsOf(b.build()).ips).toEqual([]);
  });

  it("still takes an address a page names as one", () => {
    expect(iocsOf(pageWithContent("BT (Server 203.0.113.9 is down) Tj ET")).ips).toEqual(["203.0.113.9"]);
  });
});

describe("collectIndicators: action targets and signatures", () => {
  it("keeps a /URI value whole, path and query included", () => {
    const url = "https://files.example.com/get(1)?name=Invoice 2024.zip&x={a}";
    const pdf = pageWithContent(
      "BT (x) Tj ET",
      (b) =>
        `/Annots [${b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${url.replace(/[()]/g, "\\$&")}) >> >>`)} 0 R]`,
    );
    expect(iocsOf(pdf).urls).toEqual(["https://files.example.com/get(1)?name=Invoice%202024.zip&x={a}"]);
  });

  it("reads a signature's text entries but not the CA addresses in its PKCS #7 blob", () => {
    const der = Buffer.from("0\x82\x01http://crl.ca.example/root.crl0\x1fhttps://ca.example/cps.html0").toString("hex");
    const b = new PdfBuilder();
    const sig = b.add(
      `<< /Type /Sig /Filter /Adobe.PPKLite /ByteRange [0 10 20 30] /Contents <${der}> /ContactInfo (signer@example.org) >>`,
    );
    b.addCatalog(`/AcroForm << /Fields [${b.add(`<< /FT /Sig /T (sig) /V ${sig} 0 R >>`)} 0 R] >>`, 1);
    const iocs = iocsOf(b.build());
    expect(iocs.urls).toEqual([]);
    expect(iocs.emails).toEqual(["signer@example.org"]);
  });
});
