// pdfscan feeds import|update|list|remove - threat feeds and known-good lists in the service's database
// (the same PDFSCAN_DATA_DIR / PDFSCAN_DATABASE_URL as the server and `pdfscan keys`), imported from
// files the operator downloaded, or fetched by `update` from the URLs the operator configured: nothing
// is fetched at analysis time. Scans with enrichment match their indicators and hashes against them
// (README "Threat feeds").
import { readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { basename } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import type { ParsedFeed } from "../../server/feeds/feed-entry";
import type { FeedStore } from "../../server/feeds/feed-store";
import { readFetchedBody } from "../../server/http/fetched-body";
import { FEED_FORMAT_NAMES, type FeedFormat } from "../../server/feeds/formats/names";
import { CliError } from "../cli-error";
import type { CliContext } from "../context";
import { EXIT_ERROR } from "../exit-codes";
import { formatTable } from "../format-table";
import { withServiceDatabase } from "./service-database";

/** A feed file larger than this is refused (the largest public feeds are tens of MB). */
export const MAX_FEED_FILE_BYTES = 512 * 1024 * 1024;
/** One feed download may take this long. */
export const FEED_FETCH_TIMEOUT_MS = 120_000;

/** The feeds `update` fetches: {"feeds": [{"source", "format", "url"}]}. */
const FeedsConfig = z.object({
  feeds: z
    .array(
      z
        .object({
          source: z.string().min(1).max(100),
          format: z.enum(FEED_FORMAT_NAMES as [FeedFormat, ...FeedFormat[]]),
          url: z.string().url(),
        })
        .strict(),
    )
    .min(1),
});

/** --config, else PDFSCAN_FEEDS_CONFIG, else feeds.json beside the CLI's config file. */
function feedsConfigPath(flag: string | undefined, env: Record<string, string | undefined>): string {
  return (
    flag ??
    env.PDFSCAN_FEEDS_CONFIG ??
    join(env.XDG_CONFIG_HOME ?? join(env.HOME ?? homedir(), ".config"), "pdfscan", "feeds.json")
  );
}

/** The body of `url`, at most MAX_FEED_FILE_BYTES, within the timeout; redirects followed (feeds move to CDNs). `optional`: null on 404. */
async function download(url: string, { optional = false } = {}): Promise<Uint8Array | null> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(FEED_FETCH_TIMEOUT_MS),
    headers: { "user-agent": "pdfscan-feeds/1" },
  });
  if (optional && res.status === 404) return null;
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  return readFetchedBody(res, MAX_FEED_FILE_BYTES);
}

/** A feed file's bytes, refused past MAX_FEED_FILE_BYTES; null when it does not exist and `optional`. */
async function readFeedFile(file: string, { optional = false } = {}): Promise<Uint8Array | null> {
  const size = (await stat(file).catch(() => null))?.size;
  if (size === undefined) {
    if (optional) return null;
    throw new CliError(`cannot read ${file}`);
  }
  if (size > MAX_FEED_FILE_BYTES)
    throw new CliError(`${file} is ${size} bytes; feeds up to ${MAX_FEED_FILE_BYTES} are imported`);
  return readFile(file);
}

interface LoadedFeed {
  parsed: ParsedFeed;
  /** what identifies the content (a re-import of the same content changes nothing) */
  identity: Uint8Array;
  /** e.g. "120 events" */
  detail: string;
}

/**
 * A feed from a file (import) or a URL (update). A misp-feed is a directory or base URL holding
 * manifest.json and the events it names (lib/server/feeds/formats/misp-feed.ts).
 */
async function loadFeed(format: FeedFormat, at: { file: string } | { url: string }): Promise<LoadedFeed> {
  const { FEED_PARSERS, readMispFeed } = await import("../../server/feeds/formats");
  if (format === "misp-feed") {
    const read = async (name: string): Promise<string | null> => {
      const bytes =
        "file" in at
          ? await readFeedFile(join(at.file.endsWith("manifest.json") ? dirname(at.file) : at.file, name), {
              optional: true,
            })
          : await download(new URL(name, at.url.endsWith("/") ? at.url : `${at.url}/`).href, { optional: true });
      return bytes === null ? null : Buffer.from(bytes).toString("utf8");
    };
    const manifest = await read("manifest.json");
    if (manifest === null)
      throw new CliError(
        `no manifest.json in ${"file" in at ? at.file : at.url}: a MISP feed is a directory (or base URL) with manifest.json and <uuid>.json events`,
      );
    const feed = await readMispFeed(manifest, read, Date.now(), MAX_FEED_FILE_BYTES);
    return { parsed: feed.parsed, identity: feed.digest, detail: `${feed.events} events` };
  }
  const bytes = "file" in at ? (await readFeedFile(at.file))! : (await download(at.url))!;
  return { parsed: FEED_PARSERS[format](Buffer.from(bytes).toString("utf8"), Date.now()), identity: bytes, detail: "" };
}

