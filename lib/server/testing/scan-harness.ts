// Test-only: a scan service and pipeline over real stores (testing/test-stores.ts) with the real
// analyzer run in-process (no build needed) and a controllable clock. Stage jobs are recorded so a
// test can run them step by step, or drained in order with drain().
import { analyzeFast } from "../../analyzer/analyze";
import { analyzeDeep } from "../../analyzer/deep/analyze-deep";
import { LOCAL_PRINCIPAL, type Principal } from "../auth/principal";
import type { EnrichmentProvider } from "../enrichment/enrichment-provider";
import { offlineReputationProvider } from "../enrichment/offline-reputation";
import type { StageJob } from "../queue/job-queue";
import { ScanPipeline, type PipelineConfig, type StageAnalyzers } from "../scans/pipeline";
import type { RetentionMode } from "../domain/retention";
import { ScanService } from "../scans/service";
import { openTestStores, type TestStores } from "./test-stores";

export const REAL_ANALYZERS: StageAnalyzers = {
  fast: async (bytes, fileName) => analyzeFast(new Uint8Array(bytes), { fileName }),
  advanced: (bytes, fileName, options) =>
    analyzeDeep(new Uint8Array(bytes), { fileName, onPageImages: options?.onPageImages, signal: options?.signal }),
};

export const TEST_PIPELINE_CONFIG: PipelineConfig = {
  fastTimeoutMs: 10_000,
  advancedTimeoutMs: 10_000,
  enrichmentTimeoutMs: 5_000,
  leaseMs: 30_000,
};

export interface Harness {
  stores: TestStores;
  service: ScanService;
  /** the stage jobs enqueued so far, oldest first */
  jobs: StageJob[];
  clock: { now: number };
  pipeline(options?: {
    workerId?: string;
    analyzers?: Partial<StageAnalyzers>;
    config?: Partial<PipelineConfig>;
    enrichment?: EnrichmentProvider;
    log?: (message: string, error?: unknown) => void;
  }): ScanPipeline;
  /** creates a scan as POST /api/scans would */
  create(
    bytes: Uint8Array,
    options?: {
      retentionMode?: RetentionMode;
      enableEnrichment?: boolean;
      keepThumbnails?: boolean;
      principal?: Principal;
      fileName?: string;
    },
  ): Promise<string>;
  /** runs recorded jobs in order until none is left */
  drain(pipeline?: ScanPipeline): Promise<void>;
  close(): Promise<void>;
}

export async function createHarness(kind: "sqlite" | "postgres"): Promise<Harness> {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const stores = await openTestStores(kind, now);
  const jobs: StageJob[] = [];
  const queue = { enqueue: async (job: StageJob) => void jobs.push(job) };
  // as in one process (embedded): deleting a scan stops its stage in every pipeline made here
  const pipelines: ScanPipeline[] = [];
  const onDeleted = (scanId: string) => pipelines.forEach((p) => p.cancel(scanId));
  const service = new ScanService({
    repo: stores.repo,
    blobs: stores.blobs,
    pageImages: stores.pageImages,
    queue,
    clock: now,
    onDeleted,
  });
  const pipeline: Harness["pipeline"] = (options = {}) => {
    const made = new ScanPipeline({
      repo: stores.repo,
      blobs: stores.blobs,
      pageImages: stores.pageImages,
      queue,
      analyzers: { ...REAL_ANALYZERS, ...options.analyzers },
      enrichment: options.enrichment ?? offlineReputationProvider,
      config: { ...TEST_PIPELINE_CONFIG, ...options.config },
      clock: now,
      workerId: options.workerId,
      log: options.log,
    });
    pipelines.push(made);
    return made;
  };
  return {
    stores,
    service,
    jobs,
    clock,
    pipeline,
    async create(bytes, options = {}) {
      const { scan } = await service.createScan({
        principal: options.principal ?? LOCAL_PRINCIPAL,
        fileName: options.fileName ?? "sample.pdf",
        bytes: new Uint8Array(bytes).buffer,
        retentionMode: options.retentionMode ?? "delete_immediately",
        enableEnrichment: options.enableEnrichment ?? false,
        keepThumbnails: options.keepThumbnails,
      });
      return scan.id;
    },
    async drain(p = pipeline()) {
      while (jobs.length > 0) await p.runStage(jobs.shift()!);
    },
    close: () => stores.close(),
  };
}
