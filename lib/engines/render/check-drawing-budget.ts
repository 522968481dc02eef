// Decides, before pdf.js draws a page, whether drawing it stays within the render budget. pdf.js
// draws synchronously: once page.render() is inside a loop no deadline can interrupt it, so the
// dangerous shapes are refused up front from the page's operator list (the same list render() then
// replays, pdf.js caches it per intent).
//
// The class this guards (issue 7, item 0): a tiling pattern whose step is zero, tiny or negative next
// to its /BBox. pdf.js builds one pattern cell by copying the tile floor(bbox/step) times in x and y
// (TilingPattern.createPatternCanvas, pattern_helper.js), so /YStep -1.173e-38 over a 792-point box
// is ~10^40 drawImage calls: a veraPDF TWG test file (A018) held a renderer for minutes and took
// 22 GB. Nested patterns multiply, and a huge operator list or image is the same problem in bulk.

/** pdf.js's operator list as returned by PDFPageProxy.getOperatorList() (and nested in patterns). */
export interface OperatorListIR {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

export interface DrawingBudget {
  maxOperators: number;
  maxPatternTiles: number;
  maxImagePixels: number;
}

/** The op codes this check reads, from pdfjs `OPS`. */
export interface DrawingOps {
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageMaskXObject: number;
}

export interface DrawingVerdict {
  /** the limits.ts budget the drawing would exceed */
  budget: "RENDER_MAX_OPERATORS_PER_PAGE" | "RENDER_MAX_PATTERN_TILES" | "RENDER_MAX_IMAGE_PIXELS";
  detail: string;
}

/** Nesting of patterns inside patterns followed at most; deeper nesting is refused as such. */
const MAX_PATTERN_NESTING = 8;

/** null when the page may be drawn, else the budget it would exceed. */
export function checkDrawingBudget(
  list: OperatorListIR,
  ops: DrawingOps,
  budget: DrawingBudget,
): DrawingVerdict | null {
  const state = { operators: 0 };
  return walk(list, ops, budget, state, 0, 1);
}

function walk(
  list: OperatorListIR,
  ops: DrawingOps,
  budget: DrawingBudget,
  state: { operators: number },
  depth: number,
  repeat: number,
): DrawingVerdict | null {
  // a pattern cell's operators are replayed once per tile of every enclosing cell
  state.operators += list.fnArray.length * repeat;
  if (state.operators > budget.maxOperators) {
    return { budget: "RENDER_MAX_OPERATORS_PER_PAGE", detail: `more than ${budget.maxOperators} drawing operators` };
  }
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i];
    if (!Array.isArray(args)) continue;
    const image = imagePixels(fn, args, ops);
    if (image > budget.maxImagePixels) {
      return {
        budget: "RENDER_MAX_IMAGE_PIXELS",
        detail: `an image of ${image} pixels (budget ${budget.maxImagePixels})`,
      };
    }
    if (args[0] !== "TilingPattern") continue;
    if (depth >= MAX_PATTERN_NESTING)
      return {
        budget: "RENDER_MAX_PATTERN_TILES",
        detail: `tiling patterns nested deeper than ${MAX_PATTERN_NESTING}`,
      };
    const tiles = patternTiles(args);
    if (!(tiles <= budget.maxPatternTiles)) {
      return {
        budget: "RENDER_MAX_PATTERN_TILES",
        detail: `a tiling pattern needing ${describeTiles(tiles)} tile copies per cell (/XStep ${String(args[5])}, /YStep ${String(args[6])}, /BBox [${String(args[4])}])`,
      };
    }
    const inner = args[2] as OperatorListIR | undefined;
    if (inner?.fnArray && inner.argsArray) {
      const hit = walk(inner, ops, budget, state, depth + 1, repeat * Math.max(1, tiles));
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Tile copies pdf.js draws to build one cell of a tiling pattern IR
 * ["TilingPattern", color, operatorList, matrix, bbox, xstep, ystep, paintType, tilingType]:
 * (floor(w/|xstep|)+1) x (floor(h/|ystep|)+1) when the step is smaller than the box, else 1 per axis.
 * A zero or non-finite step is infinite.
 */
export function patternTiles(ir: unknown[]): number {
  const bbox = Array.isArray(ir[4]) ? (ir[4] as unknown[]).map(Number) : [];
  const [x0, y0, x1, y1] = bbox;
  return axisTiles(Math.abs(x1 - x0), Math.abs(Number(ir[5]))) * axisTiles(Math.abs(y1 - y0), Math.abs(Number(ir[6])));
}

function axisTiles(extent: number, step: number): number {
  if (!Number.isFinite(extent) || !Number.isFinite(step) || step === 0) return Infinity;
  return step >= extent ? 1 : Math.floor(extent / step) + 1;
}

function imagePixels(fn: number, args: unknown[], ops: DrawingOps): number {
  if (fn === ops.paintImageXObject) return Number(args[1]) * Number(args[2]) || 0;
  if (fn === ops.paintInlineImageXObject || fn === ops.paintImageMaskXObject) {
    const img = args[0] as { width?: unknown; height?: unknown } | undefined;
    return Number(img?.width) * Number(img?.height) || 0;
  }
  return 0;
}

function describeTiles(n: number): string {
  return Number.isFinite(n) ? n.toExponential(2) : "unbounded";
}
