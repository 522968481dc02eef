// The optional online reputation services end to end (issue 21 item 5): the real built server,
// configured with a local stand-in that answers as VirusTotal API v3 and URLhaus API v1 document
// (lib/server/testing/reputation-stand-in.ts). Only hashes and hosts reach it, only for scans with
// enrichment, answers are cached, and a known-bad answer raises the verdict with a finding.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReputationStandIn, type ReputationStandIn } from "../../lib/server/testing/reputation-stand-in";
import { authorizedFetch as fetch, startServer, type RunningServer } from "../support/next-server";
import { linkPdf, scanForm, waitUntilEnded, type ScanJson } from "./support/scan-api";

interface Report {
  summary: { verdict: string; score: number; evidenceFloor?: { ruleId: string } };
  findings: { ruleId: string; title: string; evidence: { excerpt?: string }[] }[];
  enrichment: {
    external: boolean;
    online?: { provider: string; asked: number; sent: number; cached: number; skipped: unknown[] }[];
    feeds?: { hits: { source: string; matchedAs: string; matchedValue: string; counts: boolean; category: string }[] };
  } | null;
}

describe("online reputation services, embedded", () => {
  let dataDir: string;
  let server: RunningServer;
  let standIn: ReputationStandIn;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-online-"));
    standIn = await startReputationStandIn();
    server = await startServer({
      env: {
        PDFSCAN_DATABASE_URL: "",
        PDFSCAN_REDIS_URL: "",
        PDFSCAN_STORAGE: "",
        PDFSCAN_DATA_DIR: dataDir,
        PDFSCAN_VIRUSTOTAL_API_KEY: standIn.apiKey,
        PDFSCAN_VIRUSTOTAL_URL: standIn.url,
        PDFSCAN_URLHAUS_AUTH_KEY: standIn.authKey,
        PDFSCAN_URLHAUS_URL: standIn.url,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const scan = async (pdf: Uint8Array, enrichment: boolean): Promise<{ scan: ScanJson; report: Report }> => {
    const res = await fetch(`${server.url}/api/scans`, {
      method: "POST",
      body: scanForm(pdf, enrichment ? { enableEnrichment: "true" } : {}),
    });
    expect(res.status).toBe(201);
    const ended = await waitUntilEnded(server.url, ((await res.json()) as ScanJson).scanId, 60_000);
    expect(ended.scan).toMatchObject({ status: "completed", advancedStatus: "completed" });
    const report = (await (await fetch(`${server.url}/api/scans/${ended.scan.scanId}/report`)).json()) as Report;
    return { scan: ended.scan, report };
  };

  it("asks nothing for a scan without enrichment", async () => {
    standIn.requests.length = 0;
    const { report } = await scan(linkPdf("http://quiet-host.badhost.net/a"), false);
    expect(report.enrichment).toBeNull();
    expect(standIn.requests).toEqual([]);
  });

  it("sends the file's SHA-256 and the link's host, never the file; a hash most engines detect makes the file malicious with a finding; the second scan is answered from the cache", async () => {
    const pdf = linkPdf("https://dropper.badhost.net/q3-report");
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    standIn.files.set(sha256, { malicious: 38, undetected: 22, label: "trojan.pdf/phish" });
    standIn.hosts.set("dropper.badhost.net", [{ url: "https://dropper.badhost.net/q3-report", status: "online" }]);
    standIn.requests.length = 0;

    const first = await scan(pdf, true);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `GET /api/v3/files/${sha256}`,
      "POST /v1/host/",
    ]);
    expect(Math.max(...standIn.requests.map((r) => r.body.length))).toBeLessThan(100); // a form field, not the PDF
    expect(first.report.enrichment).toMatchObject({ external: true });
    expect(first.report.enrichment!.online).toEqual([
      { provider: "virustotal", asked: 1, sent: 1, cached: 0, skipped: [] },
      { provider: "urlhaus", asked: 1, sent: 1, cached: 0, skipped: [] },
    ]);
    expect(first.report.enrichment!.feeds!.hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: "virustotal",
          matchedAs: "sha256",
          matchedValue: sha256,
          counts: true,
          category: "malware: 38/60 engines, trojan.pdf/phish",
        }),
        expect.objectContaining({
          source: "urlhaus",
          matchedAs: "domain",
          matchedValue: "dropper.badhost.net",
          counts: true,
        }),
      ]),
    );
    expect(first.scan.verdict).toBe("malicious");
    expect(first.report.summary.evidenceFloor?.ruleId).toBe("known-bad-indicator");
    expect(first.report.findings[0]).toMatchObject({
      ruleId: "known-bad-indicator",
      title: "Known-bad indicator on a threat feed or online reputation service",
    });
    expect(first.report.findings[0]!.evidence.map((e) => e.excerpt).join("\n")).toContain(
      "on virustotal: malware: 38/60 engines",
    );

    standIn.requests.length = 0;
    const second = await scan(pdf, true);
    expect(standIn.requests).toEqual([]);
    expect(second.report.enrichment!.online!.map((r) => [r.provider, r.sent, r.cached])).toEqual([
      ["virustotal", 0, 1],
      ["urlhaus", 0, 1],
    ]);
    expect(second.scan.verdict).toBe("malicious");
  });

  it("completes the scan with the lookups reported as skipped when the services fail", async () => {
    standIn.failWith = 500;
    try {
      const { report } = await scan(linkPdf("http://other.badhost.net/x"), true);
      expect(report.enrichment!.online!.flatMap((r) => r.skipped)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ reason: "HTTP 500 InternalError" }),
          expect.objectContaining({ reason: "HTTP 500: not the documented answer" }),
        ]),
      );
    } finally {
      standIn.failWith = null;
    }
  });
});
