// Worker-thread side of the CLI's analysis pool (analyzers.ts). scripts/build-worker.mjs bundles it
// into dist/cli-worker.mjs beside dist/cli.mjs; from the source tree it runs under tsx. Like the
// server's lib/server/analysis-worker.ts, but without the server's configuration, task control ports
// and recycling: a CLI run is short and ends its threads when done.
import { workerData } from "node:worker_threads";
import { analyzeFast } from "../../analyzer";
import type { DeepResult, FastResult } from "../../analyzer/report";
import type { CliDeepEngines } from "./deep-engines";

export interface CliTask {
  stage: "fast" | "deep";
  /** transferred, not copied */
  bytes: ArrayBuffer;
  fileName: string;
  /** the document's password (--password), if any */
  password?: string;
}

export interface CliWorkerData {
  /** the package root: where rules-yara/ lives */
  root: string;
}

// one set of engines per thread, created on the first --deep task (the modules are loaded then too)
let deep: Promise<{ engines: CliDeepEngines; analyzeDeep: typeof import("../../analyzer").analyzeDeep }> | undefined;

function loadDeep() {
  deep ??= (async () => {
    const [{ createCliDeepEngines }, { analyzeDeep }] = await Promise.all([import("./deep-engines"), import("../../analyzer")]);
    return { engines: createCliDeepEngines((workerData as CliWorkerData).root), analyzeDeep };
  })();
  return deep;
}

export default async function runCliTask(task: CliTask): Promise<FastResult | DeepResult> {
  const bytes = new Uint8Array(task.bytes);
  if (task.stage === "fast") return analyzeFast(bytes, { fileName: task.fileName, password: task.password });
  const { engines, analyzeDeep } = await loadDeep();
  return analyzeDeep(bytes, { fileName: task.fileName, engines: engines.engines, password: task.password });
}
