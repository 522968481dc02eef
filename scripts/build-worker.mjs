// Bundles the analysis worker (lib/server/analysis-worker.ts + lib/analyzer + lib/pdf) into
// dist/analysis-worker.mjs for the piscina pool, and the pdf.js render process it forks
// (lib/engines/render/render-process.ts) into dist/render-process.mjs beside it. Packages stay external: they resolve from
// node_modules at run time, as in the Next server (see serverExternalPackages in next.config.mjs).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: { "analysis-worker": "lib/server/analysis-worker.ts", "render-process": "lib/engines/render/render-process.ts" },
  outdir: "dist",
  // the names analysis-pool.ts and the render engine load (esbuild's outdir default is .js)
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
});
console.log("built dist/analysis-worker.mjs, dist/render-process.mjs");
