// Feeds (issue 21): importing a 1,000,000-line feed (target < 60 s) and matching one document's
// indicators and hashes against the imported entries (target < 5 ms), on SQLite and, when reachable,
// PostgreSQL. Measures only.
import { analyzeFast } from "../lib/analyzer/analyze";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import { matchFeeds } from "../lib/server/feeds/feed-matching";
import { FeedStore } from "../lib/server/feeds/feed-store";
import { FEED_PARSERS } from "../lib/server/feeds/formats";
import { openTestStores } from "../lib/server/testing/test-stores";
import { fixed, formatTable } from "./table";

export const FEED_LINES = 1_000_000;
export const TARGET_IMPORT_S = 60;
export const TARGET_MATCH_MS = 5;
const MATCH_RUNS = 200;

export type FeedBench =
  | { skipped: string }
  | {
      lines: number;
      stores: {
        store: string;
        parseS: number;
        importS: number;
        entries: number;
        matchMedianMs: number;
        matchP95Ms: number;
        hits: number;
      }[];
    };

function lurePdf(): Uint8Array {
  const b = new PdfBuilder();
  const links = [
    "https://host777777.example.com/p777777",
    "https://docs.example.org/x",
    "https://a.b.c.example.net/login?x=1",
  ].map((u) => b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${u}) >> >>`));
  b.addCatalog("", 1, `/Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
  return b.build();
}

export async function runFeedBench(lines = FEED_LINES): Promise<FeedBench> {
  const text = Array.from({ length: lines }, (_, i) => `https://host${i}.example.com/p${i}`).join("\n");
  const bytes = new TextEncoder().encode(text);
  const doc = analyzeFast(lurePdf(), { fileName: "lure.pdf" });
  const stores: Extract<FeedBench, { lines: number }>["stores"] = [];
  for (const kind of ["sqlite", "postgres"] as const) {
    const opened = await openTestStores(kind).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
    if (typeof opened === "string") {
      process.stdout.write(`feeds on ${kind}: skipped (${opened})\n`);
      continue;
    }
    try {
      const now = Date.now();
      let t = performance.now();
      const parsed = FEED_PARSERS.openphish(text, now);
      const parseS = (performance.now() - t) / 1000;
      const store = new FeedStore(opened.database.db);
      t = performance.now();
      const record = await store.import("bench", "openphish", parsed, bytes);
      const importS = (performance.now() - t) / 1000;
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < MATCH_RUNS; i++) {
        t = performance.now();
        hits = (await matchFeeds(store, doc.iocs, [doc.sha256], now)).hits.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      stores.push({
        store: kind,
        parseS,
        importS,
        entries: record.entries,
        matchMedianMs: times[Math.floor(times.length / 2)]!,
        matchP95Ms: times[Math.floor(times.length * 0.95)]!,
        hits,
      });
    } finally {
      await opened.close();
    }
  }
  return { lines, stores };
}

export function formatFeedBench(b: FeedBench): string {
  if ("skipped" in b) return `\nFeeds: skipped (${b.skipped})\n`;
  const rows = b.stores.map((s) => [
    s.store,
    fixed(s.parseS, 1),
    fixed(s.importS, 1),
    s.entries,
    fixed(s.matchMedianMs, 2),
    fixed(s.matchP95Ms, 2),
    s.hits,
  ]);
  return `\nFeeds: a ${b.lines.toLocaleString("en")}-line feed imported (target < ${TARGET_IMPORT_S} s), one document matched ${MATCH_RUNS} times (target < ${TARGET_MATCH_MS} ms)\n${formatTable(["store", "parse s", "import s", "entries", "match median ms", "match p95 ms", "hits"], rows)}\n`;
}

if (process.argv[1]?.endsWith("bench-feeds.ts")) {
  const b = await runFeedBench(Number(process.argv[2] ?? FEED_LINES));
  process.stdout.write(formatFeedBench(b));
}
