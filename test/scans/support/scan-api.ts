// Client helpers for the scan API in integration tests and the benchmark: plain fetch against the
// real server, with polling.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { serverSentEvents } from "../../../lib/cli/client/event-stream";
import { expect } from "vitest";
import { buildZip } from "../../../lib/zip/testing";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { PdfBuilder } from "../../../lib/pdf/testing/pdf-builder";
import { pdfscan } from "../../cli/run-cli";
import { authorizedFetch as fetch } from "../../support/next-server";

export const TERMINAL = ["completed", "failed", "expired"];

export interface ScanJson {
  scanId: string;
  status: string;
  retentionMode: string;
  resultUrl: string;
  verdict: string | null;
  score: number | null;
  advancedStatus: string;
  advancedFailureReason: string | null;
  enrichmentStatus: string;
  failureReason: string | null;
  expiresAt: string | null;
  fileRetained: boolean;
  createdAt: string;
  fastCompletedAt: string | null;
  completedAt: string | null;
  file: { name: string; size: number; sha256: string };
  [key: string]: unknown;
}

export function scanForm(pdf: Uint8Array, fields: Record<string, string> = {}, fileName = "sample.pdf"): FormData {
  const form = new FormData();
  form.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), fileName);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

export async function createScan(
  baseUrl: string,
  pdf: Uint8Array,
  fields: Record<string, string> = {},
  route = "/api/scans",
): Promise<{ res: Response; body: ScanJson }> {
  const res = await fetch(`${baseUrl}${route}`, { method: "POST", body: scanForm(pdf, fields) });
  const body = (await res.json()) as ScanJson;
  if (res.status !== 201) throw new Error(`POST ${route}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { res, body };
}

export async function getScan(baseUrl: string, scanId: string): Promise<ScanJson> {
  const res = await fetch(`${baseUrl}/api/scans/${scanId}`);
  if (res.status !== 200) throw new Error(`GET scan ${scanId}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as ScanJson;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ""}`,
  );
}

/** Polls until the scan ends; returns the final scan and every status seen on the way, in order. */
export async function waitUntilEnded(
  baseUrl: string,
  scanId: string,
  timeoutMs = 30_000,
): Promise<{ scan: ScanJson; seen: string[] }> {
  const seen: string[] = [];
  const scan = await waitFor(
    `scan ${scanId} to end`,
    async () => {
      const s = await getScan(baseUrl, scanId);
      if (seen.at(-1) !== s.status) seen.push(s.status);
      return TERMINAL.includes(s.status) ? s : undefined;
    },
    { timeoutMs, intervalMs: 25 },
  );
  return { scan, seen };
}

/** Every regular file under `dir`. */
export function walkFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walkFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Files under `dir` whose content includes `bytes` (the uploaded PDF, byte for byte). */
export function filesContaining(dir: string, bytes: Uint8Array): string[] {
  const needle = Buffer.from(bytes);
  return walkFiles(dir).filter((f) => statSync(f).size >= needle.length && readFileSync(f).includes(needle));
}

export interface ScanEvent {
  event: string;
  data: unknown;
  id?: string;
}

/**
 * Reads a scan's event stream (GET .../events) as an EventSource would, until the server ends it or
 * `stopAfter` events came (the connection is then dropped, as a network blip would).
 */
export async function readScanEvents(
  url: string,
  { lastEventId, stopAfter = Infinity }: { lastEventId?: string; stopAfter?: number } = {},
): Promise<{ res: Response; events: ScanEvent[] }> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: ScanEvent[] = [];
  if (res.status !== 200 || !res.body) return { res, events };
  try {
    for await (const e of serverSentEvents(res.body)) {
      events.push({ event: e.event, data: JSON.parse(e.data), id: e.id });
      if (events.length >= stopAfter) {
        abort.abort();
        break;
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
  return { res, events };
}

/** The statuses of the `scan` events, in order. */
export const statusesOf = (events: ScanEvent[]): string[] =>
  events.filter((e) => e.event === "scan").map((e) => (e.data as ScanJson).status);

/**
 * POST /api/scans twice with one Idempotency-Key (a pipeline retrying a timed-out upload), then with
 * the key and another file: one scan, the retry answered with it, the other file a 422.
 */
export async function expectIdempotentCreation(baseUrl: string, pdf: Uint8Array, otherPdf: Uint8Array): Promise<void> {
  const key = crypto.randomUUID();
  const fileName = `retried-${key}.pdf`;
  const post = (bytes: Uint8Array) =>
    fetch(`${baseUrl}/api/scans`, {
      method: "POST",
      body: scanForm(bytes, { retentionMode: "retain_24h" }, fileName),
      headers: { "idempotency-key": key },
    });
  const first = await post(pdf);
  expect(first.status).toBe(201);
  expect(first.headers.get("idempotent-replayed")).toBeNull();
  const created = (await first.json()) as ScanJson;
  const retried = await post(pdf);
  expect(retried.status).toBe(201);
  expect(retried.headers.get("idempotent-replayed")).toBe("true");
  expect(retried.headers.get("location")).toBe(`/api/scans/${created.scanId}`);
  expect(((await retried.json()) as ScanJson).scanId).toBe(created.scanId);
  const other = await post(otherPdf);
  expect(other.status).toBe(422);
  expect(await other.json()).toMatchObject({ code: "idempotency_key_mismatch" });
  const listed = (await (await fetch(`${baseUrl}/api/scans?q=${encodeURIComponent(fileName)}`)).json()) as {
    items: ScanJson[];
  };
  expect(listed.items.map((s) => s.scanId)).toEqual([created.scanId]);
}

/**
 * A password ZIP (infected) of three PDFs and a text file to POST /api/scans: one scan per PDF, one
 * batch; then a raw application/pdf body with its options in the query. Every scan completes.
 */
export async function expectZipAndRawUploads(
  baseUrl: string,
  pdfs: [Uint8Array, Uint8Array, Uint8Array],
  timeoutMs = 60_000,
): Promise<void> {
  const zip = await buildZip({
    "a.pdf": pdfs[0],
    "dir/b.pdf": pdfs[1],
    "notes.txt": new TextEncoder().encode("password: infected"),
    "c.pdf": pdfs[2],
  });
  const res = await fetch(`${baseUrl}/api/scans`, {
    method: "POST",
    body: scanForm(zip, { retentionMode: "retain_24h" }, "mail.zip"),
  });
  expect(res.status).toBe(201);
  const batch = (await res.json()) as {
    batchId: string;
    archive: { name: string };
    scans: ScanJson[];
    skipped: { name: string; reason: string }[];
  };
  expect(res.headers.get("location")).toBe(`/api/scans?batch=${batch.batchId}`);
  expect(batch.archive.name).toBe("mail.zip");
  expect(batch.scans.map((s) => s.file.name)).toEqual(["mail.zip/a.pdf", "mail.zip/dir/b.pdf", "mail.zip/c.pdf"]);
  expect(
    batch.scans.every(
      (s) => s.batchId === batch.batchId && s.retentionMode === "retain_24h" && s.status === "queued_fast_scan",
    ),
  ).toBe(true);
  expect(batch.skipped).toEqual([{ name: "notes.txt", reason: "not a PDF" }]);
  const listed = (await (await fetch(`${baseUrl}/api/scans?batch=${batch.batchId}`)).json()) as { items: ScanJson[] };
  expect(listed.items.map((s) => s.scanId).sort()).toEqual(batch.scans.map((s) => s.scanId).sort());
  for (const s of batch.scans)
    expect((await waitUntilEnded(baseUrl, s.scanId, timeoutMs)).scan.status).toBe("completed");

  const raw = await fetch(`${baseUrl}/api/scans?retentionMode=retain_7d&fileName=raw.pdf`, {
    method: "POST",
    headers: { "content-type": "application/pdf" },
    body: pdfs[0] as Uint8Array<ArrayBuffer>,
  });
  expect(raw.status).toBe(201);
  const rawScan = (await raw.json()) as ScanJson;
  expect(rawScan).toMatchObject({ retentionMode: "retain_7d", file: { name: "raw.pdf" }, batchId: null });
  const unknownOption = await fetch(`${baseUrl}/api/scans?retentionMode=forever`, {
    method: "POST",
    headers: { "content-type": "application/pdf" },
    body: pdfs[0] as Uint8Array<ArrayBuffer>,
  });
  expect(unknownOption.status).toBe(400);
}

/** A benign-looking page whose one link goes to `uri`. */
export function linkPdf(uri: string): Uint8Array {
  const b = new PdfBuilder();
  const link = b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${uri}) >> >>`);
  b.addCatalog("", 1, `/Annots [${link} 0 R]`);
  return b.build();
}

