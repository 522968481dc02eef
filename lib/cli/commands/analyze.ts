// pdfscan analyze PATH... - local analysis, no server needed: files, folders, ZIP archives, stdin;
// the fast stage, or with --deep the advanced stage with the server's engines. The work itself is in
// analyze-run.ts, imported when the command runs so other commands do not load the analyzer.
import { InvalidArgumentError, Option, type Command } from "commander";
import type { CliContext } from "../context";
import { OUTPUT_FORMATS } from "../output/reporter";
import { DEFAULT_ZIP_PASSWORD, FAIL_ON, type AnalyzeOptions } from "./analyze-options";

const EXAMPLES = `
Examples:
  $ pdfscan analyze invoice.pdf                  detailed report of one file
  $ pdfscan analyze ~/Downloads/ samples.zip     a folder (recursive) and a password ZIP, one row per file
  $ pdfscan analyze --deep suspicious.pdf        advanced stage: rendering, JavaScript sandbox, YARA
  $ pdfscan analyze --explain invoice.pdf        why the score: each finding's points, the structure's, the floor
  $ curl -s https://example.org/x.pdf | pdfscan analyze -
  $ pdfscan analyze --json mail/ | jq 'select(.summary.verdict != "benign") | .path'
  $ pdfscan analyze --format sarif attachments/ > pdfscan.sarif
  $ pdfscan analyze --fail-on malicious --jobs 4 inbox/ || echo "malicious attachment"
  $ PDFSCAN_PDF_PASSWORD='from the mail body' pdfscan analyze statement.pdf

ZIP archives (*.zip, named or found in a folder) are read in memory with --zip-password (default
"infected"); every member is analysed and no decrypted sample is written to disk.`;

const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("must be a whole number >= 1");
  return n;
};

export function registerAnalyzeCommand(program: Command, ctx: CliContext): void {
  program
    .command("analyze")
    .description("analyse local PDF files, folders (*.pdf, *.xdp, *.zip, recursively), ZIP archives, or - (stdin)")
    .argument("<path...>", "files, directories, .zip archives, or - for stdin")
    .option("--deep", "run the advanced stage too (pdf.js rendering, JavaScript sandbox, YARA): slower, more thorough")
    .addOption(new Option("-f, --format <format>", "output format").choices(OUTPUT_FORMATS).default("table"))
    .option("--json", "same as --format json: one JSON result per file and line, plus `path`")
    .option(
      "-j, --jobs <n>",
      "documents analysed in parallel, on worker threads (default: one per CPU but one; with --deep one per CPU)",
      positiveInt,
    )
    .option("--zip-password <password>", "password of ZIP archives", DEFAULT_ZIP_PASSWORD)
    .option(
      "--password <password>",
      "password of encrypted PDFs (the user or the owner password; or set PDFSCAN_PDF_PASSWORD, which stays out of the shell history)",
    )
    .addOption(
      new Option(
        "--fail-on <verdict>",
        "lowest verdict that makes the exit code 1 (unknown: also files that could not be judged)",
      )
        .choices(FAIL_ON)
        .default("suspicious"),
    )
    .option("-d, --details", "the detailed report of every file instead of one table row (table format)")
    .option(
      "--explain",
      "with the detailed report, why the score is what it is: the findings that moved it most, in score points (table format)",
    )
    .option("--no-progress", "no progress bar (it is drawn only when stderr is a terminal anyway)")
    .addHelpText("after", EXAMPLES)
    .action(async (paths: string[], opts: AnalyzeOptions) => {
      const { runAnalyze } = await import("./analyze-run");
      await runAnalyze(paths, opts, ctx);
    });
}
