// Runs a TypeScript script bundled by esbuild under plain node, as the service runs its code. Used by
// the benchmarks: under tsx every thrown error pays for source-map stack traces, which would
// penalise the analyzer's error paths (corrupt streams) and not measure what the service does.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const [entry, ...args] = process.argv.slice(2);
const outfile = `dist/scripts/${basename(entry).replace(/\.ts$/, ".mjs")}`;
await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
const run = spawnSync(process.execPath, [outfile, ...args], { cwd: root, stdio: "inherit" });
process.exitCode = run.status ?? 1;
