// npm run bench -- [DIR] [--min-seconds 3] [--requests 200] [--concurrency 4] [--no-http] [--no-deep]
//   [--no-hostile] [--no-ui] [--no-cli] [--no-scans] [--no-feeds]
// (a) fast stage in-process over a corpus: throughput, per-file latency, memory, speed-up over pdfid.py;
// (b) POST /analyze/fast on the real built server (needs `npm run build`) with a generated ~1 MB PDF;
// (c) the advanced stage over the corpus (or --deep-dir): latency, and CPU per file with the engines' processes (bench-deep.ts);
// (d) hostile documents against the server with memory and a benign request's latency (bench-hostile.ts);
// (e) the web UI: upload of a 1 MB PDF to its verdict on the page, in headless Chromium (bench-ui.ts);
// (f) the CLI as a subprocess (bench-cli.ts): one small file, the corpus folder with --jobs 1/2, fast and --deep;
// (h) feeds (bench-feeds.ts): a 1,000,000-line feed imported, one document matched, SQLite and PostgreSQL;
// (g) scans end to end (scripts/bench-scans.ts, also `npm run bench:scans`): embedded, and
//     PostgreSQL + Redis with 1 and 2 worker processes; writes bench-scans.json.
// Prints a report and writes bench-results.json. Measures only: no speed assertion fails anything.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { analyzeFast } from "../lib/analyzer/analyze";
import { MB, TARGET_SPEEDUP, summarize, type FastBench, type Latency } from "./bench-stats";
import { startServer } from "../test/support/next-server";
import { buildBenchPdf } from "./bench-pdf";
import { benchDeep, formatDeep, type DeepBench } from "./bench-deep";
import { DEFAULT_SCAN_BENCH, runScanBench } from "./bench-scans";
import { formatHostile, runHostileBench, type HostileBench } from "./bench-hostile";
import { formatUi, runUiBench, type UiBench } from "./bench-ui";
import { formatCliBench, runCliBench, type CliBench } from "./bench-cli";
import { formatFeedBench, runFeedBench, type FeedBench } from "./bench-feeds";
import { pdfidReference, type PdfidReference } from "./bench-pdfid";
import { positiveNumber } from "./bench-options";
import { findCorpusDir, loadAny } from "./corpus";
import { fixed, formatTable } from "./table";

// npm scripts run from the project root (scripts/run-bundled.mjs too): the root is the working directory
const REPO_ROOT = process.cwd();

const TARGET_HTTP_MEDIAN_MS = 30;
const HTTP_WARMUP_REQUESTS = 20;
const BENCH_PDF_BYTES = 1_000_000;
const MAX_ERRORS_SHOWN = 10;
/** in-process runs of the HTTP benchmark's PDF, to tell analysis time from HTTP overhead */
const IN_PROCESS_RUNS = 20;

interface HttpRun {
  requests: number;
  concurrency: number;
  seconds: number;
  requestsPerSec: number;
  latencyMs: Latency;
  failures: number;
  firstFailure?: string;
}

type HttpBench =
  | { skipped: string }
  | {
      url: string;
      pdfBytes: number;
      /** median analyzeFast time of the same PDF in this process: the rest of an HTTP latency is transport */
      inProcessMedianMs: number;
      warmupRequests: number;
      targetMedianMs: number;
      sequential: HttpRun;
      concurrent: HttpRun;
    };

interface Options {
  deep: boolean;
  deepDir?: string;
  minSeconds: number;
  requests: number;
  concurrency: number;
  http: boolean;
  scans: boolean;
  feeds: boolean;
  hostile: boolean;
  ui: boolean;
  cli: boolean;
  out: string;
}

