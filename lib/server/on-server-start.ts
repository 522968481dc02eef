// Start-up of the Next server process (called from instrumentation.ts): validate the configuration,
// so a bad env var stops the server with a message naming it, warm the analysis pool so the first
// upload and /health do not pay for thread start-up, and start the scan runtime: migrations, the
// embedded queue's dispatcher (no consumer when BullMQ is configured: `npm run worker` consumes)
// and the retention sweeper. A scan store that cannot be opened stops the server.
import { warmAnalysisPool } from "./analysis-pool";
import { ConfigError, getConfig } from "./config";
import { startWebRuntime } from "./runtime";

export function onServerStart(): void {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[pdfscan] ${error.message}\n[pdfscan] not starting.`);
    process.exit(1);
  }
  try {
    warmAnalysisPool();
  } catch (error) {
    // /health answers 503 while the pool is down; the server still starts so the cause is visible.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    console.error(
      `[pdfscan] analysis pool not started: ${error instanceof Error ? error.message : String(error)}${cause}`,
    );
  }
  startWebRuntime().then(
    (rt) => {
      const db = config.database.kind === "sqlite" ? `sqlite ${config.database.file}` : "postgresql";
      const queue = rt.queue.kind === "bullmq" ? "bullmq (stages run in `npm run worker` processes)" : "in-process";
      console.log(`[pdfscan] scans: database ${db}, uploads ${config.storage}, queue ${queue}`);
      if (config.testStageDelayMs > 0)
        console.warn(
          `[pdfscan] TEST ONLY: PDFSCAN_TEST_STAGE_DELAY_MS=${config.testStageDelayMs}, every stage sleeps that long`,
        );
      if (config.testDeepHoldMs > 0)
        console.warn(
          `[pdfscan] TEST ONLY: PDFSCAN_TEST_DEEP_HOLD_MS=${config.testDeepHoldMs}, every deep analysis holds its thread that long`,
        );
    },
    (error: unknown) => {
      console.error(
        `[pdfscan] the scan store could not be opened: ${error instanceof Error ? error.message : String(error)}\n[pdfscan] not starting.`,
      );
      process.exit(1);
    },
  );
}
