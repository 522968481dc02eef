// npm run eval -- [DIR] [--json] [--stage fast|deep]
// Detection quality of a stage on a labelled set: confusion matrix, rates, per-category table,
// every miss and false positive. Exit code 1 when an analysis threw or returned an invalid result.
import { Command, InvalidArgumentError } from "commander";
import { findCorpusDir, loadAny } from "./corpus";
import { analyzeDeep } from "../lib/analyzer/deep/analyze-deep";
import { DeepResult } from "../lib/analyzer/report";
import { createDeepEngines } from "../lib/engines/create-deep-engines";
import { FAST_ANALYZER, computeMetrics, evaluateEntries, type FileOutcome, type Metrics, type StageAnalyzer } from "./evaluate";
import { fixed, formatTable, pct } from "./table";

const STAGES = ["fast", "deep"] as const;

/** The advanced stage with the real engines (pdf.js, YARA, JavaScript sandbox), as the service runs it. */
function deepAnalyzer(): StageAnalyzer {
  const { engines } = createDeepEngines({ yaraRuleDirs: [] });
  return { analyze: (bytes, fileName) => analyzeDeep(bytes, { fileName, engines }), schema: DeepResult };
}

const program: Command = new Command("eval")
  .description("Evaluate the analyzer on a corpus (manifest.csv) or a folder with malicious/ and benign/ subfolders")
  .argument("[dir]", "corpus or labelled folder (default: $PDFSCAN_CORPUS or ../shared/corpus)")
  .option("--json", "print the metrics object as JSON")
  .option("--stage <stage>", "analysis stage: fast (default) or deep (fast + advanced)", parseStage, "fast")
  .action(async (dirArg: string | undefined, opts: { json?: boolean; stage: string }) => {
    const dir = dirArg ?? findCorpusDir();
    if (!dir) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
    const entries = await loadAny(dir).catch((e: unknown) => program.error(`cannot load ${dir}: ${e instanceof Error ? e.message : String(e)}`, { exitCode: 2 }));
    const metrics = computeMetrics(await evaluateEntries(entries, opts.stage === "deep" ? deepAnalyzer() : FAST_ANALYZER));
    if (opts.json) process.stdout.write(`${JSON.stringify({ dir, stage: opts.stage, ...metrics }, null, 2)}\n`);
    else process.stdout.write(formatReport(dir, opts.stage, metrics));
    process.exitCode = metrics.errors.length > 0 ? 1 : 0;
  });

function parseStage(value: string): string {
  if (!(STAGES as readonly string[]).includes(value)) throw new InvalidArgumentError(`supported: ${STAGES.join(", ")}`);
  return value;
}

function formatReport(dir: string, stage: string, m: Metrics): string {
  const { tp, fn, fp, tn } = m.confusion;
  const out: string[] = [];
  out.push(`Corpus ${dir}: ${m.files} files (${m.malicious} malicious, ${m.benign} benign), ${fixed(m.totalBytes / 1e6)} MB, stage ${stage}`);
  out.push(`Analysis time ${fixed(m.totalMs, 0)} ms (${fixed(m.totalBytes / 1e6 / (m.totalMs / 1000 || 1))} MB/s)`);
  out.push("", "Confusion matrix (positive = malicious | suspicious)");
  out.push(formatTable(["truth", "flagged", "not flagged"], [["malicious", tp, fn], ["benign", fp, tn]]));
  out.push("");
  out.push(formatTable(["metric", "value", "count"], [
    ["TPR (recall)", pct(m.tpr), `${tp}/${tp + fn}`],
    ["FPR", pct(m.fpr), `${fp}/${fp + tn}`],
    ["precision", pct(m.precision), `${tp}/${tp + fp}`],
    ["accuracy", pct(m.accuracy), `${tp + tn}/${m.files}`],
  ]));
  out.push(`unknown verdicts: ${m.unknown.malicious} malicious, ${m.unknown.benign} benign (counted as not flagged)`);
  out.push("", "Verdicts by true label");
  const verdictCols = ["malicious", "suspicious", "benign", "unknown", "error"] as const;
  out.push(formatTable(["truth", ...verdictCols], (["malicious", "benign"] as const).map((l) => [l, ...verdictCols.map((v) => m.verdicts[l][v])])));
  out.push("", "Detection by category");
  out.push(formatTable(["label", "category", "files", "flagged", "rate"], m.categories.map((c) => [c.label, c.category, c.files, c.flagged, pct(c.rate)])));
  out.push("", ...outcomeSection(`Misses: malicious not flagged (${m.misses.length})`, m.misses));
  out.push("", ...outcomeSection(`False positives: benign flagged (${m.falsePositives.length})`, m.falsePositives));
  if (m.errors.length > 0) {
    out.push("", `ERRORS: analysis threw or returned an invalid result (${m.errors.length})`);
    for (const e of m.errors) out.push(`  ${e.category}  ${e.name}\n    ${e.error}`);
  }
  return `${out.join("\n")}\n`;
}

function outcomeSection(title: string, rows: FileOutcome[]): string[] {
  if (rows.length === 0) return [title, "  none"];
  const table = formatTable(
    ["category", "verdict", "score", "top rules", "file"],
    rows.map((r) => [r.category, r.verdict, r.score ?? "-", r.topRules.join(",") || "-", r.name]),
  );
  return [title, table];
}

await program.parseAsync();
