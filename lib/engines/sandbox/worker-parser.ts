// Parses a script too deeply nested for the main thread's stack: acorn runs in a Worker whose stack
// is JS_PARSE_STACK_MB, with its own heap cap and a timeout; one short-lived worker per script (the
// rare path: only scripts that overflowed the main thread come here).
import { Worker } from "node:worker_threads";
import type { AnyNode, ParseDeepFn } from "../../analyzer";
import { locateAsset } from "./locate-asset";

export interface WorkerParserOptions {
  /** stack of the parsing thread (default 256 MiB) */
  stackSizeMb?: number;
  /** heap of the parsing thread (default 1 GiB) */
  maxHeapMb?: number;
  timeoutMs?: number;
  /** AST nodes returned at most (default 5 million) */
  maxNodes?: number;
  workerPath?: string;
}

export function createWorkerParser(opts: WorkerParserOptions = {}): ParseDeepFn {
  const path = opts.workerPath ?? locateAsset("parse-worker.mjs");
  return (text) =>
    new Promise((resolve) => {
      let settled = false;
      const settle = (r: { ast: AnyNode } | { error: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(r);
      };
      let worker: Worker;
      try {
        worker = new Worker(path, {
          workerData: { text, maxNodes: opts.maxNodes ?? 5_000_000 },
          resourceLimits: { stackSizeMb: opts.stackSizeMb ?? 256, maxOldGenerationSizeMb: opts.maxHeapMb ?? 1024 },
          // a worker inherits the parent's loaders (tsx, vitest); the parser needs none
          execArgv: [],
          env: {},
        });
      } catch (e) {
        resolve({ error: `parse worker did not start: ${(e as Error).message}` });
        return;
      }
      const timer = setTimeout(() => settle({ error: `parse worker timed out after ${opts.timeoutMs ?? 20_000} ms` }), opts.timeoutMs ?? 20_000);
      worker.on("message", (m: { table?: Record<string, unknown>[]; error?: string }) => {
        if (!m.table) return settle({ error: m.error ?? "parse failed" });
        settle({ ast: relink(m.table) });
      });
      worker.on("error", (e) => settle({ error: `parse worker failed: ${e.message}` }));
      worker.on("exit", (code) => settle({ error: `parse worker exited (code ${code})` }));
    });
}

/** The flat node table of parse-worker.mjs back into a tree: {$: i} references replaced, no recursion. */
function relink(table: Record<string, unknown>[]): AnyNode {
  const resolve = (v: unknown) => (v !== null && typeof v === "object" && "$" in v ? table[(v as { $: number }).$] : v);
  for (const node of table) {
    for (const key of Object.keys(node)) {
      const v = node[key];
      node[key] = Array.isArray(v) ? v.map(resolve) : resolve(v);
    }
  }
  return table[0] as AnyNode;
}
