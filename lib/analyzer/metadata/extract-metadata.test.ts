import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";
import { Metadata } from "../report";
import { extractMetadata } from "./extract-metadata";
import { extractXmp } from "./extract-xmp";
import { parsePdfDate } from "./parse-pdf-date";
import { decodePdfDocText } from "./pdf-doc-encoding";

const XMP = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
 <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="Skia/PDF m120" pdf:Keywords="q3, finance">
 </rdf:Description>
 <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
  <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Invoice &amp; receipt</rdf:li><rdf:li xml:lang="de">Rechnung</rdf:li></rdf:Alt></dc:title>
  <dc:creator><rdf:Seq><rdf:li>Alice</rdf:li><rdf:li>Bob</rdf:li></rdf:Seq></dc:creator>
  <xmp:CreatorTool>Microsoft® Word 2019</xmp:CreatorTool>
  <xmp:CreateDate>2023-04-05T06:07:08+02:00</xmp:CreateDate>
  <xmp:ModifyDate>2023-04-06T00:00:00Z</xmp:ModifyDate>
 </rdf:Description>
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

function documentWithMetadata(
  info: string | null,
  xmp: string | null,
  opts: { flate?: boolean; version?: string; catalog?: string } = {},
) {
  const b = new PdfBuilder();
  let catalog = opts.catalog ?? "";
  if (xmp !== null) {
    const data = Buffer.from(xmp, "utf8");
    const n = opts.flate
      ? b.addFlateStream("/Type /Metadata /Subtype /XML", data)
      : b.addStream("/Type /Metadata /Subtype /XML", data);
    catalog += ` /Metadata ${n} 0 R`;
  }
  b.addCatalog(catalog, 3);
  if (info !== null) b.info = b.add(info);
  return readPdf(b.build({ header: opts.version }), DEFAULT_LIMITS);
}

describe("parsePdfDate", () => {
  it.each([
    ["D:20240102030405+01'00'", "2024-01-02T03:04:05+01:00"],
    ["D:20240102030405-08'30", "2024-01-02T03:04:05-08:30"],
    ["D:20240102030405Z00'00'", "2024-01-02T03:04:05Z"],
    ["D:20240102030405Z", "2024-01-02T03:04:05Z"],
    ["D:20240102030405", "2024-01-02T03:04:05Z"],
    ["D:2024", "2024-01-01T00:00:00Z"],
    ["D:202402", "2024-02-01T00:00:00Z"],
    ["20240229", "2024-02-29T00:00:00Z"],
    ["D:20240102030405+00'00'", "2024-01-02T03:04:05Z"],
    ["2023-04-05T06:07:08+02:00", "2023-04-05T06:07:08+02:00"],
    ["2023-04-05T06:07:08.123Z", "2023-04-05T06:07:08Z"],
    ["2023-04-05", "2023-04-05T00:00:00Z"],
  ])("%s -> %s", (input, expected) => {
    expect(parsePdfDate(input)).toBe(expected);
  });

  it.each(["D:20231301", "D:20230230", "D:20230101250000", "yesterday", "", "D:", "D:20230101120000+25'00'"])(
    "rejects %j",
    (input) => {
      expect(parsePdfDate(input)).toBeNull();
    },
  );
});

describe("decodePdfDocText", () => {
  it("maps PDFDocEncoding's typographic range and honours BOMs", () => {
    expect(decodePdfDocText(Uint8Array.from([0x84, 0x20, 0x92, 0x20, 0xa0, 0x20, 0xe9]))).toBe("— ™ € é");
    expect(decodePdfDocText(Uint8Array.from([0xfe, 0xff, 0x04, 0x1f, 0x04, 0x40]))).toBe("Пр");
    expect(decodePdfDocText(Uint8Array.from([0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac]))).toBe("€");
  });
});

