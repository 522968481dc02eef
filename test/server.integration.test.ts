// The real service end to end: the built server (dist/server.mjs), real worker threads, real PDFs (built in
// code and from the benign corpus). Every 200 body is checked against the FastResult contract and
// every error against RFC 9457 problem+json with the contract's code and status.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastResult } from "../lib/analyzer/report";
import { LINK_URL, SUSPICIOUS_URL, benignPdf, heavyPdf, suspiciousPdf, xdpWrapped } from "./fixtures/sample-pdfs";
import { authorizedFetch as fetch, REPO_ROOT, startServer, type RunningServer } from "./support/next-server";
import { buildZip } from "../lib/zip/testing";

const CORPUS_BENIGN = path.join(process.env.PDFSCAN_CORPUS ?? path.join(REPO_ROOT, "../shared/corpus"), "benign");
const HAS_CORPUS = existsSync(CORPUS_BENIGN);

function form(data: Uint8Array, fileName: string, field = "file"): FormData {
  const fd = new FormData();
  fd.append(field, new Blob([data as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), fileName);
  return fd;
}

async function analyze(server: RunningServer, data: Uint8Array, fileName: string, route = "/analyze/fast") {
  const res = await fetch(`${server.url}${route}`, { method: "POST", body: form(data, fileName) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${fileName}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return FastResult.parse(body);
}

async function expectProblem(res: Response, status: number, code: string) {
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

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("service", () => {
  let server: RunningServer;
  beforeAll(async () => {
    // the stage timeout is a wall-clock safety bound: beside other work, four heavy analyses on two
    // threads can pass its 10 s default, which is not what these tests are about
    server = await startServer({ env: { PDFSCAN_WORKERS: "2", PDFSCAN_FAST_TIMEOUT_MS: "600000" } });
  });
  afterAll(() => server?.stop());

  it.each(["/health", "/api/v1/health"])("GET %s reports ok and nothing else", async (route) => {
    const res = await fetch(`${server.url}${route}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      checks: { analyzer: "ok", database: "ok", queue: "ok" },
      load: { analysis: expect.any(Object) },
    });
  });

  it("analyses a benign PDF", async () => {
    const pdf = benignPdf();
    const result = await analyze(server, pdf, "report.pdf");
    expect(result.file_name).toBe("report.pdf");
    expect(result.sha256).toBe(sha256(pdf));
    expect(result.summary.verdict).toBe("benign");
  });

  it.each(["/analyze/fast", "/api/v1/analyze/fast"])("POST %s flags /OpenAction + /JavaScript", async (route) => {
    const result = await analyze(server, suspiciousPdf(), "invoice.pdf", route);
    expect(result.keyword_hits).toEqual(expect.arrayContaining(["/OpenAction", "/JavaScript"]));
    expect(["suspicious", "malicious"]).toContain(result.summary.verdict);
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.iocs.urls).toEqual(expect.arrayContaining([LINK_URL]));
    expect(result.iocs.urls.some((u) => u.startsWith(SUSPICIOUS_URL))).toBe(true);
  });

  it("accepts an XDP package wrapping a PDF", async () => {
    const result = await analyze(server, xdpWrapped(suspiciousPdf()), "form.xdp");
    expect(result.file_name).toBe("form.xdp");
  });

  it.skipIf(!HAS_CORPUS)(
    HAS_CORPUS
      ? `analyses every benign corpus file (${CORPUS_BENIGN})`
      : `SKIPPED: benign corpus ABSENT at ${CORPUS_BENIGN} (set PDFSCAN_CORPUS to the corpus folder)`,
    async () => {
      const files = readdirSync(CORPUS_BENIGN).filter((f) => !f.startsWith("."));
      expect(files.length).toBeGreaterThan(0);
      // every file, headerless fragments included (pdf.js's issue-335b is 23 bytes ending in startxref
      // and an offset): a reader opens them, so they get a verdict, never a 415 (issue 11, item 8)
      for (const f of files) {
        const data = new Uint8Array(readFileSync(path.join(CORPUS_BENIGN, f)));
        const result = await analyze(server, data, f);
        expect(result.sha256, f).toBe(sha256(data));
      }
    },
    120_000,
  );

  it("answers 400 missing_file without a `file` field", async () => {
    const res = await fetch(`${server.url}/analyze/fast`, {
      method: "POST",
      body: form(benignPdf(), "a.pdf", "upload"),
    });
    const body = await expectProblem(res, 400, "missing_file");
    expect(body.errors).toEqual([expect.objectContaining({ field: "file" })]);
  });

  it("answers 400 missing_file for an empty file", async () => {
    const res = await fetch(`${server.url}/analyze/fast`, {
      method: "POST",
      body: form(new Uint8Array(0), "empty.pdf"),
    });
    await expectProblem(res, 400, "missing_file");
  });

  it("answers 415 for a file that is not a PDF", async () => {
    const exe = new Uint8Array(Buffer.from("MZ\x90\x00 this is not a pdf".padEnd(4096, "A"), "latin1"));
    const res = await fetch(`${server.url}/analyze/fast`, { method: "POST", body: form(exe, "setup.exe") });
    await expectProblem(res, 415, "unsupported_media_type");
  });

  it("accepts a %PDF- header after junk within the first 1024 bytes", async () => {
    const pdf = suspiciousPdf();
    const prefixed = new Uint8Array([...Buffer.from("x".repeat(1000)), ...pdf]);
    await analyze(server, prefixed, "prefixed.pdf");
  });

  it("analyses a raw application/pdf body (the name from ?fileName= or Content-Disposition), and answers 415 for other bodies", async () => {
    const pdf = suspiciousPdf();
    const named = await fetch(`${server.url}/analyze/fast?fileName=raw.pdf`, {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: pdf as Uint8Array<ArrayBuffer>,
    });
    expect(named.status).toBe(200);
    expect(FastResult.parse(await named.json())).toMatchObject({ file_name: "raw.pdf", sha256: sha256(pdf) });
    const disposed = await fetch(`${server.url}/api/v1/analyze/deep`, {
      method: "POST",
      headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="from header.pdf"' },
      body: pdf as Uint8Array<ArrayBuffer>,
    });
    expect(disposed.status).toBe(200);
    expect(((await disposed.json()) as { file_name: string }).file_name).toBe("from header.pdf");
    const text = await fetch(`${server.url}/analyze/fast`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    await expectProblem(text, 415, "unsupported_media_type");
    // a raw body that is not a PDF
    const fake = await fetch(`${server.url}/analyze/fast`, {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: "MZ not a pdf",
    });
    await expectProblem(fake, 415, "unsupported_media_type");
  });

  it("analyses each PDF of a password ZIP (infected) and lists what it skipped", async () => {
    const zip = await buildZip({
      "mail/lure.pdf": suspiciousPdf(),
      "notes.txt": new TextEncoder().encode("hi"),
      "report.pdf": benignPdf(),
    });
    const fd = form(zip, "samples.zip");
    const res = await fetch(`${server.url}/analyze/fast`, { method: "POST", body: fd });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      archive: { file_name: string; sha256: string };
      results: unknown[];
      skipped: unknown[];
    };
    expect(body.archive).toMatchObject({ file_name: "samples.zip", sha256: sha256(zip) });
    const results = body.results.map((r) => FastResult.parse(r));
    expect(results.map((r) => [r.file_name, r.summary.verdict === "benign"])).toEqual([
      ["mail/lure.pdf", false],
      ["report.pdf", true],
    ]);
    expect(body.skipped).toEqual([{ name: "notes.txt", reason: "not a PDF" }]);
    const wrong = form(zip, "samples.zip");
    wrong.set("zipPassword", "nope");
    await expectProblem(
      await fetch(`${server.url}/analyze/fast`, { method: "POST", body: wrong }),
      400,
      "invalid_request",
    );
  });

  it.each([
    ["a loopback address", "http://127.0.0.1:8080/hook", "resolves to 127.0.0.1"],
    [
      "a name that resolves to loopback",
      "http://localhost:8080/hook",
      "a private, loopback, link-local or reserved address",
    ],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/", "resolves to 169.254.169.254"],
    ["a private network", "http://10.20.30.40/hook", "resolves to 10.20.30.40"],
  ])(
    "refuses a scan whose callbackUrl is %s (SSRF guard, on by default), storing nothing",
    async (_what, callbackUrl, says) => {
      const fd = form(suspiciousPdf(), "hook.pdf");
      fd.set("callbackUrl", callbackUrl);
      const res = await fetch(`${server.url}/api/scans`, { method: "POST", body: fd });
      const body = await expectProblem(res, 400, "invalid_request");
      expect(body.errors).toEqual([{ field: "callbackUrl", message: expect.stringContaining(says) }]);
      const list = await (await fetch(`${server.url}/api/scans?q=hook.pdf`)).json();
      expect(list.items).toEqual([]);
    },
  );

  it("keeps /health responsive while several large analyses run", async () => {
    const heavy = heavyPdf();
    const started = Date.now();
    let pending = 4;
    const analyses = Array.from({ length: 4 }, (_, i) =>
      analyze(server, heavy, `heavy-${i}.pdf`).finally(() => {
        pending--;
      }),
    );
    let healthAnswers = 0;
    await new Promise((r) => setTimeout(r, 200));
    while (pending > 0) {
      const res = await fetch(`${server.url}/health`);
      if (pending === 0) break; // answered after the work was done: proves nothing
      expect(res.status).toBe(200);
      healthAnswers++;
      await new Promise((r) => setTimeout(r, 100));
    }
    const results = await Promise.all(analyses);
    const busyMs = Date.now() - started;
    for (const r of results) expect(r.iocs.urls.length).toBeGreaterThan(0);
    // /health answered three times while the analyses still ran: the HTTP thread is not the one that
    // analyses. (No bound on its latency: that would depend on what else the machine runs, issue 19.)
    expect(healthAnswers, `analyses took only ${busyMs} ms`).toBeGreaterThanOrEqual(3);
  }, 300_000);
});

describe("upload limit", () => {
  const LIMIT = 2048;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { PDFSCAN_MAX_UPLOAD_BYTES: String(LIMIT), PDFSCAN_WORKERS: "1" } });
  });
  afterAll(() => server?.stop());

  const overLimit = () => {
    const pdf = benignPdf();
    return new Uint8Array([...pdf, ...Buffer.from(`%${"x".repeat(LIMIT)}\n`)]);
  };

  it("answers 413 file_too_large above PDFSCAN_MAX_UPLOAD_BYTES", async () => {
    const res = await fetch(`${server.url}/analyze/fast`, { method: "POST", body: form(overLimit(), "big.pdf") });
    await expectProblem(res, 413, "file_too_large");
  });

  it("answers 413 early from Content-Length, before reading the body", async () => {
    const big = new Uint8Array(10 * 1024 * 1024);
    const res = await fetch(`${server.url}/analyze/fast`, { method: "POST", body: form(big, "huge.pdf") });
    await expectProblem(res, 413, "file_too_large");
    // the unread rest of the body was drained, so the kept-alive connection still works
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it("answers 413 on a streamed upload without Content-Length", async () => {
    const body = new Response(form(new Uint8Array(512 * 1024).fill(0x25), "stream.pdf"));
    const res = await fetch(`${server.url}/analyze/fast`, {
      method: "POST",
      headers: { "content-type": body.headers.get("content-type")! },
      body: body.body,
      duplex: "half",
    } as RequestInit);
    await expectProblem(res, 413, "file_too_large");
  });

  it("still analyses a file under the limit", async () => {
    const pdf = benignPdf();
    expect(pdf.length).toBeLessThan(LIMIT);
    await analyze(server, pdf, "small.pdf");
  });
});
