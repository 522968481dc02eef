// Finds the plain .mjs files this engine starts (runner.mjs, parse-worker.mjs) wherever the code runs:
// from the source tree (tsx, vitest), or bundled into dist/ or a Next server chunk, where
// import.meta.url no longer points into lib/engines/sandbox.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export function locateAsset(name: string): string {
  const here = safeDir(import.meta.url);
  const candidates = [
    here && join(here, name),
    // bundled into <repo>/dist/*.mjs or <repo>/.next/server/...: the source tree is still beside it
    here && join(here, "..", "lib", "engines", "sandbox", name),
    join(process.cwd(), "lib", "engines", "sandbox", name),
  ].filter((c): c is string => !!c);
  return resolve(candidates.find((c) => existsSync(c)) ?? candidates[0]);
}

function safeDir(url: string): string | null {
  try {
    return url.startsWith("file:") ? dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}
