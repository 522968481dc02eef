// Shared by the benchmark scripts: latency summaries, the fast-stage result shape and its targets.
// No side effects: the fast benchmark runs in a process that loads only this and the analyzer.

/** pdfid.py 0.2.x over the same corpus on the reference machine */
export const PDFID_MB_PER_S = 1.2;
export const TARGET_SPEEDUP = 20;
export const SLOWEST_SHOWN = 5;
export const MB = 1e6;

export interface Latency {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface FastBench {
  dir: string;
  files: number;
  bytes: number;
  passes: number;
  seconds: number;
  mbPerSec: number;
  /**
   * throughput of the fastest pass: what a shared or busy machine disturbs least (the mean moves by
   * 10-30% between runs on this project's 2-core VMs), for comparing two versions of the analyzer
   */
  bestPassMbPerSec: number;
  filesPerSec: number;
  latencyMs: Latency;
  peakRssMb: number;
  peakHeapUsedMb: number;
  /** where the time goes: files with the highest median latency */
  slowest: { name: string; bytes: number; medianMs: number }[];
  /** files whose analysis threw: left out of the timing */
  errors: string[];
}

export function summarize(values: number[]): Latency {
  if (values.length === 0) return { mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return {
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1],
  };
}
