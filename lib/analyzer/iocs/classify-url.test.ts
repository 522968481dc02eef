import { describe, expect, it } from "vitest";
import { classifyTargets, classifyUrl, type UrlFacts } from "./classify-url";
import { describeHostedLink, hostedLinkOf, landingUrl } from "./hosted-link";
import { hostingKindOf, isGovernmentHost, isShortenerHost, isViewerDownloadPage } from "./url-hosts";

describe("classifyUrl: what a click downloads is decided by the final path segment", () => {
  it.each<[string, string, boolean, string | null]>([
    ["a program", "http://203.0.113.5/invoice.exe", true, "executable"],
    ["a script on an ordinary host", "https://evil.example.com/files/Invoice.js", true, "script"],
    ["a disk image", "https://evil.example.com/a/Scan_0423.ISO", true, "disk-image"],
    ["a shortcut", "https://evil.example.com/doc.pdf.lnk", true, "shortcut"],
    [
      "a script shown on a code-hosting page",
      "https://github.com/mozilla/pdf.js/blob/master/src/core/parser.js",
      false,
      "script",
    ],
    ["a raw script from a code host", "https://raw.githubusercontent.com/user/repo/main/install.ps1", false, "script"],
    ["a library on a script CDN", "https://cdn.jsdelivr.net/npm/pdfjs-dist@4/build/pdf.min.js", false, "script"],
    ["a library on a site's asset host", "https://static.example.org/js/app.js", false, "script"],
    [
      "a program on a code host (release assets are real downloads)",
      "https://github.com/u/r/releases/download/v1/setup.exe",
      true,
      "executable",
    ],
    ["an archive (not runnable by itself)", "https://evil.example.com/Invoice.zip", false, "archive"],
    ["an extension only in the query", "https://example.com/search?q=setup.exe", false, null],
    ["an extension only in the fragment", "https://example.com/page#setup.exe", false, null],
    ["a directory", "https://example.com/setup.exe/", false, null],
    ["a document", "https://example.com/report.pdf", false, null],
    ["a percent-encoded name", "https://evil.example.com/Invoice%2Eexe", true, "executable"],
    ["a path parameter after the name", "https://evil.example.com/a.exe;jsessionid=1", true, "executable"],
  ])("%s", (_name, url, executable, kind) => {
    const facts = classifyUrl(url)!;
    expect(facts.executableDownload).toBe(executable);
    expect(facts.fileKind).toBe(kind);
  });

  it("reads a file name carried in the query, as file-sharing links do, apart from the path's", () => {
    expect(classifyUrl("https://drive.google.com/uc?export=download&name=Invoice.zip")).toMatchObject({
      fileKind: null,
      queryFileKind: "archive",
      executableDownload: false,
    });
  });

  it("keeps the query apart from the path and the fragment", () => {
    expect(classifyUrl("https://example.com/a/b.php?next=/login#top")).toMatchObject({
      path: "/a/b.php",
      query: "?next=/login",
    });
    expect(classifyUrl("https://example.com/#top")).toMatchObject({ path: "/", query: "" });
  });
});

