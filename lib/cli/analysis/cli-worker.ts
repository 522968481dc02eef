// Worker-thread side of the CLI's analysis pool (analyzers.ts). scripts/build-worker.mjs bundles it
// into dist/cli-worker.mjs beside dist/cli.mjs; from the source tree it runs under tsx. Like the
// server's lib/server/analysis-worker.ts, but without the server's configuration, task control ports
// and recycling: a CLI run is short and ends its threads when done.
//
// Its imports are static: from the source tree the worker's TypeScript is loaded by tsx's require hook
// (Node 20 applies no --import loader hooks in worker threads), and a dynamic import() there goes to the
// ESM loader, which finds no extensionless ./deep-engines: `pdfscan analyze --deep` on several files
// failed every one without a build. The engines themselves are still created on the first --deep task.
import { workerData } from "node:worker_threads";
import { analyzeDeep, analyzeFast } from "../../analyzer";
import type { DeepResult, FastResult } from "../../analyzer/report";
import type { DeepEngineSet } from "../../engines/create-deep-engines";
import { createCliDeepEngines } from "./deep-engines";

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

// one set of engines per thread, created on the first --deep task
let deep: DeepEngineSet | undefined;

export default async function runCliTask(task: CliTask): Promise<FastResult | DeepResult> {
  const bytes = new Uint8Array(task.bytes);
  if (task.stage === "fast") return analyzeFast(bytes, { fileName: task.fileName, password: task.password });
  deep ??= createCliDeepEngines((workerData as CliWorkerData).root);
  return analyzeDeep(bytes, { fileName: task.fileName, engines: deep.engines, password: task.password });
}
