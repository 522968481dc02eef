// TEST ONLY (PDFSCAN_TEST_STAGE_DELAY_MS): each scan stage sleeps this long before its analysis, within
// its budget and until its signal, so that the integration tests can act "mid-stage" (a stop, a crash,
// a stage over budget: test/scans/). Applied by the composition root (runtime.ts) around the real
// analyzers, so that the pipeline itself knows of no test hook; the server warns at start when it is set.
import { setTimeout as sleep } from "node:timers/promises";
import type { StageAnalyzers } from "./scans/pipeline";

export function withTestStageDelay(delayMs: number, analyzers: StageAnalyzers): StageAnalyzers {
  if (delayMs <= 0) return analyzers;
  return {
    fast: async (bytes, fileName, options) => (
      await sleep(delayMs, undefined, { signal: options.signal }),
      analyzers.fast(bytes, fileName, options)
    ),
    advanced: async (bytes, fileName, options) => (
      await sleep(delayMs, undefined, { signal: options.signal }),
      analyzers.advanced(bytes, fileName, options)
    ),
  };
}
