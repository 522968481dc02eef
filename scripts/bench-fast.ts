// The fast stage over a corpus in one process that loads only the analyzer (run by scripts/bench.ts
// through scripts/run-bundled.mjs): throughput, per-file latency, memory (scripts/bench.ts compares them with pdfid.py).
// Arguments: DIR MIN_SECONDS OUT_JSON.
import { writeFileSync } from "node:fs";
import { analyzeFast } from "../lib/analyzer/analyze";
import { MB, SLOWEST_SHOWN, summarize, type FastBench } from "./bench-stats";
import { fileNameOf, loadAny, type CorpusEntry } from "./corpus";

function benchFast(dir: string, all: CorpusEntry[], minSeconds: number): FastBench {
  // warm-up: two passes for the JIT (timed runs measure steady state, as a service runs), and find
  // files that throw so they do not skew the timing
  const errors: string[] = [];
  for (const e of all) {
    try {
      analyzeFast(e.bytes, { fileName: fileNameOf(e) });
    } catch {
      // reported by the second warm-up pass below
    }
  }
  const entries = all.filter((e) => {
    try {
      analyzeFast(e.bytes, { fileName: fileNameOf(e) });
      return true;
    } catch (err) {
      errors.push(`${e.name}: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  });
  const latencies: number[] = [];
  const perFile = entries.map(() => [] as number[]);
  let bytes = 0;
  let passes = 0;
  let busyMs = 0;
  let peakHeap = process.memoryUsage().heapUsed;
  let bestPassMs = Infinity;
  const passBytes = entries.reduce((n, e) => n + e.bytes.length, 0);
  while (entries.length > 0 && (busyMs < minSeconds * 1000 || passes === 0)) {
    const passStart = busyMs;
    for (const [i, e] of entries.entries()) {
      const t0 = performance.now();
      analyzeFast(e.bytes, { fileName: fileNameOf(e) });
      const ms = performance.now() - t0;
      latencies.push(ms);
      perFile[i].push(ms);
      busyMs += ms;
      bytes += e.bytes.length;
    }
    bestPassMs = Math.min(bestPassMs, busyMs - passStart);
    // sampled once a pass, outside the timed region (process.memoryUsage() walks the heap spaces)
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    passes++;
  }
  const seconds = busyMs / 1000;
  const mbPerSec = seconds > 0 ? bytes / MB / seconds : 0;
  return {
    dir,
    files: entries.length,
    bytes: passBytes,
    passes,
    seconds,
    mbPerSec,
    bestPassMbPerSec: bestPassMs > 0 && Number.isFinite(bestPassMs) ? passBytes / MB / (bestPassMs / 1000) : 0,
    filesPerSec: seconds > 0 ? latencies.length / seconds : 0,
    latencyMs: summarize(latencies),
    // maxRSS is in kilobytes
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    peakHeapUsedMb: peakHeap / MB,
    slowest: entries
      .map((e, i) => ({ name: e.name, bytes: e.bytes.length, medianMs: summarize(perFile[i]).p50 }))
      .sort((a, b) => b.medianMs - a.medianMs)
      .slice(0, SLOWEST_SHOWN),
    errors,
  };
}

const [dir, minSeconds, out] = process.argv.slice(2);
writeFileSync(out, JSON.stringify(benchFast(dir, await loadAny(dir), Number(minSeconds))));
