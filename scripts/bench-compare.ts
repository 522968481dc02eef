// Wall-clock comparison of this checkout's fast stage with another checkout's, on this machine, now:
// both analyzers are bundled (the other one's packages resolved from this checkout's node_modules) and
// timed in one process, file by file and in alternating order (bench-compare-run.ts), so that the
// machine's load, which moves this 2-core VM's throughput by 10-30% from minute to minute, falls on
// both alike. The figure is the ratio of the sums of each file's fastest run; it repeats within about
// 2%. For "no regression beyond 10%" between two versions, beside bench:instructions (which counts
// instructions, not time).
// Usage: npm run bench:compare -- OTHER_CHECKOUT [DIR] [--rounds 15]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Command } from "commander";
import { positiveNumber } from "./bench-options";
import type { CompareRun } from "./bench-compare-run";
import { bundleScript, REPO_ROOT } from "./bundle-script.mjs";
import { findCorpusDir } from "./corpus";

/** files listed with the largest differences */
const SHOWN = 10;
const ANALYZER = "lib/analyzer/analyze.ts";

const program = new Command()
  .name("bench:compare")
  .description("The fast stage of this checkout against another's, timed together (wall clock)")
  .argument("<other>", "the other checkout's root (e.g. a clone at the commit to compare with)")
  .argument("[dir]", "corpus or labelled folder (default: $PDFSCAN_CORPUS or ../shared/corpus)")
  .option("--rounds <n>", "timed passes over the corpus, after two warm-up passes", positiveNumber, 15)
  .action(async (other: string, dirArg: string | undefined, opts: { rounds: number }) => {
    const dir = dirArg ?? findCorpusDir();
    if (!dir) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
    const otherAnalyzer = path.resolve(other, ANALYZER);
    if (!existsSync(otherAnalyzer)) program.error(`${otherAnalyzer}: no analyzer there`, { exitCode: 2 });
    const [runner, thisBundle, otherBundle] = await Promise.all([
      bundleScript("scripts/bench-compare-run.ts"),
      bundleScript(ANALYZER, "compare-this.mjs"),
      bundleScript(otherAnalyzer, "compare-other.mjs"),
    ]);
    const work = mkdtempSync(path.join(tmpdir(), "pdfscan-compare-"));
    try {
      const out = path.join(work, "run.json");
      const run = spawnSync(process.execPath, [runner, thisBundle, otherBundle, dir!, String(opts.rounds), out], {
        cwd: REPO_ROOT,
        stdio: "inherit",
      });
      if (run.status !== 0) program.error(`timing run failed (exit ${run.status})`, { exitCode: 1 });
      process.stdout.write(report(JSON.parse(readFileSync(out, "utf8")) as CompareRun, dir!, other));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

function report(run: CompareRun, dir: string, other: string): string {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const thisMs = sum(run.files.map((f) => f.thisMs));
  const otherMs = sum(run.files.map((f) => f.otherMs));
  const ratios = run.rounds.map((r) => r.thisMs / r.otherMs).sort((a, b) => a - b);
  const lines = [
    `Fast stage over ${dir}, ${run.files.length} files, ${run.rounds.length} rounds: this checkout against ${other}`,
    `sum of each file's fastest run: this ${thisMs.toFixed(1)} ms, other ${otherMs.toFixed(1)} ms: ` +
      `${(thisMs / otherMs).toFixed(3)}x`,
    `rounds' ratios: median ${ratios[Math.floor(ratios.length / 2)].toFixed(3)}x, ` +
      `range ${ratios[0].toFixed(3)}-${ratios[ratios.length - 1].toFixed(3)}x`,
    "largest differences (fastest runs, ms):",
    ...[...run.files]
      .sort((a, b) => Math.abs(b.thisMs - b.otherMs) - Math.abs(a.thisMs - a.otherMs))
      .slice(0, SHOWN)
      .map((f) => `  ${f.thisMs.toFixed(2).padStart(8)} ${f.otherMs.toFixed(2).padStart(8)}  ${f.name}`),
  ];
  return `${lines.join("\n")}\n`;
}

await program.parseAsync();
