// Decompression bombs: a few kilobytes of Flate data that expand to gigabytes, alone or nested (Flate
// over Flate), made to exhaust a scanner's memory or time budget so the rest of the file goes unread
// (issue 7: a 1 GiB Flate bomb came out benign). Deflate peaks near 1032:1 and text and fonts stay far
// below that, so a stream that fills the per-stream budget at a bomb's expansion is the technique
// itself. A cheap probe (inflate the head with a small output cap) picks the candidates; only those are
// decoded in full, which charges the document's decode budget as any decode does.
//
// Images are the exception (issue 18: a large multi-page scan was taken for a bomb): a mostly white
// page scanned losslessly deflates near 1000:1 too, and thirty of them fill the document's decode
// budget. What tells them apart is the image's own declaration (§8.9.5): Width x Height x components x
// bits per component is all the data a reader ever takes from it. An image whose data stays within
// that raster is a picture however well it compresses; a bomb is data beyond what its stream can use,
// or Flate nested over Flate (no encoder does that to an image), or a raster no scanner makes.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfDict } from "../../pdf/objects";
import { ownEntry } from "../own-entry";

export interface DecodeBombFact {
  /** "12 0 R", when the stream is an indirect object */
  ref?: string;
  filters: string[];
  /** decoded bytes per encoded byte over the filter chain, as far as the budget let it decode */
  expansion: number;
  /** declared an image XObject (a reader decodes it when it draws the page) */
  image: boolean;
}

/** Expansion of a head from which a stream counts as a bomb candidate (text ~3-10x, sparse images ~100x). */
export const BOMB_PROBE_EXPANSION = 200;
/** Expansion of a fully decoded, budget-cut stream that is reported as a bomb. */
export const BOMB_EXPANSION = 250;
/**
 * The probe's sample, not a budget: every probe reads this much of a stream's head (the expansion is
 * measured on it), so it is part of the check. Candidates are capped by MAX_BOMB_CANDIDATES (a file of
 * many bombs is a bomb after a few).
 */
const PROBE_INPUT_BYTES = 2 * 1024;
const PROBE_MAX_OUTPUT_BYTES = 1024 * 1024;
/**
 * A threshold, not a budget. Pixels of the largest raster a scanner writes: an A0 drawing at 300 dpi
 * is 140 megapixels. An image declared larger is judged like any other stream (a declared 100,000 x
 * 100,000 image is a pixel bomb).
 */
export const MAX_SCAN_IMAGE_PIXELS = 160 * 1024 * 1024;
/** Colour components by colour space family (§8.6); an unknown or unreadable one counts as 4 (CMYK). */
const COMPONENTS: Record<string, number> = {
  DeviceGray: 1,
  CalGray: 1,
  G: 1,
  Indexed: 1,
  I: 1,
  Separation: 1,
  DeviceRGB: 3,
  CalRGB: 3,
  RGB: 3,
  Lab: 3,
  DeviceCMYK: 4,
  CMYK: 4,
};
/**
 * How far the head's expansion may overstate the whole stream's: a scanned page starts with its white
 * margin, which deflates better than the text below (the text lines of a scanned letter: about 1.5x). A disguised bomb this
 * close to its raster holds at most four rasters of data, and readers take only the raster from it.
 */
const HEAD_OVERSTATEMENT = 4;
/** A tolerance, not a budget. Room for row predictor tags (§7.4.4.4: one byte per row) and an encoder's trailing padding. */
const RASTER_SLACK_BYTES = 64 * 1024;

