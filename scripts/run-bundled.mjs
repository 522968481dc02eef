// Runs a TypeScript script bundled by esbuild under plain node, as the service runs its code. Used by
// the benchmarks: under tsx every thrown error pays for source-map stack traces, which would
// penalise the analyzer's error paths (corrupt streams) and not measure what the service does.
import { spawnSync } from "node:child_process";
import { bundleScript, REPO_ROOT } from "./bundle-script.mjs";

const [entry, ...args] = process.argv.slice(2);
const outfile = await bundleScript(entry);
const run = spawnSync(process.execPath, [outfile, ...args], { cwd: REPO_ROOT, stdio: "inherit" });
process.exitCode = run.status ?? 1;
