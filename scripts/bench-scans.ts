// npm run bench:scans -- [--scans 120] [--idle 30] [--concurrency 8] [--pdf-bytes 100000]
//                        [--worker-threads 1] [--no-embedded] [--no-scale-out] [--out bench-scans.json]
// (also run at the end of `npm run bench`). Needs `npm run build`. Measures the scan service end to end
// on the real built server:
//   embedded:  SQLite + local files + in-process queue (one process)
//   scale-out: PostgreSQL (metadata + bytes) + BullMQ on Redis, with 1 and then 2 `npm run worker`
//              processes of --worker-threads analysis threads each
// For each: scans completed per second (N scans uploaded by --concurrency clients, from the first
// upload to the last completed scan), and time from upload to fast verdict (median, p95), from the
// timestamps the service stores on each scan (createdAt -> fastCompletedAt), both under that load
// and on an idle service (one scan at a time). Target: fast verdict within 100 ms of upload at the
// median on an idle machine. Prints a table and writes bench-scans.json. Measures only.
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { InvalidArgumentError } from "commander";
import { createPgSchema, createRedisPrefix, TEST_REDIS_URL } from "../lib/server/testing/test-stores";
import { createScan, TERMINAL, type ScanJson } from "../test/scans/support/scan-api";
import { startWorker, type WorkerProcess } from "../test/scans/support/worker-process";
import { authorizedFetch as fetch, startServer, type RunningServer } from "../test/support/next-server";
import { buildBenchPdf } from "./bench-pdf";
import { fixed, formatTable } from "./table";

// npm scripts run from the project root (scripts/run-bundled.mjs too): the root is the working directory
const REPO_ROOT = process.cwd();
export const TARGET_IDLE_FAST_MEDIAN_MS = 100;
const POLL_INTERVAL_MS = 100;
const RUN_TIMEOUT_MS = 10 * 60_000;
const LIST_PAGE = 100;
const WARMUP_SCANS = 5;

export interface ScanBenchOptions {
  scans: number;
  idle: number;
  concurrency: number;
  pdfBytes: number;
  workerThreads: number;
  embedded: boolean;
  scaleOut: boolean;
  out: string;
}

interface Latency {
  p50: number;
  p95: number;
  max: number;
}

interface ModeResult {
  mode: string;
  workers: number | null;
  scans: number;
  failed: number;
  seconds: number;
  scansPerSec: number;
  /** upload -> fast verdict under the load above */
  loadedFastMs: Latency;
  /** upload -> fast verdict, one scan at a time */
  idleFastMs: Latency;
  /** upload -> completed (both stages), one scan at a time */
  idleCompleteMs: Latency;
}

type Skipped = { mode: string; skipped: string };

export const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError("must be a positive whole number");
  return n;
};

function latency(values: number[]): Latency {
  if (values.length === 0) return { p50: 0, p95: 0, max: 0 };
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
  return { p50: at(50), p95: at(95), max: s[s.length - 1] };
}

const fastMs = (s: ScanJson) => Date.parse(s.fastCompletedAt!) - Date.parse(s.createdAt);
const completeMs = (s: ScanJson) => Date.parse(s.completedAt!) - Date.parse(s.createdAt);

/** Final state of every id, polling the list endpoint (one request per 100 scans, not one per scan). */
async function waitAllEnded(url: string, ids: Set<string>): Promise<Map<string, ScanJson>> {
  const done = new Map<string, ScanJson>();
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (done.size < ids.size) {
    if (Date.now() > deadline) throw new Error(`${ids.size - done.size} scans did not end within ${RUN_TIMEOUT_MS} ms`);
    let cursor: string | null = null;
    let pages = Math.ceil(ids.size / LIST_PAGE) + 1;
    do {
      const res = await fetch(`${url}/api/scans?limit=${LIST_PAGE}${cursor ? `&cursor=${cursor}` : ""}`);
      const page = (await res.json()) as { items: ScanJson[]; nextCursor: string | null };
      for (const s of page.items) if (ids.has(s.scanId) && TERMINAL.includes(s.status)) done.set(s.scanId, s);
      cursor = page.nextCursor;
    } while (cursor && --pages > 0);
    if (done.size < ids.size) await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
  return done;
}

async function runOne(url: string, pdf: Uint8Array): Promise<ScanJson> {
  const { body } = await createScan(url, pdf);
  return (await waitAllEnded(url, new Set([body.scanId]))).get(body.scanId)!;
}

async function measure(
  mode: string,
  workers: number | null,
  url: string,
  pdf: Uint8Array,
  o: ScanBenchOptions,
): Promise<ModeResult> {
  for (let i = 0; i < WARMUP_SCANS; i++) await runOne(url, pdf);
  // idle: one scan at a time, nothing else running
  const idle: ScanJson[] = [];
  for (let i = 0; i < o.idle; i++) idle.push(await runOne(url, pdf));
  // load: N uploads from `concurrency` clients, then wait for all
  const ids = new Set<string>();
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.scans) {
        next++;
        ids.add((await createScan(url, pdf)).body.scanId);
      }
    }),
  );
  const ended = [...(await waitAllEnded(url, ids)).values()];
  const ok = ended.filter((s) => s.status === "completed");
  const first = Math.min(...ended.map((s) => Date.parse(s.createdAt)), t0);
  const last = Math.max(...ended.map((s) => Date.parse(s.completedAt ?? s.createdAt)));
  const seconds = (last - first) / 1000;
  return {
    mode,
    workers,
    scans: ended.length,
    failed: ended.length - ok.length,
    seconds,
    scansPerSec: ok.length / seconds,
    loadedFastMs: latency(ended.filter((s) => s.fastCompletedAt).map(fastMs)),
    idleFastMs: latency(idle.filter((s) => s.fastCompletedAt).map(fastMs)),
    idleCompleteMs: latency(idle.filter((s) => s.completedAt).map(completeMs)),
  };
}

