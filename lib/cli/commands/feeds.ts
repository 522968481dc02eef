// pdfscan feeds import|list|remove - threat feeds and known-good lists in the service's database (the
// same PDFSCAN_DATA_DIR / PDFSCAN_DATABASE_URL as the server and `pdfscan keys`), imported from files
// the operator downloaded: nothing is fetched at analysis time. Scans with enrichment match their
// indicators and hashes against them (README "Feeds").
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import type { FeedStore } from "../../server/feeds/feed-store";
import { FEED_FORMAT_NAMES, type FeedFormat } from "../../server/feeds/formats/names";
import { CliError } from "../cli-error";
import type { CliContext } from "../context";
import { EXIT_ERROR } from "../exit-codes";
import { formatTable } from "../format-table";

/** A feed file larger than this is refused (the largest public feeds are tens of MB). */
export const MAX_FEED_FILE_BYTES = 512 * 1024 * 1024;

async function withFeeds<T>(ctx: CliContext, run: (store: FeedStore) => Promise<T>): Promise<T> {
  const [{ FeedStore }, { parseConfig }, { openDatabase }] = await Promise.all([
    import("../../server/feeds/feed-store"),
    import("../../server/config"),
    import("../../server/db/open-database"),
  ]);
  const database = await openDatabase(parseConfig(ctx.env).database);
  try {
    return await run(new FeedStore(database.db));
  } finally {
    await database.close();
  }
}

const formatOption = (value: string): FeedFormat => {
  if (!(FEED_FORMAT_NAMES as string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${FEED_FORMAT_NAMES.join(", ")}`);
  return value as FeedFormat;
};

export function registerFeedsCommand(program: Command, ctx: CliContext): void {
  const feeds = program
    .command("feeds")
    .description("import threat feeds and known-good lists into the service's database (PDFSCAN_DATA_DIR or PDFSCAN_DATABASE_URL)")
    .addHelpText(
      "after",
      `
Formats: ${FEED_FORMAT_NAMES.join(", ")}.

Examples:
  $ pdfscan feeds import urlhaus.csv --format urlhaus-csv
  $ pdfscan feeds import openphish.txt --format openphish --source openphish
  $ pdfscan feeds import top-1m.csv --format tranco
  $ pdfscan feeds list
  $ pdfscan feeds remove openphish`,
    );
  feeds
    .command("import <file>")
    .description("replace a source's entries with the file's (atomic; importing the same file again changes nothing)")
    .requiredOption("--format <format>", `one of ${FEED_FORMAT_NAMES.join(", ")}`, formatOption)
    .option("--source <name>", "the source's name (default: the format)")
    .option("--json", "print the import's record as JSON")
    .action(async (file: string, opts: { format: FeedFormat; source?: string; json?: boolean }) => {
      const size = (await stat(file).catch(() => null))?.size;
      if (size === undefined) throw new CliError(`cannot read ${file}`);
      if (size > MAX_FEED_FILE_BYTES) throw new CliError(`${file} is ${size} bytes; feeds up to ${MAX_FEED_FILE_BYTES} are imported`);
      const bytes = await readFile(file);
      const { FEED_PARSERS } = await import("../../server/feeds/formats");
      const parsed = FEED_PARSERS[opts.format](bytes.toString("utf8"), Date.now());
      const source = opts.source ?? opts.format;
      const record = await withFeeds(ctx, (store) => store.import(source, opts.format, parsed, bytes));
      if (opts.json) ctx.stdout.write(`${JSON.stringify({ ...record, malformedExamples: parsed.malformedExamples })}\n`);
      else {
        ctx.stdout.write(`imported ${record.entries} entries into ${source} from ${basename(file)} (${opts.format})\n`);
        if (parsed.malformed > 0) ctx.stderr.write(`${parsed.malformed} malformed line${parsed.malformed === 1 ? "" : "s"} skipped, e.g.: ${parsed.malformedExamples.map((l) => JSON.stringify(l)).join(", ")}\n`);
      }
    });
  feeds
    .command("list")
    .description("the imported sources: format, entries, malformed lines, import time")
    .option("--json", "print the sources as a JSON array")
    .action(async (opts: { json?: boolean }) => {
      const list = await withFeeds(ctx, (store) => store.list());
      if (opts.json) return void ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      if (list.length === 0) return void ctx.stdout.write("no feeds imported\n");
      const rows = list.map((f) => [f.source, f.format, f.entries, f.malformed, new Date(f.importedAt).toISOString().replace(/\.\d+Z$/, "Z")]);
      ctx.stdout.write(`${formatTable(["source", "format", "entries", "malformed", "imported"], rows)}\n`);
    });
  feeds
    .command("remove <source>")
    .description("remove a source and its entries")
    .action(async (source: string) => {
      if (await withFeeds(ctx, (store) => store.remove(source))) ctx.stdout.write(`removed ${source}\n`);
      else {
        ctx.stderr.write(`pdfscan: no feed source ${JSON.stringify(source)}\n`);
        ctx.exitCode = EXIT_ERROR;
      }
    });
}
