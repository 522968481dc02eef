import { describe, expect, it } from "vitest";
import { checkDrawingBudget, patternTiles, type OperatorListIR } from "./check-drawing-budget";

const OPS = { paintImageXObject: 85, paintInlineImageXObject: 86, paintImageMaskXObject: 83 };
const BUDGET = { maxOperators: 1000, maxPatternTiles: 4096, maxImagePixels: 1_000_000 };
const SET_FILL_COLOR_N = 27;
const FILL = 22;

function list(ops: [number, unknown][]): OperatorListIR {
  return { fnArray: ops.map((o) => o[0]), argsArray: ops.map((o) => o[1]) };
}

/** A tiling pattern IR as pdf.js's evaluator builds it (getTilingPatternIR). */
function tiling(bbox: number[], xstep: number, ystep: number, inner: OperatorListIR = list([[FILL, []]])): unknown[] {
  return ["TilingPattern", null, inner, [1, 0, 0, 1, 0, 0], bbox, xstep, ystep, 1, 1];
}

describe("patternTiles", () => {
  it.each([
    ["step equal to the box", [0, 0, 10, 10], 10, 10, 1],
    ["step larger than the box", [0, 0, 10, 10], 50, 50, 1],
    ["step a quarter of the box in y", [0, 0, 10, 10], 10, 2.5, 5],
    ["negative steps count by magnitude", [0, 0, 10, 10], -5, -5, 9],
    ["zero step", [0, 0, 612, 792], 612, 0, Infinity],
    ["NaN step", [0, 0, 612, 792], Number.NaN, 792, Infinity],
  ])("%s", (_name, bbox, xstep, ystep, expected) => {
    expect(patternTiles(tiling(bbox, xstep, ystep))).toBe(expected);
  });

  it("a tiny negative step (veraPDF TWG A018: /YStep -1.173e-38 over a page) is astronomically many tiles", () => {
    expect(patternTiles(tiling([0, 0, 612, 792], 612, -1.173e-38))).toBeGreaterThan(1e40);
  });
});

describe("checkDrawingBudget", () => {
  it("passes an ordinary page with a well-formed pattern and a small image", () => {
    const page = list([
      [SET_FILL_COLOR_N, tiling([0, 0, 10, 10], 10, 10)],
      [FILL, []],
      [OPS.paintImageXObject, ["img_1", 800, 600]],
    ]);
    expect(checkDrawingBudget(page, OPS, BUDGET)).toBeNull();
  });

  it("refuses a degenerate tiling step", () => {
    const page = list([
      [SET_FILL_COLOR_N, tiling([0, 0, 612, 792], 612, -1.173e-38)],
      [FILL, []],
    ]);
    expect(checkDrawingBudget(page, OPS, BUDGET)).toMatchObject({ budget: "RENDER_MAX_PATTERN_TILES" });
  });

  it("refuses a pattern nested in a pattern when the nesting multiplies the work past the budget", () => {
    // 64 tiles of a cell that itself replays 64 tiles of 20 operators: each level is fine, together not
    const inner = list(Array.from({ length: 20 }, (): [number, unknown] => [FILL, []]));
    const middle = list([
      [SET_FILL_COLOR_N, tiling([0, 0, 8, 8], 1, 1, inner)],
      [FILL, []],
    ]);
    const page = list([
      [SET_FILL_COLOR_N, tiling([0, 0, 8, 8], 1, 1, middle)],
      [FILL, []],
    ]);
    expect(checkDrawingBudget(page, OPS, { ...BUDGET, maxOperators: 10_000 })).toMatchObject({
      budget: "RENDER_MAX_OPERATORS_PER_PAGE",
    });
    expect(checkDrawingBudget(page, OPS, { ...BUDGET, maxOperators: 1_000_000 })).toBeNull();
  });

  it("refuses patterns nested deeper than it follows", () => {
    let nested = list([[FILL, []]]);
    for (let i = 0; i < 12; i++) nested = list([[SET_FILL_COLOR_N, tiling([0, 0, 1, 1], 1, 1, nested)]]);
    expect(checkDrawingBudget(nested, OPS, BUDGET)).toMatchObject({
      budget: "RENDER_MAX_PATTERN_TILES",
      detail: expect.stringMatching(/nested/),
    });
  });

  it("refuses a page with more operators than the budget", () => {
    const page = list(Array.from({ length: 1001 }, (): [number, unknown] => [FILL, []]));
    expect(checkDrawingBudget(page, OPS, BUDGET)).toMatchObject({ budget: "RENDER_MAX_OPERATORS_PER_PAGE" });
  });

  it.each([
    ["an image XObject", OPS.paintImageXObject, ["img_1", 20_000, 20_000]],
    ["an inline image", OPS.paintInlineImageXObject, [{ width: 5000, height: 5000 }]],
    ["an image mask", OPS.paintImageMaskXObject, [{ width: 5000, height: 5000 }]],
  ])("refuses %s above the pixel budget", (_name, fn, args) => {
    expect(checkDrawingBudget(list([[fn, args]]), OPS, BUDGET)).toMatchObject({ budget: "RENDER_MAX_IMAGE_PIXELS" });
  });
});
