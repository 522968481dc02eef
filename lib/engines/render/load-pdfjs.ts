// Loads pdf.js once per process, configured for hostile input on Node 20 (see
// /work/shared/notes/node20-dependencies.md §2-3): the legacy build (the modern one needs browser
// globals), data files (standard fonts, CMaps, wasm image decoders, ICC) from the installed package
// so nothing is fetched. Canvases come from the document's canvasFactory: the @napi-rs/canvas copy
// pdf.js itself resolves (a second copy in the process crashes: a CanvasFillRule TypeError, then a segfault).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<PdfjsModule> | null = null;

/** The pdf.js module (imported on first use: ~0.5 s, so only the deep stage pays for it). */
export function loadPdfjs(): Promise<PdfjsModule> {
  loading ??= import("pdfjs-dist/legacy/build/pdf.mjs").catch((e: unknown) => {
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
