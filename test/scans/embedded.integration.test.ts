// Scans end to end in the embedded configuration: the real built server (dist/server.mjs), SQLite and
// uploads under a temp data dir, the in-process queue on the worker-thread pool. Two servers: a
// normal one for the lifecycle, and a slow one (test-only stage delay, short lease, a 1 s advanced
// budget) for 409 before the fast verdict, a stage over budget, and a SIGKILL + restart mid-scan.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScanReport } from "../../lib/server/scans/report";
import { SCAN_STATUSES, statusRank } from "../../lib/server/domain/state-machine";
import { encryptWithQpdf } from "../../lib/pdf/testing/qpdf-encrypt";
import { openZip, readZipMember } from "../../lib/zip/password-zip";
import { ATTACHED_SCRIPT, attachedScriptPdf, benignPdf, SUSPICIOUS_URL, suspiciousPdf } from "../fixtures/sample-pdfs";
import { authorizedFetch as fetch, startServer, type RunningServer } from "../support/next-server";
import {
  createScan,
  expectFeedEvidence,
  expectSeenBeforeAndIocSearch,
  expectIdempotentCreation,
  expectZipAndRawUploads,
  filesContaining,
  getScan,
  readScanEvents,
  scanForm,
  statusesOf,
  waitFor,
  waitUntilEnded,
  walkFiles,
  type ScanJson,
} from "./support/scan-api";

const HOUR = 3_600_000;
/** Embedded defaults only: clear anything the environment might carry. */
const EMBEDDED = { PDFSCAN_DATABASE_URL: "", PDFSCAN_REDIS_URL: "", PDFSCAN_STORAGE: "", PDFSCAN_WORKERS: "2" };

/** A PDF no other test uploads, so finding its bytes means finding this upload. */
function uniquePdf(): Uint8Array {
  const base = Buffer.from(suspiciousPdf()).toString("latin1");
  return Buffer.from(base.replace("%PDF-1.7", `%PDF-1.7\n%unique ${crypto.randomUUID()}`), "latin1");
}

