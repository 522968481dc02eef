#!/usr/bin/env node
// pdfscan command-line entry. Runs the esbuild bundle dist/cli.mjs (scripts/build-worker.mjs, part of
// `npm run build`) when it exists: no TypeScript to compile at start-up, which pipelines notice. From a
// checkout without a build (or with PDFSCAN_CLI_SOURCE=1, when editing lib/cli), it registers tsx's
// TypeScript loader and runs lib/cli/main.ts. Plain .mjs so `npx pdfscan` works either way.
import { existsSync } from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";

// V8's on-disk code cache (Node >= 22.1): later starts skip parsing and compiling the bundle
module.enableCompileCache?.();

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