async function benchEmbedded(pdf: Uint8Array, o: ScanBenchOptions): Promise<ModeResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-bench-"));
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      env: { PDFSCAN_DATA_DIR: dataDir, PDFSCAN_DATABASE_URL: "", PDFSCAN_REDIS_URL: "", PDFSCAN_STORAGE: "" },
    });
    return await measure("embedded (SQLite + in-process)", null, server.url, pdf, o);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchScaleOut(pdf: Uint8Array, o: ScanBenchOptions): Promise<(ModeResult | Skipped)[]> {
  const results: (ModeResult | Skipped)[] = [];
  for (const count of [1, 2]) {
    const mode = "PostgreSQL + Redis (BullMQ)";
    let pgSchema, redis;
    try {
      pgSchema = await createPgSchema();
      redis = await createRedisPrefix();
    } catch (error) {
      await pgSchema?.drop();
      results.push({ mode: `${mode}, ${count} worker(s)`, skipped: (error as Error).message.split(" (")[0] });
      continue;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-bench-"));
    const env = {
      PDFSCAN_DATABASE_URL: pgSchema.url,
      PDFSCAN_STORAGE: "postgres",
      PDFSCAN_REDIS_URL: TEST_REDIS_URL,
      PDFSCAN_REDIS_PREFIX: redis.prefix,
      PDFSCAN_DATA_DIR: dataDir,
    };
    let server: RunningServer | undefined;
    const workers: WorkerProcess[] = [];
    try {
      server = await startServer({ env });
      workers.push(
        ...(await Promise.all(
          Array.from({ length: count }, () => startWorker({ ...env, PDFSCAN_WORKERS: String(o.workerThreads) })),
        )),
      );
      results.push(await measure(mode, count, server.url, pdf, o));
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await server?.stop();
      await redis.drop();
      await pgSchema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}

function format(results: (ModeResult | Skipped)[], o: ScanBenchOptions, pdfBytes: number): string {
  const rows = results.map((r) =>
    "skipped" in r
      ? [r.mode, "-", "-", "-", "-", "-", "-", "-", "-", `skipped: ${r.skipped}`]
      : [
          r.mode,
          r.workers ?? "-",
          r.scans,
          fixed(r.scansPerSec, 1),
          fixed(r.loadedFastMs.p50, 0),
          fixed(r.loadedFastMs.p95, 0),
          fixed(r.idleFastMs.p50, 0),
          fixed(r.idleFastMs.p95, 0),
          fixed(r.idleCompleteMs.p50, 0),
          r.failed > 0 ? `${r.failed} failed` : "",
        ],
  );
  const out = [
    `\nScans end to end: ${o.scans} scans of a ${fixed(pdfBytes / 1000, 0)} kB PDF from ${o.concurrency} clients (+${o.idle} one at a time); worker processes run ${o.workerThreads} analysis thread(s) each; ${cpus().length} CPUs`,
    formatTable(
      [
        "configuration",
        "workers",
        "scans",
        "scans/s",
        "fast p50 ms",
        "fast p95 ms",
        "idle fast p50",
        "idle fast p95",
        "idle done p50",
        "note",
      ],
      rows,
    ),
    "fast = upload -> fast verdict (createdAt -> fastCompletedAt stored on the scan); done = both stages",
  ];
  for (const r of results) {
    if ("skipped" in r) continue;
    out.push(
      `${r.mode}${r.workers ? `, ${r.workers} worker(s)` : ""}: idle fast median ${fixed(r.idleFastMs.p50, 0)} ms (target <= ${TARGET_IDLE_FAST_MEDIAN_MS} ms: ${r.idleFastMs.p50 <= TARGET_IDLE_FAST_MEDIAN_MS ? "met" : "NOT met"})`,
    );
  }
  return `${out.join("\n")}\n`;
}

export async function runScanBench(o: ScanBenchOptions): Promise<void> {
  const pdf = buildBenchPdf(o.pdfBytes);
  const results: (ModeResult | Skipped)[] = [];
  if (o.embedded) results.push(await benchEmbedded(pdf, o));
  if (o.scaleOut) results.push(...(await benchScaleOut(pdf, o)));
  process.stdout.write(format(results, o, pdf.length));
  const json = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    pdfBytes: pdf.length,
    options: o,
    targetIdleFastMedianMs: TARGET_IDLE_FAST_MEDIAN_MS,
    results,
  };
  await writeFile(o.out, `${JSON.stringify(json, null, 2)}\n`);
  process.stdout.write(`wrote ${o.out}\n`);
}

export const DEFAULT_SCAN_BENCH: ScanBenchOptions = {
  scans: 120,
  idle: 30,
  concurrency: 8,
  pdfBytes: 100_000,
  workerThreads: 1,
  embedded: true,
  scaleOut: true,
  out: path.join(REPO_ROOT, "bench-scans.json"),
};
