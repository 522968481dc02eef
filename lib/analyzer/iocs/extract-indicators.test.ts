import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, defaultBudget, type Budget } from "../../limits";
import { Iocs } from "../report";
import { IocCollector } from "./collector";
import { extractIndicators, type IocSourceKind } from "./extract-indicators";
import { NAMESPACE_HOSTS } from "./namespace-hosts";

function extract(text: string, source: IocSourceKind = "string", max = 500): Iocs {
  const sink = new IocCollector(max, defaultBudget());
  extractIndicators(text, { source }, sink);
  return sink.toIocs();
}

describe("extractIndicators: budget", () => {
  const nested = "http://a.evil.com/r?u=http://b.evil.com/r?u=http://c.evil.com/r?u=http://d.evil.com/";
  it("reads at most MAX_NESTED_URLS_PER_SPAN URLs inside one URL and reports the hit", () => {
    const budget: Budget = { limits: { ...DEFAULT_LIMITS, MAX_NESTED_URLS_PER_SPAN: 2 }, budgetHits: new Set() };
    const sink = new IocCollector(500, budget);
    extractIndicators(nested, { source: "string" }, sink);
    expect(sink.toIocs().domains).toEqual(["a.evil.com", "b.evil.com", "c.evil.com"]);
    expect([...budget.budgetHits]).toEqual(["MAX_NESTED_URLS_PER_SPAN"]);
  });
  it("reports nothing within the default", () => {
    const budget = defaultBudget();
    const sink = new IocCollector(500, budget);
    extractIndicators(nested, { source: "string" }, sink);
    expect(sink.toIocs().domains).toEqual(["a.evil.com", "b.evil.com", "c.evil.com", "d.evil.com"]);
    expect(budget.budgetHits.size).toBe(0);
  });
});

