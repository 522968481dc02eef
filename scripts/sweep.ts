// npm run sweep -- [--stage fast|deep] [--concurrency N] DIR...
// Posts every file of one or more labelled corpora to the built service (dist/server.mjs, real worker
// threads and engines) and checks each answer: the status of every request, a schema-valid body for
// every 200, latency percentiles, the slowest files. The service must answer every file with 200 (a
// hostile or broken file gets a verdict, never a 5xx); exit code 1 if any did not.
// Reads the corpora from their ZIPs into memory (scripts/corpus.ts); nothing is written to disk.
import { Command, InvalidArgumentError } from "commander";
import { DeepResult, FastResult } from "../lib/analyzer/report";
import { startServer } from "../test/support/next-server";
import { summarize } from "./bench-stats";
import { fileNameOf, loadAny, type CorpusEntry } from "./corpus";
import { fixed, formatTable } from "./table";

const SLOWEST_SHOWN = 10;

interface Outcome {
  name: string;
  status: number;
  ms: number;
  problem?: string;
}

async function post(url: string, apiKey: string | undefined, stage: string, e: CorpusEntry): Promise<Outcome> {
  const fd = new FormData();
  fd.append("file", new Blob([e.bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), fileNameOf(e));
  const started = performance.now();
  try {
    const res = await fetch(`${url}/analyze/${stage}`, {
      method: "POST",
      body: fd,
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) return { name: e.name, status: res.status, ms, problem: text.slice(0, 300) };
    const parsed = (stage === "deep" ? DeepResult : FastResult).safeParse(JSON.parse(text));
    return parsed.success
      ? { name: e.name, status: 200, ms }
      : { name: e.name, status: 200, ms, problem: `invalid body: ${parsed.error.message.slice(0, 300)}` };
  } catch (err) {
    return {
      name: e.name,
      status: 0,
      ms: performance.now() - started,
      problem: err instanceof Error ? err.message : String(err),
    };
  }
}

const program = new Command("sweep")
  .description("Post every corpus file to the built service and check every answer")
  .argument("<dirs...>", "corpora (manifest.csv) or labelled folders")
  .option(
    "--stage <stage>",
    "fast or deep",
    (v) => {
      if (v !== "fast" && v !== "deep") throw new InvalidArgumentError("fast or deep");
      return v;
    },
    "deep",
  )
  .option("--concurrency <n>", "requests in flight", (v) => Number.parseInt(v, 10), 2)
  .action(async (dirs: string[], opts: { stage: string; concurrency: number }) => {
    const entries = (await Promise.all(dirs.map((d) => loadAny(d)))).flat();
    const server = await startServer();
    const outcomes: Outcome[] = [];
    try {
      let next = 0;
      const worker = async () => {
        while (next < entries.length) {
          const e = entries[next++];
          outcomes.push(await post(server.url, server.apiKey, opts.stage, e));
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
    } finally {
      await server.stop();
    }
    const byStatus = new Map<number, number>();
    for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    const lat = summarize(outcomes.map((o) => o.ms));
    const out: string[] = [];
    out.push(`${outcomes.length} files posted to /analyze/${opts.stage} (concurrency ${opts.concurrency})`);
    out.push(
      formatTable(
        ["status", "files"],
        [...byStatus].sort((a, b) => a[0] - b[0]),
      ),
    );
    out.push(`latency ms: p50 ${fixed(lat.p50)}  p95 ${fixed(lat.p95)}  p99 ${fixed(lat.p99)}  max ${fixed(lat.max)}`);
    out.push(
      "slowest:",
      ...[...outcomes]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, SLOWEST_SHOWN)
        .map((o) => `  ${fixed(o.ms, 0)} ms  ${o.name}`),
    );
    const bad = outcomes.filter((o) => o.status !== 200 || o.problem);
    if (bad.length)
      out.push(
        `NOT ANSWERED WITH A VALID 200 (${bad.length}):`,
        ...bad.map((o) => `  ${o.status} ${o.name}: ${o.problem ?? ""}`),
      );
    process.stdout.write(`${out.join("\n")}\n`);
    process.exitCode = bad.length ? 1 : 0;
  });

await program.parseAsync();
