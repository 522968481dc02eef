// The fast-stage link rules on PDFs built in code: what each URL class makes of a link, and the
// picture-page download lure established from structure alone.
import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";

const LINK_RULES = [
  "suspicious-link",
  "phishing-url-pattern",
  "phishing-image-download-link",
  "phishing-image-login-link",
  "phishing-image-hosted-link",
];

/** A page with `content` and one link of `rect` to `url`, in a document of `pages` pages. */
function pageWithLink(
  url: string,
  opts: { content?: string; image?: boolean; rect?: string; pages?: number; moreLinks?: string[] } = {},
) {
  const b = new PdfBuilder();
  const img = b.addStream(
    "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
    "\x80",
  );
  const content = b.addFlateStream(
    "",
    opts.content ?? (opts.image ? "q 612 0 0 792 0 0 cm /Im0 Do Q" : "BT /F1 12 Tf 72 700 Td (A page of text) Tj ET"),
  );
  const link = (u: string) =>
    b.add(`<< /Type /Annot /Subtype /Link /Rect [${opts.rect ?? "100 300 500 500"}] /A << /S /URI /URI (${u}) >> >>`);
  const annots = [url, ...(opts.moreLinks ?? [])].map(link);
  b.addCatalog(
    "",
    opts.pages ?? 1,
    `/Resources << /XObject << /Im0 ${img} 0 R >> >> /Contents ${content} 0 R /Annots [${annots.map((a) => `${a} 0 R`).join(" ")}]`,
  );
  return b.build();
}

const linkFindings = (pdf: Uint8Array) =>
  analyzeFast(pdf, { fileName: "x.pdf" })
    .findings.filter((f) => LINK_RULES.includes(f.ruleId))
    .map((f) => f.ruleId);

describe("phishing-url-pattern: a link personalised for its recipient", () => {
  it("fires on an address in the fragment or base64-encoded, not on a plain unsubscribe value", () => {
    const text = { rect: "150 300 460 420" };
    expect(linkFindings(pageWithLink("https://docview.example/index.html#j.doe@acme.example", text))).toContain(
      "phishing-url-pattern",
    );
    expect(linkFindings(pageWithLink("https://docview.example/index.html?e=ai5kb2VAYWNtZS5leGFtcGxl", text))).toContain(
      "phishing-url-pattern",
    );
    expect(linkFindings(pageWithLink("https://news.example/unsubscribe?email=j.doe@acme.example", text))).toEqual([]);
  });
});