describe("extractXmp", () => {
  it("reads attribute and element properties, Alt (first item) and Seq (all items)", () => {
    expect(extractXmp(XMP)).toEqual({
      "dc:title": "Invoice & receipt",
      "dc:creator": "Alice; Bob",
      "xmp:CreatorTool": "Microsoft® Word 2019",
      "xmp:CreateDate": "2023-04-05T06:07:08+02:00",
      "xmp:ModifyDate": "2023-04-06T00:00:00Z",
      "pdf:Producer": "Skia/PDF m120",
      "pdf:Keywords": "q3, finance",
    });
  });

  it("tolerates truncated and tag-soup packets", () => {
    expect(extractXmp("<xmp:CreatorTool>Writer</xmp:CreatorTool><dc:title><rdf:Alt><rdf:li>cut")).toEqual({
      "xmp:CreatorTool": "Writer",
    });
    expect(extractXmp("not xml at all")).toEqual({});
    expect(extractXmp(`<x pdf:Producer='a &#x41;&#66; &lt;b&gt;'/>`)).toEqual({ "pdf:Producer": "a AB <b>" });
  });
});

describe("extractMetadata", () => {
  it("reads the Info dictionary: text strings (PDFDocEncoding, UTF-16BE) and dates as RFC 3339", () => {
    const info = `<< /Title (Quarterly \\204 report) /Author ${hexString("\xfe\xff\x04\x10\x04\x3d\x04\x3d\x04\x30")} /Subject (Q3) /Keywords (a, b)
      /Creator (Writer) /Producer (LibreOffice 7.6) /CreationDate (D:20240102030405+01'00') /ModDate (not a date) >>`;
    const doc = documentWithMetadata(info, null, { version: "%PDF-1.4" });
    const m = extractMetadata(doc, 3);
    expect(() => Metadata.parse(m)).not.toThrow();
    expect(m).toEqual({
      title: "Quarterly — report",
      author: "Анна",
      subject: "Q3",
      keywords: "a, b",
      creator: "Writer",
      producer: "LibreOffice 7.6",
      creation_date: "2024-01-02T03:04:05+01:00",
      modification_date: "not a date",
      pdf_version: "1.4",
      page_count: 3,
      xmp: {},
    });
  });

  it("reads the XMP stream (Flate-encoded too) and fills what Info lacks", () => {
    const doc = documentWithMetadata("<< /Producer (Info producer) >>", XMP, { flate: true });
    const m = extractMetadata(doc, null);
    expect(m.producer).toBe("Info producer");
    expect(m.title).toBe("Invoice & receipt");
    expect(m.author).toBe("Alice; Bob");
    expect(m.creator).toBe("Microsoft® Word 2019");
    expect(m.keywords).toBe("q3, finance");
    expect(m.creation_date).toBe("2023-04-05T06:07:08+02:00");
    expect(m.modification_date).toBe("2023-04-06T00:00:00Z");
    expect(m.xmp["pdf:Producer"]).toBe("Skia/PDF m120");
    expect(m.page_count).toBeNull();
  });

  it("reports the catalog /Version when it raises the header's", () => {
    expect(
      extractMetadata(documentWithMetadata(null, null, { version: "%PDF-1.4", catalog: "/Version /1.7" }), 3)
        .pdf_version,
    ).toBe("1.7");
    expect(
      extractMetadata(documentWithMetadata(null, null, { version: "%PDF-1.7", catalog: "/Version /1.4" }), 3)
        .pdf_version,
    ).toBe("1.7");
  });

  it("gives nulls for a document without metadata, and for a broken file", () => {
    const m = extractMetadata(documentWithMetadata(null, null), 3);
    expect(m).toMatchObject({
      title: null,
      author: null,
      producer: null,
      creation_date: null,
      xmp: {},
      pdf_version: "1.7",
    });
    const junk = extractMetadata(readPdf(new TextEncoder().encode("garbage"), DEFAULT_LIMITS), null);
    expect(() => Metadata.parse(junk)).not.toThrow();
    expect(junk.pdf_version).toBeNull();
  });

  it("truncates an Info value holding a payload", () => {
    const m = extractMetadata(documentWithMetadata(`<< /Title (${"A".repeat(5000)}) >>`, null), 3);
    expect(m.title!.length).toBeLessThanOrEqual(1025);
  });
});
