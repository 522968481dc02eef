import { describe, expect, it } from "vitest";
import { classifyIp, enrichIndicator, offlineReputationProvider } from "./offline-reputation";
import { EnrichmentResult } from "./enrichment-provider";

describe("offline reputation", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["10.1.2.3", "private"],
    ["172.20.0.1", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.9", "private"],
    ["127.0.0.1", "local"],
    ["169.254.169.254", "local"],
    ["192.0.2.10", "documentation"],
    ["203.0.113.5", "documentation"],
    ["224.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["2001:db8::1", "documentation"],
    ["fd00::1", "private"],
    ["::1", "local"],
    ["2606:4700::1111", "public"],
    ["not-an-ip", "unknown"],
  ])("classifies %s as %s", (ip, want) => {
    expect(classifyIp(ip)).toBe(want);
  });

  it.each([
    [{ type: "url", value: "http://bit.ly/abc" }, ["url-shortener", "cleartext-http"], "public"],
    [{ type: "url", value: "https://xn--pple-43d.com/login" }, ["punycode-domain"], "public"],
    [
      { type: "url", value: "http://user:pw@203.0.113.9:8080/payload.exe" },
      ["ip-literal-host", "credentials-in-url", "cleartext-http", "non-standard-port", "executable-download"],
      "documentation",
    ],
    [{ type: "url", value: "https://a.b.c.d.e.f.example.org/" }, ["deep-subdomain"], "documentation"],
    [{ type: "domain", value: "evil.duckdns.org" }, ["dynamic-dns"], "public"],
    [{ type: "domain", value: "intranet.corp" }, [], "local"],
    [{ type: "email", value: "someone@gmail.com" }, ["freemail"], "public"],
    [{ type: "unc", value: "\\\\files.evil.net\\share" }, ["smb-target"], "public"],
    [{ type: "ip", value: "10.0.0.1" }, [], "private"],
  ] as const)("flags %j", (item, flags, classification) => {
    const out = enrichIndicator({ ...item, defanged: "x" });
    expect(out.flags).toEqual(flags);
    expect(out.classification).toBe(classification);
  });

  it("enriches every indicator, sends nothing anywhere, and summarises", async () => {
    const items = [
      { type: "url" as const, value: "http://bit.ly/x", defanged: "hxxp[://]bit[.]ly/x", sources: [] },
      { type: "ip" as const, value: "192.168.0.1", defanged: "192[.]168[.]0[.]1", sources: [] },
    ];
    const result = await offlineReputationProvider.enrich(
      { urls: ["http://bit.ly/x"], ips: ["192.168.0.1"], emails: [], domains: [], uncPaths: [], items },
      { signal: new AbortController().signal, now: new Date("2026-01-02T03:04:05Z") },
    );
    expect(EnrichmentResult.parse(result)).toMatchObject({
      external: false,
      generatedAt: "2026-01-02T03:04:05.000Z",
      summary: { total: 2, flagged: 1, byClassification: { public: 1, private: 1 } },
    });
  });
});