describe("extractIndicators: URLs", () => {
  it.each<[string, string, string[], IocSourceKind?]>([
    ["running text", "Visit http://evil.example.com/payload.exe now", ["http://evil.example.com/payload.exe"]],
    ["trailing full stop", "see https://evil.com/a?b=1.", ["https://evil.com/a?b=1"]],
    ["trailing punctuation run", "really http://evil.com/x!?;", ["http://evil.com/x"]],
    ["inside parentheses", "(http://evil.com/x),", ["http://evil.com/x"]],
    ["PDF literal string", "/URI (http://evil.com/a%20b)>>", ["http://evil.com/a%20b"]],
    ["PDF hex delimiters", "<</URI[http://evil.com/x]>>", ["http://evil.com/x"]],
    ["quotes end a URL", `href="http://evil.com/x"'`, ["http://evil.com/x"]],
    ["JS string", `app.launchURL("https://evil.com/x?id=" + id, true);`, ["https://evil.com/x?id="], "javascript"],
    ["JS concatenation joined", `var u = "http://ev" + 'il.com/' + "p.exe";`, ["http://evil.com/p.exe"], "javascript"],
    ["concatenation not joined outside JS", `"http://evil.com/" + "p.exe"`, ["http://evil.com/"]],
    ["JS escaped slashes", `u = "http:\\/\\/evil.com\\/x";`, ["http://evil.com/x"], "javascript"],
    ["www host", "go to www.evil.com/login.", ["http://www.evil.com/login"]],
    ["scheme and host lowercased, path kept", "HTTP://EVIL.COM/Path?Q=A#F", ["http://evil.com/Path?Q=A#F"]],
    ["default port removed", "http://evil.com:80/x https://evil.com:443", ["http://evil.com/x", "https://evil.com/"]],
    ["other port kept", "https://evil.com:8443", ["https://evil.com:8443/"]],
    ["IDN host in punycode", "http://bücher.de/x", ["http://xn--bcher-kva.de/x"]],
    ["ftp", "ftp://files.evil.com/a.zip", ["ftp://files.evil.com/a.zip"]],
    ["sftp is not ftp", "sftp://files.evil.com/a.zip", []],
    ["userinfo trick", "http://google.com@evil.com/x", ["http://google.com@evil.com/x"]],
    [
      "redirect parameter",
      "http://a.com/r?u=http://evil.com/x",
      ["http://a.com/r?u=http://evil.com/x", "http://evil.com/x"],
    ],
    ["XML entities in XFA", `<a href="http://evil.com/?a=1&amp;b=2"/>`, ["http://evil.com/?a=1&b=2"], "xfa"],
    ["scheme-less URI action", "evil.com/x.exe", ["http://evil.com/x.exe"], "uri-action"],
    ["scheme-less text is not a URL", "evil.com/x.exe", []],
    ["defanged hxxp is not refanged", "hxxp://evil.com/x hxxps://www.evil.com/", []],
    ["bracket-defanged is not refanged", "http://evil[.]com/x", []],
    ["empty host", "http:// and http://", []],
    ["single-label host", "http://localhost/x http://intranet/", []],
    ["numeric TLD", "http://evil.123/", []],
    ["empty label", "http://a..b.com/", []],
    ["a cut name under no public suffix in prose", "see http://www.census and http://www.truety/a", []],
    ["a private-section suffix in prose", "at https://lure.github.io/x", ["https://lure.github.io/x"]],
    ["a name under no public suffix in a script", `u = "http://c2.evilcorp/x"`, ["http://c2.evilcorp/x"], "javascript"],
  ])("%s", (_name, text, urls, source) => {
    expect(extract(text, source).urls).toEqual(urls);
  });

  // A /URI value is one address: what ends a URL in running text does not cut it short.
  it.each<[string, string, string[], IocSourceKind]>([
    [
      "parentheses in the path",
      "https://en.wikipedia.org/wiki/PDF_(disambiguation)",
      ["https://en.wikipedia.org/wiki/PDF_(disambiguation)"],
      "uri-action",
    ],
    [
      "quotes and braces in the query",
      `http://evil.com/a?q={"id":'7'}`,
      [`http://evil.com/a?q={"id":'7'}`],
      "uri-action",
    ],
    [
      "a space in the path, encoded",
      " http://evil.com/Invoice 2024.zip ",
      ["http://evil.com/Invoice%202024.zip"],
      "uri-action",
    ],
    ["a line break inside, dropped", "http://evil.com/lo\ngin.php", ["http://evil.com/login.php"], "submit-form"],
    [
      "a redirect parameter, both kept",
      "http://a.com/r?u=http://evil.com/x(1)",
      ["http://a.com/r?u=http://evil.com/x(1)", "http://evil.com/x"],
      "uri-action",
    ],
  ])("action target with %s is kept whole", (_name, text, urls, source) => {
    expect(extract(text, source).urls).toEqual(urls);
  });

  it("the userinfo of a whole action target is not an e-mail address", () => {
    expect(extract("http://paypal.com@evil.com/x(1)", "uri-action")).toMatchObject({
      urls: ["http://paypal.com@evil.com/x(1)"],
      emails: [],
    });
  });

  it("records domains of URL hosts, IPs of IP-literal hosts", () => {
    expect(extract("http://evil.com/x https://www.evil.com/y")).toMatchObject({
      domains: ["evil.com", "www.evil.com"],
      ips: [],
    });
    expect(extract("http://10.1.2.3:8080/x http://[2001:DB8::0:1]/y")).toMatchObject({
      urls: ["http://10.1.2.3:8080/x", "http://[2001:db8::1]/y"],
      ips: ["10.1.2.3", "2001:db8::1"],
      domains: [],
    });
    // WHATWG canonicalises numeric IPv4 forms, as a browser would when it connects
    expect(extract("http://0x7f.1/").ips).toEqual(["127.0.0.1"]);
  });

  it("userinfo of a URL is not an e-mail address", () => {
    expect(extract("http://google.com@evil.com/x").emails).toEqual([]);
  });

  it("drops namespace URLs of every benign PDF", () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
      xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
      <xmp:CreatorTool>http://www.adobe.com/acrobat</xmp:CreatorTool></rdf:Description></rdf:RDF></x:xmpmeta>`;
    expect(extract(xmp, "metadata")).toMatchObject({
      urls: ["http://www.adobe.com/acrobat"],
      domains: ["www.adobe.com"],
    });
  });

  it.each(NAMESPACE_HOSTS)("namespace host %s yields nothing", (host) => {
    const iocs = extract(`xmlns:a="http://${host}/ns/1.0/"`, "xfa");
    expect(iocs.urls).toEqual([]);
    expect(iocs.domains).toEqual([]);
  });
});

