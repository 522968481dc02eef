// pdfscan submit FILE... - uploads files to a running pdfscan server (POST /api/scans) and prints
// each scan's id; with --wait, follows each scan to its final status and prints the verdict.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { Option, type Command } from "commander";
import { RETENTION_MODES } from "../../server/domain/retention";
import { CliError } from "../cli-error";
import { createColors, shouldUseColor } from "../colors";
import type { CliContext } from "../context";
import { EXIT_FLAGGED, worstExitCode } from "../exit-codes";
import { connect, positiveInt, serverCommand } from "./server-options";

interface SubmitOptions {
  url?: string;
  apiKey?: string;
  retention?: string;
  enrich?: boolean;
  password?: string;
  callbackUrl?: string;
  zipPassword?: string;
  wait?: boolean;
  timeout: number;
  json?: boolean;
}

const FLAGGED_VERDICTS = ["suspicious", "malicious"];

export function registerSubmitCommand(program: Command, ctx: CliContext): void {
  serverCommand(program, "submit", "upload PDFs to a pdfscan server for a scan (fast and advanced stages)", [
    "pdfscan submit invoice.pdf",
    "pdfscan submit --wait --retention retain_7d --enrich attachments/*.pdf",
    "PDFSCAN_URL=https://pdfscan.internal pdfscan submit --wait --json x.pdf | jq .verdict",
  ])
    .argument("<file...>", "PDF files (or ZIP archives of PDFs) to upload")
    .addOption(
      new Option(
        "--retention <mode>",
        "how long the server keeps the file (default: the server's, delete_immediately)",
      ).choices(RETENTION_MODES),
    )
    .option("--enrich", "enrich the indicators (offline reputation) in the advanced stage")
    .option(
      "--password <password>",
      "password of encrypted PDFs (or set PDFSCAN_PDF_PASSWORD, which stays out of the shell history); the server uses it for the analysis only",
    )
    .option("--zip-password <password>", "password of ZIP archives (default: infected); each PDF inside becomes a scan")
    .option("--callback-url <url>", "a URL that receives the scan's signed webhooks (see pdfscan webhooks --help)")
    .option("--wait", "wait until each scan is final and print its verdict (exit 1 if suspicious or malicious)")
    .option("--timeout <seconds>", "with --wait, give up after this long", positiveInt(86_400), 600)
    .option("--json", "print each scan as a JSON object, one per line")
    .addHelpText("after", "With --wait, stage progress is shown on stderr when it is a terminal.")
    .action(async (files: string[], opts: SubmitOptions) => {
      const client = connect(opts, ctx);
      const colors = createColors(shouldUseColor(ctx.stdout, ctx.env));
      const { verdictLine } = await import("../client/render-scan");
      const { waitForScan } = await import("../client/wait-for-scan");
      for (const path of files) {
        const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
          throw new CliError(`cannot read ${path}: ${error.code ?? error.message}`);
        });
        const name = basename(path);
        const { webhookSecret, ...created } = await client.submit(new Blob([bytes]), name, {
          retentionMode: opts.retention,
          enrichment: !!opts.enrich,
          password: opts.password ?? ctx.env.PDFSCAN_PDF_PASSWORD,
          callbackUrl: opts.callbackUrl,
          zipPassword: opts.zipPassword,
        });
        // on stderr: the secret must not end up in a pipeline's stored output
        if (webhookSecret)
          ctx.stderr.write(`webhook signing secret of your key (shown once, keep it): ${webhookSecret}\n`);
        // a ZIP: one scan per PDF inside, and what the server skipped
        const scans = "scans" in created ? created.scans : [created];
        if ("skipped" in created)
          for (const s of created.skipped) ctx.stderr.write(`${name}: skipped ${s.name}: ${s.reason}\n`);
        for (let scan of scans) {
          const label = scan.file?.name ?? name;
          if (opts.wait) {
            scan = await waitForScan(client, scan, label, { stderr: ctx.stderr, timeoutMs: opts.timeout * 1000 });
            if (scan.verdict && FLAGGED_VERDICTS.includes(scan.verdict))
              ctx.exitCode = worstExitCode(ctx.exitCode, EXIT_FLAGGED);
          }
          if (opts.json) ctx.stdout.write(`${JSON.stringify(scan)}\n`);
          // the page URL too (issue 22): the report is one click away from the terminal
          else if (opts.wait)
            ctx.stdout.write(
              `${verdictLine(scan, label, colors)}  ${client.absolute(scan.resultUrl ?? `/scans/${scan.scanId}`)}\n`,
            );
          else
            ctx.stdout.write(
              `${scan.scanId}  ${scan.status}  ${client.absolute(scan.resultUrl ?? `/scans/${scan.scanId}`)}\n`,
            );
        }
      }
    });
}
