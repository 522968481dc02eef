// Loads pdf.js once per process, configured for hostile input on Node 20 (see
// /work/shared/notes/node20-dependencies.md §2-3): the legacy build (the modern one needs browser
// globals), data files (standard fonts, CMaps, wasm image decoders, ICC) from the installed package
// so nothing is fetched. Canvases come from the document's canvasFactory: the @napi-rs/canvas copy
// pdf.js itself resolves (a second copy in the process crashes: a CanvasFillRule TypeError, then a segfault).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<PdfjsModule> | null = null;

/**
 * Built-ins the legacy build's core-js replaces on Node 20 with JavaScript versions, for edge cases
 * V8 handles differently and pdf.js never meets: Array.prototype.push (an array longer than 2^32 or
 * with a read-only length), JSON.parse (a reviver's source text) and JSON.stringify (JSON.rawJSON).
 * Every push of pdf.js's operator lists went through the replacement: ~4% of a profile of rendering
 * ../shared/corpus-large. They are put back once pdf.js is loaded; what core-js only adds
 * (Promise.withResolvers, Map.prototype.getOrInsertComputed...) stays, since pdf.js needs it.
 */
const KEPT_NATIVE: [object, string][] = [
  [Array.prototype, "push"],
  [JSON, "parse"],
  [JSON, "stringify"],
];

/** The pdf.js module (imported on first use: ~0.5 s, so only the deep stage pays for it). */
export function loadPdfjs(): Promise<PdfjsModule> {
  if (loading) return loading;
  const natives = KEPT_NATIVE.map(([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const);
  // the worker half too (pdf.js would import it on the first document, and its core-js replaces them
  // again): the fake worker's import of the same file then finds this module instance
  loading = Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), import("pdfjs-dist/legacy/build/pdf.worker.mjs")])
    .then(([pdfjs]) => pdfjs)
    .finally(() => {
      for (const [owner, key, descriptor] of natives) if (descriptor) Object.defineProperty(owner, key, descriptor);
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/** Folder of the installed pdfjs-dist package, with a trailing slash on the data folders pdf.js wants. */
export function pdfjsDataUrls(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string; iccUrl: string } {
  const root = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const dir = (name: string) => `${join(root, name)}/`;
  return {
    standardFontDataUrl: dir("standard_fonts"),
    cMapUrl: dir("cmaps"),
    wasmUrl: dir("wasm"),
    iccUrl: dir("iccs"),
  };
}