async function problem(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = await res.json();
  expect(body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  return body;
}

/** the statuses a scan that completes goes through */
const LIFECYCLE = SCAN_STATUSES.slice(0, SCAN_STATUSES.indexOf("completed") + 1);

function expectForwardOnly(seen: string[]) {
  for (const s of seen) expect(SCAN_STATUSES).toContain(s);
  for (let i = 1; i < seen.length; i++)
    expect(statusRank(seen[i] as never), seen.join(" -> ")).toBeGreaterThan(statusRank(seen[i - 1] as never));
}

describe("scans, embedded (SQLite + in-process queue)", () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-embedded-"));
    server = await startServer({ env: { ...EMBEDDED, PDFSCAN_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("says a file was seen before (with the earlier verdict), and finds scans by an indicator, defanged or not", async () => {
    await expectSeenBeforeAndIocSearch(server.url);
  });

  it("matches scans against feeds imported with pdfscan feeds import: a phishing host raises the verdict with a finding, a known-good host does not", async () => {
    await expectFeedEvidence(server.url, { PDFSCAN_DATA_DIR: dataDir, PDFSCAN_DATABASE_URL: "" });
  });

  it("creates a scan (201, Location, queued_fast_scan, resultUrl), runs it to completed and serves a valid report", async () => {
    const pdf = uniquePdf();
    const { res, body } = await createScan(server.url, pdf);
    expect(res.status).toBe(201);
    expect(body.scanId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.headers.get("location")).toBe(`/api/scans/${body.scanId}`);
    expect(body).toMatchObject({
      status: "queued_fast_scan",
      retentionMode: "delete_immediately",
      resultUrl: `/scans/${body.scanId}`,
      expiresAt: null,
      advancedStatus: "pending",
      enrichmentStatus: "disabled",
      verdict: null,
    });
    const { scan, seen } = await waitUntilEnded(server.url, body.scanId);
    expectForwardOnly(["queued_fast_scan", ...seen.filter((s) => s !== "queued_fast_scan")]);
    expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed", expiresAt: null });
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    expect(Number.isInteger(scan.score)).toBe(true);

    const reportRes = await fetch(`${server.url}/api/scans/${body.scanId}/report`);
    expect(reportRes.status).toBe(200);
    expect(reportRes.headers.get("content-type")).toBe("application/json");
    const report = ScanReport.parse(await reportRes.json());
    expect(report).toMatchObject({
      scanId: body.scanId,
      stage: "advanced",
      summary: { verdict: scan.verdict, score: scan.score },
    });
    expect(report.iocs.urls.length).toBeGreaterThan(0);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(report.mitigations.length).toBeGreaterThan(0);
  });

  it("under delete_immediately keeps no copy of the upload in the data dir once the scan ended", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf, { retentionMode: "delete_immediately" });
    const { scan } = await waitUntilEnded(server.url, body.scanId);
    expect(scan).toMatchObject({ status: "completed", fileRetained: false, expiresAt: null });
    expect(walkFiles(dataDir).length).toBeGreaterThan(0); // the database is there
    expect(filesContaining(dataDir, pdf)).toEqual([]);
  });

  it("hands the retained file to its owner as a ZIP under the password infected, audited, and analyses it again as a new scan; 410 once the retention mode deleted it", async () => {
    const pdf = uniquePdf();
    const kept = await createScan(server.url, pdf, { retentionMode: "retain_24h" });
    await waitUntilEnded(server.url, kept.body.scanId);
    for (const base of ["/api", "/api/v1"]) {
      const res = await fetch(`${server.url}${base}/scans/${kept.body.scanId}/file`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="pdfscan-${kept.body.scanId}-sample.zip"`,
      );
      const zip = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(zip).includes(Buffer.from(pdf).subarray(0, 64))).toBe(false); // encrypted, not stored in the clear
      const [member] = await openZip(zip);
      expect(member!.name).toBe(`${kept.body.file.sha256}.pdf`);
      expect(Buffer.from(await readZipMember(member!)).equals(Buffer.from(pdf))).toBe(true);
      await expect(
        openZip(zip, "not-the-password").then(([m]) => readZipMember(m!, "not-the-password")),
      ).rejects.toThrow();
    }
    await waitFor("the audit line", async () =>
      server.output().includes(`"event":"scan.sample_download","scanId":"${kept.body.scanId}"`),
    );

    // analysed again: a new scan of the same file with the same options
    const again = await fetch(`${server.url}/api/scans/${kept.body.scanId}/rerun`, { method: "POST" });
    expect(again.status).toBe(201);
    const rerun = (await again.json()) as ScanJson;
    expect(rerun.scanId).not.toBe(kept.body.scanId);
    expect(again.headers.get("location")).toBe(`/api/scans/${rerun.scanId}`);
    expect(rerun).toMatchObject({
      file: { sha256: kept.body.file.sha256, name: kept.body.file.name },
      retentionMode: "retain_24h",
      enrichmentStatus: "disabled",
    });
    expect((await waitUntilEnded(server.url, rerun.scanId)).scan.status).toBe("completed");

    const gone = await createScan(server.url, uniquePdf(), { retentionMode: "delete_immediately" });
    await waitUntilEnded(server.url, gone.body.scanId);
    for (const [method, route] of [
      ["GET", "file"],
      ["POST", "rerun"],
    ] as const) {
      const res = await fetch(`${server.url}/api/scans/${gone.body.scanId}/${route}`, { method });
      expect(res.status).toBe(410);
      expect(await res.json()).toMatchObject({ code: "file_not_retained", status: 410 });
    }
  });

  it("opens a retained file's objects (list, search, references, a decoded stream) and hands out an embedded file as a password ZIP whose member matches the report", async () => {
    const kept = await createScan(server.url, attachedScriptPdf(), { retentionMode: "retain_24h" });
    const { scanId } = kept.body;
    await waitUntilEnded(server.url, scanId);
    const scanUrl = `${server.url}/api/scans/${scanId}`;
    const list = await (await fetch(`${scanUrl}/objects`)).json();
    expect(list).toMatchObject({
      encrypted: false,
      truncated: false,
      revisions: [{ kind: "table", trailer: expect.stringContaining("/Root") }],
    });
    expect(list.objects.length).toBe(list.total);
    const found = await (
      await fetch(`${server.url}/api/v1/scans/${scanId}/objects?search=${encodeURIComponent("/JavaScript")}`)
    ).json();
    expect(found.objects.map((o: { kind: string }) => o.kind)).toEqual(["dict /Action /JavaScript"]);
    const stream = list.objects.find((o: { kind: string }) => o.kind === "stream /EmbeddedFile /text/plain");
    expect(stream.stream).toEqual({ rawBytes: expect.any(Number), filters: ["FlateDecode"] });
    const referrers = await (await fetch(`${scanUrl}/objects?refs=${stream.num}`)).json();
    expect(referrers.objects.map((o: { kind: string }) => o.kind)).toEqual(["dict /Filespec"]);

    const decoded = await fetch(`${scanUrl}/objects/${stream.num}?stream=decoded`);
    expect(decoded.headers.get("cache-control")).toBe("no-store");
    const view = await decoded.json();
    expect(view).toMatchObject({
      object: { num: stream.num },
      text: expect.stringContaining("/Type /EmbeddedFile"),
      referrers: [{ kind: "dict /Filespec" }],
    });
    expect(Buffer.from(view.stream.base64, "base64").toString("latin1")).toBe(ATTACHED_SCRIPT);
    expect(view.stream).toMatchObject({ view: "decoded", totalBytes: ATTACHED_SCRIPT.length, truncated: false });

    // the embedded file, by the hash the report lists
    const report = ScanReport.parse(await (await fetch(`${scanUrl}/report`)).json());
    const listed = (report.details.embedded_files as { sha256: string; name: string }[])[0];
    expect(listed.name).toBe("invoice.js");
    const res = await fetch(`${scanUrl}/embedded/${listed.sha256}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="pdfscan-${scanId}-embedded-${listed.sha256.slice(0, 16)}.zip"`,
    );
    const [member] = await openZip(new Uint8Array(await res.arrayBuffer()));
    expect(member!.name).toBe(`${listed.sha256}.js`);
    const bytes = await readZipMember(member!);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(listed.sha256);
    await waitFor("the audit line", async () =>
      server.output().includes(`"event":"scan.embedded_download","scanId":"${scanId}"`),
    );

    await problem(await fetch(`${scanUrl}/objects/9999`), 404, "object_not_found");
    await problem(await fetch(`${scanUrl}/embedded/${"0".repeat(64)}`), 404, "object_not_found");
    await problem(await fetch(`${scanUrl}/objects/abc`), 400, "invalid_request");
    await problem(await fetch(`${scanUrl}/objects?search=a&refs=1`), 400, "invalid_request");
    await problem(await fetch(`${scanUrl}/objects/1?stream=html`), 400, "invalid_request");
    const gone = await createScan(server.url, uniquePdf(), { retentionMode: "delete_immediately" });
    await waitUntilEnded(server.url, gone.body.scanId);
    for (const route of ["objects", "objects/1", `embedded/${listed.sha256}`]) {
      await problem(await fetch(`${server.url}/api/scans/${gone.body.scanId}/${route}`), 410, "file_not_retained");
    }
  });

  it("under retain_24h keeps the bytes and sets expiresAt = createdAt + 24 h (RFC 3339 UTC)", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf, { retentionMode: "retain_24h" });
    expect(body.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(body.expiresAt!) - Date.parse(body.createdAt)).toBe(24 * HOUR);
    const { scan } = await waitUntilEnded(server.url, body.scanId);
    expect(scan).toMatchObject({ status: "completed", fileRetained: true, expiresAt: body.expiresAt });
    expect(filesContaining(dataDir, pdf)).toEqual([path.join(dataDir, "uploads", `${body.scanId}.pdf.bin`)]);
  });

  it("serves every report format, chosen by ?format= or Accept", async () => {
    const { body } = await createScan(server.url, suspiciousPdf(), { retentionMode: "retain_7d" });
    await waitUntilEnded(server.url, body.scanId);
    const report = (q: string, accept?: string) =>
      fetch(`${server.url}/api/scans/${body.scanId}/report${q}`, { headers: accept ? { accept } : {} });

    const stix = await report("?format=stix");
    expect(stix.headers.get("content-type")).toBe("application/stix+json;version=2.1");
    const bundle = (await stix.json()) as {
      type: string;
      id: string;
      objects: { type: string; id: string; spec_version: string }[];
    };
    expect(bundle.type).toBe("bundle");
    expect(bundle.id).toMatch(/^bundle--[0-9a-f-]{36}$/);
    for (const o of bundle.objects) {
      expect(o.spec_version).toBe("2.1");
      expect(o.id).toMatch(
        new RegExp(`^${o.type}--[0-9a-f]{8}-[0-9a-f]{4}-[45][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`),
      );
    }
    expect(bundle.objects.map((o) => o.type)).toEqual(
      expect.arrayContaining(["identity", "file", "malware-analysis", "indicator", "url"]),
    );
    expect((await (await report("", "application/stix+json;version=2.1")).json()).type).toBe("bundle");

    const misp = (await (await report("?format=misp")).json()) as {
      Event: { info: string; Attribute: { type: string }[]; Tag: unknown[] };
    };
    expect(misp.Event.info).toContain("pdfscan");
    expect(misp.Event.Attribute.map((a) => a.type)).toEqual(expect.arrayContaining(["sha256", "url"]));

    for (const [q, accept] of [
      ["?format=csv", undefined],
      ["", "text/csv"],
    ] as const) {
      const csv = await report(q, accept);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      const lines = (await csv.text()).split("\r\n");
      expect(lines[0]).toBe("type,value,defanged,victimData,sources");
      expect(
        lines.some((l) => l.startsWith("url,http://evil.example/collect,hxxp[://]evil[.]example/collect,false,")),
      ).toBe(true);
    }
    const sarif = await report("?format=sarif");
    expect(sarif.headers.get("content-type")).toBe("application/sarif+json");
    expect(((await sarif.json()) as { version: string }).version).toBe("2.1.0");
    const md = await (await report("?format=md")).text();
    expect(md).toMatch(/^# PDF scan report: /);
    expect(md).toContain("## Findings");
    const html = await report("", "text/html,*/*;q=0.8");
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await html.text()).toContain("<h2>Indicators");
    await problem(await report("?format=docx"), 400, "invalid_request");
    // the versioned path serves the same report
    expect(
      ScanReport.parse(await (await fetch(`${server.url}/api/v1/scans/${body.scanId}/report`)).json()).scanId,
    ).toBe(body.scanId);
  });

  it("lists the caller's scans newest first, paginated (also under /api/v1)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createScan(server.url, benignPdf())).body.scanId);
    const first = await fetch(`${server.url}/api/scans?limit=2`);
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as {
      items: { scanId: string; createdAt: string }[];
      nextCursor: string | null;
      limit: number;
    };
    expect(page1.items.map((s) => s.scanId)).toEqual([ids[2], ids[1]]);
    expect(page1.nextCursor).toBeTruthy();
    expect(first.headers.get("link")).toBe(`</api/scans?limit=2&cursor=${page1.nextCursor}>; rel="next"`);
    const page2 = (await (
      await fetch(`${server.url}/api/v1/scans?limit=2&cursor=${page1.nextCursor}`)
    ).json()) as typeof page1;
    expect(page2.items[0].scanId).toBe(ids[0]);
    const all = [...page1.items, ...page2.items];
    for (let i = 1; i < all.length; i++) expect(all[i - 1].createdAt >= all[i].createdAt).toBe(true);
    await problem(await fetch(`${server.url}/api/scans?limit=0`), 400, "invalid_request");
    await problem(await fetch(`${server.url}/api/scans?cursor=garbage`), 400, "invalid_request");
    for (const id of ids) await waitUntilEnded(server.url, id);
    // filters: the next page's link keeps them; unknown values are a 400
    const sha = ((await (await fetch(`${server.url}/api/scans/${ids[0]}`)).json()) as { file: { sha256: string } }).file
      .sha256;
    const filtered = await fetch(
      `${server.url}/api/scans?limit=1&status=completed&q=${sha.slice(0, 12).toUpperCase()}`,
    );
    const page3 = (await filtered.json()) as typeof page1;
    expect(page3.items).toHaveLength(1);
    expect(filtered.headers.get("link")).toBe(
      `</api/scans?limit=1&status=completed&q=${sha.slice(0, 12).toUpperCase()}&cursor=${page3.nextCursor}>; rel="next"`,
    );
    await problem(await fetch(`${server.url}/api/scans?verdict=evil`), 400, "invalid_request");
    await problem(await fetch(`${server.url}/api/scans?status=done`), 400, "invalid_request");
  });

  it("DELETE removes the scan, its report and its file (204, then 404)", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf, { retentionMode: "retain_30d" });
    await waitUntilEnded(server.url, body.scanId);
    expect(filesContaining(dataDir, pdf)).toHaveLength(1);
    const del = await fetch(`${server.url}/api/scans/${body.scanId}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe("");
    await problem(await fetch(`${server.url}/api/scans/${body.scanId}`), 404, "scan_not_found");
    await problem(await fetch(`${server.url}/api/scans/${body.scanId}/report`), 404, "scan_not_found");
    await problem(await fetch(`${server.url}/api/scans/${body.scanId}`, { method: "DELETE" }), 404, "scan_not_found");
    expect(filesContaining(dataDir, pdf)).toEqual([]);
  });

  it("opens an encrypted upload with the `password` field (/analyze/fast, /analyze/deep, a scan) and keeps the password nowhere", async () => {
    const password = `from-the-mail-body-${crypto.randomUUID()}`;
    const locked = encryptWithQpdf(uniquePdf(), [password, `owner-${crypto.randomUUID()}`, "256"]);
    const analyze = async (route: string, fields: Record<string, string>) => {
      const res = await fetch(`${server.url}${route}`, { method: "POST", body: scanForm(locked, fields) });
      expect(res.status).toBe(200);
      return (await res.json()) as { summary: { verdict: string }; lures?: { pages_rendered: number } | null };
    };
    // without it the content stays opaque: the script's address is not seen
    const closed = await analyze("/analyze/fast", {});
    expect(closed.summary.verdict).toBe("unknown");
    expect(JSON.stringify(closed)).not.toContain(SUSPICIOUS_URL);
    const fast = await analyze("/analyze/fast", { password });
    const deep = await analyze("/analyze/deep", { password });
    const deepClosed = await analyze("/analyze/deep", {});
    for (const r of [fast, deep]) {
      expect(["suspicious", "malicious"]).toContain(r.summary.verdict);
      expect(JSON.stringify(r)).toContain(SUSPICIOUS_URL);
      expect(JSON.stringify(r)).not.toContain(password);
    }
    // pdf.js opens it with the password too: the page is drawn
    expect(deep.lures?.pages_rendered).toBeGreaterThan(0);
    expect(deepClosed.lures?.pages_rendered ?? 0).toBe(0);

    const { body } = await createScan(server.url, locked, { password, retentionMode: "retain_24h" });
    expect(JSON.stringify(body)).not.toContain(password);
    const { scan } = await waitUntilEnded(server.url, body.scanId);
    expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed" });
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    const report = await (await fetch(`${server.url}/api/scans/${body.scanId}/report`)).text();
    expect(report).toContain(SUSPICIOUS_URL);
    expect(report).not.toContain(password);
    // not in the database (and its WAL), the stored files or the server's output
    expect(filesContaining(dataDir, Buffer.from(password))).toEqual([]);
    expect(server.output()).not.toContain(password);
  });

  it("runs the offline enrichment when enableEnrichment is true", async () => {
    const { body } = await createScan(server.url, suspiciousPdf(), { enableEnrichment: "true" });
    expect(body.enrichmentStatus).toBe("pending");
    const { scan } = await waitUntilEnded(server.url, body.scanId);
    expect(scan.enrichmentStatus).toBe("completed");
    const report = ScanReport.parse(await (await fetch(`${server.url}/api/scans/${body.scanId}/report`)).json());
    expect(report.enrichment).toMatchObject({ provider: "pdfscan-offline-reputation", external: false });
  });

  it("refuses bad requests with problem+json and errors[]", async () => {
    const post = (form: FormData, route = "/api/scans") =>
      fetch(`${server.url}${route}`, { method: "POST", body: form });
    const bad = await problem(
      await post(scanForm(benignPdf(), { retentionMode: "forever", enableEnrichment: "yes" })),
      400,
      "invalid_request",
    );
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["enableEnrichment", "retentionMode"]);
    await problem(await post(scanForm(benignPdf(), { callback: "x" })), 400, "invalid_request");
    const noFile = new FormData();
    noFile.set("retentionMode", "retain_24h");
    await problem(await post(noFile), 400, "missing_file");
    await problem(await post(scanForm(new TextEncoder().encode("MZ not a pdf"))), 415, "unsupported_media_type");
    await problem(await fetch(`${server.url}/api/scans/AAAAAAAAAAAAAAAAAAAAAA`), 404, "scan_not_found");
    await problem(await fetch(`${server.url}/api/scans/..%2F..%2Fetc`), 404, "scan_not_found");
  });

  it("streams the statuses of a scan in order as Server-Sent Events, ending at completed (also under /api/v1 and a share link)", async () => {
    const { body } = await createScan(server.url, uniquePdf());
    const { res, events } = await readScanEvents(`${server.url}/api/scans/${body.scanId}/events`);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    // from the state at connection on, no status is skipped (slow stages below: connected mid-fast-stage)
    const seen = statusesOf(events);
    expect(seen).toEqual(LIFECYCLE.slice(LIFECYCLE.indexOf(seen[0] as never)));
    const ids = events.filter((e) => e.event === "scan").map((e) => Number(e.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThanOrEqual(ids[i - 1]);
    expect(events.filter((e) => e.event === "verdict").length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)).toEqual({ event: "end", data: { status: "completed" }, id: undefined });
    const final = events.filter((e) => e.event === "scan").at(-1)!.data as ScanJson;
    expect(final).toMatchObject({ scanId: body.scanId, status: "completed", advancedStatus: "completed" });

    // a scan that ended already: its state and the end, at once
    const again = await readScanEvents(`${server.url}/api/v1/scans/${body.scanId}/events`);
    expect(again.events.map((e) => e.event)).toEqual(["scan", "verdict", "end"]);
    // a share link's stream shows the same scan with the link's addresses
    const minted = (await (
      await fetch(`${server.url}/api/scans/${body.scanId}/shares`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { url: string };
    const shared = await readScanEvents(`${server.url}${minted.url}/events`);
    expect(shared.events.map((e) => e.event)).toEqual(["scan", "verdict", "end"]);
    expect(shared.events[0].data).toMatchObject({
      scanId: body.scanId,
      resultUrl: minted.url,
      reportUrl: `${minted.url}/report`,
    });
    // nobody else's scan: 404, before any stream
    expect((await readScanEvents(`${server.url}/api/scans/${"A".repeat(22)}/events`)).res.status).toBe(404);
  });

  it("resumes an event stream after a dropped connection from Last-Event-ID, without repeating what was seen", async () => {
    const { body } = await createScan(server.url, uniquePdf());
    const first = await readScanEvents(`${server.url}/api/scans/${body.scanId}/events`, { stopAfter: 1 });
    expect(first.events).toHaveLength(1);
    const seen = first.events[0];
    const rest = await readScanEvents(`${server.url}/api/scans/${body.scanId}/events`, { lastEventId: seen.id });
    const resumed = rest.events.filter((e) => e.event === "scan");
    // nothing before or equal to the state already seen comes again
    for (const e of resumed) expect(e.id).not.toBe(seen.id);
    expect(statusesOf(rest.events)).not.toContain((seen.data as ScanJson).status);
    expect(rest.events.at(-1)).toEqual({ event: "end", data: { status: "completed" }, id: undefined });
  });

  it("serves the same API under /api/v1 with versioned Location", async () => {
    const { res, body } = await createScan(server.url, benignPdf(), {}, "/api/v1/scans");
    expect(res.headers.get("location")).toBe(`/api/v1/scans/${body.scanId}`);
    expect(body.resultUrl).toBe(`/scans/${body.scanId}`);
    const v1 = await fetch(`${server.url}/api/v1/scans/${body.scanId}`);
    expect(v1.status).toBe(200);
    await waitUntilEnded(server.url, body.scanId);
  });

  it("renders the scan page at the resultUrl", async () => {
    const { body } = await createScan(server.url, benignPdf());
    await waitUntilEnded(server.url, body.scanId);
    const page = await fetch(`${server.url}${body.resultUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(body.scanId);
    expect(html).toContain('data-status="completed"');
    expect((await fetch(`${server.url}/scans/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });
  // another key gets 404 for a scan: test/security.integration.test.ts ("scopes scans to their owner")
});

describe("scans, embedded, slow stages (test-only stage delay)", () => {
  const DELAY_MS = 1_500;
  let dataDir: string;
  let server: RunningServer;
  const env = () => ({
    ...EMBEDDED,
    PDFSCAN_DATA_DIR: dataDir,
    // TEST ONLY: each stage sleeps this long inside its budget, so "mid-stage" lasts long enough to observe
    PDFSCAN_TEST_STAGE_DELAY_MS: String(DELAY_MS),
    PDFSCAN_LEASE_MS: "1500",
    // below the delay: every advanced stage runs over budget
    PDFSCAN_ADVANCED_TIMEOUT_MS: "1000",
  });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-embedded-slow-"));
    server = await startServer({ env: env() });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("streams every status from the connection on: mid-fast-stage to completed, none skipped", async () => {
    const { body } = await createScan(server.url, suspiciousPdf());
    const { events } = await readScanEvents(`${server.url}/api/scans/${body.scanId}/events`);
    const seen = statusesOf(events);
    // connected within the fast stage's 1.5 s sleep: queued or running fast, then every later status
    expect(["queued_fast_scan", "running_fast_scan"]).toContain(seen[0]);
    expect(seen).toEqual(LIFECYCLE.slice(LIFECYCLE.indexOf(seen[0] as never)));
    expect(events.at(-1)).toEqual({ event: "end", data: { status: "completed" }, id: undefined });
  });

  it("answers 409 report_not_ready with Retry-After until the fast verdict exists", async () => {
    const { body } = await createScan(server.url, suspiciousPdf());
    const early = await fetch(`${server.url}/api/scans/${body.scanId}/report`);
    const problemBody = await problem(early, 409, "report_not_ready");
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(["queued_fast_scan", "running_fast_scan"]).toContain(problemBody.scanStatus);
    await waitFor(
      "running_fast_scan",
      async () => (await getScan(server.url, body.scanId)).status === "running_fast_scan",
    );
    await problem(await fetch(`${server.url}/api/scans/${body.scanId}/report?format=stix`), 409, "report_not_ready");
    // rule 2: once the fast stage is done, verdict and score are there while the advanced stage is pending
    const mid = await waitFor("the fast verdict", async () => {
      const s = await getScan(server.url, body.scanId);
      return s.verdict ? s : undefined;
    });
    expect(["completed_fast_scan", "queued_advanced_scan", "running_advanced_scan"]).toContain(mid.status);
    expect(["queued", "running"]).toContain(mid.advancedStatus);
    expect(Number.isInteger(mid.score)).toBe(true);
    expect(ScanReport.parse(await (await fetch(`${server.url}/api/scans/${body.scanId}/report`)).json()).stage).toBe(
      "fast",
    );
    await waitUntilEnded(server.url, body.scanId);
  });

  it("records an advanced stage over its budget as failed with a reason; the scan still completes with the fast verdict", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf);
    const { scan } = await waitUntilEnded(server.url, body.scanId);
    expect(scan).toMatchObject({ status: "completed", advancedStatus: "failed", fileRetained: false });
    expect(scan.advancedFailureReason).toMatch(
      /^analysis_timeout: the advanced stage did not finish within its budget of 1000 ms/,
    );
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    expect(ScanReport.parse(await (await fetch(`${server.url}/api/scans/${body.scanId}/report`)).json())).toMatchObject(
      { stage: "fast", advancedStatus: "failed" },
    );
    expect(filesContaining(dataDir, pdf)).toEqual([]);
  });

  it("makes one scan per PDF of a password ZIP (one batch), and takes a raw application/pdf body with its options in the query", async () => {
    await expectZipAndRawUploads(server.url, [uniquePdf(), uniquePdf(), uniquePdf()]);
  });

  it("creates one scan for two requests with the same Idempotency-Key, and refuses the key with another file (422)", async () => {
    await expectIdempotentCreation(server.url, uniquePdf(), uniquePdf());
  });

  it("survives a SIGKILL of the server mid-stage: after a restart the scan completes and its bytes are deleted", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf);
    await waitFor(
      "running_fast_scan",
      async () => (await getScan(server.url, body.scanId)).status === "running_fast_scan",
      { intervalMs: 20 },
    );
    const killedPid = server.pid;
    process.kill(killedPid, "SIGKILL");
    await waitFor("the server to die", async () => {
      try {
        process.kill(killedPid, 0);
        return false;
      } catch {
        return true;
      }
    });
    // what the crash left behind, read from the real store
    const db = new Database(path.join(dataDir, "pdfscan.sqlite"), { readonly: true });
    const left = db.prepare("select status, lease_owner, attempts from scans where id = ?").all(body.scanId)[0] as {
      status: string;
      lease_owner: string;
      attempts: number;
    };
    db.close();
    expect(left).toMatchObject({ status: "running_fast_scan", attempts: 1 });
    expect(left.lease_owner).toContain(`/${killedPid}/`);
    expect(filesContaining(dataDir, pdf)).toHaveLength(1);

    server = await startServer({ env: env() });
    const { scan } = await waitUntilEnded(server.url, body.scanId, 30_000);
    expect(scan.status).toBe("completed");
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    expect(scan.fileRetained).toBe(false);
    expect(filesContaining(dataDir, pdf)).toEqual([]);
    const db2 = new Database(path.join(dataDir, "pdfscan.sqlite"), { readonly: true });
    const after = db2.prepare("select lease_owner from scans where id = ?").all(body.scanId)[0] as {
      lease_owner: string;
    };
    db2.close();
    expect(after.lease_owner).toContain(`/${server.pid}/`);
  });
});

describe("scans, embedded, a graceful stop (SIGTERM) mid-stage", () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  // a lease far longer than the test: only a handed-back lease lets the restarted server resume in time
  const env = (delayMs: number) => ({
    ...EMBEDDED,
    PDFSCAN_DATA_DIR: dataDir,
    PDFSCAN_LEASE_MS: "600000",
    PDFSCAN_TEST_STAGE_DELAY_MS: String(delayMs),
  });
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-embedded-sigterm-"));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("hands the running stage back uncounted, and the restarted server resumes it at once instead of when the lease runs out", async () => {
    server = await startServer({ env: env(60_000) });
    const { body } = await createScan(server.url, uniquePdf());
    await waitFor(
      "running_fast_scan",
      async () => (await getScan(server!.url, body.scanId)).status === "running_fast_scan",
      { intervalMs: 20 },
    );
    await server.stop();

    const db = new Database(path.join(dataDir, "pdfscan.sqlite"), { readonly: true });
    const left = db.prepare("select status, lease_until, attempts from scans where id = ?").all(body.scanId)[0];
    db.close();
    expect(left).toEqual({ status: "running_fast_scan", lease_until: null, attempts: 0 });

    server = await startServer({ env: env(0) });
    const { scan } = await waitUntilEnded(server.url, body.scanId, 30_000);
    expect(scan.status).toBe("completed");
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
  });
});
