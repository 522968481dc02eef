import { describe, expect, it } from "vitest";
import { classifyTargets, classifyUrl, type UrlFacts } from "./classify-url";
import { hostingKindOf, isShortenerHost } from "./url-hosts";

describe("classifyUrl: what a click downloads is decided by the final path segment", () => {
  it.each<[string, string, boolean, string | null]>([
    ["a program", "http://203.0.113.5/invoice.exe", true, "executable"],
    ["a script on an ordinary host", "https://evil.example.com/files/Invoice.js", true, "script"],
    ["a disk image", "https://evil.example.com/a/Scan_0423.ISO", true, "disk-image"],
    ["a shortcut", "https://evil.example.com/doc.pdf.lnk", true, "shortcut"],
    ["a script shown on a code-hosting page", "https://github.com/mozilla/pdf.js/blob/master/src/core/parser.js", false, "script"],
    ["a raw script from a code host", "https://raw.githubusercontent.com/user/repo/main/install.ps1", false, "script"],
    ["a library on a script CDN", "https://cdn.jsdelivr.net/npm/pdfjs-dist@4/build/pdf.min.js", false, "script"],
    ["a library on a site's asset host", "https://static.example.org/js/app.js", false, "script"],
    ["a program on a code host (release assets are real downloads)", "https://github.com/u/r/releases/download/v1/setup.exe", true, "executable"],
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
    expect(classifyUrl("https://drive.google.com/uc?export=download&name=Invoice.zip")).toMatchObject({ fileKind: null, queryFileKind: "archive", executableDownload: false });
  });

  it("keeps the query apart from the path and the fragment", () => {
    expect(classifyUrl("https://example.com/a/b.php?next=/login#top")).toMatchObject({ path: "/a/b.php", query: "?next=/login" });
    expect(classifyUrl("https://example.com/#top")).toMatchObject({ path: "/", query: "" });
  });
});

describe("classifyUrl: the host alone decides", () => {
  it.each<[string, string, Partial<UrlFacts>]>([
    ["an IPv4 host", "http://0x7f.1/x", { hostKind: "ipv4", host: "127.0.0.1" }],
    ["an IPv6 host", "http://[2001:db8::1]/x", { hostKind: "ipv6" }],
    ["percent-encoded path characters are no IDN", "https://example.com/%E4%B8%AD%E6%96%87/xn--abc", { idn: false, idnLookAlike: false }],
    ["an IDN in one script is ordinary", "https://bücher.de/", { idn: true, idnLookAlike: false, host: "xn--bcher-kva.de" }],
    ["an all-Cyrillic name under .рф is ordinary", "https://пример.рф/", { idn: true, idnLookAlike: false }],
    ["a Cyrillic letter inside a Latin name", "https://xn--pypal-4ve.com/signin", { idnLookAlike: true, lookAlikeBrands: ["paypal"] }],
    ["an all-Cyrillic look-alike under .com", "https://аррӏе.com/", { idnLookAlike: true, lookAlikeBrands: ["apple"] }],
    ["digit swaps in the host", "https://paypa1-secure.example/", { lookAlikeBrands: ["paypal"] }],
    ["digit swaps in the path are no host look-alike", "https://example.com/paypa1/app1e", { lookAlikeBrands: [], pathLookAlikeBrands: ["paypal", "apple"] }],
    ["a kit folder starting with a swapped brand", "https://a.example/app1esubm1tbybz/?16shop", { pathLookAlikeBrands: ["apple"] }],
    ["a brand spelled by chance inside an id", "https://drive.example/d/1xQdh1AbC7/view", { pathLookAlikeBrands: [] }],
    ["the brand's own name", "https://www.paypal.com/signin", { lookAlikeBrands: [] }],
    ["credentials before the host", "https://www.paypal.com@evil.example/", { credentials: true, host: "evil.example" }],
    ["a shortener", "https://bit.ly/3abc", { shortener: true }],
    ["a registrable domain under a private suffix", "https://lure.github.io/x", { site: "lure.github.io", hosting: "free-hosting" }],
    ["a scheme-less www address", "www.example.com/a", { scheme: "http", host: "www.example.com" }],
  ])("%s", (_name, url, expected) => {
    expect(classifyUrl(url)).toMatchObject(expected);
  });

  it.each(["javascript:alert(1)", "mailto:a@example.com", "file:///C:/x.exe", "http://localhost/x", "not a url", ""])("%s is no network URL", (target) => {
    expect(classifyUrl(target)).toBeNull();
  });

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

  it("knows shorteners with or without www.", () => {
    expect(isShortenerHost("www.bit.ly")).toBe(true);
    expect(isShortenerHost("bitly.example")).toBe(false);
  });
});
