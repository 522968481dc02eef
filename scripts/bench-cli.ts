// The CLI as pipelines run it: `node bin/pdfscan.mjs analyze` as a subprocess, whole-process wall
// time. (1) one small file, median of SMALL_FILE_RUNS; (2) the corpus folder (its PDFs and password
// ZIPs) with --jobs 1 and --jobs 2, fast stage and --deep: files/s and MB/s of documents analysed.
// The pdfid.py figure compared with is bench-pdfid.ts's: measured beside pdfscan when PDFID_PY is
// set, else the reference machine's. Targets (issue 10): one small file <= 150 ms, the corpus folder
// >= 10x faster than pdfid.py.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import type { PdfidReference } from "./bench-pdfid";
import { MB, summarize } from "./bench-stats";
import { fixed, formatTable } from "./table";

export const SMALL_FILE_RUNS = 10;
export const TARGET_SMALL_FILE_MS = 150;
export const TARGET_CLI_SPEEDUP = 10;
/** fast-stage corpus runs per --jobs setting (the median is kept); --deep runs once */
const FAST_RUNS = 3;

export interface CliRun {
  stage: "fast" | "deep";
  jobs: number;
  files: number;
  bytes: number;
  seconds: number;
  filesPerSec: number;
  mbPerSec: number;
  /** pdfid.py's time over the same bytes (at PdfidReference.mbPerSec), divided by ours */
  speedupOverPdfid: number;
  exitCode: number | null;
}

export type CliBench =
  | { skipped: string }
  | {
      smallFile: { bytes: number; runs: number; medianMs: number; p95Ms: number; targetMs: number };
      corpus: CliRun[];
      pdfid: PdfidReference;
      targetSpeedup: number;
    };

function smallPdf(): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
  b.addCatalog("", 1, `/Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >>`);
  return b.build();
}

function wallMs(root: string, args: string[]): { ms: number; stdout: string; code: number | null } {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, ["bin/pdfscan.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
    env: { ...process.env, PDFSCAN_CLI_SOURCE: undefined },
  });
  return { ms: performance.now() - t0, stdout: run.stdout, code: run.status };
}

function corpusRun(root: string, dir: string, stage: "fast" | "deep", jobs: number, pdfidMbPerSec: number): CliRun {
  const args = [
    "analyze",
    "--json",
    "--no-progress",
    "--jobs",
    String(jobs),
    ...(stage === "deep" ? ["--deep"] : []),
    dir,
  ];
  const runs = Array.from({ length: stage === "deep" ? 1 : FAST_RUNS }, () => wallMs(root, args)).sort(
    (a, b) => a.ms - b.ms,
  );
  const median = runs[Math.floor(runs.length / 2)];
  const results = median.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { structure: { size: number } });
  const bytes = results.reduce((n, r) => n + r.structure.size, 0);
  const seconds = median.ms / 1000;
  return {
    stage,
    jobs,
    files: results.length,
    bytes,
    seconds,
    filesPerSec: results.length / seconds,
    mbPerSec: bytes / MB / seconds,
    speedupOverPdfid: bytes / MB / pdfidMbPerSec / seconds,
    exitCode: median.code,
  };
}

export function runCliBench(root: string, dir: string, opts: { deep: boolean; pdfid: PdfidReference }): CliBench {
  try {
    // what ships: the bundled CLI (bin/pdfscan.mjs runs dist/cli.mjs when it exists)
    execFileSync(process.execPath, ["scripts/build-worker.mjs"], { cwd: root, stdio: "pipe" });
  } catch (e) {
    return { skipped: `could not bundle the CLI: ${(e as Error).message.split("\n")[0]}` };
  }
  const scratch = join(root, "dist", "bench-cli");
  mkdirSync(scratch, { recursive: true });
  const small = join(scratch, "small.pdf");
  const pdf = smallPdf();
  writeFileSync(small, pdf);
  wallMs(root, ["analyze", small]); // warm the page cache
  const times = Array.from({ length: SMALL_FILE_RUNS }, () => wallMs(root, ["analyze", small]).ms);
  const latency = summarize(times);
  const { pdfid } = opts;
  const corpus: CliRun[] = [];
  for (const stage of opts.deep ? (["fast", "deep"] as const) : (["fast"] as const)) {
    for (const jobs of [1, 2]) corpus.push(corpusRun(root, dir, stage, jobs, pdfid.mbPerSec));
  }
  return {
    smallFile: {
      bytes: pdf.length,
      runs: SMALL_FILE_RUNS,
      medianMs: latency.p50,
      p95Ms: latency.p95,
      targetMs: TARGET_SMALL_FILE_MS,
    },
    corpus,
    pdfid,
    targetSpeedup: TARGET_CLI_SPEEDUP,
  };
}

export function formatCliBench(b: CliBench, dir: string): string {
  if ("skipped" in b) return `\nCLI (pdfscan analyze as a subprocess): skipped (${b.skipped})\n`;
  const s = b.smallFile;
  const out = [`\nCLI: pdfscan analyze as a subprocess, whole-process wall time (bundled dist/cli.mjs)`];
  out.push(
    `one small file (${s.bytes} bytes), median of ${s.runs}: ${fixed(s.medianMs, 0)} ms, p95 ${fixed(s.p95Ms, 0)} ms (target <= ${s.targetMs} ms: ${s.medianMs <= s.targetMs ? "met" : "NOT met"})`,
  );
  out.push(`corpus folder ${dir}:`);
  out.push(
    formatTable(
      ["stage", "jobs", "files", "MB", "seconds", "files/s", "MB/s", "vs pdfid.py"],
      b.corpus.map((r) => [
        r.stage === "deep" ? "--deep" : "fast",
        r.jobs,
        r.files,
        fixed(r.bytes / MB),
        fixed(r.seconds),
        fixed(r.filesPerSec, 1),
        fixed(r.mbPerSec, 1),
        `${fixed(r.speedupOverPdfid, 1)}x`,
      ]),
    ),
  );
  const best = Math.max(...b.corpus.filter((r) => r.stage === "fast").map((r) => r.speedupOverPdfid));
  out.push(
    `fast stage vs pdfid.py (${fixed(b.pdfid.mbPerSec, 1)} MB/s): ${fixed(best, 1)}x (target >= ${b.targetSpeedup}x: ${best >= b.targetSpeedup ? "met" : "NOT met"})`,
  );
  out.push(`(${b.pdfid.note})`);
  return `${out.join("\n")}\n`;
}