export function collectDecodeBombs(doc: PdfDocument): DecodeBombFact[] {
  const out: DecodeBombFact[] = [];
  let candidates = 0;
  for (const obj of doc.instances) {
    const stream = obj.value;
    if (!(stream instanceof PdfStream) || stream.raw.length === 0) continue;
    const raster = flateImageRaster(doc, stream);
    // decoded already (by the facts before this): the result says whether the budget cut it
    const cached = doc.decodedIfCached(stream);
    if (cached && !cached.budgetHit) continue;
    if (!cached) {
      const head = doc.probeFlateExpansion(stream, PROBE_INPUT_BYTES, PROBE_MAX_OUTPUT_BYTES);
      if (head < BOMB_PROBE_EXPANSION) continue;
      // a scan's image: its whole data, at the head's rate, fits its raster (not decoded, not counted)
      if (raster !== null && stream.raw.length * head <= raster * HEAD_OVERSTATEMENT) continue;
    }
    if (++candidates > doc.limits.MAX_BOMB_CANDIDATES) {
      doc.budgetHits.add("MAX_BOMB_CANDIDATES");
      break;
    }
    const decoded = doc.decode(stream);
    if (!decoded.budgetHit || (decoded.expansion ?? 0) < BOMB_EXPANSION) continue;
    // cut by the budget (the document's, spent on the other pages) before the end of its own raster
    if (raster !== null && decoded.data.length <= raster) continue;
    const subtype = stream.dict.get("Subtype");
    out.push({
      ref: `${obj.num} ${obj.gen} R`,
      filters: decoded.filters,
      expansion: decoded.expansion ?? 0,
      image: subtype instanceof PdfName && subtype.name === "Image",
    });
  }
  return out;
}

/**
 * The most bytes a reader takes from an image XObject compressed with one Flate layer and nothing else:
 * its declared raster plus slack. Null for anything else: not an image, another filter in the chain,
 * Flate nested over Flate, dimensions missing, or a raster larger than MAX_SCAN_IMAGE_PIXELS.
 */
function flateImageRaster(doc: PdfDocument, stream: PdfStream): number | null {
  const d = stream.dict;
  const subtype = d.get("Subtype");
  if (!(subtype instanceof PdfName) || subtype.name !== "Image") return null;
  const filter = doc.resolve(d.get("Filter"));
  const names = Array.isArray(filter) ? filter.map((f) => doc.resolve(f)) : [filter];
  if (
    names.length !== 1 ||
    !(names[0] instanceof PdfName) ||
    (names[0].name !== "FlateDecode" && names[0].name !== "Fl")
  )
    return null;
  const width = doc.resolve(d.get("Width") ?? d.get("W"));
  const height = doc.resolve(d.get("Height") ?? d.get("H"));
  if (
    typeof width !== "number" ||
    typeof height !== "number" ||
    !(width > 0) ||
    !(height > 0) ||
    width * height > MAX_SCAN_IMAGE_PIXELS
  )
    return null;
  const mask = doc.resolve(d.get("ImageMask")) === true;
  const bpc = doc.resolve(d.get("BitsPerComponent") ?? d.get("BPC"));
  const bits = mask ? 1 : typeof bpc === "number" && bpc > 0 && bpc <= 16 ? bpc : 16;
  const rowBytes = Math.ceil((width * (mask ? 1 : componentsOf(doc, d)) * bits) / 8);
  return (rowBytes + 1) * height + RASTER_SLACK_BYTES;
}

function componentsOf(doc: PdfDocument, image: PdfDict): number {
  const cs = doc.resolve(image.get("ColorSpace") ?? image.get("CS"));
  const family = Array.isArray(cs) ? doc.resolve(cs[0]) : cs;
  if (!(family instanceof PdfName)) return 4;
  if (family.name === "ICCBased" && Array.isArray(cs)) {
    const icc = doc.resolve(cs[1]);
    const n = icc instanceof PdfStream ? doc.resolve(icc.dict.get("N")) : undefined;
    return typeof n === "number" && n >= 1 && n <= 4 ? n : 4;
  }
  if (family.name === "DeviceN" && Array.isArray(cs)) {
    const colorants = doc.resolve(cs[1]);
    return Array.isArray(colorants) && colorants.length >= 1 && colorants.length <= 32 ? colorants.length : 4;
  }
  return ownEntry(COMPONENTS, family.name) ?? 4;
}
