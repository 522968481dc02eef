import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { Iocs } from "../report";
import { IocCollector, MAX_SOURCES_PER_IOC } from "./collector";
import type { IocSource } from "./ioc-source";

const SRC: IocSource = { objectRef: "5 0 R", source: "uri-action" };
type Add = "addUrl" | "addIp" | "addEmail" | "addUnc" | "addDomain";

function collect(method: Add, raw: string): Iocs {
  const sink = new IocCollector(500, defaultBudget());
  sink[method](raw, SRC);
  return Iocs.parse(sink.toIocs());
}

describe("IocCollector: normalisation", () => {
  it.each<[Add, string, Partial<Iocs>]>([
    ["addUrl", " HTTPS://Evil.COM:443/A/B?C=D#E ", { urls: ["https://evil.com/A/B?C=D#E"], domains: ["evil.com"] }],
    ["addUrl", "http://evil.com", { urls: ["http://evil.com/"] }],
    ["addUrl", "http://evil.com?q=1", { urls: ["http://evil.com/?q=1"] }],
    ["addUrl", "ftp://evil.com:21/x", { urls: ["ftp://evil.com/x"] }],
    ["addUrl", "http://xn--bcher-kva.de/", { urls: ["http://xn--bcher-kva.de/"], domains: ["xn--bcher-kva.de"] }],
    ["addUrl", "http://BÜCHER.de/", { urls: ["http://xn--bcher-kva.de/"] }],
    ["addUrl", "www.evil.com:8080/x", { urls: ["http://www.evil.com:8080/x"] }],
    ["addUrl", "evil.com/x", { urls: ["http://evil.com/x"] }],
    [
      "addUrl",
      "http://[::FFFF:10.0.0.1]:8080/",
      { urls: ["http://[::ffff:10.0.0.1]:8080/"], ips: ["::ffff:10.0.0.1"] },
    ],
    ["addUrl", "http://1.2.3.4/x", { urls: ["http://1.2.3.4/x"], ips: ["1.2.3.4"], domains: [] }],
    ["addUrl", "mailto:A@Evil.com", { urls: [], emails: ["a@evil.com"] }],
    ["addUrl", "file://evil.com/s/x", { urls: [], uncPaths: ["\\\\evil.com\\s\\x"] }],
    ["addUrl", "javascript:app.alert(1)", { urls: [] }],
    ["addUrl", "smb://evil.com/share", { urls: [] }],
    ["addUrl", "http://evil .com/", { urls: [] }],
    ["addUrl", "http://user@localhost/", { urls: [] }],
    ["addUrl", "a@evil.com", { urls: [], emails: [] }],
    ["addUrl", "http://www.w3.org/1999/xhtml", { urls: [], domains: [] }],
    ["addIp", "10.0.0.1", { ips: ["10.0.0.1"] }],
    ["addIp", "[2001:DB8:0:0:1:0:0:1]", { ips: ["2001:db8::1:0:0:1"] }],
    ["addIp", "2001:db8:0:0:1:0:0:1", { ips: ["2001:db8::1:0:0:1"] }],
    ["addIp", "2001:db8::0:1%eth0", { ips: ["2001:db8::1"] }],
    ["addIp", "0:0:0:0:0:0:0:0", { ips: ["::"] }],
    ["addIp", "1:0:0:2:0:0:0:3", { ips: ["1:0:0:2::3"] }],
    ["addIp", "256.0.0.1", { ips: [] }],
    ["addIp", "evil.com", { ips: [] }],
    ["addEmail", "Bad@Evil.Com", { emails: ["bad@evil.com"], domains: ["evil.com"] }],
    ["addEmail", "mailto:a@x.com,b@y.org?subject=hi", { emails: ["a@x.com", "b@y.org"], domains: ["x.com", "y.org"] }],
    ["addEmail", "mailto:a%40b@x.com", { emails: [] }],
    ["addEmail", "x@2x.png", { emails: [], domains: [] }],
    ["addEmail", "a@b", { emails: [] }],
    ["addUnc", "\\\\EVIL.com\\Share\\X.exe", { uncPaths: ["\\\\evil.com\\Share\\X.exe"], domains: ["evil.com"] }],
    ["addUnc", "\\\\\\\\10.0.0.5\\\\s\\\\x", { uncPaths: ["\\\\10.0.0.5\\s\\x"], ips: ["10.0.0.5"] }],
    ["addUnc", "\\\\evil.com@ssl\\DavWWWRoot", { uncPaths: ["\\\\evil.com@SSL\\DavWWWRoot"] }],
    ["addUnc", "file://10.0.0.5/s/x.exe", { uncPaths: ["\\\\10.0.0.5\\s\\x.exe"], ips: ["10.0.0.5"] }],
    ["addUnc", "file:///C:/x", { uncPaths: [] }],
    ["addUnc", "C:\\x\\y", { uncPaths: [] }],
    ["addDomain", "Evil.COM.", { domains: ["evil.com"] }],
    ["addDomain", "bücher.de", { domains: ["xn--bcher-kva.de"] }],
    ["addDomain", "1.2.3.4", { domains: [] }],
    ["addDomain", "-a.com", { domains: [] }],
    ["addDomain", "ns.adobe.com", { domains: [] }],
  ])("%s(%j)", (method, raw, expected) => {
    expect(collect(method, raw)).toMatchObject(expected);
  });
});