/**
 * Feeds imported with `pdfscan feeds import` into the server's database (`databaseEnv`: its
 * PDFSCAN_DATA_DIR or PDFSCAN_DATABASE_URL), then scans with enrichment: a link host on the phishing
 * feed shows the hit with its source and age and raises the verdict with a finding; the same kind of
 * link on a host a known-good list names does not.
 */
export async function expectFeedEvidence(
  baseUrl: string,
  databaseEnv: Record<string, string>,
  timeoutMs = 60_000,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "pdfscan-feeds-"));
  try {
    const tag = crypto.randomUUID().slice(0, 8);
    const phishing = path.join(dir, "certpl.txt");
    await writeFile(phishing, `# CERT.PL\nevil-login-${tag}.example.net\nsites.google.com\n`);
    const topSites = path.join(dir, "tranco.csv");
    await writeFile(topSites, "1,google.com\n2,sites.google.com\n");
    for (const [file, format] of [
      [phishing, "certpl-domains"],
      [topSites, "tranco"],
    ] as const) {
      const run = await pdfscan(["feeds", "import", file, "--format", format, "--source", `${format}-${tag}`], {
        env: databaseEnv,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`into ${format}-${tag}`);
    }

    const scanOf = async (uri: string) => {
      const res = await fetch(`${baseUrl}/api/scans`, {
        method: "POST",
        body: scanForm(linkPdf(uri), { enableEnrichment: "true" }, `${tag}.pdf`),
      });
      expect(res.status).toBe(201);
      const { scan } = await waitUntilEnded(baseUrl, ((await res.json()) as ScanJson).scanId, timeoutMs);
      expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed", enrichmentStatus: "completed" });
      const report = (await (await fetch(`${baseUrl}/api/scans/${scan.scanId}/report`)).json()) as {
        summary: { verdict: string; evidenceFloor?: { ruleId: string } };
        findings: { ruleId: string; contribution?: number; evidence: { excerpt?: string }[] }[];
        enrichment: {
          feeds?: {
            hits: { source: string; matchedAs: string; counts: boolean; ageDays: number | null; list: string }[];
          };
        };
      };
      return { scan, report };
    };
    const lure = await scanOf(`https://portal.evil-login-${tag}.example.net/signin`);
    expect(lure.report.enrichment.feeds!.hits).toContainEqual(
      expect.objectContaining({
        source: `certpl-domains-${tag}`,
        matchedAs: "parent-domain",
        counts: true,
        ageDays: 0,
      }),
    );
    expect(["suspicious", "malicious"]).toContain(lure.scan.verdict);
    expect(lure.report.summary.evidenceFloor?.ruleId).toBe("known-bad-indicator");
    expect(lure.report.findings[0]).toMatchObject({ ruleId: "known-bad-indicator" });
    expect(lure.report.findings[0]!.evidence[0]!.excerpt).toContain(`on certpl-domains-${tag}: phishing`);

    const hosted = await scanOf("https://sites.google.com/view/invoice-2231");
    expect(hosted.report.enrichment.feeds!.hits.some((h) => h.list === "known-good")).toBe(true);
    expect(hosted.report.enrichment.feeds!.hits.filter((h) => h.list === "malicious").every((h) => !h.counts)).toBe(
      true,
    );
    expect(hosted.report.findings.some((f) => f.ruleId === "known-bad-indicator")).toBe(false);
    expect(hosted.report.summary.evidenceFloor?.ruleId).not.toBe("known-bad-indicator");
    // its only link leads to a Tranco-listed host: the points the link's shape added are taken back, and the report says so
    const goodLinks = hosted.report.findings.find((f) => f.ruleId === "known-good-links");
    expect(goodLinks?.contribution).toBeLessThan(0);
    expect(goodLinks!.evidence[0]!.excerpt).toContain(`on tranco-${tag}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The same file uploaded twice: the second report says it was seen before (with the first scan's
 * verdict), and an indicator search (defanged, as copied from a report) finds both scans.
 */
export async function expectSeenBeforeAndIocSearch(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const tag = crypto.randomUUID().slice(0, 8);
  const url = `https://pivot-${tag}.example.net/invoice/view`;
  const pdf = linkPdf(url);
  const first = await createScan(baseUrl, pdf, {}, "/api/scans");
  const firstDone = (await waitUntilEnded(baseUrl, first.body.scanId, timeoutMs)).scan;
  const second = await createScan(baseUrl, pdf);
  await waitUntilEnded(baseUrl, second.body.scanId, timeoutMs);
  const report = (await (await fetch(`${baseUrl}/api/scans/${second.body.scanId}/report`)).json()) as {
    seenBefore: { count: number; scans: { scanId: string; verdict: string }[] };
  };
  expect(report.seenBefore.count).toBeGreaterThanOrEqual(1);
  expect(report.seenBefore.scans).toContainEqual(
    expect.objectContaining({ scanId: first.body.scanId, verdict: firstDone.verdict }),
  );
  const defanged = `hxxps[://]pivot-${tag}[.]example[.]net/invoice/view`;
  const found = (await (await fetch(`${baseUrl}/api/scans?ioc=${encodeURIComponent(defanged)}`)).json()) as {
    items: ScanJson[];
  };
  expect(found.items.map((s) => s.scanId).sort()).toEqual([first.body.scanId, second.body.scanId].sort());
  const byDomain = (await (await fetch(`${baseUrl}/api/scans?ioc=pivot-${tag}.example.net`)).json()) as {
    items: ScanJson[];
  };
  expect(byDomain.items).toHaveLength(2);
  const none = (await (await fetch(`${baseUrl}/api/scans?ioc=nothing-${tag}.example.net`)).json()) as {
    items: ScanJson[];
  };
  expect(none.items).toEqual([]);
}
