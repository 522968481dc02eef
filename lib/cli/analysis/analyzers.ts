// Where the CLI's analyses run: in this thread (--jobs 1, or a single document: no thread start-up to
// pay), or in a piscina pool of worker threads running dist/cli-worker.mjs. Deep engines and the pool
// are imported only when needed, so `pdfscan analyze file.pdf` loads the analyzer and nothing else (its
// face, lib/analyzer/index.ts, is one chunk: esbuild does not split what a barrel re-exports).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DeepResult, FastResult } from "../../analyzer/report";
import type { CliTask, CliWorkerData } from "./cli-worker";

export type Stage = CliTask["stage"];
export type AnalysisResult = FastResult | DeepResult;

export interface Analyzer {
  /** `bytes` may be transferred to another thread: do not use it afterwards */
  analyze(bytes: Uint8Array, fileName: string): Promise<AnalysisResult>;
  /** engines that could not start (in-thread deep runs; pool threads' results carry their own notes) */
  warnings: string[];
  /** ends threads and engine processes so the process can exit */
  close(): Promise<void>;
}

export interface AnalyzerOptions {
  stage: Stage;
  /** worker threads; 1 runs in this thread */
  jobs: number;
  /** the package root (rules-yara/, dist/) */
  root: string;
  /** the documents' password (--password): opens encrypted documents, kept nowhere */
  password?: string;
}

export async function createAnalyzer(opts: AnalyzerOptions): Promise<Analyzer> {
  return opts.jobs <= 1 ? createInThreadAnalyzer(opts) : createPoolAnalyzer(opts);
}

async function createInThreadAnalyzer({ stage, root, password }: AnalyzerOptions): Promise<Analyzer> {
  if (stage === "fast") {
    const { analyzeFast } = await import("../../analyzer");
    return {
      analyze: async (bytes, fileName) => analyzeFast(bytes, { fileName, password }),
      warnings: [],
      close: async () => undefined,
    };
  }
  const [{ createCliDeepEngines }, { analyzeDeep }] = await Promise.all([
    import("./deep-engines"),
    import("../../analyzer"),
  ]);
  const set = createCliDeepEngines(root);
  return {
    analyze: (bytes, fileName) => analyzeDeep(bytes, { fileName, engines: set.engines, password }),
    warnings: Object.entries(set.unavailable).map(([engine, reason]) => `${engine} engine unavailable: ${reason}`),
    close: () => set.close(),
  };
}

async function createPoolAnalyzer({ stage, jobs, root, password }: AnalyzerOptions): Promise<Analyzer> {
  const { Piscina } = await import("piscina");
  const worker = workerEntry();
  const pool = new Piscina<CliTask, AnalysisResult>({
    filename: worker.file,
    execArgv: worker.execArgv,
    minThreads: jobs,
    maxThreads: jobs,
    workerData: { root } satisfies CliWorkerData,
  });
  return {
    analyze: (bytes, fileName) => {
      // a copy only when the view does not own its whole buffer (a slice of a larger one)
      const buffer =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? (bytes.buffer as ArrayBuffer)
          : bytes.slice().buffer;
      return pool.run({ stage, bytes: buffer, fileName, password }, { transferList: [buffer] });
    },
    warnings: [],
    close: () => pool.destroy(),
  };
}

/**
 * dist/cli-worker.mjs beside the bundle this code runs in (dist/cli.mjs); from the source tree
 * (tsx fallback, vitest) the TypeScript worker under tsx.
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return { file: join(dirname(here), "cli-worker.ts"), execArgv: ["--import", "tsx"] };
  const file = join(dirname(here), "cli-worker.mjs");
  if (!existsSync(file)) throw new Error(`${file} is missing: run node scripts/build-worker.mjs`);
  return { file, execArgv: [] };
}