describe("IocCollector: items, sources and budget", () => {
  it("emits one defanged item per value, grouped by type in IOC_TYPES order", () => {
    const sink = new IocCollector(10, defaultBudget());
    sink.addEmail("a@mail.evil.com", { source: "string" });
    sink.addUrl("http://10.0.0.1/x", { objectRef: "1 0 R", source: "javascript" });
    sink.addUnc("\\\\evil.com\\s", { source: "launch-action" });
    const iocs = Iocs.parse(sink.toIocs());
    expect(iocs.items.map((item) => [item.type, item.value, item.defanged])).toEqual([
      ["url", "http://10.0.0.1/x", "hxxp[://]10[.]0[.]0[.]1/x"],
      ["ip", "10.0.0.1", "10[.]0[.]0[.]1"],
      ["email", "a@mail.evil.com", "a[@]mail[.]evil[.]com"],
      ["domain", "mail.evil.com", "mail[.]evil[.]com"],
      ["domain", "evil.com", "evil[.]com"],
      ["unc", "\\\\evil.com\\s", "\\\\evil[.]com\\s"],
    ]);
    expect(iocs.items[0].sources).toEqual([{ objectRef: "1 0 R", source: "javascript" }]);
    expect(iocs.items[2].sources).toEqual([{ source: "string" }]);
  });

  it(`keeps distinct sources, at most ${MAX_SOURCES_PER_IOC}`, () => {
    const sink = new IocCollector(10, defaultBudget());
    for (let i = 0; i < 15; i++) sink.addIp("10.0.0.1", { objectRef: `${i} 0 R`, source: "stream" });
    sink.addIp("10.0.0.1", { objectRef: "0 0 R", source: "stream" });
    const [item] = sink.toIocs().items;
    expect(item.sources).toHaveLength(MAX_SOURCES_PER_IOC);
    expect(item.sources[0]).toEqual({ objectRef: "0 0 R", source: "stream" });
  });

  it("caps values per type but still adds sources to kept ones", () => {
    const sink = new IocCollector(2, defaultBudget());
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) sink.addIp(ip, { source: "string" });
    sink.addIp("10.0.0.1", { source: "javascript" });
    const iocs = sink.toIocs();
    expect(iocs.ips).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(iocs.items[0].sources).toEqual([{ source: "string" }, { source: "javascript" }]);
    expect(sink.truncated).toBe(true);
    expect(sink.dropped).toEqual({ ip: 1 });
  });

  it("is not truncated under the budget", () => {
    const sink = new IocCollector(2, defaultBudget());
    sink.addIp("10.0.0.1", { source: "string" });
    expect(sink.truncated).toBe(false);
  });

  it.each([-1, 1.5, Number.NaN])("rejects maxPerType %s", (max) => {
    expect(() => new IocCollector(max, defaultBudget())).toThrow(RangeError);
  });
});
