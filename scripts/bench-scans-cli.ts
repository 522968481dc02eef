// npm run bench:scans - the scan service benchmark on its own (scripts/bench-scans.ts).
import { Command } from "commander";
import { DEFAULT_SCAN_BENCH, positiveInt, runScanBench, type ScanBenchOptions } from "./bench-scans";

const d = DEFAULT_SCAN_BENCH;
await new Command("bench-scans")
  .description("Benchmark the scan service end to end: embedded, and PostgreSQL + Redis with 1 and 2 workers")
  .option("--scans <n>", "scans under load per configuration", positiveInt, d.scans)
  .option("--idle <n>", "scans one at a time per configuration", positiveInt, d.idle)
  .option("--concurrency <n>", "uploading clients", positiveInt, d.concurrency)
  .option("--pdf-bytes <n>", "size of the generated benign PDF", positiveInt, d.pdfBytes)
  .option("--worker-threads <n>", "analysis threads per worker process", positiveInt, d.workerThreads)
  .option("--no-embedded", "skip the embedded configuration")
  .option("--no-scale-out", "skip PostgreSQL + Redis")
  .option("--out <file>", "where to write the JSON results", d.out)
  .action((opts: ScanBenchOptions) => runScanBench(opts))
  .parseAsync();
