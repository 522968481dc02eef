// Renders a document's first pages with pdf.js (no scripting, no eval, no XFA, no system fonts) and
// reports what a reader would show: text, clickable link areas, QR codes on the rendered pixels,
// image coverage, and pdf.js's own view of the structure for the parser-differential check.
// Not pure: pdf.js and a native canvas. pdf.js runs on the calling thread (its "fake worker"), so
// this runs inside the render process of create-pdf-renderer.ts, which can stop it; here every async
// step is bounded by the budget's deadline, a page whose drawing would exceed the drawing budget is
// read but not drawn (check-drawing-budget.ts), and every pdf.js error becomes data. The deadline is
// in this process's CPU time, not wall-clock time: the process renders one document at a time, and
// on a busy machine it gets as many pages done as on an idle one (issue 19 item 7).
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  describeError,
  withBudgetHit,
  type PageImage,
  type PageImageBudget,
  type RenderBudget,
  type RenderedLink,
  type RenderedPage,
  type RenderFacts,
  type RenderFn,
} from "../../analyzer";
import { DEFAULT_LIMITS } from "../../limits";
import { checkDrawingBudget } from "./check-drawing-budget";
import { needsDrawing, type3FontTest } from "./needs-drawing";
import { encodePageImages, type CanvasFactory, type ImageBytes } from "./encode-page-images";
import { QR_MAX_PER_IMAGE, decodeQrCodes } from "./decode-qr";
import { loadPdfjs, pdfjsDataUrls } from "./load-pdfjs";
import { ownCpuTimeMs } from "../process-usage";

export interface RendererOptions {
  /** decode QR codes on the rendered pages (default true) */
  qr?: boolean;
  /** called with the facts so far after the document opens and after each page */
  onProgress?: (facts: RenderFacts) => void;
}

type Pdfjs = Awaited<ReturnType<typeof loadPdfjs>>;

const DEFAULT_MAX_PIXELS_PER_PAGE = 4_000_000;
const DEFAULT_MAX_TEXT_CHARS = 20_000;
const MAX_LINKS_PER_PAGE = 200;
/** grid of the image-coverage estimate */
const COVERAGE_GRID = 64;

/** Where a drawn page's images go when the budget asks for them. */
interface ImageSink {
  budget: PageImageBudget;
  spent: ImageBytes;
  images: PageImage[];
}

/** how often a pending pdf.js step is checked against the CPU deadline (milliseconds of wall time) */
const DEADLINE_POLL_MS = 10;

class DeadlineError extends Error {
  constructor() {
    super("render time budget exhausted");
    this.name = "DeadlineError";
  }
}