describe("classifyUrl: the host alone decides", () => {
  it.each<[string, string, Partial<UrlFacts>]>([
    ["an IPv4 host", "http://0x7f.1/x", { hostKind: "ipv4", host: "127.0.0.1" }],
    ["an IPv6 host", "http://[2001:db8::1]/x", { hostKind: "ipv6" }],
    [
      "percent-encoded path characters are no IDN",
      "https://example.com/%E4%B8%AD%E6%96%87/xn--abc",
      { idn: false, idnLookAlike: false },
    ],
    [
      "an IDN in one script is ordinary",
      "https://bücher.de/",
      { idn: true, idnLookAlike: false, host: "xn--bcher-kva.de" },
    ],
    ["an all-Cyrillic name under .рф is ordinary", "https://пример.рф/", { idn: true, idnLookAlike: false }],
    [
      "a Cyrillic letter inside a Latin name",
      "https://xn--pypal-4ve.com/signin",
      { idnLookAlike: true, lookAlikeBrands: ["paypal"] },
    ],
    ["an all-Cyrillic look-alike under .com", "https://аррӏе.com/", { idnLookAlike: true, lookAlikeBrands: ["apple"] }],
    ["digit swaps in the host", "https://paypa1-secure.example/", { lookAlikeBrands: ["paypal"] }],
    [
      "digit swaps in the path are no host look-alike",
      "https://example.com/paypa1/app1e",
      { lookAlikeBrands: [], pathLookAlikeBrands: ["paypal", "apple"] },
    ],
    [
      "a kit folder starting with a swapped brand",
      "https://a.example/app1esubm1tbybz/?16shop",
      { pathLookAlikeBrands: ["apple"] },
    ],
    ["a brand spelled by chance inside an id", "https://drive.example/d/1xQdh1AbC7/view", { pathLookAlikeBrands: [] }],
    ["the brand's own name", "https://www.paypal.com/signin", { lookAlikeBrands: [] }],
    [
      "credentials before the host",
      "https://www.paypal.com@evil.example/",
      { credentials: true, host: "evil.example" },
    ],
    ["a shortener", "https://bit.ly/3abc", { shortener: true }],
    [
      "a registrable domain under a private suffix",
      "https://lure.github.io/x",
      { site: "lure.github.io", hosting: "free-hosting" },
    ],
    ["a scheme-less www address", "www.example.com/a", { scheme: "http", host: "www.example.com" }],
  ])("%s", (_name, url, expected) => {
    expect(classifyUrl(url)).toMatchObject(expected);
  });

  it.each(["javascript:alert(1)", "mailto:a@example.com", "file:///C:/x.exe", "http://localhost/x", "not a url", ""])(
    "%s is no network URL",
    (target) => {
      expect(classifyUrl(target)).toBeNull();
    },
  );

  it("classifies each distinct target once", () => {
    const urls = classifyTargets(["https://a.example.com/", undefined, "https://a.example.com/", "javascript:x()"]);
    expect([...urls.keys()]).toEqual(["https://a.example.com/"]);
  });
});

