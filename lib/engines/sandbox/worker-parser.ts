// Parses a script too deeply nested for the main thread's stack: acorn runs in a Worker whose stack
// is JS_PARSE_STACK_MB, with its own heap cap and a timeout. The worker runs inside a child process of
// its own (parse-child.mjs): a V8 fatal error in a worker aborts the process it is in, hostile scripts
// have set one off there, and that process must not be the analysis. One short-lived child per script
// (the rare path: only scripts that overflowed the main thread come here; ~70 ms more than a worker).
import { fork } from "node:child_process";
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
  /** the child process's entry (parse-child.mjs) */
  childPath?: string;
}

/** characters of the child's standard error kept for the error (a V8 fatal error prints its reason first) */
const STDERR_KEPT_CHARS = 2048;

export function createWorkerParser(opts: WorkerParserOptions = {}): ParseDeepFn {
  const path = opts.childPath ?? locateAsset("parse-child.mjs");
  return (text) =>
    new Promise((resolve) => {
      let settled = false;
      let stderr = "";
      const settle = (r: { ast: AnyNode } | { error: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill("SIGKILL");
        resolve(r);
      };
      // a minimal environment, as the sandbox children get (no secrets)
      const child = fork(path, [], {
        serialization: "advanced",
        execArgv: [],
        env: { NODE_ENV: "production" },
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        if (stderr.length < STDERR_KEPT_CHARS) stderr += chunk.slice(0, STDERR_KEPT_CHARS - stderr.length);
      });
      const timer = setTimeout(
        () => settle({ error: `parse worker timed out after ${opts.timeoutMs ?? 20_000} ms` }),
        opts.timeoutMs ?? 20_000,
      );
      child.on("message", (m: { table?: Record<string, unknown>[]; error?: string }) => {
        if (!m.table) return settle({ error: m.error ?? "parse failed" });
        settle({ ast: relink(m.table) });
      });
      child.on("error", (e) => settle({ error: `parse process failed: ${e.message}` }));
      // "close", not "exit": by then the channel has delivered what the child sent before it ended
      child.on("close", (code, signal) => {
        const fatal = /FATAL ERROR: [^\n]*/.exec(stderr)?.[0];
        settle({ error: `parse process exited (${signal ?? `code ${code}`})${fatal ? `: ${fatal}` : ""}` });
      });
      child.send({
        text,
        maxNodes: opts.maxNodes ?? 5_000_000,
        stackSizeMb: opts.stackSizeMb ?? 256,
        maxHeapMb: opts.maxHeapMb ?? 1024,
      });
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
