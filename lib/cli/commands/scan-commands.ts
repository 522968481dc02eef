// pdfscan status | report | scans | delete | share - reading and managing the scans of a running
// pdfscan server (README "Scans: /api/scans").
import { writeFile } from "node:fs/promises";
import { Option, type Command } from "commander";
import { REPORT_FORMAT_CHOICES } from "../../server/report-formats/export-names";
import { SCAN_STATUSES } from "../../server/domain/state-machine";
import { createColors, shouldUseColor } from "../colors";
import type { CliContext } from "../context";
import { formatTable } from "../format-table";
import type { ScanResource } from "../client/scan-client";
import { connect, positiveInt, serverCommand } from "./server-options";

const VERDICT_FILTERS = ["benign", "suspicious", "malicious", "unknown"] as const;
/** the server's largest page (GET /api/scans?limit) */
const MAX_PAGE = 100;
/** share links live at most 30 days (MAX_SHARE_TTL_HOURS) */
const MAX_SHARE_HOURS = 720;

interface ServerOpts {
  url?: string;
  apiKey?: string;
}

export function registerScanCommands(program: Command, ctx: CliContext): void {
  registerStatus(program, ctx);
  registerReport(program, ctx);
  registerList(program, ctx);
  registerDelete(program, ctx);
  registerShare(program, ctx);
}

function registerStatus(program: Command, ctx: CliContext): void {
  serverCommand(program, "status", "show a scan: status of each stage, verdict, score, file", [
    "pdfscan status Lywa8_K40vazHp57edU3kw",
    "pdfscan status --json Lywa8_K40vazHp57edU3kw | jq -r .status",
  ])
    .argument("<id>", "scan id (printed by submit)")
    .option("--json", "print the scan as JSON")
    .action(async (id: string, opts: ServerOpts & { json?: boolean }) => {
      const client = connect(opts, ctx);
      const scan = await client.get(id);
      if (opts.json) {
        ctx.stdout.write(`${JSON.stringify(scan, null, 2)}\n`);
        return;
      }
      const { formatScanBlock } = await import("../client/render-scan");
      const page = client.absolute(scan.resultUrl ?? `/scans/${scan.scanId}`);
      ctx.stdout.write(`${formatScanBlock(scan, page, createColors(shouldUseColor(ctx.stdout, ctx.env)))}\n`);
    });
}

function registerReport(program: Command, ctx: CliContext): void {
  serverCommand(program, "report", "download a scan's report (JSON, Markdown, STIX 2.1, MISP, IOC CSV or HTML)", [
    "pdfscan report Lywa8_K40vazHp57edU3kw | jq .summary",
    "pdfscan report --format stix -o bundle.json Lywa8_K40vazHp57edU3kw",
    "pdfscan report --format csv Lywa8_K40vazHp57edU3kw > iocs.csv",
  ])
    .argument("<id>", "scan id")
    .addOption(new Option("-f, --format <format>", "report format").choices(REPORT_FORMAT_CHOICES).default("json"))
    .option("-o, --output <file>", "write to this file instead of stdout")
    .action(async (id: string, opts: ServerOpts & { format: string; output?: string }) => {
      const bytes = await connect(opts, ctx).report(id, opts.format);
      if (opts.output) {
        await writeFile(opts.output, bytes);
        ctx.stderr.write(`wrote ${opts.output} (${bytes.length} bytes)\n`);
      } else {
        ctx.stdout.write(new TextDecoder().decode(bytes));
      }
    });
}

function registerList(program: Command, ctx: CliContext): void {
  serverCommand(program, "scans", "list your scans on the server, newest first", [
    "pdfscan scans",
    "pdfscan scans --verdict malicious --limit 50",
    "pdfscan scans --query invoice --all --json | jq -r .scanId",
    "pdfscan scans --query 9f86d081        # a SHA-256 prefix",
    "pdfscan scans --ioc 'hxxps[://]login[.]evil[.]example/verify.php'",
  ])
    .addOption(new Option("--verdict <verdict>", "only this verdict").choices(VERDICT_FILTERS))
    .addOption(new Option("--status <status>", "only this status").choices(SCAN_STATUSES))
    .option("-q, --query <text>", "a SHA-256 (or hex prefix), or part of the file name")
    .option(
      "--ioc <indicator>",
      "scans whose indicators include this URL, domain, IP or address (defanged spellings accepted)",
    )
    .option("-n, --limit <n>", `at most this many scans (1-${MAX_PAGE})`, positiveInt(MAX_PAGE), 20)
    .option("--all", "every matching scan (follows the pages; --limit is the page size)")
    .option("--json", "one JSON object per scan, per line")
    .action(
      async (
        opts: ServerOpts & {
          verdict?: string;
          status?: string;
          query?: string;
          ioc?: string;
          limit: number;
          all?: boolean;
          json?: boolean;
        },
      ) => {
        const client = connect(opts, ctx);
        const scans: ScanResource[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.list({
            verdict: opts.verdict,
            status: opts.status,
            query: opts.query,
            ioc: opts.ioc,
            limit: opts.limit,
            cursor,
          });
          scans.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (opts.all && cursor);
        if (opts.json) {
          for (const scan of scans) ctx.stdout.write(`${JSON.stringify(scan)}\n`);
          return;
        }
        const { SCAN_ROW_HEADER, scanRow } = await import("../client/render-scan");
        ctx.stdout.write(scans.length === 0 ? "no scans\n" : `${formatTable(SCAN_ROW_HEADER, scans.map(scanRow))}\n`);
        if (!opts.all && cursor) ctx.stderr.write(`(more scans: --all, or a larger --limit)\n`);
      },
    );
}

function registerDelete(program: Command, ctx: CliContext): void {
  serverCommand(program, "delete", "delete a scan: its report, file and page images", [
    "pdfscan delete Lywa8_K40vazHp57edU3kw",
    "pdfscan scans --verdict benign --json | jq -r .scanId | xargs -n1 pdfscan delete",
  ])
    .argument("<id>", "scan id")
    .action(async (id: string, opts: ServerOpts) => {
      await connect(opts, ctx).delete(id);
      ctx.stdout.write(`deleted ${id}\n`);
    });
}

function registerShare(program: Command, ctx: CliContext): void {
  serverCommand(program, "share", "create a read-only, expiring link to a scan's report and print its URL", [
    "pdfscan share Lywa8_K40vazHp57edU3kw",
    "pdfscan share --hours 24 Lywa8_K40vazHp57edU3kw | xclip",
  ])
    .argument("<id>", "scan id")
    .option(
      "--hours <n>",
      `the link expires after this many hours (1-${MAX_SHARE_HOURS})`,
      positiveInt(MAX_SHARE_HOURS),
      168,
    )
    .action(async (id: string, opts: ServerOpts & { hours: number }) => {
      const client = connect(opts, ctx);
      const share = await client.share(id, opts.hours);
      ctx.stdout.write(`${client.absolute(share.url)}\n`);
      ctx.stderr.write(`(expires ${share.expiresAt}; anyone with the link can read the report)\n`);
    });
}