describe("suspicious-link reads the URL's classification", () => {
  it.each([
    ["a script on a code-hosting page", "https://github.com/mozilla/pdf.js/blob/master/src/display/api.js"],
    ["a library on a script CDN", "https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js"],
    ["an executable name in the query", "https://www.example.com/search?q=setup.exe"],
    ["percent-encoded characters in the path", "https://www.example.com/%E6%96%87%E6%9B%B8/xn--doc"],
    ["an IDN in one script", "https://www.bücher.de/katalog"],
    ["a brand spelled by chance inside a path id", "https://drive.example.com/d/1xQdh1AbC7/view"],
  ])("does not flag %s", (_name, url) => {
    expect(linkFindings(pageWithLink(url, { rect: "72 700 200 714" }))).toEqual([]);
  });

  it.each([
    ["a script on an ordinary host", "https://files.example.com/Invoice.js", "executable download (.js)"],
    [
      "a program on a release page",
      "https://github.com/u/r/releases/download/v1/setup.exe",
      "executable download (.exe)",
    ],
    ["a mixed-script IDN", "https://xn--pypal-4ve.com/", "punycode look-alike host"],
    [
      "a host name disguising the real host",
      "https://www.paypal.com@evil.example/",
      "credentials in URL (host disguise)",
    ],
    [
      "a host name run on into a disguise",
      "https://login.microsoftonline.com.session@evil.example/",
      "credentials in URL (host disguise)",
    ],
    ["a public IP-literal host", "http://203.0.113.9/doc", "IP-literal host"],
    ["a javascript: URI that does something", "javascript:app.launchURL('x')", "javascript: URI"],
    // browsers drop tabs and newlines inside a URL: pentest generators split the scheme with them
    ["a javascript: URI whose scheme a tab splits", "JaVa\tScRiPt:app.launchURL('x')", "javascript: URI"],
    ["a javascript: URI whose scheme a newline splits", "jav\nascript:this.submitForm('x')", "javascript: URI"],
    ["a URL shortener in a short document", "https://bit.ly/3abcDEF", "URL shortener"],
  ])("flags %s", (_name, url, flag) => {
    const r = analyzeFast(pageWithLink(url, { rect: "72 700 200 714" }), { fileName: "x.pdf" });
    expect(r.findings.find((f) => f.ruleId === "suspicious-link")?.evidence[0].excerpt).toContain(flag);
  });

  // issue 18 false alarms: a registration form's e-mail address typed as http://, a developer guide's
  // local server, a book chapter's bit.ly references among many links
  it.each([
    ["an e-mail address typed as a link", pageWithLink("http://www.smithfamilyparty@gmail.com")],
    ["a developer's local server", pageWithLink("http://127.0.0.1:8080/docs/index.html")],
    ["a router's admin page on the reader's network", pageWithLink("http://192.168.1.1/admin")],
    ["an IPv6 loopback", pageWithLink("http://[::1]:3000/")],
    ["an inert javascript:void(0) menu link of a page printed to PDF", pageWithLink("javascript:void(0)")],
    ["an inert menu link written with a line break", pageWithLink("javascript:\nvoid(0)")],
    [
      "short links among a long document's references",
      pageWithLink("https://bit.ly/2Vsn2nQ", {
        pages: 21,
        moreLinks: ["https://bit.ly/2VnZS27", ...[1, 2, 3, 4, 5].map((i) => `https://www.pdfa.org/ref/${i}`)],
      }),
    ],
    [
      "a vendor's installer among a long manual's links",
      pageWithLink("https://downloads.example.com/tool/setup.exe", {
        pages: 40,
        moreLinks: [1, 2, 3].map((i) => `https://docs.example.com/tool/${i}.html`),
      }),
    ],
  ])("does not flag %s", (_name, pdf) => {
    expect(linkFindings(pdf)).not.toContain("suspicious-link");
  });

  it("floors a page-sized link that imports a remote file at suspicious, not a page-sized web link", () => {
    const pageLink = (action: string) => {
      const b = new PdfBuilder();
      const link = b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A ${action} >>`);
      b.addCatalog("", 1, `/Annots [${link} 0 R]`);
      return analyzeFast(b.build(), { fileName: "x.pdf" });
    };
    const trap = pageLink("<< /S /ImportData /F << /FS /URL /F (https://collect.example/d.fdf) >> >>");
    expect(trap.findings.find((f) => f.ruleId === "phishing-link-overlay")?.confidence).toBe("high");
    expect(trap.summary.evidenceFloor?.technique).toBe("credential-phishing-link");
    const flyer = pageLink("<< /S /URI /URI (https://www.example.com/spring-sale) >>");
    expect(flyer.findings.find((f) => f.ruleId === "phishing-link-overlay")?.confidence).toBe("medium");
    expect(flyer.summary.evidenceFloor).toBeUndefined();
  });

  it("flags a page-covering button whose script opens a web page, not a small one (PortSwigger's PDFium button)", () => {
    const withButton = (rect: string) => {
      const b = new PdfBuilder();
      const field = b.add(
        `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (view) /Rect [${rect}] /A << /S /JavaScript /JS (app.launchURL\\("https://collect.example/click", true\\);) >> >>`,
      );
      b.addCatalog(`/AcroForm << /Fields [${field} 0 R] >>`, 1, `/Annots [${field} 0 R]`);
      return b.build();
    };
    const rules = (pdf: Uint8Array) => analyzeFast(pdf, { fileName: "x.pdf" }).findings.map((f) => f.ruleId);
    expect(rules(withButton("0 0 612 792"))).toContain("phishing-link-overlay");
    expect(rules(withButton("72 600 200 630"))).not.toContain("phishing-link-overlay");
  });

  it("flags a script URI as the file of a GoToE or GoToR (script injection where the viewer sits in a web page), and nothing else there", () => {
    const withAction = (action: string) => {
      const b = new PdfBuilder();
      b.addCatalog(`/OpenAction ${action}`, 1, "");
      return b.build();
    };
    expect(
      linkFindings(
        withAction("<< /S /GoToE /F (javascript:alert\\(document.domain\\)) /D [0 /Fit] /NewWindow true >>"),
      ),
    ).toContain("suspicious-link");
    expect(linkFindings(withAction("<< /S /GoToR /F (javascript:fetch\\('//x.example'\\)) /D [0 /Fit] >>"))).toContain(
      "suspicious-link",
    );
    // a GoToR to another file, even on a numeric host, is remote-goto's: the address flags are for links
    expect(linkFindings(withAction("<< /S /GoToR /F (http://203.0.113.9/next.pdf) /D [0 /Fit] >>"))).toEqual([]);
  });

  it("flags a short link that is the only link of a long document", () => {
    expect(linkFindings(pageWithLink("https://bit.ly/3abcDEF", { pages: 12 }))).toContain("suspicious-link");
  });
});

describe("phishing-image-download-link", () => {
  it.each([
    ["a ZIP on Dropbox", "https://www.dropbox.com/s/k3x9/Invoice_0423.zip?dl=1"],
    ["an ISO named in a Google Drive query", "https://drive.google.com/uc?export=download&id=1x&name=Scan.iso"],
    ["a script on a free web host", "https://invoice-2024.web.app/doc/Invoice.vbs"],
    ["an archive on Discord's CDN", "https://cdn.discordapp.com/attachments/1/2/Payment.rar"],
    [
      "a ZIP on Dropbox through Google's open redirect",
      "https://www.google.com/url?q=https://www.dropbox.com/s/k3x9/Invoice_0423.zip?dl%3D1&sa=D",
    ],
  ])("fires on a picture page whose one link fetches %s", (_name, url) => {
    expect(linkFindings(pageWithLink(url, { image: true }))).toContain("phishing-image-download-link");
  });

  it.each([
    [
      "a document on a file-sharing host",
      pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.pdf?dl=1", { image: true }),
    ],
    ["an archive on an ordinary host", pageWithLink("https://downloads.example.com/Invoice.zip", { image: true })],
    ["a page of text", pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1")],
    [
      "a small image",
      pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", {
        content: "q 100 0 0 100 72 600 cm /Im0 Do Q BT (x) Tj ET",
      }),
    ],
    [
      "two different links",
      pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", {
        image: true,
        moreLinks: ["https://www.example.com/"],
      }),
    ],
    ["a long document", pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", { image: true, pages: 8 })],
  ])("does not fire on %s", (_name, pdf) => {
    expect(linkFindings(pdf)).not.toContain("phishing-image-download-link");
  });

  it("reads the image's placement through nested q/cm", () => {
    const content = "q 2 0 0 2 0 0 cm q 306 0 0 396 0 0 cm /Im0 Do Q Q";
    expect(linkFindings(pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", { content }))).toContain(
      "phishing-image-download-link",
    );
  });
});

describe("phishing-image-login-link", () => {
  it.each([
    ["a page on a free web host", "https://docs-share.web.app/view"],
    ["a brand's folder on another site", "https://shop.example.com/photos/lo/adobe/adobe.htm"],
    ["a page in a WordPress site's internal folders", "https://club.example.com/wp-content/plugins/x/doc.php"],
    [
      "a percent-encoded sign-in page naming a brand",
      "https://cards.example.com/maint/ADE-ADOBE%20PDF/Login%20pdf.html",
    ],
    [
      "a page on a free web host behind an Outlook safe link",
      "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fdocs-share.web.app%2Fview&data=05",
    ],
  ])("fires on a picture page whose one link leads to %s", (_name, url) => {
    expect(linkFindings(pageWithLink(url, { image: true }))).toContain("phishing-image-login-link");
  });

  it.each([
    ["the brand's own site", pageWithLink("https://helpx.adobe.com/reader/login.html", { image: true })],
    ["a plain page elsewhere", pageWithLink("https://www.example.com/menu/2024.html", { image: true })],
    ["a shop's page about a brand", pageWithLink("https://shop.example.com/apple/iphone-15", { image: true })],
    ["a help page naming a brand", pageWithLink("https://it.example.edu/microsoft-office-install", { image: true })],
    ["a sign-in page of an ordinary site", pageWithLink("https://www.example.com/account/login", { image: true })],
    ["a download (the download rule's case)", pageWithLink("https://docs-share.web.app/Invoice.zip", { image: true })],
    ["a page of text", pageWithLink("https://docs-share.web.app/view")],
    [
      "two different links",
      pageWithLink("https://docs-share.web.app/view", { image: true, moreLinks: ["https://www.example.com/"] }),
    ],
  ])("does not fire on %s", (_name, pdf) => {
    expect(linkFindings(pdf)).not.toContain("phishing-image-login-link");
  });
});

describe("phishing-image-hosted-link", () => {
  it.each([
    ["a shared Google Drive file", "https://drive.google.com/file/d/1AbCdEf/view?usp=sharing"],
    ["a OneDrive share", "https://1drv.ms/b/s!AkX9/Invoice"],
    ["a SharePoint file", "https://contoso-my.sharepoint.com/:b:/g/personal/jane/EaBcD?e=x1"],
    [
      "an open redirect of Google to an ordinary host",
      "https://www.google.com/url?q=https://invoice-portal.example/a&sa=D",
    ],
    ["an opaque LinkedIn redirect", "https://www.linkedin.com/slink?code=gXq2Abc"],
    ["a URL shortener", "https://bit.ly/3abcDEF"],
  ])("fires on a picture page whose one link goes to %s", (_name, url) => {
    expect(linkFindings(pageWithLink(url, { image: true }))).toContain("phishing-image-hosted-link");
  });

  it.each([
    ["a report page linking its data on Google Drive", pageWithLink("https://drive.google.com/file/d/1AbCdEf/view")],
    ["a picture page linking an ordinary site", pageWithLink("https://www.example.com/menu", { image: true })],
    [
      "a picture page with two different links",
      pageWithLink("https://drive.google.com/file/d/1AbCdEf/view", {
        image: true,
        moreLinks: ["https://www.example.com/"],
      }),
    ],
    [
      "a long picture document (a scanned brochure)",
      pageWithLink("https://drive.google.com/file/d/1AbCdEf/view", { image: true, pages: 8 }),
    ],
    [
      "a download there (phishing-image-download-link's case)",
      pageWithLink("https://www.dropbox.com/s/k3x9/Invoice.zip?dl=1", { image: true }),
    ],
    [
      "a page on a free web host (phishing-image-login-link's case)",
      pageWithLink("https://docs-share.web.app/view", { image: true }),
    ],
    [
      "a Google Form (a free form host: phishing-image-login-link's case)",
      pageWithLink("https://docs.google.com/forms/d/e/1FAIpQLSe/viewform", { image: true }),
    ],
  ])("does not fire on %s", (_name, pdf) => {
    expect(linkFindings(pdf)).not.toContain("phishing-image-hosted-link");
  });
});
