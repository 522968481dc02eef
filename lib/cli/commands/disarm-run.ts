// The body of `pdfscan disarm` (options in disarm.ts): read IN, disarm it in memory (the analyzer's
// lib/analyzer/disarm), write OUT, print what was removed as a table or JSON.
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { DisarmSummary } from "../../analyzer";
import { CliError } from "../cli-error";
import { describeFsError, STDIN_OPERAND } from "../collect-files";
import type { CliContext } from "../context";
import { printable } from "../format-result";
import { formatTable } from "../format-table";
import { readDocumentOperand } from "../read-input";
import type { DisarmOptions } from "./disarm";

export async function runDisarm(input: string, output: string, opts: DisarmOptions, ctx: CliContext): Promise<void> {
  if (input !== STDIN_OPERAND && output !== STDIN_OPERAND && resolve(input) === resolve(output)) {
    throw new CliError("disarm: OUT must differ from IN (the input is kept as it is)");
  }
  const bytes = await readDocumentOperand(input);
  const { disarmPdf } = await import("../../analyzer");
  const result = disarmPdf(bytes);
  if (!result.ok) throw new CliError(`${printable(input)}: cannot disarm: ${result.error}`);
  const { bytes: copy, ok: _ok, ...summary } = result;
  try {
    if (output === STDIN_OPERAND) await writeStream(process.stdout, copy);
    else await writeFile(output, copy);
  } catch (e) {
    throw new CliError(`${printable(output)}: cannot write: ${describeFsError(e)}`);
  }
  // with the copy on stdout, the summary goes to stderr
  const out = output === STDIN_OPERAND ? ctx.stderr : ctx.stdout;
  if (opts.json) out.write(`${JSON.stringify({ input, output, size: copy.length, ...summary })}\n`);
  else out.write(formatSummary(input, output, summary));
}

function writeStream(stream: NodeJS.WritableStream, data: Uint8Array): Promise<void> {
  return new Promise((done, fail) => {
    stream.write(data, (e) => (e ? fail(e) : done()));
  });
}

/** The summary as a person reads it: one row per removal, then the counts and what else happened. */
export function formatSummary(input: string, output: string, s: DisarmSummary): string {
  const lines: string[] = [];
  const where = `${printable(input === STDIN_OPERAND ? "stdin" : input)} -> ${printable(output === STDIN_OPERAND ? "stdout" : output)}`;
  const total = Object.values(s.counts).reduce((a, b) => a + (b ?? 0), 0);
  if (total === 0) lines.push(`${where}: no active content found; the copy is a clean rewrite`);
  else {
    lines.push(
      `${where}: ${total} removed (${Object.entries(s.counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ")})`,
      "",
    );
    lines.push(
      formatTable(
        ["object", "removed", "detail"],
        s.removed.map((r) => [r.object, printable(r.what), printable(r.detail)]),
      ),
    );
    if (s.unlisted) lines.push(`... and ${s.unlisted} more (DISARM_MAX_LISTED_REMOVALS)`);
    lines.push("");
  }
  lines.push(
    `objects: ${s.objects.written} of ${s.objects.read} written (${s.objects.leftOut} unreferenced or reached only through what was removed, ${s.objects.superseded} older versions dropped)`,
  );
  if (s.decrypted) lines.push("written decrypted: the input was encrypted with an empty user password");
  if (s.budgetHits.length)
    lines.push(`budgets hit while reading (objects beyond them are not in the copy): ${s.budgetHits.join(", ")}`);
  for (const note of s.notes) lines.push(`note: ${note}`);
  return `${lines.join("\n")}\n`;
}