describe("url-hosts", () => {
  it.each<[string, string | null]>([
    ["drive.google.com", "file-sharing"],
    ["www.dropbox.com", "file-sharing"],
    ["1drv.ms", "file-sharing"],
    ["cdn.discordapp.com", "file-sharing"],
    ["my-lure.web.app", "free-hosting"],
    ["a.b.pages.dev", "free-hosting"],
    ["user.github.io", "free-hosting"],
    ["github.com", "code-hosting"],
    ["www.google.com", null],
    ["notdropbox.com", null],
  ])("%s is %s", (host, kind) => {
    expect(hostingKindOf(host)).toBe(kind);
  });

  it.each<[string, string, string | null]>([
    ["a Google Form", "docs.google.com/forms/d/e/1FAIpQLSe/viewform", "free-hosting"],
    ["a shared Google document", "docs.google.com/document/d/1x/edit", "file-sharing"],
    ["an Apps Script web app", "script.google.com/macros/s/AKfy/exec", "free-hosting"],
    ["a published Canva design", "www.canva.com/design/DAF1/view", "free-hosting"],
    ["Canva's own pages", "www.canva.com/pricing/", null],
    ["a SharePoint tenant", "contoso-my.sharepoint.com/:b:/g/personal/x", "file-sharing"],
    ["an S3 bucket", "invoices.s3.eu-west-1.amazonaws.com/a.html", "file-sharing"],
    ["an S3 bucket, dash form", "invoices.s3-us-west-2.amazonaws.com/a.html", "file-sharing"],
    ["an S3 static website", "invoices.s3-website-us-east-1.amazonaws.com/", "free-hosting"],
    ["another AWS service", "ec2.us-east-1.amazonaws.com/", null],
    ["an Azure blob", "acct.blob.core.windows.net/c/x.html", "file-sharing"],
    ["an IPFS path on any gateway", "gateway.example.net/ipfs/bafybeigdyr/x.html", "file-sharing"],
    ["an IPFS subdomain gateway", "bafybeigdyr.ipfs.dweb.link/x.html", "file-sharing"],
    ["Microsoft Forms", "forms.office.com/r/abc", "free-hosting"],
  ])("%s is %s", (_name, hostAndPath, kind) => {
    const slash = hostAndPath.indexOf("/");
    expect(hostingKindOf(hostAndPath.slice(0, slash), hostAndPath.slice(slash))).toBe(kind);
  });

  it.each<[string, string]>([
    ["google.com/url", "https://www.google.com/url?q=https://evil.example/login&sa=D"],
    ["a country Google's /url", "https://www.google.co.uk/url?url=https%3A%2F%2Fevil.example%2Flogin"],
    ["Google AMP", "https://www.google.com/amp/s/evil.example/login"],
    ["Bing's base64 click tracking", "https://www.bing.com/ck/a?!&&p=1&u=a1aHR0cHM6Ly9ldmlsLmV4YW1wbGUvbG9naW4&ntb=1"],
    [
      "an Outlook safe link",
      "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin&data=05",
    ],
    ["Proofpoint v2", "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login&d=DwMF"],
    ["Proofpoint v3", "https://urldefense.com/v3/__https://evil.example/login__;!!ABC$"],
    ["Facebook's link shim", "https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2Flogin&h=AT0"],
    ["YouTube's redirect", "https://www.youtube.com/redirect?q=https://evil.example/login&v=x"],
    ["an ad click", "https://ad.doubleclick.net/ddm/clk/1;2;3;?https://evil.example/login"],
  ])("reads the destination of %s", (_name, url) => {
    expect(classifyUrl(url)).toMatchObject({ hosting: "redirector", redirectTo: "https://evil.example/login" });
  });

  it.each([
    "https://www.linkedin.com/slink?code=gXq2",
    "https://u123.ct.sendgrid.net/ls/click?upn=abc",
    "https://evil-example.translate.goog/",
  ])("knows the opaque redirector %s", (url) => {
    expect(classifyUrl(url)).toMatchObject({ hosting: "redirector", redirectTo: null });
  });

  it.each([
    "https://www.google.com/search?q=https://evil.example/",
    "https://www.bing.com/search?q=x",
    "https://www.linkedin.com/in/someone",
  ])("%s is no redirector", (url) => {
    expect(classifyUrl(url)?.hosting).toBeNull();
  });

  it.each<[string, boolean]>([
    ["www.irs.gov", true],
    ["revenue.state.mn.us", true],
    ["www.canada.ca", true],
    ["www.gov.uk", true],
    ["ec.europa.eu", true],
    ["www.service-public.gouv.fr", true],
    ["irs-gov.example.com", false],
    ["gov.example.com", false],
    ["www.example.us", false],
  ])("%s is a government host: %s", (host, expected) => {
    expect(isGovernmentHost(host)).toBe(expected);
  });

  it("knows Adobe's Reader download pages, not its document shares", () => {
    expect(isViewerDownloadPage("www.adobe.com", "/go/reader_download")).toBe(true);
    expect(isViewerDownloadPage("get.adobe.com", "/reader/")).toBe(true);
    expect(isViewerDownloadPage("acrobat.adobe.com", "/id/urn:aaid:sc:VA6C2:1234")).toBe(false);
  });

  it("knows shorteners with or without www.", () => {
    expect(isShortenerHost("www.bit.ly")).toBe(true);
    expect(isShortenerHost("bitly.example")).toBe(false);
  });
});

describe("hostedLinkOf", () => {
  it.each<[string, string, string | null]>([
    [
      "a shared Drive file",
      "https://drive.google.com/file/d/1x/view",
      "file-sharing / cloud-storage host drive.google.com",
    ],
    ["a free site", "https://secure-docs.web.app/", "free site-hosting / form host secure-docs.web.app"],
    ["a short link", "https://bit.ly/3abc", "URL shortener bit.ly"],
    [
      "a redirect to a free site",
      "https://www.google.com/url?q=https://secure-docs.web.app/",
      "open redirector of www.google.com to free site-hosting / form host secure-docs.web.app",
    ],
    [
      "a redirect to an ordinary host",
      "https://l.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F",
      "open redirector of l.facebook.com to host evil.example",
    ],
    ["an ordinary site", "https://www.example.com/", null],
    ["code hosting (source, not a service page)", "https://github.com/u/r", null],
  ])("%s", (_name, url, described) => {
    const hosted = hostedLinkOf(classifyUrl(url));
    expect(hosted ? describeHostedLink(hosted) : null).toBe(described);
  });

  it("lands on a redirector's destination, and on the URL itself otherwise", () => {
    expect(landingUrl(classifyUrl("https://www.google.com/url?q=https://evil.example/a"))?.host).toBe("evil.example");
    expect(landingUrl(classifyUrl("https://www.linkedin.com/slink?code=x"))?.host).toBe("www.linkedin.com");
  });
});
