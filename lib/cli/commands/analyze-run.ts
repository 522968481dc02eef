// The body of `pdfscan analyze` (options in analyze.ts): collect the targets, pick where analyses run
// (this thread or a worker pool), stream outcomes in input order to the chosen output, and set the
// exit code: 2 when any file failed, else 1 when a verdict reached --fail-on, else 0.
import type { Verdict } from "../../analyzer/report";
import { createAnalyzer } from "../analysis/analyzers";
import { runBatch } from "../analysis/run-batch";
import { collectFiles, type Target } from "../collect-files";
import { createColors, shouldUseColor } from "../colors";
import type { CliContext } from "../context";
import { EXIT_CLEAN, EXIT_ERROR, EXIT_FLAGGED, worstExitCode } from "../exit-codes";
import { printable } from "../format-result";
import { createReporter, type Tally } from "../output/reporter";
import { packageRoot } from "../package-root";
import { createProgress } from "../progress";
import { defaultJobs, type AnalyzeOptions, type FailOn } from "./analyze-options";

/** Verdicts that reach each --fail-on level. */
const FLAGGED: Record<FailOn, readonly Verdict[]> = {
  unknown: ["unknown", "suspicious", "malicious"],
  suspicious: ["suspicious", "malicious"],
  malicious: ["malicious"],
};

export async function runAnalyze(paths: string[], opts: AnalyzeOptions, ctx: CliContext): Promise<void> {
  const format = opts.json ? "json" : opts.format;
  const errColors = createColors(shouldUseColor(ctx.stderr, ctx.env));
  const targets: Target[] = [];
  for await (const t of collectFiles(paths, opts.zipPassword)) targets.push(t);
  const analysable = targets.filter((t) => t.error === undefined).length;
  // one document needs no thread: starting one costs more than the analysis
  const jobs = Math.max(1, Math.min(opts.jobs ?? defaultJobs(!!opts.deep), analysable));
  const password = opts.password ?? ctx.env.PDFSCAN_PDF_PASSWORD;
  const analyzer = await createAnalyzer({
    stage: opts.deep ? "deep" : "fast",
    jobs,
    root: packageRoot(),
    password: password || undefined,
  });
  for (const w of analyzer.warnings) ctx.stderr.write(`${errColors.yellow("pdfscan: warning:")} ${w}\n`);

  const reporter = await createReporter(format, {
    out: ctx.stdout,
    colors: createColors(format === "table" && shouldUseColor(ctx.stdout, ctx.env)),
    total: targets.length,
    details: !!opts.details || !!opts.explain,
    explain: !!opts.explain,
  });
  const progress = createProgress(ctx.stderr, targets.length, opts.progress);
  const tally: Tally = { files: 0, malicious: 0, suspicious: 0, benign: 0, unknown: 0, errors: 0 };
  try {
    for await (const outcome of runBatch(targets, { analyzer, concurrency: jobs, zipPassword: opts.zipPassword })) {
      progress.tick(outcome.result?.structure.size ?? 0);
      progress.around(() => {
        if (outcome.error !== undefined) {
          tally.errors++;
          ctx.stderr.write(
            `${errColors.red("pdfscan: error:")} ${printable(outcome.path)}: ${printable(outcome.error)}\n`,
          );
          ctx.exitCode = worstExitCode(ctx.exitCode, EXIT_ERROR);
        } else {
          const { verdict } = outcome.result.summary;
          tally.files++;
          tally[verdict]++;
          ctx.exitCode = worstExitCode(
            ctx.exitCode,
            FLAGGED[opts.failOn].includes(verdict) ? EXIT_FLAGGED : EXIT_CLEAN,
          );
        }
        reporter.add(outcome);
      });
    }
  } finally {
    progress.done();
    await analyzer.close();
  }
  reporter.end(tally);
  if (targets.length === 0) {
    ctx.stderr.write("pdfscan: no .pdf, .xdp or .zip files found\n");
    ctx.exitCode = worstExitCode(ctx.exitCode, EXIT_ERROR);
  }
}