async function withFeeds<T>(ctx: CliContext, run: (store: FeedStore) => Promise<T>): Promise<T> {
  const { FeedStore } = await import("../../server/feeds/feed-store");
  return withServiceDatabase(ctx, (db) => run(new FeedStore(db)));
}

const formatOption = (value: string): FeedFormat => {
  if (!(FEED_FORMAT_NAMES as string[]).includes(value))
    throw new InvalidArgumentError(`must be one of ${FEED_FORMAT_NAMES.join(", ")}`);
  return value as FeedFormat;
};

export function registerFeedsCommand(program: Command, ctx: CliContext): void {
  const feeds = program
    .command("feeds")
    .description(
      "import threat feeds and known-good lists into the service's database (PDFSCAN_DATA_DIR or PDFSCAN_DATABASE_URL)",
    )
    .addHelpText(
      "after",
      `
Formats: ${FEED_FORMAT_NAMES.join(", ")}.

Examples:
  $ pdfscan feeds import urlhaus.csv --format urlhaus-csv
  $ pdfscan feeds import openphish.txt --format openphish --source openphish
  $ pdfscan feeds import top-1m.csv --format tranco
  $ pdfscan feeds update                     # the URLs of ~/.config/pdfscan/feeds.json
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
      const { parsed, identity, detail } = await loadFeed(opts.format, { file });
      const source = opts.source ?? opts.format;
      const record = await withFeeds(ctx, (store) => store.import(source, opts.format, parsed, identity));
      if (opts.json)
        ctx.stdout.write(`${JSON.stringify({ ...record, malformedExamples: parsed.malformedExamples })}\n`);
      else {
        ctx.stdout.write(
          `imported ${record.entries} entries into ${source} from ${basename(file)} (${opts.format}${detail ? `, ${detail}` : ""})\n`,
        );
        if (parsed.malformed > 0)
          ctx.stderr.write(
            `${parsed.malformed} malformed line${parsed.malformed === 1 ? "" : "s"} skipped, e.g.: ${parsed.malformedExamples.map((l) => JSON.stringify(l)).join(", ")}\n`,
          );
      }
    });
  feeds
    .command("update")
    .description("fetch every configured feed and import it (for operators with internet; one line per source)")
    .option("--config <file>", "the feeds to fetch (default: PDFSCAN_FEEDS_CONFIG, else ~/.config/pdfscan/feeds.json)")
    .action(async (opts: { config?: string }) => {
      const path = feedsConfigPath(opts.config, ctx.env);
      const text = await readFile(path, "utf8").catch(() => {
        throw new CliError(
          `no feeds configuration at ${path}: write {"feeds": [{"source": "urlhaus", "format": "urlhaus-csv", "url": "https://..."}]}`,
        );
      });
      const parsedConfig = FeedsConfig.safeParse(
        (() => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return null;
          }
        })(),
      );
      if (!parsedConfig.success)
        throw new CliError(
          `${path} is not a feeds configuration: ${parsedConfig.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        );
      await withFeeds(ctx, async (store) => {
        for (const feed of parsedConfig.data.feeds) {
          try {
            const { parsed, identity } = await loadFeed(feed.format, { url: feed.url });
            const record = await store.import(feed.source, feed.format, parsed, identity);
            ctx.stdout.write(
              `${feed.source}: ${record.entries} entries (${parsed.malformed} malformed) from ${new URL(feed.url).host}\n`,
            );
          } catch (error) {
            // the source keeps its previous import; the others still update
            ctx.stderr.write(
              `pdfscan: ${feed.source}: not updated (${(error as Error).message}); its previous import stays\n`,
            );
            ctx.exitCode = EXIT_ERROR;
          }
        }
      });
    });
  feeds
    .command("list")
    .description("the imported sources: format, entries, malformed lines, import time")
    .option("--json", "print the sources as a JSON array")
    .action(async (opts: { json?: boolean }) => {
      const list = await withFeeds(ctx, (store) => store.list());
      if (opts.json) return void ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      if (list.length === 0) return void ctx.stdout.write("no feeds imported\n");
      const rows = list.map((f) => [
        f.source,
        f.format,
        f.entries,
        f.malformed,
        new Date(f.importedAt).toISOString().replace(/\.\d+Z$/, "Z"),
      ]);
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
