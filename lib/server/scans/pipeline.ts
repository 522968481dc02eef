// The stages of a scan: fast, then advanced (with the optional enrichment step inside it). Whoever
// runs a stage, the in-process dispatcher or a BullMQ worker, calls runStage(); it is idempotent:
//   1. read the scan; a stage that is already done (replayed or duplicate job) is skipped;
//   2. claim it: a state-machine transition to running_* that also takes a lease (compare-and-set;
//      a live lease held by someone else means "busy", an expired one is taken over: resume);
//   3. keep the lease alive with a heartbeat while working;
//   4. run the stage on its time budget; any failure or time-out is a recorded outcome, never a throw;
//   5. record the outcome (checkpoint) before deleting the file under delete_immediately, then apply
//      the final transition, so a crash at any point either repeats an idempotent step or resumes at
//      finalisation, and the bytes are still deleted.
// The advanced stage also stores page thumbnails of its render (PageImageStore), only when they will
// be kept: never for delete_immediately unless the scan asked (keepThumbnails).
// A stage that keeps killing its process is given up after MAX_STAGE_ATTEMPTS claims.
// Deleting a scan stops its running stage (issue 19): at once in the process that deleted it
// (cancel()), in a worker at its next heartbeat, which finds the row gone. The analysis is cancelled
// through its signal, and anything the stage still writes afterwards is removed: page images are
// stored first and the row checked after, while deletion removes the row first and the images after,
// so whichever comes second removes them.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { FastResult, Iocs, Summary, type Iocs as IocsType } from "../../analyzer/report";
import type { EnrichmentProvider, EnrichmentResult } from "../enrichment/enrichment-provider";
import { withFeedEvidence } from "../feeds/feed-verdict";
import { withKnownGoodLinks } from "../feeds/known-good-links";
import { AnalysisFailure } from "../analysis-failure";
import type { JobQueue, StageJob } from "../queue/job-queue";
import type { PageImage } from "../../analyzer";
import type { BlobStore } from "../storage/blob-store";
import type { PageImageStore } from "../storage/page-image-store";
import type { DocumentPasswords } from "./document-passwords";
import { deletesImmediately } from "../domain/retention";
import type { ScanPatch, ScanRepository, ScanRow } from "./scan-repository";
import type { ScanEvent } from "../domain/state-machine";

/** Claims of one stage before it is given up (each ended without an outcome: crash, kill, lost lease). */
export const MAX_STAGE_ATTEMPTS = 3;
/** Wait before retrying when the analysis pool is saturated (AnalysisFailure "pool_full"). */
export const POOL_BUSY_RETRY_MS = 200;

export type StageOutcome = "done" | "skipped" | "busy" | "not_found";

/** What a stage tells its analysis: whose scan it is (fair admission to the threads) and when to stop. */
export interface StageAnalysisOptions {
  owner: string;
  /** the document's password, when the analyst gave one (document-passwords.ts) */
  password?: string;
  /** the stage's budget ran out, or the scan was deleted: stop the work */
  signal: AbortSignal;
}

export interface StageAnalyzers {
  fast(bytes: ArrayBuffer, fileName: string, options: StageAnalysisOptions): Promise<unknown>;
  /**
   * the advanced stage; its result is stored as is: only `summary` and `iocs` are read here. With
   * `onPageImages`, PNG images of the rendered pages are handed to it beside the result.
   */
  advanced(
    bytes: ArrayBuffer,
    fileName: string,
    options: StageAnalysisOptions & { onPageImages?: (images: PageImage[]) => void },
  ): Promise<unknown>;
}

export interface PipelineConfig {
  fastTimeoutMs: number;
  advancedTimeoutMs: number;
  enrichmentTimeoutMs: number;
  leaseMs: number;
}

export interface PipelineDeps {
  repo: ScanRepository;
  blobs: BlobStore;
  /** where page thumbnails go; without it none are made */
  pageImages?: PageImageStore;
  queue: Pick<JobQueue, "enqueue">;
  analyzers: StageAnalyzers;
  /** where the scans' document passwords wait for the stages; forgotten when the advanced stage ends */
  passwords?: DocumentPasswords;
  enrichment: EnrichmentProvider;
  config: PipelineConfig;
  clock?: () => number;
  /** identifies this process in leases: "host/pid/random" */
  workerId?: string;
  log?: (message: string, error?: unknown) => void;
}

