// Whether drawing a page could show anything its text and links do not: the pixels are read for QR
// codes and image coverage only (render-document.ts), and drawing, reading the pixels back and a QR
// search cost about half of a render on a page of text (issue 23: 32 of the 109 s that rendering
// corpus-large took went to pages that paint no image and no complex shape, and found nothing there).
// A QR code's modules reach the page as an image, as filled shapes (report generators write one
// rectangle per module or per run of modules), as a pattern's tiles, or as the glyphs of a Type 3
// font (whose glyph procedures may hold images); a page with none of these is read, not drawn.
import type { DrawingOps, OperatorListIR } from "./check-drawing-budget";

/** The op codes this check reads, from pdfjs `OPS` (the drawing budget's image ops and these). */
export interface PaintOps extends DrawingOps {
  paintImageMaskXObjectGroup: number;
  paintInlineImageXObjectGroup: number;
  paintImageXObjectRepeat: number;
  paintImageMaskXObjectRepeat: number;
  paintSolidColorImageMask: number;
  constructPath: number;
  setFont: number;
}

/**
 * Numbers of path data (pdf.js's DrawOPS: an op code and its coordinates; a rectangle is 13) on a
 * page from which its shapes could form a QR code: a version 1 code (21 x 21 modules) written one
 * rectangle per run of dark modules in a row takes about 100 rectangles; 400 numbers is 30.
 */
export const MIN_CODE_PATH_NUMBERS = 400;

/**
 * true when the page paints an image, a tiling pattern, a Type 3 glyph (isType3Font: the font as
 * pdf.js loaded it) or shapes of MIN_CODE_PATH_NUMBERS or more numbers of path data.
 */
export function needsDrawing(
  list: OperatorListIR,
  ops: PaintOps,
  isType3Font: (loadedName: string) => boolean,
): boolean {
  const images = new Set([
    ops.paintImageMaskXObject,
    ops.paintImageMaskXObjectGroup,
    ops.paintImageXObject,
    ops.paintInlineImageXObject,
    ops.paintInlineImageXObjectGroup,
    ops.paintImageXObjectRepeat,
    ops.paintImageMaskXObjectRepeat,
    ops.paintSolidColorImageMask,
  ]);
  let pathNumbers = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    if (images.has(fn)) return true;
    const args = list.argsArray[i];
    if (!Array.isArray(args)) continue;
    if (args[0] === "TilingPattern") return true;
    if (fn === ops.setFont && typeof args[0] === "string" && isType3Font(args[0])) return true;
    if (fn === ops.constructPath) {
      // [drawing op, [path data], min/max box]
      const data = (args[1] as ArrayLike<unknown> | undefined)?.[0] as ArrayLike<number> | undefined;
      pathNumbers += typeof data?.length === "number" ? data.length : 0;
      if (pathNumbers >= MIN_CODE_PATH_NUMBERS) return true;
    }
  }
  return false;
}

/** Whether a font the page's operator list names (setFont's loaded name) is a Type 3 font, as pdf.js loaded it. */
export function type3FontTest(page: { commonObjs: unknown }): (loadedName: string) => boolean {
  const fonts = page.commonObjs as { has(name: string): boolean; get(name: string): { isType3Font?: boolean } | null };
  return (loadedName) => {
    try {
      return fonts.has(loadedName) && fonts.get(loadedName)?.isType3Font === true;
    } catch {
      // a font pdf.js could not give back: drawn, as every page was before this check
      return true;
    }
  };
}