/** Renders in the calling thread: only the render thread (create-pdf-renderer.ts) and tests call this. */
export function createInThreadRenderer(options: RendererOptions = {}): RenderFn {
  const qr = options.qr !== false;
  return async (bytes, budget, _signal, open) => {
    const started = performance.now();
    const cpuAtStart = ownCpuTimeMs();
    const deadline = cpuAtStart + budget.timeoutMs;
    const facts: RenderFacts = {
      pagesRendered: 0,
      pageCount: null,
      pages: [],
      qrCodes: [],
      durationMs: 0,
      pdfjs: { pageCount: null, hasCatalog: false },
    };
    const sink: ImageSink | null = budget.pageImages
      ? { budget: budget.pageImages, spent: { used: 0 }, images: [] }
      : null;
    const finish = () => ({
      ...facts,
      durationMs: round(performance.now() - started),
      cpuMs: round(ownCpuTimeMs() - cpuAtStart),
      ...(sink && { pageImages: [...sink.images] }),
    });
    let pdfjs;
    try {
      pdfjs = await loadPdfjs();
    } catch (e) {
      facts.error = `pdf.js unavailable: ${describeError(e)}`;
      facts.pdfjs.error = facts.error;
      return finish();
    }
    const task = pdfjs.getDocument({
      // pdf.js may transfer (detach) the buffer it is given: hand it a copy
      data: new Uint8Array(bytes),
      ...(open?.password !== undefined && { password: open.password }),
      ...pdfjsDataUrls(),
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      isOffscreenCanvasSupported: false,
      maxImageSize: budget.maxImagePixels ?? DEFAULT_LIMITS.RENDER_MAX_IMAGE_PIXELS,
      stopAtErrors: false,
      verbosity: pdfjs.VerbosityLevel.ERRORS,
    });
    let pdf: PDFDocumentProxy;
    try {
      pdf = await beforeDeadline(task.promise, deadline);
    } catch (e) {
      const timedOut = e instanceof DeadlineError;
      facts.error = timedOut ? "timeout while opening the document" : describeError(e);
      facts.timedOut = timedOut || undefined;
      if (timedOut) facts.budgetHits = withBudgetHit(facts.budgetHits, "RENDER_TIMEOUT_MS");
      facts.pdfjs.error = facts.error;
      if ((e as Error | undefined)?.name === "PasswordException") facts.pdfjs.passwordRequired = true;
      await destroy(task);
      return finish();
    }
    facts.pdfjs = { pageCount: pdf.numPages, hasCatalog: true };
    facts.pageCount = pdf.numPages;
    options.onProgress?.(finish());
    try {
      const planned = Math.min(pdf.numPages, Math.max(0, budget.maxPages));
      for (let i = 0; i < planned; i++) {
        if (ownCpuTimeMs() >= deadline) throw new DeadlineError();
        const page = await renderPage(pdfjs, pdf, i, budget, deadline, qr, sink);
        facts.pages.push(page);
        if (page.drawSkipped) facts.budgetHits = withBudgetHit(facts.budgetHits, page.drawSkipped);
        if (!page.error) facts.pagesRendered++;
        for (const text of page.qrCodes) facts.qrCodes.push({ page: i, text });
        options.onProgress?.(finish());
      }
    } catch (e) {
      const timedOut = e instanceof DeadlineError;
      facts.error = timedOut
        ? `CPU-time budget of ${budget.timeoutMs} ms exhausted after ${facts.pagesRendered} page(s)`
        : describeError(e);
      facts.timedOut = timedOut || undefined;
      // the pages left unrendered are a budget hit: the result says it is truncated
      if (timedOut) facts.budgetHits = withBudgetHit(facts.budgetHits, "RENDER_TIMEOUT_MS");
    } finally {
      await destroy(task);
    }
    return finish();
  };
}

async function renderPage(
  pdfjs: Pdfjs,
  pdf: PDFDocumentProxy,
  index: number,
  budget: RenderBudget,
  deadline: number,
  qr: boolean,
  sink: ImageSink | null,
): Promise<RenderedPage> {
  const out: RenderedPage = { index, text: "", links: [], qrCodes: [] };
  let page: PDFPageProxy;
  try {
    page = await beforeDeadline(pdf.getPage(index + 1), deadline);
  } catch (e) {
    if (e instanceof DeadlineError) throw e;
    return { ...out, error: describeError(e) };
  }
  const errors: string[] = [];
  try {
    // text and links first: they are cheap, and a page whose drawing fails still has them
    try {
      const content = await beforeDeadline(page.getTextContent(), deadline);
      out.text = textOf(content.items, budget.maxTextCharsPerPage ?? DEFAULT_MAX_TEXT_CHARS);
    } catch (e) {
      if (e instanceof DeadlineError) throw e;
      errors.push(`text: ${describeError(e)}`);
    }
    try {
      const annotations = await beforeDeadline(page.getAnnotations({ intent: "display" }), deadline);
      out.links = linksOf(annotations, page.view);
    } catch (e) {
      if (e instanceof DeadlineError) throw e;
      errors.push(`annotations: ${describeError(e)}`);
    }
    try {
      await drawPage(pdfjs, pdf, page, out, budget, deadline, qr, sink);
    } catch (e) {
      if (e instanceof DeadlineError) throw e;
      errors.push(`render: ${describeError(e)}`);
    }
  } finally {
    page.cleanup();
  }
  if (errors.length) out.error = errors.join("; ");
  return out;
}

