// Bundles the production server (lib/server/serve.ts -> dist/server.mjs: Next behind the front door),
// the analysis worker (lib/server/analysis-worker.ts + lib/analyzer + lib/pdf) into
// dist/analysis-worker.mjs for the piscina pool, the pdf.js render process it forks
// (lib/engines/render/render-process.ts) into dist/render-process.mjs beside it, and the command line
// (lib/cli/main.ts -> dist/cli.mjs, run by bin/pdfscan.mjs) with its worker threads' entry
// (lib/cli/analysis/cli-worker.ts -> dist/cli-worker.mjs). Packages stay external: they resolve from
// node_modules at run time, as in the Next server (see serverExternalPackages in next.config.mjs).
import { build } from "esbuild";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: {
    server: "lib/server/serve.ts",
    "analysis-worker": "lib/server/analysis-worker.ts",
    "render-process": "lib/engines/render/render-process.ts",
  },
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
// The CLI apart, with code splitting: its dynamic imports (analyzer, deep engines, database, ZIP reader)
// become chunks loaded when a command needs them, so `pdfscan analyze x.pdf` does not load pg or
// libsql. Chunks sit in dist/ itself: the engines find render-process.mjs and the sandbox's
// files relative to the file their code runs from. Unlike the server's bundles, the small pure-JS
// packages of the fast path are bundled in: loading them from node_modules (resolution, CommonJS
// export scanning) took longer than the whole analysis of a small file. Packages with native code,
// WebAssembly, their own worker files or database drivers stay external.
const STALE_CHUNK_MS = 60_000;
const CLI_EXTERNAL = [
  "@litko/yara-x",
  "@zip.js/zip.js",
  "bullmq",
  "ioredis",
  "kysely",
  "libsql",
  "pdfjs-dist",
  "pg",
  "piscina",
  "quickjs-emscripten",
  "zxing-wasm",
  "@napi-rs/*",
  // pdfscan ui: Ink and the React it renders with must be one copy (hooks), loaded only by that command
  "ink",
  "react",
];
const cli = await build({
  absWorkingDir: root,
  entryPoints: { cli: "lib/cli/main.ts", "cli-worker": "lib/cli/analysis/cli-worker.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "cli-chunk-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: CLI_EXTERNAL,
  // the terminal UI's components (lib/cli/ui/*.tsx): React's automatic runtime, as tsconfig's react-jsx
  jsx: "automatic",
  // bundled CommonJS packages call require() for Node built-ins
  banner: {
    js: 'import { createRequire as __pdfscanCreateRequire } from "node:module"; const require = __pdfscanCreateRequire(import.meta.url);',
  },
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  write: false,
});
// each file replaced atomically (written beside, then renamed), chunks before the entries that import
// them: a CLI starting during a rebuild, or two builds at once (test files build in parallel), never
// reads a half-written file or misses a chunk
await mkdir(join(root, "dist"), { recursive: true });
const isChunk = (path) => basename(path).startsWith("cli-chunk-");
for (const file of [...cli.outputFiles].sort((a, b) => Number(isChunk(b.path)) - Number(isChunk(a.path)))) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  await writeFile(tmp, file.contents);
  await rename(tmp, file.path);
}
// chunk names carry a content hash: drop earlier builds' chunks, but only those a minute old, since a
// CLI started just before this build may still import its own
const current = new Set(Object.keys(cli.metafile.outputs).map((o) => o.replace(/^dist\//, "")));
for (const name of await readdir(join(root, "dist"))) {
  const file = join(root, "dist", name);
  if (name.startsWith("cli-chunk-") && !current.has(name) && Date.now() - (await stat(file)).mtimeMs > STALE_CHUNK_MS)
    await rm(file, { force: true });
}
console.log(
  "built dist/server.mjs, dist/analysis-worker.mjs, dist/render-process.mjs, dist/cli.mjs, dist/cli-worker.mjs",
);
