// Start-up of the Next server process (called from instrumentation.ts): validate the configuration,
// so a bad env var stops the server with a message naming it, and warm the analysis pool so the
// first upload and /health do not pay for thread start-up.
import { warmAnalysisPool } from "./analysis-pool";
import { ConfigError, getConfig } from "./config";

export function onServerStart(): void {
  try {
    getConfig();
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
    console.error(`[pdfscan] analysis pool not started: ${error instanceof Error ? error.message : String(error)}${cause}`);
  }
}