describe("extractIndicators: UNC paths and file URLs", () => {
  it.each<[string, string, string[], string[], string[], IocSourceKind?]>([
    ["UNC to an IP", "\\\\10.0.0.5\\share\\x.exe", ["\\\\10.0.0.5\\share\\x.exe"], ["10.0.0.5"], []],
    [
      "JS-escaped UNC",
      `var p = "\\\\\\\\10.0.0.5\\\\share\\\\x.exe";`,
      ["\\\\10.0.0.5\\share\\x.exe"],
      ["10.0.0.5"],
      [],
      "javascript",
    ],
    [
      "PDF launch target",
      "/F (\\\\Evil.COM\\pub\\a.pdf)",
      ["\\\\evil.com\\pub\\a.pdf"],
      [],
      ["evil.com"],
      "launch-action",
    ],
    [
      "WebDAV",
      "\\\\evil.com@SSL@443\\DavWWWRoot\\a.dll,",
      ["\\\\evil.com@SSL@443\\DavWWWRoot\\a.dll"],
      [],
      ["evil.com"],
    ],
    ["NetBIOS host", "open \\\\fileserver\\public\\doc.pdf.", ["\\\\fileserver\\public\\doc.pdf"], [], []],
    ["file URL", "file://evil.com/share/x.exe", ["\\\\evil.com\\share\\x.exe"], [], ["evil.com"]],
    ["file URL, four slashes", "file:////10.0.0.5/share", ["\\\\10.0.0.5\\share"], ["10.0.0.5"], []],
    ["local file URL", "file:///C:/Windows/System32/calc.exe", [], [], []],
    ["localhost file URL", "file://localhost/c$/x", [], [], []],
    ["Windows local path", "C:\\Windows\\System32\\cmd.exe", [], [], []],
    ["escaped local path in JS", `"C:\\\\Windows\\\\System32\\\\cmd.exe"`, [], [], [], "javascript"],
    ["regex escapes", `new RegExp("\\\\d+\\\\.\\\\w\\\\s")`, [], [], [], "javascript"],
    ["host without share", "\\\\evil.com\\", [], [], []],
    ["device path", "\\\\.\\pipe\\x \\\\?\\C:\\x", [], [], []],
  ])("%s", (_name, text, uncPaths, ips, domains, source) => {
    expect(extract(text, source)).toMatchObject({ uncPaths, ips, domains, urls: [] });
  });
});

describe("extractIndicators: e-mail addresses", () => {
  it.each<[string, string, string[]]>([
    ["plain, lowercased", "contact: Bad.Guy@Evil.COM.", ["bad.guy@evil.com"]],
    ["mailto with query", "mailto:a@evil.com?subject=x", ["a@evil.com"]],
    ["in a JS string", `var to='x+tag@mail.evil.org';`, ["x+tag@mail.evil.org"]],
    ["in a query string", "http://a.com/?to=victim@corp.com", ["victim@corp.com"]],
    ["retina image name", "logo@2x.png icon@1.5x.jpg", []],
    ["image suffix", "a@b.png", []],
    ["no dot in domain", "user@localhost @media", []],
    ["one-letter TLD", "a@b.c", []],
    ["numeric TLD", "a@1.2.3.4", []],
    ["no local part", "@evil.com", []],
    ["local part too long", `${"a".repeat(65)}@evil.com`, []],
    ["double dot", "a..b@evil.com", []],
  ])("%s", (_name, text, emails) => {
    expect(extract(text).emails).toEqual(emails);
  });

  it("records the domain of an address", () => {
    expect(extract("bad@evil.com").domains).toEqual(["evil.com"]);
  });
});