type Attempt<T> = { ok: true; value: T } | { ok: false; reason: string };

class StageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function newWorkerId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(3).toString("hex")}`;
}

/** Why a running stage was stopped before its end (the abort reason of its stop signal). */
class StageStopped extends Error {
  constructor(
    readonly outcome: StageOutcome,
    why: string,
    /** the lease goes back to the queue (shutdown) instead of running out */
    readonly handBack = false,
  ) {
    super(why);
  }
}

export class ScanPipeline {
  readonly workerId: string;
  private readonly clock: () => number;
  private readonly log: (message: string, error?: unknown) => void;
  /** stages running in this process, by scan id: cancel() stops one */
  private readonly active = new Map<string, AbortController>();
  private stopping = false;

  constructor(private readonly deps: PipelineDeps) {
    this.workerId = deps.workerId ?? newWorkerId();
    this.clock = deps.clock ?? Date.now;
    this.log = deps.log ?? (() => {});
  }

  runStage(job: StageJob): Promise<StageOutcome> {
    return job.stage === "fast" ? this.runFastStage(job.scanId) : this.runAdvancedStage(job.scanId);
  }

  /** The scan was deleted: stop its stage if it runs in this process (a worker elsewhere notices at its next heartbeat). */
  cancel(scanId: string): void {
    this.active.get(scanId)?.abort(new StageStopped("not_found", "the scan was deleted"));
  }

  /**
   * This process is shutting down (SIGTERM, a deploy): stops its running stages and hands their
   * leases back, so the next process resumes them at once rather than after the lease runs out; the
   * stop is not counted as an attempt (the file did not cause it). Claims nothing after this.
   */
  stopAll(): void {
    this.stopping = true;
    for (const stop of this.active.values())
      stop.abort(new StageStopped("busy", "this process is shutting down", true));
  }

  async runFastStage(scanId: string): Promise<StageOutcome> {
    const { repo, config } = this.deps;
    const scan = await repo.get(scanId);
    if (!scan) return "not_found";
    const claimed = await this.claim(
      scan,
      "queued_fast_scan",
      "running_fast_scan",
      { type: "start_fast" },
      { type: "resume_fast" },
      { fast_started_at: this.clock() },
    );
    if (typeof claimed === "string") return claimed;
    return this.withLease(claimed, async (s, stop) => {
      if (s.pending_event) return this.finalize(s);
      if (s.attempts > MAX_STAGE_ATTEMPTS) return this.recordFastFailure(s, giveUpReason("fast"));
      const attempt = await this.withBudget("fast", config.fastTimeoutMs, stop, async (signal) => {
        const bytes = await this.readUpload(s);
        const password = await this.passwordOf(s);
        const result = await this.analyze(
          () => this.deps.analyzers.fast(bytes, s.file_name, { owner: s.owner, signal, password }),
          signal,
        );
        const parsed = FastResult.safeParse(result);
        if (!parsed.success) throw new StageError("invalid_result", "the fast analysis returned an invalid result");
        return parsed.data;
      });
      if (stop.aborted) return (stop.reason as StageStopped).outcome;
      if (!attempt.ok) return this.recordFastFailure(s, attempt.reason);
      const r = attempt.value;
      const done = await repo.transition(
        s,
        { type: "fast_succeeded" },
        {
          verdict: r.summary.verdict,
          score: r.summary.score,
          confidence: r.summary.confidence,
          fast_result: JSON.stringify(r),
          fast_completed_at: this.clock(),
          lease_until: null,
        },
        { leaseOwner: this.workerId },
      );
      if (!done) return "busy";
      await this.indexIndicators(done, r.iocs);
      await this.handOffAdvanced(done);
      return "done";
    });
  }

  async runAdvancedStage(scanId: string): Promise<StageOutcome> {
    const { repo, config } = this.deps;
    let scan = await repo.get(scanId);
    if (!scan) return "not_found";
    // the hand-off after the fast stage may have been interrupted before the scan was queued
    if (scan.status === "completed_fast_scan") {
      scan = (await repo.transition(scan, { type: "queue_advanced" }, { attempts: 0 })) ?? (await repo.get(scanId));
      if (!scan) return "not_found";
    }
    const claimed = await this.claim(
      scan,
      "queued_advanced_scan",
      "running_advanced_scan",
      { type: "start_advanced" },
      { type: "resume_advanced" },
      { advanced_started_at: this.clock() },
    );
    if (typeof claimed === "string") return claimed;
    return this.withLease(claimed, async (s, stop) => {
      if (s.pending_event) return this.finalize(s);
      // the enrichment falls back to the fast stage's indicators; nothing else of it is needed here
      const fastIocs = Iocs.parse((JSON.parse(s.fast_result!) as { iocs: unknown }).iocs);
      const gaveUp = s.attempts > MAX_STAGE_ATTEMPTS;
      const deep: Attempt<{
        json: string;
        summary: Summary;
        iocs: IocsType;
        hashes: string[];
        pageImages: string | null;
      }> = gaveUp
        ? { ok: false, reason: giveUpReason("advanced") }
        : await this.withBudget("advanced", config.advancedTimeoutMs, stop, async (signal) => {
            const bytes = await this.readUpload(s);
            let images: PageImage[] = [];
            const password = await this.passwordOf(s);
            const options = {
              owner: s.owner,
              signal,
              password,
              ...(this.keepsPageImages(s) && { onPageImages: (i: PageImage[]) => (images = i) }),
            };
            const result = (await this.analyze(
              () => this.deps.analyzers.advanced(bytes, s.file_name, options),
              signal,
            )) as { summary?: unknown; iocs?: unknown };
            // the advanced result may grow (deep analysis); only its summary and indicators matter here
            const summary = Summary.safeParse(result?.summary);
            const iocs = Iocs.safeParse(result?.iocs);
            if (!summary.success || !iocs.success)
              throw new StageError("invalid_result", "the advanced analysis returned an invalid result");
            const kept = s.retention_mode === "delete_immediately" ? withoutPageText(result) : result;
            return {
              json: JSON.stringify(kept),
              summary: summary.data,
              iocs: iocs.data,
              hashes: hashesOf(result),
              pageImages: await this.storePageImages(s, images, signal),
            };
          });
      if (stop.aborted) return (stop.reason as StageStopped).outcome;
      let current = s;
      let enrichment: Attempt<EnrichmentResult> | null = null;
      if (s.enrichment_status !== "disabled") {
        if (gaveUp) {
          enrichment = { ok: false, reason: "skipped: the advanced stage was given up" };
        } else {
          const started = await repo.transition(
            current,
            { type: "start_enrichment" },
            {},
            { leaseOwner: this.workerId },
          );
          if (!started) return "busy";
          current = started;
          const iocs = deep.ok ? deep.value.iocs : fastIocs;
          const hashes = deep.ok ? deep.value.hashes : [s.sha256];
          enrichment = await this.withBudget("enrichment", config.enrichmentTimeoutMs, stop, (signal) =>
            this.deps.enrichment.enrich(iocs, { signal, now: new Date(this.clock()), hashes }),
          );
        }
      }
      if (stop.aborted) return (stop.reason as StageStopped).outcome;
      const event: ScanEvent = {
        type: "advanced_finished",
        advanced: deep.ok ? "completed" : "failed",
        enrichment: enrichment === null ? null : enrichment.ok ? "completed" : "failed",
      };
      // links that all lead to known-good sites take back the points their shape added (feeds/known-good-links.ts);
      // then imported feeds that name the document's indicators or hashes raise its verdict, with a finding (feeds/feed-verdict.ts)
      const feeds = deep.ok && enrichment?.ok ? enrichment.value.feeds : undefined;
      const linksLowered = deep.ok && feeds ? withKnownGoodLinks(deep.value.json, feeds) : null;
      const feedRaised = deep.ok && feeds ? withFeedEvidence(linksLowered?.json ?? deep.value.json, feeds) : null;
      const checkpointed = await repo.checkpoint(current, this.workerId, {
        advanced_result: deep.ok ? (feedRaised?.json ?? linksLowered?.json ?? deep.value.json) : null,
        page_images: deep.ok ? deep.value.pageImages : null,
        advanced_failure_reason: deep.ok ? null : deep.reason,
        enrichment_result: enrichment?.ok ? JSON.stringify(enrichment.value) : null,
        enrichment_failure_reason: enrichment && !enrichment.ok ? enrichment.reason : null,
        pending_event: JSON.stringify(event),
      });
      if (!checkpointed) return "busy";
      // the last stage that opens the document has run: its password is no longer needed
      await this.deps.passwords
        ?.forget(s.id)
        .catch((error: unknown) => this.log(`forgetting the document password of ${s.id} failed`, error));
      return this.finalize(checkpointed);
    });
  }

  /** The scan's document password; a store that cannot answer means none (the note says the file stayed encrypted). */
  private async passwordOf(scan: ScanRow): Promise<string | undefined> {
    return this.deps.passwords?.get(scan.id).catch((error: unknown) => {
      this.log(`reading the document password of ${scan.id} failed`, error);
      return undefined;
    });
  }

  /**
   * Claims a stage: from its queued status (start) or, when the previous owner's lease expired,
   * from its running status (resume). Returns the claimed row or why not.
   */
  private async claim(
    scan: ScanRow,
    queued: ScanRow["status"],
    running: ScanRow["status"],
    start: ScanEvent,
    resume: ScanEvent,
    startPatch: ScanPatch,
  ): Promise<ScanRow | "skipped" | "busy"> {
    if (this.stopping) return "busy";
    const now = this.clock();
    const lease: ScanPatch = {
      lease_owner: this.workerId,
      lease_until: now + this.deps.config.leaseMs,
      attempts: scan.attempts + 1,
    };
    if (scan.status === queued) {
      return (await this.deps.repo.transition(scan, start, { ...lease, ...startPatch })) ?? "busy";
    }
    if (scan.status === running) {
      if (scan.lease_until !== null && scan.lease_until >= now) return "busy";
      this.log(
        `resuming ${scan.status} of scan ${scan.id} (attempt ${scan.attempts + 1}; previous owner ${scan.lease_owner ?? "none"})`,
      );
      return (await this.deps.repo.transition(scan, resume, lease, { leaseExpiredBefore: now })) ?? "busy";
    }
    return "skipped";
  }

  /**
   * Runs `work` while renewing the lease every third of its duration. `stop` aborts when the stage
   * must end early: the scan was deleted (cancel(), or a heartbeat that finds no row) or another
   * process took the stage over (this one's writes would be refused anyway).
   */
  private async withLease(
    scan: ScanRow,
    work: (scan: ScanRow, stop: AbortSignal) => Promise<StageOutcome>,
  ): Promise<StageOutcome> {
    const { leaseMs } = this.deps.config;
    const stop = new AbortController();
    this.active.set(scan.id, stop);
    const timer = setInterval(
      () => {
        this.deps.repo
          .heartbeat(scan, this.workerId, this.clock() + leaseMs)
          .then(async (held) => {
            if (held) return;
            clearInterval(timer);
            const stopped = await this.whyLost(scan);
            if (stopped) stop.abort(stopped);
          })
          .catch((error: unknown) => this.log(`lease heartbeat of scan ${scan.id} failed`, error));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    try {
      return await work(scan, stop.signal);
    } finally {
      clearInterval(timer);
      if (this.active.get(scan.id) === stop) this.active.delete(scan.id);
      if (stop.signal.aborted) {
        const why = stop.signal.reason as StageStopped;
        this.log(`${scan.status} of scan ${scan.id} stopped: ${why.message}`);
        if (why.handBack)
          await this.deps.repo
            .handBackLease(scan.id, this.workerId)
            .catch((error: unknown) => this.log(`handing back the lease of scan ${scan.id} failed`, error));
      }
    }
  }

  /** Why a heartbeat found the lease gone: the scan was deleted, or another process runs the stage; null when the stage simply moved on. */
  private async whyLost(scan: ScanRow): Promise<StageStopped | null> {
    const now = await this.deps.repo.get(scan.id);
    if (!now) return new StageStopped("not_found", "the scan was deleted");
    if (now.status === scan.status && now.lease_owner !== this.workerId)
      return new StageStopped("busy", `its lease passed to ${now.lease_owner ?? "nobody"}`);
    return null;
  }

  private async recordFastFailure(scan: ScanRow, reason: string): Promise<StageOutcome> {
    const checkpointed = await this.deps.repo.checkpoint(scan, this.workerId, {
      failure_reason: reason,
      pending_event: JSON.stringify({ type: "fast_failed" } satisfies ScanEvent),
    });
    if (!checkpointed) return "busy";
    return this.finalize(checkpointed);
  }

  /**
   * Applies the recorded outcome of the last stage: first deletes the file when the retention mode
   * says so (the outcome is already saved, so a crash here resumes at this step), then the final
   * transition. The scan is never terminal while its delete_immediately bytes still exist.
   */
  private async finalize(scan: ScanRow): Promise<StageOutcome> {
    const { repo, blobs } = this.deps;
    const event = JSON.parse(scan.pending_event!) as ScanEvent;
    const now = this.clock();
    const patch: ScanPatch = { pending_event: null, lease_until: null, completed_at: now };
    if (deletesImmediately(scan.retention_mode) && scan.file_retained) {
      // never stored for such a scan (keepsPageImages); deleted anyway: deletion that deletes
      if (!scan.keep_thumbnails) await this.deps.pageImages?.delete(scan.id);
      await blobs.delete(scan.blob_key);
      patch.file_retained = 0;
      patch.file_deleted_at = now;
    }
    if (event.type === "advanced_finished" && event.advanced === "completed" && scan.advanced_result) {
      // contract: the scan's verdict is the latest completed stage's
      const summary = Summary.parse((JSON.parse(scan.advanced_result) as { summary: unknown }).summary);
      Object.assign(patch, { verdict: summary.verdict, score: summary.score, confidence: summary.confidence });
    }
    const done = await repo.transition(scan, event, patch, { leaseOwner: this.workerId });
    if (done && event.type === "advanced_finished" && event.advanced === "completed" && scan.advanced_result) {
      const iocs = Iocs.safeParse((JSON.parse(scan.advanced_result) as { iocs?: unknown }).iocs);
      if (iocs.success) await this.indexIndicators(done, iocs.data);
    }
    return done ? "done" : "busy";
  }

  /** The indicator search's index (GET /api/scans?ioc=): worth a log line when it fails, never the scan. */
  private async indexIndicators(scan: ScanRow, iocs: IocsType): Promise<void> {
    await this.deps.repo
      .indexIndicators(
        scan,
        iocs.items.map((i) => ({ type: i.type, value: i.value })),
      )
      .catch((error: unknown) => this.log(`indexing the indicators of scan ${scan.id} failed`, error));
  }

  /** Page images are made only when they will be kept past the analysis. */
  private keepsPageImages(scan: ScanRow): boolean {
    return !!this.deps.pageImages && (!deletesImmediately(scan.retention_mode) || scan.keep_thumbnails === 1);
  }

  /**
   * Stores the stage's page images; returns scans.page_images (null: none). Thumbnails are not worth
   * failing the analysis. Stored first, the row checked after: a scan deleted meanwhile gets them
   * removed here (deletion removes its row before its images, so one of the two always sees the other).
   */
  private async storePageImages(scan: ScanRow, images: PageImage[], signal: AbortSignal): Promise<string | null> {
    const store = this.deps.pageImages;
    // a stopped stage (deleted scan, lost lease) writes nothing more
    if (!store || images.length === 0 || signal.aborted) return null;
    try {
      const stored = JSON.stringify(await store.put(scan.id, images));
      if (await this.deps.repo.get(scan.id)) return stored;
      await store.delete(scan.id);
      this.log(`page images of scan ${scan.id} removed: the scan was deleted while they were made`);
      return null;
    } catch (error) {
      this.log(`storing the page images of scan ${scan.id} failed`, error);
      return null;
    }
  }

  private async handOffAdvanced(scan: ScanRow): Promise<void> {
    const queued = await this.deps.repo.transition(scan, { type: "queue_advanced" }, { attempts: 0 });
    if (!queued) return;
    // if this fails (Redis down), the recovery loop finds the queued scan and enqueues it later
    await this.deps.queue
      .enqueue({ stage: "advanced", scanId: scan.id, owner: scan.owner })
      .catch((error: unknown) => this.log(`enqueue advanced stage of ${scan.id} failed`, error));
  }

  private async readUpload(scan: ScanRow): Promise<ArrayBuffer> {
    const bytes = await this.deps.blobs.get(scan.blob_key);
    if (!bytes) throw new StageError("file_missing", "the uploaded file is no longer stored");
    return bytes;
  }

  /** Runs an analysis, waiting while the shared pool is saturated (a transient 503 of the pool). */
  private async analyze<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (;;) {
      try {
        return await run();
      } catch (error) {
        if (error instanceof AnalysisFailure && error.kind === "pool_full" && !signal.aborted) {
          await sleep(POOL_BUSY_RETRY_MS, undefined, { signal });
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * Runs `work` on a wall-clock budget; any failure becomes a reason string ("code: message"). `stop`
   * (the stage's) aborts the work's signal too, and then the attempt waits for the work to wind down
   * (within the budget), so nothing it writes is left behind by a stage that already returned.
   */
  private async withBudget<T>(
    stage: string,
    budgetMs: number,
    stop: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<Attempt<T>> {
    const controller = new AbortController();
    const overBudget = `analysis_timeout: the ${stage} stage did not finish within its budget of ${budgetMs} ms`;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Attempt<T>>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ ok: false, reason: overBudget });
      }, budgetMs);
    });
    const onStop = () => controller.abort();
    if (stop.aborted) onStop();
    else stop.addEventListener("abort", onStop, { once: true });
    const attempt = work(controller.signal).then(
      (value): Attempt<T> => ({ ok: true, value }),
      (error: unknown): Attempt<T> => {
        if (controller.signal.aborted)
          return { ok: false, reason: stop.aborted ? `cancelled: ${(stop.reason as Error).message}` : overBudget };
        if (error instanceof StageError) return { ok: false, reason: `${error.code}: ${error.message}` };
        if (error instanceof AnalysisFailure) return { ok: false, reason: `${error.kind}: ${error.message}` };
        this.log(`${stage} stage failed`, error);
        return { ok: false, reason: `internal: the ${stage} stage failed unexpectedly` };
      },
    );
    try {
      return await Promise.race([attempt, timedOut]);
    } finally {
      clearTimeout(timer);
      stop.removeEventListener("abort", onStop);
    }
  }
}

function giveUpReason(stage: string): string {
  return `attempts_exhausted: the ${stage} stage was started ${MAX_STAGE_ATTEMPTS} times and never finished (its process died or lost its lease each time)`;
}

/**
 * delete_immediately promises the document is gone after analysis: the stored report keeps what
 * findings need (their short excerpts) but not the rendered pages' text, which is the document's
 * content (issue 8, "deletion that deletes").
 */
function withoutPageText<T extends object>(result: T): T {
  const lures = (result as { lures?: unknown }).lures as { text_excerpt?: unknown } | undefined;
  if (!lures || typeof lures !== "object" || !("text_excerpt" in lures)) return result;
  return { ...result, lures: { ...lures, text_excerpt: "" } };
}

/** The file's hashes and its embedded files', for the feeds' hash lookups (the result's shape is the analyzer's). */
function hashesOf(result: unknown): string[] {
  const r = result as {
    sha256?: unknown;
    hashes?: Record<string, unknown>;
    embedded_files?: { sha256?: unknown; md5?: unknown }[];
  };
  const values = [
    r.sha256,
    r.hashes?.md5,
    r.hashes?.sha1,
    ...(Array.isArray(r.embedded_files) ? r.embedded_files.flatMap((e) => [e.sha256, e.md5]) : []),
  ];
  return [...new Set(values.filter((v): v is string => typeof v === "string"))];
}
