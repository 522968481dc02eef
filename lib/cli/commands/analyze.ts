// pdfscan analyze [--json] FILE... - fast-stage analysis of local files, no server needed.
import { stat, readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Command } from "commander";
import { analyzeFast } from "../../analyzer/analyze";
import type { FastResult } from "../../analyzer/report";
import { DEFAULT_LIMITS } from "../../limits";
import { collectFiles, describeFsError, STDIN_OPERAND } from "../collect-files";
import { createColors, shouldUseColor, type Colors } from "../colors";
import type { CliContext } from "../context";
import { EXIT_CLEAN, EXIT_ERROR, EXIT_FLAGGED, worstExitCode } from "../exit-codes";
import { formatResult } from "../format-result";

interface AnalyzeOptions {
  json?: boolean;
}

export function registerAnalyzeCommand(program: Command, ctx: CliContext): void {
  program
    .command("analyze")
    .description("analyse local PDF files with the fast stage (directories are searched for *.pdf and *.xdp; - reads stdin)")
    .argument("<file...>", "files or directories")
    .option("--json", "print one JSON object per file and line: the fast result plus `path`")
    .action(async (operands: string[], opts: AnalyzeOptions) => {
      const colors = createColors(!opts.json && shouldUseColor(ctx.stdout, ctx.env));
      const errColors = createColors(shouldUseColor(ctx.stderr, ctx.env));
      const tally = { files: 0, malicious: 0, suspicious: 0, benign: 0, unknown: 0, errors: 0 };
      for await (const target of collectFiles(operands)) {
        const outcome = target.error ? { error: target.error } : await analyzePath(target.path);
        if ("error" in outcome) {
          tally.errors++;
          ctx.stderr.write(`${errColors.red("pdfscan: error:")} ${target.path}: ${outcome.error}\n`);
          ctx.exitCode = worstExitCode(ctx.exitCode, EXIT_ERROR);
          continue;
        }
        const { result } = outcome;
        tally.files++;
        tally[result.summary.verdict]++;
        const flagged = result.summary.verdict === "malicious" || result.summary.verdict === "suspicious";
        ctx.exitCode = worstExitCode(ctx.exitCode, flagged ? EXIT_FLAGGED : EXIT_CLEAN);
        if (opts.json) ctx.stdout.write(`${JSON.stringify({ path: target.path, ...result })}\n`);
        else ctx.stdout.write(`${formatResult(target.path, result, colors)}\n`);
      }
      if (!opts.json && tally.files + tally.errors > 1) ctx.stdout.write(formatTally(tally, colors));
      if (tally.files + tally.errors === 0) {
        ctx.stderr.write("pdfscan: no .pdf or .xdp files found\n");
        ctx.exitCode = worstExitCode(ctx.exitCode, EXIT_ERROR);
      }
    });
}

/** Reads and analyses one file; unreadable, oversized and crashing inputs come back as `error`. */
async function analyzePath(path: string): Promise<{ result: FastResult } | { error: string }> {
  let bytes: Uint8Array;
  try {
    if (path === STDIN_OPERAND) bytes = await readStdin();
    else {
      const { size } = await stat(path);
      // the analyzer would refuse it anyway; checking first avoids reading a huge file into memory
      if (size > DEFAULT_LIMITS.MAX_INPUT_BYTES) return { error: `file too large (${size} bytes, limit ${DEFAULT_LIMITS.MAX_INPUT_BYTES})` };
      bytes = new Uint8Array(await readFile(path));
    }
  } catch (e) {
    return { error: `cannot read: ${describeFsError(e)}` };
  }
  try {
    return { result: analyzeFast(bytes, { fileName: path === STDIN_OPERAND ? "stdin" : basename(path) }) };
  } catch (e) {
    // an analyzer crash is a bug, but one bad file must not stop the others
    return { error: `analysis failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > DEFAULT_LIMITS.MAX_INPUT_BYTES) throw new Error(`input larger than ${DEFAULT_LIMITS.MAX_INPUT_BYTES} bytes`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function formatTally(t: Record<"files" | "malicious" | "suspicious" | "benign" | "unknown" | "errors", number>, c: Colors): string {
  const parts = [
    c.red(`${t.malicious} malicious`),
    c.yellow(`${t.suspicious} suspicious`),
    c.green(`${t.benign} benign`),
    `${t.unknown} unknown`,
    t.errors > 0 ? c.red(`${t.errors} errors`) : "0 errors",
  ];
  return `${t.files} files analysed: ${parts.join(", ")}\n`;
}