describe("extractIndicators: IPv4", () => {
  it.each<[string, string, string[], IocSourceKind?]>([
    ["after a network word in prose", "server 192.168.1.10 down", ["192.168.1.10"]],
    ["two words after a network word", "connect to 8.8.8.8.", ["8.8.8.8"]],
    ["with a port", "(8.8.8.8:53)", ["8.8.8.8"]],
    ["as a CIDR block", "allow 10.1.2.0/24 only", ["10.1.2.0"]],
    ["after //", "//172.20.5.6/share", ["172.20.5.6"]],
    ["a script's host variable", `var host = "8.8.4.4";`, ["8.8.4.4"], "javascript"],
    ["a bare action target", "10.0.0.7", ["10.0.0.7"], "uri-action"],
    ["in a launch command", "cmd /c ftp -s 10.0.0.9", ["10.0.0.9"], "launch-action"],
    ["octet over 255", "ip 999.1.1.1", []],
    ["five parts", "ip 1.2.3.4.5", []],
    ["six parts", "ip 2.5.4.3.2.1", []],
    ["three parts", "ip 1.2.3", []],
    ["leading zero (octal ambiguity)", "ip 01.2.3.4", []],
    ["v-prefixed version", "v1.2.3.4 V10.0.0.1", []],
    ["label of a host name", "1.2.3.4.nip.io a.1.2.3.4", []],
    ["glued to a word", "x1.2.3.4 1.2.3.4a", []],
  ])("%s", (_name, text, ips, source) => {
    expect(extract(text, source).ips).toEqual(ips);
  });

  // Dotted version numbers reached STIX exports as malicious-activity indicators: a name or a version
  // keyword before the quad, a Producer/Creator value, or no network context in prose or a script.
  it.each<[string, string, IocSourceKind]>([
    ["a product and its version", "RAD PDF 2.38.3.1 - http://www.radpdf.com", "string"],
    ["a product in a script", "Acrobat 9.1.0.163", "javascript"],
    ["a user agent", "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36", "metadata"],
    ["a version keyword", "Version: 1.2.3.4 version='1.2.3.4'", "javascript"],
    ["an XMP producer element", "<pdf:Producer>9.1.0.163</pdf:Producer>", "metadata"],
    ["a metadata attribute", "pdfx:TemplateVersion='4.1.6.3'", "metadata"],
    ["an Info value alone on its line", "D:20130829102832\n10.2.51.0\nAutoCAD 2012", "string"],
    ["a section number", "ISO 19005-2, 6.2.4.1 and 8.4.5.4 Composite font", "string"],
    ["a test-case id", "7.21.4.1-1 General 8.10.2.3-t01-fail-a", "metadata"],
    ["a numbered outline entry", "Isosicle 1.1.1.1 -> 18", "string"],
    [
      "an exploit script's viewer-version check",
      "} else if(pRENDENDO == '10.1.2.45'){ t['9.502']['p'] = '9.5.2.0';",
      "javascript",
    ],
  ])("%s is no IP", (_name, text, source) => {
    expect(extract(text, source).ips).toEqual([]);
  });
});

describe("extractIndicators: IPv6", () => {
  it.each<[string, string, string[]]>([
    ["compressed", "2001:db8::1", ["2001:db8::1"]],
    ["full form, canonicalised", "2001:0DB8:0000:0000:0000:0000:0000:0001", ["2001:db8::1"]],
    ["full form with hex letters", "fe80:0:0:0:200:f8ff:fe21:67cf", ["fe80::200:f8ff:fe21:67cf"]],
    ["IPv4-mapped (the dotted tail is an IPv4 too)", "::ffff:192.0.2.1", ["192.0.2.1", "::ffff:192.0.2.1"]],
    ["digits only with ::", "1::2:3", ["1::2:3"]],
    ["colon punctuation around", "addr:2001:db8::cafe: up", ["2001:db8::cafe"]],
    ["end of sentence", "at 2001:db8::1.", ["2001:db8::1"]],
    ["time", "12:30:45", []],
    ["unspecified", "::", []],
    ["loopback, too few groups", "::1", []],
    ["two groups", "fe80::1", []],
    ["digits only without ::", "1:2:3:4:5:6:7:8", []],
    ["MAC address", "00:1a:2b:3c:4d:5e", []],
    ["C++ scope", "std::vector Face::Bad::Add", []],
    ["glued to a word", "x2001:db8::1 2001:db8::1z", []],
    ["zone-less invalid", "2001:db8:::1 1:2:3:4:5:6:7:8:9:a", []],
  ])("%s", (_name, text, ips) => {
    expect(extract(text).ips).toEqual(ips);
  });
});