const program: Command = new Command("bench")
  .description("Benchmark the fast stage in-process and POST /analyze/fast over HTTP")
  .argument("[dir]", "corpus or labelled folder (default: $PDFSCAN_CORPUS or ../shared/corpus)")
  .option("--min-seconds <s>", "keep repeating the corpus until this much analysis time", positiveNumber, 3)
  .option("--requests <n>", "HTTP requests per run", positiveNumber, 200)
  .option("--concurrency <n>", "parallel clients in the second HTTP run", positiveNumber, 4)
  .option("--no-http", "skip the HTTP benchmark")
  .option("--no-scans", "skip the scan service benchmark (bench-scans.ts)")
  .option("--no-feeds", "skip the feeds benchmark (bench-feeds.ts)")
  .option("--no-deep", "skip the deep-stage benchmark")
  .option(
    "--deep-dir <dir>",
    "corpus of the deep-stage benchmark (default: DIR); e.g. ../shared/corpus-large for CPU per file over mixed files",
  )
  .option("--no-hostile", "skip the hostile-documents benchmark (bench-hostile.ts)")
  .option("--no-ui", "skip the web UI benchmark (bench-ui.ts)")
  .option("--no-cli", "skip the CLI benchmark (bench-cli.ts: pdfscan analyze as a subprocess)")
  .option("--out <file>", "where to write the JSON results", join(REPO_ROOT, "bench-results.json"))
  .action(async (dirArg: string | undefined, opts: Options) => {
    const dir = dirArg ?? findCorpusDir();
    if (!dir) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
    const entries = await loadAny(dir).catch((e: unknown) =>
      program.error(`cannot load ${dir}: ${e instanceof Error ? e.message : String(e)}`, { exitCode: 2 }),
    );
    const pdfid = await pdfidReference(dir);
    const fast = benchFastInChild(dir, opts.minSeconds);
    process.stdout.write(formatFast(fast, pdfid));
    const http: HttpBench = opts.http ? await benchHttp(opts) : { skipped: "--no-http" };
    process.stdout.write(formatHttp(http));
    const deepDir = opts.deepDir ?? dir;
    const deep: DeepBench = opts.deep
      ? await benchDeep(deepDir, deepDir === dir ? entries : await loadAny(deepDir))
      : { skipped: "--no-deep" };
    process.stdout.write(formatDeep(deep));
    const hostile: HostileBench = opts.hostile ? await runHostileBench() : { skipped: "--no-hostile" };
    process.stdout.write(formatHostile(hostile));
    const ui: UiBench = opts.ui ? await runUiBench() : { skipped: "--no-ui" };
    process.stdout.write(formatUi(ui));
    const cli: CliBench = opts.cli ? runCliBench(REPO_ROOT, dir, { deep: opts.deep, pdfid }) : { skipped: "--no-cli" };
    process.stdout.write(formatCliBench(cli, dir));
    const feeds: FeedBench = opts.feeds ? await runFeedBench() : { skipped: "--no-feeds" };
    process.stdout.write(formatFeedBench(feeds));
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? "unknown",
      cpus: cpus().length,
      pdfid,
      fast,
      http,
      deep,
      hostile,
      ui,
      cli,
      feeds,
    };
    await writeFile(opts.out, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\nwrote ${opts.out}\n`);
    if (opts.scans) await runScanBench(DEFAULT_SCAN_BENCH);
    // a crash is a bug, not a speed figure: fail the run so it is not mistaken for a clean benchmark
    process.exitCode = fast.errors.length > 0 ? 1 : 0;
  });

/**
 * The fast stage in a process of its own that loads only the analyzer (scripts/bench-fast.ts): the
 * service runs it in worker threads that load nothing else, and the server stack loaded here (queue
 * and database clients) measurably slows the analyzer's hot loops when it shares the process.
 */
function benchFastInChild(dir: string, minSeconds: number): FastBench {
  const out = join(REPO_ROOT, "dist", "bench-fast.json");
  const run = spawnSync(
    process.execPath,
    ["scripts/run-bundled.mjs", "scripts/bench-fast.ts", dir, String(minSeconds), out],
    { cwd: REPO_ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (run.status !== 0) throw new Error(`bench-fast exited with ${run.status}`);
  return JSON.parse(readFileSync(out, "utf8")) as FastBench;
}

interface ServerHandle {
  url: string;
  stop(): Promise<void> | void;
  apiKey?: string;
}

async function benchHttp(opts: Options): Promise<HttpBench> {
  const helper: { startServer(o?: { env?: Record<string, string> }): Promise<ServerHandle> } = { startServer };
  const pdf = buildBenchPdf(BENCH_PDF_BYTES);
  const inProcess = Array.from({ length: IN_PROCESS_RUNS }, () => {
    const t0 = performance.now();
    analyzeFast(pdf, { fileName: "bench-report.pdf" });
    return performance.now() - t0;
  });
  let server: ServerHandle;
  try {
    server = await helper.startServer({ env: {} });
  } catch (e) {
    // the helper explains what is missing (e.g. "run `npm run build` first"); its first line is enough
    return { skipped: `server did not start: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}` };
  }
  try {
    const apiKey = server.apiKey ?? process.env.PDFSCAN_API_KEY;
    const post = () => postPdf(`${server.url.replace(/\/$/, "")}/analyze/fast`, pdf, apiKey);
    await runRequests(post, HTTP_WARMUP_REQUESTS, 1);
    const sequential = await runRequests(post, opts.requests, 1);
    const concurrent = await runRequests(post, opts.requests, opts.concurrency);
    return {
      url: server.url,
      pdfBytes: pdf.length,
      inProcessMedianMs: summarize(inProcess).p50,
      warmupRequests: HTTP_WARMUP_REQUESTS,
      targetMedianMs: TARGET_HTTP_MEDIAN_MS,
      sequential,
      concurrent,
    };
  } finally {
    await server.stop();
  }
}

/** One multipart upload; resolves to an error text, or null on 200 with a JSON body. */
async function postPdf(url: string, pdf: Uint8Array, apiKey: string | undefined): Promise<string | null> {
  const form = new FormData();
  // the builder allocates plain ArrayBuffers; the cast only narrows ArrayBufferLike for Blob
  form.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "bench-report.pdf");
  const res = await fetch(url, {
    method: "POST",
    body: form,
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  });
  const body = await res.text();
  if (res.status !== 200) return `HTTP ${res.status}: ${body.slice(0, 200)}`;
  return null;
}

async function runRequests(
  send: () => Promise<string | null>,
  requests: number,
  concurrency: number,
): Promise<HttpRun> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let next = 0;
  const client = async () => {
    while (next < requests) {
      next++;
      const t0 = performance.now();
      const error = await send().catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
      latencies.push(performance.now() - t0);
      if (error) {
        failures++;
        firstFailure ??= error;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - t0) / 1000;
  return {
    requests,
    concurrency,
    seconds,
    requestsPerSec: requests / seconds,
    latencyMs: summarize(latencies),
    failures,
    firstFailure,
  };
}

function formatFast(f: FastBench, pdfid: PdfidReference): string {
  const speedup = f.mbPerSec / pdfid.mbPerSec;
  const out = [
    `Fast stage, in-process: ${f.files} files (${fixed(f.bytes / MB)} MB) from ${f.dir}, ${f.passes} passes, ${fixed(f.seconds)} s of analysis`,
  ];
  out.push(
    formatTable(
      ["metric", "value"],
      [
        ["throughput", `${fixed(f.mbPerSec, 1)} MB/s`],
        ["best pass", `${fixed(f.bestPassMbPerSec, 1)} MB/s`],
        ["files", `${fixed(f.filesPerSec, 0)} files/s`],
        ["latency p50", `${fixed(f.latencyMs.p50)} ms`],
        ["latency p95", `${fixed(f.latencyMs.p95)} ms`],
        ["latency p99", `${fixed(f.latencyMs.p99)} ms`],
        ["latency max", `${fixed(f.latencyMs.max)} ms`],
        ["peak RSS", `${fixed(f.peakRssMb, 0)} MB`],
        ["peak heap used", `${fixed(f.peakHeapUsedMb, 0)} MB`],
        ["pdfid.py", `${fixed(pdfid.mbPerSec, 1)} MB/s (${pdfid.measured ? "timed here" : "reference machine"})`],
        [
          "speed-up",
          `${fixed(speedup, 1)}x (target >= ${TARGET_SPEEDUP}x: ${speedup >= TARGET_SPEEDUP ? "met" : "NOT met"})`,
        ],
      ],
    ),
  );
  out.push(
    "slowest files (median):",
    ...f.slowest.map(
      (x) => `  ${fixed(x.medianMs, 1).padStart(8)} ms  ${fixed(x.bytes / 1000, 0).padStart(6)} kB  ${x.name}`,
    ),
  );
  if (f.errors.length > 0) {
    out.push(
      `analysis threw on ${f.errors.length} files (left out of the timing):`,
      ...f.errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `  ${e}`),
    );
    if (f.errors.length > MAX_ERRORS_SHOWN)
      out.push(`  ... and ${f.errors.length - MAX_ERRORS_SHOWN} more (see the JSON file)`);
  }
  return `${out.join("\n")}\n`;
}

function formatHttp(h: HttpBench): string {
  if ("skipped" in h) return `\nHTTP POST /analyze/fast: skipped (${h.skipped})\n`;
  const row = (name: string, r: HttpRun) => [
    name,
    r.requests,
    r.concurrency,
    fixed(r.latencyMs.p50, 1),
    fixed(r.latencyMs.p95, 1),
    fixed(r.latencyMs.p99, 1),
    fixed(r.latencyMs.max, 1),
    fixed(r.requestsPerSec, 1),
    r.failures,
  ];
  const out = [
    `\nHTTP POST /analyze/fast at ${h.url}: ${fixed(h.pdfBytes / MB)} MB PDF, after ${h.warmupRequests} warm-up requests`,
    `(the same PDF analysed in-process: median ${fixed(h.inProcessMedianMs, 1)} ms)`,
  ];
  out.push(
    formatTable(
      ["run", "requests", "conc.", "p50 ms", "p95 ms", "p99 ms", "max ms", "req/s", "failed"],
      [row("sequential", h.sequential), row("concurrent", h.concurrent)],
    ),
  );
  const median = h.sequential.latencyMs.p50;
  out.push(
    `sequential median ${fixed(median, 1)} ms (target < ${h.targetMedianMs} ms: ${median < h.targetMedianMs ? "met" : "NOT met"})`,
  );
  const failure = h.sequential.firstFailure ?? h.concurrent.firstFailure;
  if (failure) out.push(`first failure: ${failure}`);
  return `${out.join("\n")}\n`;
}

await program.parseAsync();
