// A TypeScript script bundled by esbuild into dist/scripts/, to run under plain node as the service
// runs its code (run-bundled.mjs; bench-instructions.ts runs the bundle under valgrind).
import { build } from "esbuild";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Bundles `entry` (a path from the repository root, or an absolute one) and returns the bundle's path,
 * from the root. Packages stay imports, resolved from this repository's node_modules.
 */
export async function bundleScript(entry, name = basename(entry).replace(/\.ts$/, ".mjs")) {
  const outfile = `dist/scripts/${name}`;
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
