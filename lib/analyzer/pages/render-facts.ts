// What rendering the document with a second reader (pdf.js) showed: page text, clickable link areas,
// decoded QR codes and pdf.js's own view of the structure. Produced by lib/engines/render (not pure),
// read by the lure and parser-differential rules (pure). Plain data, so it can cross a worker boundary.
import type { BudgetName, Limits } from "../../limits";

export interface RenderedLink {
  /** the link target as written (pdf.js `unsafeUrl`, else its validated `url`) */
  url: string;
  /** annotation rectangle in PDF user space [x1, y1, x2, y2] */
  rect: number[];
  /** rectangle area / page area, 0..1 */
  areaRatio: number;
}

export interface RenderedPage {
  /** 0-based page index */
  index: number;
  /** text content (pdf.js getTextContent), truncated to the per-page budget */
  text: string;
  links: RenderedLink[];
  /** QR codes decoded on the rendered page */
  qrCodes: string[];
  /** share of the page covered by painted images, 0..1 (bounding boxes on a 64 x 64 grid, overlaps counted once) */
  imageCoverage?: number;
  /** this page could not be rendered or read; what pdf.js said */
  error?: string;
  /** the page was read (text, links) but not drawn: the budget its drawing would have exceeded */
  drawSkipped?: BudgetName;
}

export interface PdfjsView {
  /** pdf.js's page count (numPages), null when it could not open the document */
  pageCount: number | null;
  /** pdf.js found a usable document catalog (it opened the file) */
  hasCatalog: boolean;
  /** why pdf.js could not open the document (exception name: message) */
  error?: string;
  /** the document needs a password pdf.js does not have */
  passwordRequired?: boolean;
}

/**
 * PNG images of one drawn page, made only when the render budget asks for them (a scan shows them as
 * thumbnails). Kept beside the facts, never in the JSON report: they are the document's content.
 */
export interface PageImage {
  /** 0-based page index */
  index: number;
  /** PNG, long side at most RENDER_THUMBNAIL_MAX_PX */
  thumbnail: Uint8Array;
  /** PNG, long side at most RENDER_PREVIEW_MAX_PX; absent when the byte budget had no room left */
  large?: Uint8Array;
}

export interface PageImageBudget {
  thumbnailMaxPx: number;
  largeMaxPx: number;
  /** PNG bytes of all images of the document */
  maxTotalBytes: number;
}

export interface RenderFacts {
  pagesRendered: number;
  pageCount: number | null;
  pages: RenderedPage[];
  qrCodes: { page: number; text: string }[];
  /** rendering stopped early or failed: a timeout, a budget or a pdf.js error */
  error?: string;
  /** the CPU-time budget ran out before every planned page was rendered */
  timedOut?: boolean;
  /** render budgets that were hit, named as in lib/limits.ts (e.g. RENDER_MAX_PATTERN_TILES) */
  budgetHits?: BudgetName[];
  /** the render was stopped from outside (time or memory) before it finished: the rest is partial */
  stopped?: boolean;
  /** the render engine itself failed (its process crashed or could not start): not the file's doing */
  engineFailure?: string;
  /** wall-clock time of the render (informational: nothing is decided on it) */
  durationMs: number;
  /** CPU time the render used, what its budget counts (absent when it was stopped from outside) */
  cpuMs?: number;
  pdfjs: PdfjsView;
  /** page images, when the budget asked for them (budget.pageImages) */
  pageImages?: PageImage[];
}

export interface RenderBudget {
  /** pages rendered from the start of the document */
  maxPages: number;
  /** render scale (1 = 72 dpi) */
  scale: number;
  /** CPU-time budget for the whole document (the render process's CPU, not wall-clock time: issue 19 item 7) */
  timeoutMs: number;
  /** canvas pixels per page; a larger page is rendered at a lower scale */
  maxPixelsPerPage?: number;
  /** QR codes decoded per rendered page */
  maxQrPerPage?: number;
  /** characters of text kept per page */
  maxTextCharsPerPage?: number;
  /** drawing operators per page (pattern cells included); a page above it is not drawn */
  maxOperatorsPerPage?: number;
  /** tile copies per tiling-pattern cell; a page with a pattern above it is not drawn */
  maxPatternTiles?: number;
  /** pixels of one decoded image */
  maxImagePixels?: number;
  /** resident-memory growth of the process while rendering; above it the render is stopped */
  maxMemoryBytes?: number;
  /** CPU time past the budget before a render stuck in a synchronous loop is stopped (milliseconds) */
  hardStopGraceMs?: number;
  /** encode PNG images of each drawn page (absent: none, so analyses that do not show pages do not pay) */
  pageImages?: PageImageBudget;
}

/** `signal`: the analysis was cancelled (client gone, deadline): stop and answer what is there. */
/** How to open the document: the analyst's password of an encrypted file (held for this render only). */
export interface RenderOpenOptions {
  password?: string;
}

export type RenderFn = (
  bytes: Uint8Array,
  budget: RenderBudget,
  signal?: AbortSignal,
  open?: RenderOpenOptions,
) => Promise<RenderFacts>;

/** The render budget of a limits table. */
export function renderBudgetOf(limits: Limits): RenderBudget {
  return {
    maxPages: limits.RENDER_MAX_PAGES,
    scale: limits.RENDER_SCALE,
    timeoutMs: limits.RENDER_TIMEOUT_MS,
    maxPixelsPerPage: limits.RENDER_MAX_PIXELS_PER_PAGE,
    maxQrPerPage: limits.QR_MAX_PER_PAGE,
    maxTextCharsPerPage: limits.RENDER_MAX_TEXT_CHARS_PER_PAGE,
    maxOperatorsPerPage: limits.RENDER_MAX_OPERATORS_PER_PAGE,
    maxPatternTiles: limits.RENDER_MAX_PATTERN_TILES,
    maxImagePixels: limits.RENDER_MAX_IMAGE_PIXELS,
    maxMemoryBytes: limits.RENDER_MAX_MEMORY_BYTES,
    hardStopGraceMs: limits.RENDER_HARD_STOP_GRACE_MS,
  };
}

/** The page-image budget of a limits table (added to a render budget by callers that show pages). */
export function pageImageBudgetOf(limits: Limits): PageImageBudget {
  return {
    thumbnailMaxPx: limits.RENDER_THUMBNAIL_MAX_PX,
    largeMaxPx: limits.RENDER_PREVIEW_MAX_PX,
    maxTotalBytes: limits.RENDER_PAGE_IMAGES_MAX_BYTES,
  };
}

/** `hits` with `hit` added once: a render's budget hits, as the renderer and its host record them. */
export function withBudgetHit(hits: readonly BudgetName[] | undefined, hit: BudgetName): BudgetName[] {
  return [...new Set([...(hits ?? []), hit])];
}

/**
 * An action as the page readers take it (facts/actions.ts ActionFact has these and more): its kind,
 * where it leads, and the page and area of the annotation that carries it.
 */
export interface PageAction {
  type: string;
  target?: string;
  /** JavaScript: the web address its script opens when it runs (ActionFact.opens) */
  opens?: string;
  /** 0-based page of the annotation that carries it */
  page?: number;
  /** the annotation's area over its page's */
  annotationAreaRatio?: number;
}
