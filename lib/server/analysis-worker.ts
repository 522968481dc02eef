// Worker-thread side of the analysis pool. scripts/build-worker.mjs bundles this file (with
// lib/analyzer and lib/pdf) into dist/analysis-worker.mjs; lib/server/analysis-pool.ts runs it in
// piscina threads so a slow or hostile PDF never blocks the HTTP thread and can be killed on timeout.
import type { MessagePort } from "node:worker_threads";
import {
  analyzeDeep,
  analyzeFast,
  inspectDocument,
  type DeepEngines,
  type InspectAnswer,
  type InspectRequest,
  type PageImage,
} from "../analyzer";
import { createDeepEngines, type DeepEngineSet } from "../engines/create-deep-engines";
import { getConfig } from "./config";
import type { DeepResult, FastResult } from "../analyzer/report";
import { ENGINE_VERSION } from "../analyzer/report-values";

export interface PingTask {
  kind: "ping";
}

export interface FastTask {
  kind: "fast";
  /** transferred, not copied */
  bytes: ArrayBuffer;
  fileName: string;
  /** the analyst's password of an encrypted document: opens it for this task only, never kept */
  password?: string;
  /**
   * Told "started" (a TaskMessage) when the analysis starts (the timeout measures analysis time, not queue time);
   * says "cancel" when the caller gave up (deadline, client gone): the engines stop their children.
   */
  control: MessagePort;
}

export interface DeepTask {
  kind: "deep";
  bytes: ArrayBuffer;
  fileName: string;
  password?: string;
  control: MessagePort;
  /** also return PNG images of the rendered pages (a scan's thumbnails): the answer is a DeepWithPageImages */
  pageImages?: boolean;
}

/** A deep task's answer when it asked for page images: the images travel beside the result. */
export interface DeepWithPageImages {
  result: DeepResult;
  pageImages: PageImage[];
}

/** The object inspector's question about a retained upload (lib/analyzer/inspect-document.ts). */
export interface InspectTask {
  kind: "inspect";
  bytes: ArrayBuffer;
  password?: string;
  request: InspectRequest;
  control: MessagePort;
}

/** Before the pool ends a thread: stop its engines' child processes and reap them here. */
export interface DisposeTask {
  kind: "dispose";
}

export type AnalysisTask = PingTask | DisposeTask | FastTask | DeepTask | InspectTask;

/** What a thread says on a task's control port when it starts the task. */
export interface TaskMessage {
  kind: "started";
  /** the thread's committed V8 heap, MiB (the pool replaces threads whose heap stays grown) */
  heapTotalMb: number;
}
export interface PingResult {
  engineVersion: string;
}

// One set of engines per worker thread, created on the first advanced-stage task.
let engineSet: DeepEngineSet | undefined;
function deepEngines(): DeepEngines {
  if (!engineSet) {
    engineSet = createDeepEngines({ yaraRuleDirs: getConfig().yaraRuleDirs });
    for (const [name, reason] of Object.entries(engineSet.unavailable))
      console.warn(`[pdfscan] ${name} engine unavailable: ${reason}`);
  }
  return engineSet.engines;
}

async function disposeEngines(): Promise<PingResult> {
  const set = engineSet;
  engineSet = undefined;
  await set?.close();
  return { engineVersion: ENGINE_VERSION };
}

export default function runAnalysisTask(
  task: AnalysisTask,
): PingResult | FastResult | InspectAnswer | Promise<DeepResult | DeepWithPageImages | PingResult> {
  if (task.kind === "ping") return { engineVersion: ENGINE_VERSION };
  if (task.kind === "dispose") return disposeEngines();
  task.control.postMessage({
    kind: "started",
    heapTotalMb: Math.round(process.memoryUsage().heapTotal / 2 ** 20),
  } satisfies TaskMessage);
  // the pool closes the port when the task settles
  if (task.kind === "inspect") return inspectDocument(new Uint8Array(task.bytes), task.request, task.password);
  if (task.kind === "fast")
    return analyzeFast(new Uint8Array(task.bytes), { fileName: task.fileName, password: task.password });
  const cancel = new AbortController();
  task.control.once("message", () => cancel.abort());
  const options = { fileName: task.fileName, password: task.password, engines: deepEngines(), signal: cancel.signal };
  if (!task.pageImages) return analyzeDeep(new Uint8Array(task.bytes), options);
  let pageImages: PageImage[] = [];
  return analyzeDeep(new Uint8Array(task.bytes), { ...options, onPageImages: (images) => (pageImages = images) }).then(
    (result) => ({ result, pageImages }),
  );
}
