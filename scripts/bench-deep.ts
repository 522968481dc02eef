// (c) of npm run bench: the advanced stage (fast + pdf.js rendering, the JavaScript sandbox, YARA, with
// the real engines) once over every file of a corpus, after one warm-up document (first pdf.js import
// and sandbox start). Per file: wall-clock latency, and the CPU time it cost this process and the
// engines' child processes (the sandbox's children, reaped when their script ends, and the render
// process, which lives on): CPU per file is what a machine's throughput follows, files/s per core its
// inverse. Read from /proc (Linux); elsewhere only latency is reported.
import { readdirSync, readFileSync } from "node:fs";
import { cpuTimeMs, ownCpuTimeMs } from "../lib/engines/process-usage";
import { warmUpDocument } from "../lib/engines/render/warm-up-document";
import { summarize, type Latency } from "./bench-stats";
import { fileNameOf, type CorpusEntry } from "./corpus";
import { fixed, formatTable } from "./table";

const SLOWEST_SHOWN = 8;

export type DeepBench =
  | { skipped: string }
  | {
      dir: string;
      files: number;
      latencyMs: Latency;
      /** null where /proc is not readable */
      cpuMs: (Latency & { total: number; engines: number }) | null;
      slowest: { name: string; ms: number; cpuMs: number | null }[];
      errors: string[];
      /** files whose result has an engine note (an engine that failed on that file), and the first notes */
      engineNotes: { files: number; examples: string[] };
    };

const NOTE_EXAMPLES = 3;

/** CPU time (ms) of this process, of its children it has reaped, and of its live children; null without /proc. */
function processTreeCpuMs(): number | null {
  const own = cpuTimeMs("self", { reapedChildren: true });
  if (own === null) return null;
  try {
    let live = 0;
    for (const task of readdirSync("/proc/self/task")) {
      for (const pid of readFileSync(`/proc/self/task/${task}/children`, "latin1").split(/\s+/).filter(Boolean))
        live += cpuTimeMs(Number(pid)) ?? 0;
    }
    return own + live;
  } catch {
    return null;
  }
}

export async function benchDeep(dir: string, entries: CorpusEntry[]): Promise<DeepBench> {
  const { analyzeDeep } = await import("../lib/analyzer/deep/analyze-deep");
  const { createDeepEngines } = await import("../lib/engines/create-deep-engines");
  const { engines } = createDeepEngines({ yaraRuleDirs: [] });
  const errors: string[] = [];
  if (entries[0]) await analyzeDeep(entries[0].bytes, { fileName: "warm-up.pdf", engines }).catch(() => undefined);
  // a bench without the render process (dist/ not built) would report a stage that skipped it, much
  // cheaper than the real one: the render process's own warm-up page, which every engine reads without
  // a note, says so instead
  const check = await analyzeDeep(warmUpDocument(), { fileName: "engine-check.pdf", engines });
  const [down] = check.engine_notes;
  if (down)
    throw new Error(`the ${down.engine} engine did not run, so the figures would leave it out: ${down.message}`);
  const notes = { files: 0, examples: [] as string[] };
  const rows: { name: string; ms: number; cpuMs: number | null; ownMs: number }[] = [];
  for (const e of entries) {
    const cpu0 = processTreeCpuMs();
    const own0 = ownCpuTimeMs();
    const t0 = performance.now();
    try {
      const result = await analyzeDeep(e.bytes, { fileName: fileNameOf(e), engines });
      if (result.engine_notes.length) notes.files++;
      for (const n of result.engine_notes)
        if (notes.examples.length < NOTE_EXAMPLES) notes.examples.push(`${e.name}: ${n.engine}: ${n.message}`);
    } catch (err) {
      errors.push(`${e.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const ms = performance.now() - t0;
    const cpu1 = processTreeCpuMs();
    rows.push({
      name: e.name,
      ms,
      cpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
      ownMs: ownCpuTimeMs() - own0,
    });
  }
  const cpus = rows.map((r) => r.cpuMs);
  const cpuMs = cpus.every((c): c is number => c !== null)
    ? {
        ...summarize(cpus),
        total: cpus.reduce((a, b) => a + b, 0),
        engines: cpus.reduce((a, b) => a + b, 0) - rows.reduce((a, r) => a + r.ownMs, 0),
      }
    : null;
  const slowest = [...rows].sort((a, b) => (b.cpuMs ?? b.ms) - (a.cpuMs ?? a.ms)).slice(0, SLOWEST_SHOWN);
  return {
    dir,
    files: rows.length,
    latencyMs: summarize(rows.map((r) => r.ms)),
    cpuMs,
    slowest: slowest.map(({ name, ms, cpuMs: c }) => ({ name, ms, cpuMs: c })),
    errors,
    engineNotes: notes,
  };
}

export function formatDeep(d: DeepBench): string {
  if ("skipped" in d) return `\nDeep stage: skipped (${d.skipped})\n`;
  const out = [
    `\nDeep stage (fast + advanced with pdf.js, JavaScript sandbox, YARA), ${d.files} files from ${d.dir}, one pass`,
  ];
  const rows: string[][] = [
    ["latency p50", `${fixed(d.latencyMs.p50, 0)} ms (target < 1000 ms)`],
    ["latency p95", `${fixed(d.latencyMs.p95, 0)} ms (target < 2000 ms)`],
    ["latency max", `${fixed(d.latencyMs.max, 0)} ms`],
  ];
  if (d.cpuMs) {
    rows.push(
      [
        "CPU per file, mean",
        `${fixed(d.cpuMs.mean, 0)} ms = ${fixed(1000 / Math.max(1, d.cpuMs.mean), 1)} files/s per core (target >= 10)`,
      ],
      ["CPU per file, p50 / p95", `${fixed(d.cpuMs.p50, 0)} / ${fixed(d.cpuMs.p95, 0)} ms`],
      [
        "CPU in engine processes",
        `${fixed((100 * d.cpuMs.engines) / Math.max(1, d.cpuMs.total), 0)}% of ${fixed(d.cpuMs.total / 1000, 1)} s`,
      ],
    );
  }
  rows.push(["errors", String(d.errors.length)]);
  rows.push(["files with engine notes", String(d.engineNotes.files)]);
  out.push(formatTable(["metric", "value"], rows));
  if (d.engineNotes.examples.length)
    out.push("engine notes (first):", ...d.engineNotes.examples.map((n) => `  ${n.slice(0, 200)}`));
  out.push(
    "most expensive files:",
    ...d.slowest.map(
      (s) =>
        `  ${fixed(s.ms, 0).padStart(8)} ms ${s.cpuMs === null ? "" : `${fixed(s.cpuMs, 0).padStart(6)} ms CPU`}  ${s.name}`,
    ),
  );
  return `${out.join("\n")}\n`;
}