async function drawPage(
  pdfjs: Pdfjs,
  pdf: PDFDocumentProxy,
  page: PDFPageProxy,
  out: RenderedPage,
  budget: RenderBudget,
  deadline: number,
  qr: boolean,
  sink: ImageSink | null,
): Promise<void> {
  // the operator list render() will replay (cached per intent): refuse shapes pdf.js draws without bound
  const list = await beforeDeadline(page.getOperatorList({ intent: "display" }), deadline);
  const refused = checkDrawingBudget(list, pdfjs.OPS, {
    maxOperators: budget.maxOperatorsPerPage ?? DEFAULT_LIMITS.RENDER_MAX_OPERATORS_PER_PAGE,
    maxPatternTiles: budget.maxPatternTiles ?? DEFAULT_LIMITS.RENDER_MAX_PATTERN_TILES,
    maxImagePixels: budget.maxImagePixels ?? DEFAULT_LIMITS.RENDER_MAX_IMAGE_PIXELS,
  });
  if (refused) {
    out.drawSkipped = refused.budget;
    throw new Error(`page not drawn: ${refused.detail}`);
  }
  // nothing the pixels could show (needs-drawing.ts): no QR code, no image to cover the page with;
  // page images asked for (the web UI's previews) need the drawing anyway
  if (!sink && !needsDrawing(list, pdfjs.OPS, type3FontTest(page))) {
    out.imageCoverage = 0;
    return;
  }
  const unit = page.getViewport({ scale: 1 });
  const maxPixels = budget.maxPixelsPerPage ?? DEFAULT_MAX_PIXELS_PER_PAGE;
  const area = Math.max(1, unit.width * unit.height);
  // a huge /MediaBox must not allocate a huge canvas: lower the scale instead
  const scale = Math.min(budget.scale, Math.sqrt(maxPixels / area));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const factory = pdf.canvasFactory as CanvasFactory;
  const target = factory.create(width, height);
  try {
    const task = page.render({
      canvasContext: target.context,
      canvas: target.canvas as HTMLCanvasElement,
      viewport,
      recordImages: true,
    });
    try {
      await beforeDeadline(task.promise, deadline);
    } catch (e) {
      task.cancel();
      throw e;
    }
    const images = imageBoxes(
      (page as unknown as { imageCoordinates?: ArrayLike<number> | null }).imageCoordinates ?? null,
      width,
      height,
    );
    out.imageCoverage = coverage(images, width, height);
    if (sink) {
      // not raced against the deadline: the scaled copies read the page canvas, which must outlive them
      // (two small encodes; a render stuck past its budget is stopped by the host anyway)
      const encoded = await encodePageImages(
        factory,
        { canvas: target.canvas, width, height },
        out.index,
        sink.budget,
        sink.spent,
      );
      if (encoded) sink.images.push(encoded);
    }
    if (!qr) return;
    const pixels = pagePixels(target, width, height);
    out.qrCodes = await decodeQrCodes(pixels, width, height, budget.maxQrPerPage ?? QR_MAX_PER_IMAGE);
  } finally {
    factory.destroy(target);
  }
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Canvas-pixel bounding boxes of the painted images. pdf.js records each image as three corners
 * (origin, +x, +y) of its parallelogram, normalised to the canvas size.
 */
function imageBoxes(coords: ArrayLike<number> | null, width: number, height: number): Box[] {
  const boxes: Box[] = [];
  if (!coords) return boxes;
  for (let i = 0; i + 5 < coords.length; i += 6) {
    const [ax, ay, bx, by, cx, cy] = Array.from({ length: 6 }, (_, k) => coords[i + k]);
    const xs = [ax, bx, cx, bx + cx - ax].map((v) => v * width);
    const ys = [ay, by, cy, by + cy - ay].map((v) => v * height);
    const box = {
      x0: Math.max(0, Math.min(...xs)),
      y0: Math.max(0, Math.min(...ys)),
      x1: Math.min(width, Math.max(...xs)),
      y1: Math.min(height, Math.max(...ys)),
    };
    if ([box.x0, box.y0, box.x1, box.y1].every(Number.isFinite) && box.x1 > box.x0 && box.y1 > box.y0) boxes.push(box);
  }
  return boxes;
}

/** Share of the canvas covered by the boxes, on a coarse grid so overlapping images count once. */
function coverage(boxes: Box[], width: number, height: number): number {
  if (!boxes.length) return 0;
  const cells = new Uint8Array(COVERAGE_GRID * COVERAGE_GRID);
  for (const b of boxes) {
    const gx0 = Math.floor((b.x0 / width) * COVERAGE_GRID);
    const gx1 = Math.ceil((b.x1 / width) * COVERAGE_GRID);
    const gy0 = Math.floor((b.y0 / height) * COVERAGE_GRID);
    const gy1 = Math.ceil((b.y1 / height) * COVERAGE_GRID);
    for (let y = gy0; y < gy1; y++) cells.fill(1, y * COVERAGE_GRID + gx0, y * COVERAGE_GRID + gx1);
  }
  return round(cells.reduce((n, c) => n + c, 0) / cells.length, 3);
}

function textOf(items: unknown[], maxChars: number): string {
  let text = "";
  for (const item of items) {
    const it = item as { str?: unknown; hasEOL?: unknown };
    if (typeof it.str !== "string") continue;
    text += it.str;
    if (it.hasEOL) text += "\n";
    if (text.length > maxChars) break;
  }
  return text
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim()
    .slice(0, maxChars);
}

/**
 * A drawn page's RGBA pixels for the QR search. getImageData converts every pixel from the canvas's
 * premultiplied form (26 ms for a drawn 1224 x 1584 page here); @napi-rs/canvas's data() hands out
 * the stored pixels as they are, and checking their alpha takes 5 ms. The two agree wherever a pixel
 * is opaque, and pdf.js paints every page on an opaque white background first
 * (CanvasGraphics.beginDrawing), so data() serves whenever all its alpha bytes are 255; anything else,
 * or a canvas without data(), is read the slow way.
 * create-pdf-renderer.test.ts checks that both give the same pixels for a drawn page.
 */
export function pagePixels(
  target: { canvas: unknown; context: CanvasRenderingContext2D },
  width: number,
  height: number,
): Uint8ClampedArray {
  const canvas = target.canvas as { data?: () => Uint8Array };
  const raw = typeof canvas.data === "function" ? canvas.data() : null;
  if (raw && raw.length === width * height * 4 && allOpaque(raw))
    return new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.byteLength);
  return target.context.getImageData(0, 0, width, height).data as unknown as Uint8ClampedArray;
}

function allOpaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/** Annotations with a URI target (links, and push buttons with a URI action), area relative to the page. */
function linksOf(annotations: unknown[], view: number[]): RenderedLink[] {
  const [vx0, vy0, vx1, vy1] = view;
  const pageArea = Math.abs((vx1 - vx0) * (vy1 - vy0)) || 612 * 792;
  const out: RenderedLink[] = [];
  for (const a of annotations) {
    const ann = a as { unsafeUrl?: unknown; url?: unknown; rect?: unknown };
    const url = typeof ann.unsafeUrl === "string" ? ann.unsafeUrl : typeof ann.url === "string" ? ann.url : null;
    if (!url || !Array.isArray(ann.rect) || ann.rect.length < 4) continue;
    const rect = ann.rect.slice(0, 4).map(Number);
    if (!rect.every(Number.isFinite)) continue;
    // only the part of the link on the page counts
    const w = Math.max(
      0,
      Math.min(Math.max(rect[0], rect[2]), Math.max(vx0, vx1)) -
        Math.max(Math.min(rect[0], rect[2]), Math.min(vx0, vx1)),
    );
    const h = Math.max(
      0,
      Math.min(Math.max(rect[1], rect[3]), Math.max(vy0, vy1)) -
        Math.max(Math.min(rect[1], rect[3]), Math.min(vy0, vy1)),
    );
    out.push({
      url: url.slice(0, 4096),
      rect: rect.map((v) => round(v)),
      areaRatio: round(Math.min(1, (w * h) / pageArea), 4),
    });
    if (out.length >= MAX_LINKS_PER_PAGE) break;
  }
  return out;
}

/** `promise`, or a DeadlineError once this process's CPU time reaches `deadline` (ownCpuTimeMs). */
function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  // the losing promise may still reject later (e.g. when the task is destroyed): keep that quiet
  promise.catch(() => {});
  if (ownCpuTimeMs() >= deadline) return Promise.reject(new DeadlineError());
  let poll: ReturnType<typeof setInterval> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    poll = setInterval(() => ownCpuTimeMs() >= deadline && reject(new DeadlineError()), DEADLINE_POLL_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearInterval(poll));
}

async function destroy(task: { destroy(): Promise<void> }): Promise<void> {
  try {
    await task.destroy();
  } catch {
    // destroying a task that failed to load can reject again: nothing more to release
  }
}

function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
