// A TypeScript script bundled by esbuild into dist/scripts/, to run under plain node as the service
// runs its code (run-bundled.mjs; bench-instructions.ts runs the bundle under valgrind).
import { build } from "esbuild";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Bundles `entry` (a path from the repository root) and returns the bundle's path, from the root. */
export async function bundleScript(entry) {
  const outfile = `dist/scripts/${basename(entry).replace(/\.ts$/, ".mjs")}`;
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return outfile;
}
