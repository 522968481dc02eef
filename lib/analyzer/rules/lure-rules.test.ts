// The deep-stage lure rules and the parser differential on PDFs built in code, read by our reader
// and rendered by pdf.js for real (no mocked render facts except where pdf.js cannot be made to fail).
import { describe, expect, it } from "vitest";
import { deepFacts } from "../../engines/render/testing/deep-facts";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import type { DocumentFacts } from "../facts/document-facts";
import { MITIGATIONS } from "../mitigations";
import type { RenderFacts } from "../pages/render-facts";
import { buildLurePdf, pdfString, prose, type LureDocument } from "../pages/testing/lure-pdf";
import { lureFakeProtectedDocument } from "./lure-fake-protected-document";
import { lureHostedLink } from "./lure-hosted-link";
import { lureImageDownloadLink } from "./lure-image-download-link";
import { lureLinkDominantPage } from "./lure-link-dominant-page";
import { lureQrCode, lureQrCodeSuspiciousUrl } from "./lure-qr-code";
import { parserDifferential } from "./parser-differential";
import { RULE_CATEGORIES, type Rule } from "./rule";
import { defaultBudget } from "../../limits";

const RULES = [
  lureQrCode,
  lureQrCodeSuspiciousUrl,
  lureFakeProtectedDocument,
  lureLinkDominantPage,
  lureImageDownloadLink,
  lureHostedLink,
  parserDifferential,
];
const LIVE_LINK = /\b(https?|ftp):\/\/[^\s[]+\.[a-z]/i;
const PAGE = [0, 0, 612, 792] as [number, number, number, number];

async function firing(
  spec: LureDocument | Uint8Array,
): Promise<{ ids: string[]; facts: DocumentFacts; hits: Map<string, NonNullable<ReturnType<Rule["check"]>>> }> {
  const facts = await deepFacts(spec instanceof Uint8Array ? spec : buildLurePdf(spec));
  const hits = new Map<string, NonNullable<ReturnType<Rule["check"]>>>();
  for (const r of RULES) {
    const hit = r.check(facts, defaultBudget());
    if (hit) {
      for (const e of hit.evidence) expect(e.excerpt ?? "", r.id).not.toMatch(LIVE_LINK);
      expect(hit.detail ?? "", r.id).not.toMatch(LIVE_LINK);
      hits.set(r.id, hit);
    }
  }
  return { ids: [...hits.keys()].sort(), facts, hits };
}

/** the rules that also read a page's wording and links from its content streams, so the fast stage runs them too */
const CONTENT_READERS = new Set([lureFakeProtectedDocument.id, lureHostedLink.id]);

describe("lure rules: declarations", () => {
  it.each(RULES.map((r) => [r.id, r] as const))("%s has its stage and valid metadata", (id, rule) => {
    expect(rule.stage).toBe(CONTENT_READERS.has(id) ? "fast" : "advanced");
    expect(RULE_CATEGORIES).toContain(rule.category);
    expect(rule.mitigations.length).toBeGreaterThan(0);
    for (const m of rule.mitigations) expect(Object.keys(MITIGATIONS)).toContain(m);
    for (const t of rule.attack) expect(t).toMatch(/^T\d{4}(\.\d{3})?$/);
    expect(rule.weight).toBeGreaterThan(0);
    expect(rule.weight).toBeLessThanOrEqual(100);
  });

  it("without render facts (the fast stage) only the content readers fire, from the content streams", async () => {
    const facts = await deepFacts(
      buildLurePdf({
        pages: [
          {
            lines: ["Protected document", "Click here to view"],
            links: [{ url: "https://bit.ly/x", rect: PAGE }],
            qr: { text: "https://bit.ly/y" },
          },
        ],
      }),
    );
    const rendered = new Map(RULES.map((r) => [r.id, r.check(facts, defaultBudget())]));
    delete facts.render;
    const fast = RULES.filter((r) => r.check(facts, defaultBudget()));
    expect(fast.map((r) => r.id).sort()).toEqual([...CONTENT_READERS].sort());
    // what the content streams show, the fast stage finds: the rendering's hit is no advanced-stage finding then
    for (const id of CONTENT_READERS) expect(rendered.get(id)?.stage, id).toBeUndefined();
  });

  it("a lure whose text only the rendering shows is the advanced stage's finding", async () => {
    // the notice is drawn by a form inside a form: pdf.js reads it, the fast stage's page text does not
    const facts = await deepFacts(
      buildLurePdf({
        pages: [
          {
            lines: ["Protected document", "Click here to view"],
            links: [{ url: "https://bit.ly/x", rect: PAGE }],
            nested: true,
          },
        ],
      }),
    );
    expect(facts.pageTexts[0].text).toBe("");
    expect(lureFakeProtectedDocument.check(facts, defaultBudget())?.stage).toBe("advanced");
    // a page without readable words whose link covers it is a lure's layout to both readers
    expect(lureHostedLink.check(facts, defaultBudget())?.stage).toBeUndefined();
  });
});

describe("lure-qr-code / lure-qr-code-suspicious-url", () => {
  it("fires on a one-page memo around a QR code to a web page", async () => {
    const { ids, hits } = await firing({
      pages: [
        {
          lines: ["HR policy update 2025", "Scan the QR code to review and sign the new policy"],
          qr: { text: "https://hr-portal.example/policy" },
        },
      ],
    });
    expect(ids).toContain("lure-qr-code");
    expect(ids).not.toContain("lure-qr-code-suspicious-url");
    expect(hits.get("lure-qr-code")!.confidence).toBe("high");
    expect(hits.get("lure-qr-code")!.evidence[0].excerpt).toContain("hxxps[://]hr-portal[.]example/policy");
  });

  it.each([
    ["a URL shortener", "https://bit.ly/3abcDEF", "URL shortener"],
    ["an IP-literal host", "http://185.220.101.7/o365/login.php", "IP-literal host"],
    ["a punycode look-alike host", "https://xn--pypal-4ve.com/signin", "punycode look-alike host"],
    ["a javascript: URI", "javascript:app.launchURL('x')", "javascript: URI"],
    ["a look-alike brand", "https://paypa1-account.example/verify", "look-alike spelling of paypal"],
    [
      "an open redirect of Bing",
      "https://www.bing.com/ck/a?!&&p=1&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1",
      "open redirector www.bing.com",
    ],
    [
      "an open redirect to an IP-literal host",
      "https://www.google.com/url?q=http://185.220.101.7/o365/login.php",
      "IP-literal host",
    ],
  ])("flags a QR code leading to %s", async (_name, url, flag) => {
    const { ids, hits } = await firing({ pages: [{ lines: ["Scan me"], qr: { text: url } }] });
    expect(ids).toEqual(expect.arrayContaining(["lure-qr-code", "lure-qr-code-suspicious-url"]));
    expect(hits.get("lure-qr-code-suspicious-url")!.detail).toContain(flag);
  });

  it("does not fire on a text-heavy ticket, a long brochure, or a QR code that is not a web address", async () => {
    expect(
      (
        await firing({
          pages: [
            { lines: prose(12), fontSize: 10, qr: { text: "https://tickets.example/e/123", size: 90, x: 480, y: 40 } },
          ],
        })
      ).ids,
    ).toEqual([]);
    const brochure = Array.from({ length: 8 }, (_, i) => ({
      lines: [`Chapter ${i + 1}`],
      qr: i === 0 ? { text: "https://bit.ly/brochure" } : undefined,
    }));
    expect((await firing({ pages: brochure })).ids.filter((id) => id.startsWith("lure-qr"))).toEqual([]);
    expect(
      (await firing({ pages: [{ lines: ["Guest Wi-Fi"], qr: { text: "WIFI:S:guest;T:WPA;P:welcome1;;" } }] })).ids,
    ).toEqual([]);
  });
});

describe("lure-fake-protected-document", () => {
  it("fires on a one-page 'protected document - click to view' with a page-sized link", async () => {
    const { ids, hits } = await firing({
      pages: [
        {
          lines: [
            "PROTECTED DOCUMENT",
            "This file is protected by Microsoft Office 365.",
            "Click here to view the document",
          ],
          links: [{ url: "https://login-office365.example/auth", rect: PAGE }],
        },
      ],
    });
    expect(ids).toEqual(expect.arrayContaining(["lure-fake-protected-document", "lure-link-dominant-page"]));
    expect(hits.get("lure-fake-protected-document")!.detail).toContain("protected/secure document");
  });

  it("fires with a QR code as the way out, and on French wording", async () => {
    expect(
      (
        await firing({
          pages: [
            {
              lines: ["You have received a secure message", "Scan the QR code to view it"],
              qr: { text: "https://secure-msg.example/m/1" },
            },
          ],
        })
      ).ids,
    ).toContain("lure-fake-protected-document");
    expect(
      (
        await firing({
          pages: [
            {
              lines: ["Document sécurisé", "Cliquez ici pour consulter le document"],
              links: [{ url: "https://partage.example/d", rect: [72, 600, 300, 640] }],
            },
          ],
        })
      ).ids,
    ).toContain("lure-fake-protected-document");
  });

  // issue 18: government tax forms taken for lures. A dynamic XFA form's stand-in page (what a viewer
  // without XFA shows) says the document cannot be displayed and links to Adobe's Reader download; a
  // state form's "click here to view the instructions" links to the agency
  it.each<[string, string[], string]>([
    [
      "an XFA form's stand-in page linking to Adobe Reader",
      [
        "Please wait...",
        "This document cannot be displayed in your PDF viewer.",
        "Click here to download the latest Adobe Reader",
      ],
      "https://get.adobe.com/reader/",
    ],
    [
      "an XFA form's stand-in page linking to an Adobe /go/ link",
      ["This PDF document cannot be displayed in your browser.", "Click here to download Adobe Reader"],
      "http://www.adobe.com/go/reader_download",
    ],
    [
      "a state tax form linking to its agency",
      ["Form M1 Individual Income Tax", "Click here to view the instructions"],
      "https://www.revenue.state.mn.us/sites/default/files/m1-inst.pdf",
    ],
    [
      "a federal form linking to irs.gov",
      ["Verify your identity before you file.", "Click here to view the instructions"],
      "https://www.irs.gov/identity-theft-central",
    ],
  ])("does not fire on %s", async (_name, lines, url) => {
    const setup = (b: PdfBuilder) => ({
      catalog: `/AcroForm << /Fields [] /XFA ${b.addStream("", '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>')} 0 R >>`,
    });
    const { ids } = await firing({ pages: [{ lines, links: [{ url, rect: [72, 600, 400, 640] }] }], setup });
    expect(ids).not.toContain("lure-fake-protected-document");
  });

  // the notices of 2022-2026 mailbox lures that announce a voicemail, a fax or another document, in
  // the languages of the big invoice and boleto campaigns
  it.each<[string, string[]]>([
    ["a voicemail notice", ["You have a new voice message", "Duration: 0:42", "Play voice message"]],
    ["a document-ready notice", ["Accounts Payable", "Your remittance advice is now available to view"]],
    ["a purchase-order lure", ["View Purchase Order", "To view or download the document, CLICK HERE"]],
    ["a Portuguese boleto notice", ["Boleto bancário", "Seu boleto já está disponível", "Clique aqui para visualizar"]],
    ["an Italian invoice notice", ["Fattura n. 2025/118", "Clicca qui per visualizzare il documento"]],
  ])("fires on %s with a link", async (_name, lines) => {
    const { ids } = await firing({
      pages: [{ lines, links: [{ url: "https://portal-docs-view.example/v/118", rect: [200, 380, 412, 420] }] }],
    });
    expect(ids).toContain("lure-fake-protected-document");
  });

  // the malware-delivery lure: one phrase ("download the invoice") and a link that fetches an archive
  it("fires on one weak phrase when the link downloads an archive, not when it opens a page", async () => {
    const lines = ["Invoice INV-20931", "Amount due: $4,210.00", "Download invoice (PDF, 245 KB)"];
    const link = (url: string) => ({ pages: [{ lines, links: [{ url, rect: [200, 380, 412, 420] as typeof PAGE }] }] });
    const zip = await firing(link("https://invoice-files.example/download/INV-20931.zip"));
    expect(zip.ids).toContain("lure-fake-protected-document");
    expect(zip.hits.get("lure-fake-protected-document")?.detail).toContain("downloads a file (archive)");
    expect((await firing(link("https://invoice-files.example/d?file=INV-20931.iso"))).ids).toContain(
      "lure-fake-protected-document",
    );
    expect((await firing(link("https://invoice-files.example/download/INV-20931.pdf"))).ids).not.toContain(
      "lure-fake-protected-document",
    );
    // a guide whose archive link is one of several ways out
    const guide = await firing({
      pages: [
        {
          lines: ["Quick start", "Download the file and unpack it."],
          links: [
            { url: "https://tools.example/releases/tool-4.2.zip", rect: [72, 600, 300, 620] },
            { url: "https://tools.example/docs", rect: [72, 560, 300, 580] },
          ],
        },
      ],
    });
    expect(guide.ids).not.toContain("lure-fake-protected-document");
    // a release note's archive link without lure wording
    const note = { lines: ["Release 4.2", "Changes: faster import, new themes"] };
    const archive = { url: "https://tools.example/releases/tool-4.2.zip", rect: [72, 600, 300, 620] as typeof PAGE };
    expect((await firing({ pages: [{ ...note, links: [archive] }] })).ids).not.toContain(
      "lure-fake-protected-document",
    );
  });

  it("still fires when the same stand-in wording links anywhere else", async () => {
    const { ids } = await firing({
      pages: [
        {
          lines: ["This document cannot be displayed in your PDF viewer.", "Click here to view it online"],
          links: [{ url: "https://adobe-reader-online.example/view", rect: [72, 600, 400, 640] }],
        },
      ],
    });
    expect(ids).toContain("lure-fake-protected-document");
  });

  it("does not fire on the wording alone, nor on a long document", async () => {
    expect((await firing({ pages: [{ lines: ["Protected document", "Click here to view"] }] })).ids).toEqual([]);
    const manual = Array.from({ length: 6 }, () => ({
      lines: ["Click here to view the document history", ...prose(10)],
      links: [{ url: "https://docs.example/history", rect: [72, 700, 300, 714] as [number, number, number, number] }],
    }));
    expect((await firing({ pages: manual })).ids).toEqual([]);
  });
});

describe("lure-link-dominant-page", () => {
  it("fires on a page that is a 'View PDF' button", async () => {
    const { ids, hits } = await firing({
      pages: [{ lines: ["View PDF"], links: [{ url: "https://files.example/d/8812", rect: [200, 400, 412, 440] }] }],
    });
    expect(ids).toEqual(["lure-link-dominant-page"]);
    expect(hits.get("lure-link-dominant-page")!.confidence).toBe("medium");
  });

  it("fires on a button page that comes first, or after pages with little text", async () => {
    const button = {
      lines: ["View PDF"],
      links: [{ url: "https://files.example/d/8812", rect: [200, 400, 412, 440] as [number, number, number, number] }],
    };
    expect((await firing({ pages: [button, { lines: prose(16) }] })).ids).toEqual(["lure-link-dominant-page"]);
    expect((await firing({ pages: [{ lines: ["Scanned by the office copier"] }, button] })).ids).toEqual([
      "lure-link-dominant-page",
    ]);
  });

  it("fires with high confidence on an image page under a large link", async () => {
    const { hits } = await firing({
      pages: [
        {
          qr: { text: "decoy picture", size: 500, x: 56, y: 150 },
          links: [{ url: "https://files.example/d/1", rect: PAGE }],
        },
      ],
    });
    expect(hits.get("lure-link-dominant-page")!.confidence).toBe("high");
  });

  it("does not fire on a normal multi-page report with links, or a one-page letter with a footer link", async () => {
    const report = Array.from({ length: 4 }, (_, i) => ({
      lines: [`Section ${i + 1}`, ...prose(14)],
      links: [{ url: `https://docs.example/ref/${i}`, rect: [72, 60, 260, 74] as [number, number, number, number] }],
    }));
    expect((await firing({ pages: report })).ids).toEqual([]);
    expect(
      (
        await firing({
          pages: [
            {
              lines: ["Dear customer,", ...prose(10)],
              links: [{ url: "https://www.example.com/", rect: [72, 60, 200, 74] }],
            },
          ],
        })
      ).ids,
    ).toEqual([]);
    // one sentence with a text-line link (corpus: libre-office-link.pdf), a generator's footer page (Pdfcrowd)
    expect(
      (
        await firing({
          pages: [
            {
              lines: ["This is a link to an awesome blog."],
              links: [{ url: "https://blog.example/", rect: [92, 771, 218, 785] }],
            },
          ],
        })
      ).ids,
    ).toEqual([]);
    const footer = {
      lines: ["Create PDF in your applications with the Pdfcrowd HTML to PDF API"],
      links: [
        { url: "https://pdfcrowd.example/doc/api/", rect: [304, 36, 400, 49] as [number, number, number, number] },
      ],
    };
    expect((await firing({ pages: [{ lines: prose(12) }, footer] })).ids).toEqual([]);
    // a printed web page: a page of prose, then a short last page with the site's logo linking home
    expect(
      (
        await firing({
          pages: [
            { lines: prose(16) },
            {
              lines: ["The Council of State Governments"],
              links: [{ url: "https://www.example.org", rect: [200, 400, 412, 480] }],
            },
          ],
        })
      ).ids,
    ).toEqual([]);
    // a table of contents: few words but many distinct targets
    const toc = {
      lines: ["Contents"],
      links: [1, 2, 3, 4].map((n) => ({
        url: `https://docs.example/${n}`,
        rect: [72, 700 - n * 20, 300, 714 - n * 20] as [number, number, number, number],
      })),
    };
    expect((await firing({ pages: [toc] })).ids).toEqual([]);
  });
});

/**
 * A one-page picture with one link over it. `inForm`: the image is painted inside a form XObject, so a
 * reading of the page's own content stream does not see it (rendering does).
 */
function picturePage(url: string, inForm: boolean): Uint8Array {
  const b = new PdfBuilder();
  const gray = new Uint8Array(64 * 64).fill(0x90);
  const img = b.addStream(
    "/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8",
    gray,
  );
  const paint = "q 560 0 0 740 26 26 cm /Im0 Do Q";
  const form = b.addStream(
    `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Im0 ${img} 0 R >> >>`,
    paint,
  );
  const content = b.addStream("", inForm ? "/Fm0 Do" : paint);
  const annot = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [150 300 460 420] /Border [0 0 0] /A << /S /URI /URI ${pdfString(url)} >> >>`,
  );
  const resources = inForm ? `/XObject << /Fm0 ${form} 0 R >>` : `/XObject << /Im0 ${img} 0 R >>`;
  b.addCatalog("", 1, `/Resources << ${resources} >> /Contents ${content} 0 R /Annots [${annot} 0 R]`);
  return b.build();
}

describe("lure-image-download-link", () => {
  it("fires on a rendered picture page whose one link fetches an archive from a file-sharing host", async () => {
    const { ids, hits } = await firing(
      picturePage("https://drive.google.com/uc?export=download&id=1x&name=Invoice.iso", true),
    );
    expect(ids).toContain("lure-image-download-link");
    expect(hits.get("lure-image-download-link")!.evidence[0].excerpt).toContain("disk-image");
  });

  it("leaves a page the structure already shows to the fast rule, and ignores documents and paid hosts", async () => {
    expect((await firing(picturePage("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", false))).ids).not.toContain(
      "lure-image-download-link",
    );
    expect((await firing(picturePage("https://www.dropbox.com/s/k3x9/Invoice.pdf?dl=1", true))).ids).not.toContain(
      "lure-image-download-link",
    );
    expect((await firing(picturePage("https://downloads.example.com/Invoice.zip", true))).ids).not.toContain(
      "lure-image-download-link",
    );
  });
});

describe("lure-hosted-link", () => {
  it.each<[string, LureDocument | Uint8Array, string]>([
    [
      "a 'View PDF' button to a shared OneDrive file",
      {
        pages: [
          {
            lines: ["View PDF"],
            links: [{ url: "https://onedrive.live.com/redir?resid=ABC!123", rect: [200, 400, 412, 440] }],
          },
        ],
      },
      "file-sharing",
    ],
    [
      "a page-sized link through Google's open redirect",
      {
        pages: [
          {
            lines: ["Invoice INV-0423", "Amount due: 1,240.00"],
            links: [{ url: "https://www.google.com/url?q=https://pay-invoice.example/a&sa=D", rect: PAGE }],
          },
        ],
      },
      "redirector",
    ],
    [
      "'shared a file with you' linking a Google Form",
      {
        pages: [
          {
            lines: ["Jane Doe shared a file with you", ...prose(4)],
            links: [{ url: "https://docs.google.com/forms/d/e/1FAIpQLSe/viewform", rect: [72, 500, 300, 520] }],
          },
        ],
      },
      "free-hosting",
    ],
    ["a picture inside a form XObject linking a shortener", picturePage("https://bit.ly/3abcDEF", true), "shortener"],
  ])("fires on %s", async (_name, spec, kind) => {
    const { ids, hits } = await firing(spec);
    expect(ids).toContain("lure-hosted-link");
    expect(hits.get("lure-hosted-link")!.detail).toContain(kind);
  });

  it.each<[string, LureDocument]>([
    [
      "a report page linking its data on Google Drive",
      {
        pages: [
          {
            lines: ["Survey results 2024", ...prose(12)],
            links: [{ url: "https://drive.google.com/drive/folders/1AbC", rect: [72, 120, 300, 134] }],
          },
        ],
      },
    ],
    [
      "a one-page letter with a footer shortener",
      {
        pages: [
          {
            lines: ["Dear customer,", ...prose(10)],
            links: [{ url: "https://bit.ly/3abcDEF", rect: [72, 60, 200, 74] }],
          },
        ],
      },
    ],
    [
      "a 'View PDF' button to an ordinary site",
      {
        pages: [{ lines: ["View PDF"], links: [{ url: "https://files.example/d/8812", rect: [200, 400, 412, 440] }] }],
      },
    ],
  ])("does not fire on %s", async (_name, spec) => {
    expect((await firing(spec)).ids).not.toContain("lure-hosted-link");
  });

  it("leaves a picture page the fast stage reads from its structure to phishing-image-hosted-link", async () => {
    expect((await firing(picturePage("https://drive.google.com/file/d/1AbC/view", false))).ids).not.toContain(
      "lure-hosted-link",
    );
  });
});

describe("parser-differential", () => {
  it("fires when the page tree's /Count hides pages from pdf.js", async () => {
    const b = new PdfBuilder();
    const pages = b.add("<< >>");
    const kids = [1, 2, 3].map(() => b.add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] >>`));
    b.add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count 1 >>`, { num: pages });
    b.root = b.add(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
    const { ids, hits } = await firing(b.build());
    expect(ids).toContain("parser-differential");
    expect(hits.get("parser-differential")!.evidence[0].excerpt).toBe("our reader: 3 page(s); pdf.js: 1 page(s)");
  });

  it.each([
    ["a wrong startxref", { brokenStartxref: true }],
    ["no xref at all", { xref: "none" as const }],
    ["junk before the header", { prefix: "x".repeat(600) }],
    ["junk after %%EOF", { suffix: "\x00".repeat(64) }],
    ["an xref stream", { xref: "stream" as const }],
  ])("does not fire on %s (both readers repair it the same way)", async (_name, opts) => {
    const b = new PdfBuilder();
    b.addCatalog("", 2);
    expect((await firing(b.build(opts))).ids).toEqual([]);
  });

  it("does not fire on a page listed twice in /Kids (both readers show it twice)", async () => {
    const b = new PdfBuilder();
    const pages = b.add("<< >>");
    const [p1, p2] = [1, 2].map(() => b.add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] >>`));
    b.add(`<< /Type /Pages /Kids [${p1} 0 R ${p2} 0 R ${p1} 0 R] /Count 3 >>`, { num: pages });
    b.root = b.add(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
    const { ids, facts } = await firing(b.build());
    expect(facts.render!.pdfjs.pageCount).toBe(3);
    expect(ids).toEqual([]);
  });

  it("does not fire on a cyclic page tree neither reader can use", async () => {
    const b = new PdfBuilder();
    const pages = b.add("<< >>");
    b.add(`<< /Type /Pages /Kids [${pages} 0 R] /Count 1 >>`, { num: pages });
    b.root = b.add(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
    expect((await firing(b.build())).ids).toEqual([]);
  });

  it("does not fire when neither reader can open the file, or rendering timed out", async () => {
    expect((await firing(new TextEncoder().encode("not a pdf"))).ids).toEqual([]);
    const { facts } = await firing(buildLurePdf({ pages: [{ lines: ["x"] }] }));
    facts.render = {
      ...facts.render!,
      timedOut: true,
      pdfjs: { pageCount: null, hasCatalog: false, error: "timeout" },
    };
    expect(parserDifferential.check(facts, defaultBudget())).toBeNull();
  });

  it("fires when pdf.js cannot open a file our reader parses, unless both lack the password", async () => {
    const { facts } = await firing(buildLurePdf({ pages: [{ lines: ["x"] }] }));
    const failed: RenderFacts = {
      ...facts.render!,
      pagesRendered: 0,
      pages: [],
      pageCount: null,
      error: "InvalidPDFException: Invalid PDF structure.",
      pdfjs: { pageCount: null, hasCatalog: false, error: "InvalidPDFException: Invalid PDF structure." },
    };
    expect(parserDifferential.check({ ...facts, render: failed }, defaultBudget())?.detail).toBe(
      "pdf.js cannot open a document our reader parses.",
    );
    const locked = { ...failed, pdfjs: { ...failed.pdfjs, passwordRequired: true } };
    expect(
      parserDifferential.check(
        { ...facts, security: { ...facts.security, state: "password-required" }, render: locked },
        defaultBudget(),
      ),
    ).toBeNull();
    // only the attachments need it (/EFF): our reader reads the rest, pdf.js asks for the password anyway
    const attachmentsOnly = {
      ...facts.security,
      encrypted: true,
      state: "password-required" as const,
      methods: { strings: "none", streams: "none", files: "aes256" } as const,
    };
    expect(
      parserDifferential.check({ ...facts, security: attachmentsOnly, render: locked }, defaultBudget()),
    ).toBeNull();
  });
});