describe("extractIndicators: sources, dedup, caps", () => {
  it("deduplicates and keeps every source", () => {
    const sink = new IocCollector(500, defaultBudget());
    extractIndicators("http://evil.com/x", { objectRef: "3 0 R", source: "uri-action" }, sink);
    extractIndicators("HTTP://evil.com:80/x", { objectRef: "7 0 R", source: "javascript" }, sink);
    extractIndicators("http://evil.com/x again http://evil.com/x", { objectRef: "7 0 R", source: "javascript" }, sink);
    extractIndicators("http://evil.com/x", { source: "stream" }, sink);
    const iocs = sink.toIocs();
    expect(iocs.urls).toEqual(["http://evil.com/x"]);
    expect(iocs.items.find((item) => item.type === "url")).toEqual({
      type: "url",
      value: "http://evil.com/x",
      defanged: "hxxp[://]evil[.]com/x",
      sources: [
        { objectRef: "3 0 R", source: "uri-action" },
        { objectRef: "7 0 R", source: "javascript" },
        { source: "stream" },
      ],
    });
  });

  it("caps each type and marks the collector truncated", () => {
    const text = Array.from({ length: 20 }, (_, i) => `http://h${i}.evil.com/ ip 10.0.0.${i}`).join(" ");
    const sink = new IocCollector(5, defaultBudget());
    extractIndicators(text, { source: "stream" }, sink);
    const iocs = sink.toIocs();
    expect(iocs.urls).toHaveLength(5);
    expect(iocs.domains).toHaveLength(5);
    expect(iocs.ips).toEqual(["10.0.0.0", "10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"]);
    expect(iocs.items).toHaveLength(15);
    expect(sink.truncated).toBe(true);
    expect(sink.dropped).toEqual({ url: 15, domain: 15, ip: 15 });
  });
});

describe("extractIndicators: hostile input", () => {
  // Deterministic pseudo-random text over the characters every scanner anchors on.
  function randomText(length: number, alphabet: string, seed = 42): string {
    let state = seed;
    const out = new Array<string>(length);
    for (let i = 0; i < length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      out[i] = alphabet[(state >>> 8) % alphabet.length];
    }
    return out.join("");
  }
  const FIVE_MB = 5 * 1024 * 1024;

  it.each<[string, () => string]>([
    ["random anchor characters", () => randomText(FIVE_MB, "htpsfw.:/\\@0123456789abcdefx-_ ")],
    [
      "random latin1 bytes",
      () => randomText(FIVE_MB, Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join("")),
    ],
    ["nested URL anchors", () => "http://".repeat(FIVE_MB / 7)],
    ["www anchors", () => " www.".repeat(FIVE_MB / 5)],
    ["one long URL", () => `http://evil.com/${"a".repeat(FIVE_MB)}`],
    ["@ runs", () => "a.b@".repeat(FIVE_MB / 4)],
    ["long local part", () => `${"a".repeat(FIVE_MB)}@evil.com`],
    ["backslash paths", () => " \\\\a\\".repeat(FIVE_MB / 5)],
    ["long UNC host", () => `\\\\${"a".repeat(FIVE_MB)}`],
    ["dotted numbers", () => "1.".repeat(FIVE_MB / 2)],
    ["hex and colons", () => "a:".repeat(FIVE_MB / 2)],
    ["JS concatenation whitespace", () => `"${" ".repeat(FIVE_MB)}`],
  ])("%s: completes and yields a valid, bounded result", (_name, make) => {
    const text = make();
    const sink = new IocCollector(500, defaultBudget());
    extractIndicators(text, { source: "javascript" }, sink);
    const iocs = Iocs.parse(sink.toIocs());
    for (const list of [iocs.urls, iocs.ips, iocs.emails, iocs.domains, iocs.uncPaths]) {
      expect(list.length).toBeLessThanOrEqual(500);
    }
    for (const url of iocs.urls) expect(url.length).toBeLessThanOrEqual(2048 + 16);
  });
});
