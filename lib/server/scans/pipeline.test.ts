// The stage pipeline against both real store configurations, with the real analyzer in-process.
// Crashes are reproduced exactly as they leave the database: a claim (or checkpoint) by a worker that
// then disappears, its lease left to expire.
import { describe, expect, it } from "vitest";
import { benignPdf, suspiciousPdf } from "../../../test/fixtures/sample-pdfs";
import { analyzeDeep } from "../../analyzer/deep/analyze-deep";
import { EnrichmentResult } from "../enrichment/enrichment-provider";
import { LOCAL_PRINCIPAL } from "../auth/principal";
import { AnalysisFailure } from "../analysis-failure";
import { setUpShared } from "../testing/set-up-shared";
import { createHarness, REAL_ANALYZERS, type Harness } from "../testing/scan-harness";
import { MAX_STAGE_ATTEMPTS, type StageAnalyzers } from "./pipeline";
import { ScanReport } from "./report";
import { ScanService } from "./service";
import type { ScanRow } from "./scan-repository";

const DEAD_WORKER = "gone-host/999999/dead00";
const LEASE_MS = 30_000;

describe.each(["sqlite", "postgres"] as const)("scan pipeline (%s)", (kind) => {
  let h: Harness;
  setUpShared(
    () => createHarness(kind),
    (x) => (h = x),
    (x) => x.close(),
  );

  const row = async (id: string): Promise<ScanRow> => (await h.stores.repo.get(id))!;
  const stored = (id: string) => h.stores.blobs.exists(id);

  /** A worker claimed the stage and died: its lease runs out LEASE_MS from now. */
  async function claimAndDie(id: string, stage: "fast" | "advanced", patch: Partial<ScanRow> = {}): Promise<void> {
    let scan = await row(id);
    if (stage === "advanced" && scan.status === "completed_fast_scan")
      scan = (await h.stores.repo.transition(scan, { type: "queue_advanced" }, { attempts: 0 }))!;
    const queued = stage === "fast" ? "queued_fast_scan" : "queued_advanced_scan";
    const event =
      scan.status === queued
        ? { type: stage === "fast" ? "start_fast" : "start_advanced" }
        : { type: stage === "fast" ? "resume_fast" : "resume_advanced" };
    const claimed = await h.stores.repo.transition(scan, event as never, {
      lease_owner: DEAD_WORKER,
      lease_until: h.clock.now + LEASE_MS,
      attempts: scan.attempts + 1,
    });
    expect(claimed).not.toBeNull();
    if (Object.keys(patch).length > 0)
      expect(await h.stores.repo.checkpoint(claimed!, DEAD_WORKER, patch)).not.toBeNull();
  }

  it("runs the fast stage, hands off the advanced stage, ends completed with the advanced verdict and deletes the bytes", async () => {
    const id = await h.create(suspiciousPdf());
    const p = h.pipeline();
    expect(await row(id)).toMatchObject({ status: "queued_fast_scan", advanced_status: "pending", file_retained: 1 });
    expect(h.jobs.shift()).toEqual({ stage: "fast", scanId: id, owner: "local" });
    expect(await p.runFastStage(id)).toBe("done");
    const afterFast = await row(id);
    expect(afterFast).toMatchObject({ status: "queued_advanced_scan", advanced_status: "queued", attempts: 0 });
    expect(["suspicious", "malicious"]).toContain(afterFast.verdict);
    expect(afterFast.fast_completed_at).not.toBeNull();
    expect(h.jobs.shift()).toEqual({ stage: "advanced", scanId: id, owner: "local" });
    expect(await stored(id)).toBe(true); // the advanced stage still needs it
    expect(await p.runAdvancedStage(id)).toBe("done");
    const done = await row(id);
    const deep = await analyzeDeep(suspiciousPdf(), { fileName: "sample.pdf" });
    expect(done).toMatchObject({
      status: "completed",
      advanced_status: "completed",
      enrichment_status: "disabled",
      file_retained: 0,
    });
    expect({ verdict: done.verdict, score: done.score }).toEqual({
      verdict: deep.summary.verdict,
      score: deep.summary.score,
    });
    expect(done.lease_owner).toBe(p.workerId);
    expect(await stored(id)).toBe(false);
    expect(ScanReport.parse(await h.service.getReport(LOCAL_PRINCIPAL, id)).stage).toBe("advanced");
  });

  it.each([
    ["delete_immediately", ""],
    ["retain_24h", "Dear customer, scan the QR code"],
  ] as const)(
    "under %s stores the rendered page text as %j (the document's content leaves with the file)",
    async (retentionMode, kept) => {
      const id = await h.create(suspiciousPdf(), { retentionMode });
      h.jobs.length = 0;
      const deep = await analyzeDeep(suspiciousPdf(), { fileName: "sample.pdf" });
      const withText = { ...deep, lures: { ...deep.lures, text_excerpt: "Dear customer, scan the QR code" } };
      const p = h.pipeline({ analyzers: { advanced: async () => withText } });
      expect(await p.runFastStage(id)).toBe("done");
      expect(await p.runAdvancedStage(id)).toBe("done");
      const stored = JSON.parse((await row(id)).advanced_result!) as typeof withText;
      expect(stored.lures.text_excerpt).toBe(kept);
      expect(stored.findings).toEqual(JSON.parse(JSON.stringify(withText.findings))); // finding excerpts stay
      h.jobs.length = 0;
    },
  );

  it("skips a replayed or duplicate job", async () => {
    const id = await h.create(benignPdf());
    h.jobs.length = 0;
    const p = h.pipeline();
    expect(await p.runFastStage(id)).toBe("done");
    expect(await p.runFastStage(id)).toBe("skipped");
    expect(await p.runAdvancedStage(id)).toBe("done");
    expect(await p.runAdvancedStage(id)).toBe("skipped");
    expect(await p.runFastStage(id)).toBe("skipped");
    expect(await p.runStage({ stage: "fast", scanId: "nonexistent-scan-id-x" })).toBe("not_found");
    h.jobs.length = 0;
  });

  it("lets exactly one of two racing workers run a stage", async () => {
    const id = await h.create(benignPdf());
    h.jobs.length = 0;
    let runs = 0;
    const counting: Partial<StageAnalyzers> = { fast: async (b, n, o) => (runs++, REAL_ANALYZERS.fast(b, n, o)) };
    const outcomes = await Promise.all([
      h.pipeline({ analyzers: counting }).runFastStage(id),
      h.pipeline({ analyzers: counting }).runFastStage(id),
    ]);
    expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
    expect(runs).toBe(1);
    expect((await row(id)).status).toBe("queued_advanced_scan");
    h.jobs.length = 0;
  });

  it("waits for a live lease, then resumes the stage of a worker that died", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "delete_immediately" });
    h.jobs.length = 0;
    await claimAndDie(id, "fast");
    const p = h.pipeline();
    expect(await p.runFastStage(id)).toBe("busy");
    h.clock.now += LEASE_MS + 1;
    expect(await p.runFastStage(id)).toBe("done");
    expect(await p.runAdvancedStage(id)).toBe("done");
    const done = await row(id);
    expect(done).toMatchObject({ status: "completed", lease_owner: p.workerId, file_retained: 0 });
    expect(await stored(id)).toBe(false);
    h.jobs.length = 0;
  });

  it(`gives a stage up after ${MAX_STAGE_ATTEMPTS} dead attempts: failed, and the bytes are still deleted`, async () => {
    const id = await h.create(suspiciousPdf(), { enableEnrichment: true });
    h.jobs.length = 0;
    for (let i = 0; i < MAX_STAGE_ATTEMPTS; i++) {
      await claimAndDie(id, "fast");
      h.clock.now += LEASE_MS + 1;
    }
    expect(await h.pipeline().runFastStage(id)).toBe("done");
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: "failed",
      advanced_status: "failed",
      enrichment_status: "failed",
      file_retained: 0,
      verdict: null,
    });
    expect(failed.failure_reason).toMatch(/^attempts_exhausted: /);
    expect(await stored(id)).toBe(false);
    await expect(h.service.getReport(LOCAL_PRINCIPAL, id)).rejects.toMatchObject({ code: "report_unavailable" });
  });

  it("gives the advanced stage up as a partial success: completed with the fast verdict", async () => {
    const id = await h.create(suspiciousPdf());
    h.jobs.length = 0;
    const p = h.pipeline();
    await p.runFastStage(id);
    const fastVerdict = (await row(id)).verdict;
    for (let i = 0; i < MAX_STAGE_ATTEMPTS; i++) {
      await claimAndDie(id, "advanced");
      h.clock.now += LEASE_MS + 1;
    }
    expect(await p.runAdvancedStage(id)).toBe("done");
    const done = await row(id);
    expect(done).toMatchObject({
      status: "completed",
      advanced_status: "failed",
      verdict: fastVerdict,
      file_retained: 0,
    });
    expect(done.advanced_failure_reason).toMatch(/^attempts_exhausted: /);
    h.jobs.length = 0;
  });

  it("resumes at finalisation after a crash between recording the outcome and deleting the file", async () => {
    const id = await h.create(suspiciousPdf());
    h.jobs.length = 0;
    const p = h.pipeline();
    await p.runFastStage(id);
    const deep = await analyzeDeep(suspiciousPdf(), { fileName: "sample.pdf" });
    const marked = { ...deep, summary: { verdict: "malicious", score: 99, confidence: "high" } };
    await claimAndDie(id, "advanced", {
      advanced_result: JSON.stringify(marked),
      pending_event: JSON.stringify({ type: "advanced_finished", advanced: "completed", enrichment: null }),
    });
    expect(await stored(id)).toBe(true);
    h.clock.now += LEASE_MS + 1;
    let analysed = 0;
    const q = h.pipeline({ analyzers: { advanced: async () => (analysed++, deep) } });
    expect(await q.runAdvancedStage(id)).toBe("done");
    expect(analysed).toBe(0);
    expect(await row(id)).toMatchObject({
      status: "completed",
      advanced_status: "completed",
      verdict: "malicious",
      score: 99,
      file_retained: 0,
    });
    expect(await stored(id)).toBe(false);
    h.jobs.length = 0;
  });

  it("records a failing advanced stage as partial success (completed, advancedStatus failed, fast verdict)", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "retain_24h" });
    h.jobs.length = 0;
    const p = h.pipeline({
      analyzers: { advanced: async () => Promise.reject(new Error("engine exploded at /secret/path")) },
    });
    await p.runFastStage(id);
    const fast = await row(id);
    expect(await p.runAdvancedStage(id)).toBe("done");
    const done = await row(id);
    expect(done).toMatchObject({
      status: "completed",
      advanced_status: "failed",
      verdict: fast.verdict,
      score: fast.score,
      file_retained: 1,
    });
    expect(done.advanced_failure_reason).toBe("internal: the advanced stage failed unexpectedly");
    expect(await stored(id)).toBe(true); // retain_24h keeps it until expiresAt
    const report = await h.service.getReport(LOCAL_PRINCIPAL, id);
    expect(report).toMatchObject({ stage: "fast", advancedStatus: "failed" });
    h.jobs.length = 0;
  });

  it("fails a stage that exceeds its time budget and never leaves the scan stuck", async () => {
    const id = await h.create(suspiciousPdf());
    h.jobs.length = 0;
    const hang = () => new Promise<never>(() => {});
    const p = h.pipeline({ analyzers: { advanced: hang }, config: { advancedTimeoutMs: 150 } });
    await p.runFastStage(id);
    const t0 = Date.now();
    expect(await p.runAdvancedStage(id)).toBe("done");
    expect(Date.now() - t0).toBeLessThan(5_000);
    const done = await row(id);
    expect(done).toMatchObject({ status: "completed", advanced_status: "failed", file_retained: 0 });
    expect(done.advanced_failure_reason).toMatch(
      /^analysis_timeout: the advanced stage did not finish within its budget of 150 ms/,
    );
    h.jobs.length = 0;
  });

  it.each([
    [
      "a time-out",
      new AnalysisFailure("analysis_timeout", "The analysis did not finish within 10 ms."),
      /^analysis_timeout: /,
    ],
    ["a crash", new Error("boom"), /^internal: /],
  ])("fails the scan when the fast stage ends in %s, deleting delete_immediately bytes", async (_, error, reason) => {
    const id = await h.create(suspiciousPdf());
    h.jobs.length = 0;
    expect(await h.pipeline({ analyzers: { fast: () => Promise.reject(error) } }).runFastStage(id)).toBe("done");
    const failed = await row(id);
    expect(failed).toMatchObject({
      status: "failed",
      advanced_status: "failed",
      file_retained: 0,
      verdict: null,
      score: null,
    });
    expect(failed.failure_reason).toMatch(reason);
    expect(await stored(id)).toBe(false);
    expect(h.jobs).toEqual([]);
  });

  it("waits out a full analysis pool and runs the stage when a thread is free", async () => {
    const id = await h.create(suspiciousPdf());
    h.jobs.length = 0;
    let calls = 0;
    const fullOnce: Partial<StageAnalyzers> = {
      fast: async (b, n, o) =>
        ++calls === 1
          ? Promise.reject(new AnalysisFailure("pool_full", "Too many analyses are waiting; retry shortly."))
          : REAL_ANALYZERS.fast(b, n, o),
    };
    expect(await h.pipeline({ analyzers: fullOnce }).runFastStage(id)).toBe("done");
    expect(calls).toBe(2);
    expect((await row(id)).status).toBe("queued_advanced_scan");
    h.jobs.length = 0;
  });

  it("fails the scan when its file is gone before the fast stage", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "retain_7d" });
    h.jobs.length = 0;
    await h.stores.blobs.delete(id);
    await h.pipeline().runFastStage(id);
    expect(await row(id)).toMatchObject({
      status: "failed",
      failure_reason: "file_missing: the uploaded file is no longer stored",
    });
  });

  it("runs the offline enrichment on the extracted indicators when enabled", async () => {
    const id = await h.create(suspiciousPdf(), { enableEnrichment: true });
    h.jobs.length = 0;
    const p = h.pipeline();
    await p.runFastStage(id);
    expect((await row(id)).enrichment_status).toBe("pending");
    await p.runAdvancedStage(id);
    const done = await row(id);
    expect(done).toMatchObject({ status: "completed", advanced_status: "completed", enrichment_status: "completed" });
    const enrichment = EnrichmentResult.parse(JSON.parse(done.enrichment_result!));
    expect(enrichment).toMatchObject({ provider: "pdfscan-offline-reputation", external: false });
    expect(enrichment.indicators.map((i) => i.value)).toEqual(expect.arrayContaining(["http://evil.example/collect"]));
    expect((await h.service.getReport(LOCAL_PRINCIPAL, id)).enrichment?.provider).toBe("pdfscan-offline-reputation");
  });

  it("records a failed or slow enrichment without failing the advanced stage", async () => {
    for (const enrich of [async () => Promise.reject(new Error("provider down")), () => new Promise<never>(() => {})]) {
      const id = await h.create(suspiciousPdf(), { enableEnrichment: true });
      h.jobs.length = 0;
      const p = h.pipeline({ enrichment: { name: "broken", enrich }, config: { enrichmentTimeoutMs: 100 } });
      await p.runFastStage(id);
      await p.runAdvancedStage(id);
      const done = await row(id);
      expect(done).toMatchObject({
        status: "completed",
        advanced_status: "completed",
        enrichment_status: "failed",
        enrichment_result: null,
      });
      expect(done.enrichment_failure_reason).toMatch(/^(internal|analysis_timeout): /);
    }
    h.jobs.length = 0;
  });

  it("writes nothing for a scan deleted while its stage runs", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "retain_24h" });
    h.jobs.length = 0;
    // barriers, not sleeps: the deletion happens while the analysis is inside the stage
    const inside = barrier();
    const deleted = barrier();
    const held: Partial<StageAnalyzers> = {
      fast: async (b, n, o) => (inside.resolve(), await deleted.promise, REAL_ANALYZERS.fast(b, n, o)),
    };
    const running = h.pipeline({ analyzers: held }).runFastStage(id);
    await inside.promise;
    await h.service.deleteScan(LOCAL_PRINCIPAL, id);
    deleted.resolve();
    expect(await running).toBe("not_found");
    expect(await h.stores.repo.get(id)).toBeUndefined();
    expect(await stored(id)).toBe(false);
    expect(h.jobs).toEqual([]);
  });

  it("stops a stage whose scan another process deleted: the heartbeat finds no row and the analysis is cancelled", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "retain_24h" });
    h.jobs.length = 0;
    const inside = barrier();
    const cancelled = barrier();
    // the analysis runs until its signal says stop: only the stage's stop can end it
    const endless: Partial<StageAnalyzers> = {
      fast: (_b, _n, o) =>
        new Promise((_, reject) => {
          o.signal.addEventListener("abort", () => (cancelled.resolve(), reject(new Error("stopped"))));
          inside.resolve();
        }),
    };
    const running = h
      .pipeline({ analyzers: endless, config: { leaseMs: 1_000, fastTimeoutMs: 600_000 } })
      .runFastStage(id);
    await inside.promise;
    // another web server's delete: it cannot reach this pipeline, only the database
    await new ScanService({
      repo: h.stores.repo,
      blobs: h.stores.blobs,
      queue: { enqueue: async () => {} },
    }).deleteScan(LOCAL_PRINCIPAL, id);
    await cancelled.promise;
    expect(await running).toBe("not_found");
    expect(await h.stores.repo.get(id)).toBeUndefined();
    expect(h.jobs).toEqual([]);
  });

  it("on shutdown, stops the running stage and hands its lease back uncounted; another worker resumes it at once and claims nothing after", async () => {
    const id = await h.create(suspiciousPdf(), { retentionMode: "retain_24h" });
    h.jobs.length = 0;
    const inside = barrier();
    const endless: Partial<StageAnalyzers> = {
      fast: (_b, _n, o) =>
        new Promise((_, reject) => {
          o.signal.addEventListener("abort", () => reject(new Error("stopped")));
          inside.resolve();
        }),
    };
    const stopping = h.pipeline({ analyzers: endless, config: { leaseMs: LEASE_MS, fastTimeoutMs: 600_000 } });
    const running = stopping.runFastStage(id);
    await inside.promise;
    stopping.stopAll();
    expect(await running).toBe("busy");
    expect(await row(id)).toMatchObject({
      status: "running_fast_scan",
      lease_until: null,
      attempts: 0,
      fast_result: null,
    });
    // the stopped process takes no new stage
    const other = await h.create(benignPdf());
    expect(await stopping.runFastStage(other)).toBe("busy");
    // the live lease would have held a successor LEASE_MS; the handed-back one does not
    expect(await h.pipeline().runFastStage(id)).toBe("done");
    expect((await row(id)).status).not.toBe("running_fast_scan");
    h.jobs.length = 0;
  });
});

/** A promise and the function that resolves it (Promise.withResolvers is Node 22). */
function barrier(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
