#!/usr/bin/env node
// npm start: brings a fresh checkout up as a running service, with node builtins only.
// 1. npm ci when node_modules is missing; 2. npm run build when dist/server.mjs, dist/analysis-worker.mjs
// or .next/BUILD_ID is missing or older than any source file; 3. the production server (dist/server.mjs:
// Next behind the front door, lib/server/serve.ts) on $PDFSCAN_HOST:$PORT (default 127.0.0.1:3000),
// with the allocator settings, forwarding signals and the exit code.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withAllocatorEnv } from "../lib/server/allocator-env.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const env = withAllocatorEnv({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Inputs of the build: a change to any of them makes the build stale. */
const SOURCE_DIRS = ["app", "lib", "public"];
const SOURCE_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "next.config.mjs",
  "postcss.config.mjs",
  "instrumentation.ts",
  "proxy.ts",
  "scripts/build-worker.mjs",
];
const BUILD_OUTPUTS = ["dist/server.mjs", "dist/analysis-worker.mjs", ".next/BUILD_ID"];

function run(cmd, args) {
  console.log(`[start] ${cmd} ${args.join(" ")}`);
  const started = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`[start] ${cmd} ${args.join(" ")} failed (${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  // a first start spends its time here (npm ci, the build): say how much, step by step
  console.log(`[start] ${cmd} ${args.join(" ")}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    // tests do not go into the build; skip them so editing a test does not force a rebuild
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

function buildIsStale() {
  const outputs = BUILD_OUTPUTS.map((p) => path.join(root, p));
  if (!outputs.every(existsSync)) return "missing";
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const sourcesAt = Math.max(...[...SOURCE_DIRS, ...SOURCE_FILES].map(newestMtime));
  return sourcesAt > builtAt ? "older than the sources" : null;
}

/**
 * npm ci, falling back to `npm install --no-save` (same locked versions, lock file left alone) when
 * npm ci rejects the lock: a lock written where the registry lacks other platforms' optional
 * packages (@next/swc-darwin-*, ...) fails npm ci's "Missing: ... from lock file" check (npm/cli#4828).
 */
function installDependencies() {
  console.log("[start] node_modules is missing: npm ci");
  const started = performance.now();
  const ci = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: root, env, stdio: "inherit" });
  if (ci.status === 0) return console.log(`[start] npm ci: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log("[start] npm ci failed; trying npm install --no-save with the same lock file");
  run(npm, ["install", "--no-audit", "--no-fund", "--no-save"]);
}

if (!existsSync(path.join(root, "node_modules"))) installDependencies();
const stale = buildIsStale();
if (stale) {
  console.log(`[start] build ${stale}: building`);
  run(npm, ["run", "build"]);
}

// the server reads PDFSCAN_HOST and PORT itself (lib/server/config.ts), like every other start path
const child = spawn(process.execPath, [path.join(root, "dist", "server.mjs")], { cwd: root, env, stdio: "inherit" });

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
