// npm run soak -- [--config scale-out|embedded|both] [--duration 600] [--uploaders 4] [--readers 4]
//                 [--workers 2] [--threads 1] [--lease-ms 10000] [--fault-every 30] [--no-faults]
//                 [--only kill-worker,restart-redis,drop-pg,kill-server] [--grace 120] [--settle 60] [--seed 1] [--out soak.json]
// Needs `npm run build`; scale-out also needs PostgreSQL and Redis (PDFSCAN_TEST_DATABASE_URL /
// PDFSCAN_TEST_REDIS_URL, default 127.0.0.1). Concurrent uploads and reads against the real built
// server for --duration seconds while faults are injected (scripts/soak/faults.ts), then an audit
// of the stores and of the memory. Prints the report, writes --out, exits 1 when a criterion fails.
// Restarts the local Redis (scale-out): do not run it on a machine whose Redis serves anything else.
import { writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { Command, InvalidArgumentError, Option } from "commander";
import { positiveInt } from "./bench-scans";
import { FAULT_KINDS, type FaultKind } from "./soak/faults";
import { formatSoak } from "./soak/format";
import { runSoak, type SoakResult } from "./soak/run-soak";
import type { StackKind } from "./soak/stack";

const program = new Command("soak")
  .addOption(
    new Option("--config <which>", "configuration(s) to soak")
      .choices(["scale-out", "embedded", "both"])
      .default("both"),
  )
  .option("--duration <s>", "seconds of traffic per configuration", positiveInt, 600)
  .option("--uploaders <n>", "clients uploading (each follows its scan)", positiveInt, 4)
  .option("--readers <n>", "clients reading scans, reports, lists, /health", positiveInt, 4)
  .option("--workers <n>", "worker processes (scale-out)", positiveInt, 2)
  .option("--threads <n>", "analysis threads per process", positiveInt, 1)
  .option("--lease-ms <ms>", "PDFSCAN_LEASE_MS: how soon a killed worker's stage is retried", positiveInt, 10_000)
  .option("--fault-every <s>", "seconds between faults", positiveInt, 30)
  .option("--no-faults", "no fault injection")
  .option("--only <faults>", `comma-separated faults to rotate through (${FAULT_KINDS.join(", ")})`, (v) =>
    v.split(",").map(faultKind),
  )
  .option("--grace <s>", "seconds after the traffic for every scan to end", positiveInt, 120)
  .option("--settle <s>", "seconds, idle, for the RSS to come back", positiveInt, 60)
  .option("--seed <n>", "seed of the upload and request mix", positiveInt, 1)
  .option("--out <file>", "JSON report", "soak.json")
  .parse();

const o = program.opts();

function faultKind(v: string): FaultKind {
  if (!(FAULT_KINDS as readonly string[]).includes(v)) throw new InvalidArgumentError(`unknown fault ${v}`);
  return v as FaultKind;
}
const kinds: StackKind[] = o.config === "both" ? ["scale-out", "embedded"] : [o.config];
const results: SoakResult[] = [];
for (const kind of kinds) {
  const result = await runSoak({
    kind,
    durationS: o.duration,
    uploaders: o.uploaders,
    readers: o.readers,
    workers: o.workers,
    threads: o.threads,
    leaseMs: o.leaseMs,
    faultEveryS: o.faults ? o.faultEvery : 0,
    rotation: o.only,
    graceS: o.grace,
    settleS: o.settle,
    seed: o.seed,
    log: (line) => console.log(`[soak] ${line}`),
  });
  console.log(formatSoak(result));
  results.push(result);
}
await writeFile(
  o.out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, results }, null, 2)}\n`,
);
console.log(`wrote ${o.out}`);
process.exitCode = results.some((r) => r.failures.length > 0) ? 1 : 0;
