#!/usr/bin/env node
// pdfscan command-line entry. Runs the esbuild bundle dist/cli.mjs (scripts/build-worker.mjs, part of
// `npm run build`) when it exists: no TypeScript to compile at start-up, which pipelines notice. From a
// checkout without a build (or with PDFSCAN_CLI_SOURCE=1, when editing lib/cli), it registers tsx's
// TypeScript loader and runs lib/cli/main.ts. Plain .mjs so `npx pdfscan` works either way.
import { existsSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

// V8's on-disk code cache (Node >= 22.1): later starts skip parsing and compiling the bundle
module.enableCompileCache?.();
// A CLI run is short, and V8's default tier-up (a function is optimised after ~66 KB of its bytecode
// has run) spends much of it compiling code that the run then barely uses; with several threads,
// each compiles its own copy. Measured on 2 cores, `pdfscan analyze --json` with 500,000: the
// corpus folder (91 files) 590 -> 510 ms wall, 880 -> 660 ms CPU; corpus-large (1,292 files)
// 3.49 -> 3.09 s. Flags are process-wide (pool threads included); serve and worker run in child
// processes, which keep the default.
v8.setFlagsFromString("--interrupt-budget=500000");

const bundle = new URL("../dist/cli.mjs", import.meta.url);
let main;
if (process.env.PDFSCAN_CLI_SOURCE !== "1" && existsSync(fileURLToPath(bundle))) {
  ({ main } = await import(bundle.href));
} else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  ({ main } = await import("../lib/cli/main.ts"));
}
process.exitCode = await main(process.argv);
