// The engines of the advanced stage, created once per process (or worker thread): pdf.js rendering,
// YARA, and the JavaScript sandbox. Each one that cannot start is left out with its reason, so the
// analysis still runs and says what it skipped.
import path from "node:path";
import type { DeepEngines } from "../analyzer";
import { DEFAULT_LIMITS } from "../limits";
import { createPdfRenderer } from "./render/create-pdf-renderer";
import { createSandboxEmulator, createWorkerParser } from "./sandbox";
import { loadYaraScanner } from "./yara";

export interface DeepEngineOptions {
  /** operator YARA rule directories, on top of the bundled rules-yara/ */
  yaraRuleDirs: string[];
  /** project root (where rules-yara/ lives); process.cwd() by default */
  root?: string;
}

export interface DeepEngineSet {
  engines: DeepEngines;
  /** engines that could not be started, with the reason (reported by /health and logs) */
  unavailable: Record<string, string>;
  /** stops the engines' child processes (render, sandbox) and resolves once they have exited */
  close(): Promise<void>;
}

export function createDeepEngines(options: DeepEngineOptions): DeepEngineSet {
  const root = options.root ?? process.cwd();
  const unavailable: Record<string, string> = {};
  const render = createPdfRenderer();
  const emulate = createSandboxEmulator();
  const engines: DeepEngines = {
    render,
    emulate,
    parseDeep: createWorkerParser({ stackSizeMb: DEFAULT_LIMITS.JS_PARSE_STACK_MB }),
  };
  const yara = loadYaraScanner({ ruleDirs: options.yaraRuleDirs, bundledDir: path.join(root, "rules-yara") });
  if (yara.status === "ready") engines.yara = { scanDocument: yara.scanDocument };
  else unavailable.yara = yara.reason;
  return { engines, unavailable, close: async () => void (await Promise.all([render.close(), emulate.close()])) };
}
