// npm run worker (lib/server/stage-worker.ts) - a stage worker for the scale-out configuration: consumes BullMQ stage jobs from
// Redis (PDFSCAN_REDIS_URL) and runs them against the shared stores (PDFSCAN_DATABASE_URL, and
// PDFSCAN_STORAGE=postgres so the uploads are readable from any machine). Run any number of them, on
// any machine; a killed worker's job is retried by another one (or by this one, restarted).
// The analysis runs in worker threads (the same piscina pool as the web server, loading
// dist/analysis-worker.mjs from the current directory): run `npm run build` first, from the
// project root. It also runs the recovery loop (re-enqueues stages the database says are lost) and
// the retention sweeper. SIGTERM/SIGINT: stops the stages in flight and hands them back (another worker resumes them at once), then exits.
import { checkAnalysisPool, warmAnalysisPool } from "./analysis-pool";
import { ConfigError, getConfig } from "./config";
import { createScanRuntime } from "./runtime";

const PREFIX = "[pdfscan-worker]";

async function main(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${PREFIX} ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (config.queue.kind !== "bullmq") {
    console.error(
      `${PREFIX} PDFSCAN_REDIS_URL is not set: without Redis the web server runs the stages itself (in-process queue), there is nothing for a worker to do.`,
    );
    process.exit(2);
  }
  if (config.storage !== "postgres") {
    console.warn(
      `${PREFIX} uploads are local files under ${config.dataDir}: this worker can only run on the web server's machine. Set PDFSCAN_STORAGE=postgres to scale out.`,
    );
  }
  try {
    warmAnalysisPool();
  } catch (error) {
    console.error(
      `${PREFIX} ${error instanceof Error ? error.message : String(error)} (run \`npm run build\` in ${process.cwd()})`,
    );
    process.exit(1);
  }
  if ((await checkAnalysisPool()) !== "ok") {
    console.error(`${PREFIX} the analysis worker threads did not start`);
    process.exit(1);
  }
  const runtime = await createScanRuntime(config);
  await runtime.startBackground({ consume: true });
  if (config.testStageDelayMs > 0)
    console.warn(
      `${PREFIX} TEST ONLY: PDFSCAN_TEST_STAGE_DELAY_MS=${config.testStageDelayMs}, every stage sleeps that long`,
    );
  if (config.testDeepHoldMs > 0)
    console.warn(
      `${PREFIX} TEST ONLY: PDFSCAN_TEST_DEEP_HOLD_MS=${config.testDeepHoldMs}, every advanced stage holds its thread that long`,
    );
  console.log(
    `${PREFIX} ready: id ${runtime.pipeline.workerId}, ${config.workers} concurrent stages, queue prefix "${config.queue.prefix}"`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${PREFIX} ${signal}: handing the stages in flight back to the queue`);
    runtime
      .close()
      .catch((error: unknown) => console.error(`${PREFIX} shutdown:`, error))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`${PREFIX} failed to start:`, error instanceof Error ? error.message : error);
  process.exit(1);
});
