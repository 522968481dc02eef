// JBIG2 segment structure (ITU-T T.88 §7.2-7.4), read once for the exploit rule and the feature
// extraction. Headers and the fixed fields at the start of each segment's data are read; nothing is
// decoded, so the parse is linear in the number of segments (bounded by MAX_JBIG2_SEGMENTS).
// The values judged are those the exploits of JBIG2 decoders need and no encoder writes:
// - CVE-2009-0658 (Acrobat 9.0, Feb. 2009): the Metasploit reproduction (adobe_jbig2decode) is one
//   symbol-dictionary header with page association 0x00690000 and a data length of 0x05695050,
//   values Acrobat used as an index and a size.
// - CVE-2021-30860 (FORCEDENTRY, CoreGraphics' Xpdf-derived decoder): a text region summing the
//   symbol counts of the dictionaries it refers to overflowed 32 bits; the exploit then drove tens of
//   thousands of refinement segments as logic gates.
// - The Xpdf/Poppler/Acrobat JBIG2 heap overflows (CVE-2009-0146..0195 family): regions whose
//   size or position leaves the page bitmap, pattern dictionaries whose GRAYMAX+1 patterns times
//   their width overflow, region sizes whose bitmap size overflows.
// In PDF the stream is in embedded organization (§7.4.7): no file header, page association 1 in the
// image and 0 in /JBIG2Globals. pdf.js and Xpdf parse headers the same way as here.

/** Segment types defined by T.88 (Table 2); the rest are reserved. */
const SEGMENT_TYPES = new Set([0, 4, 6, 7, 16, 20, 22, 23, 36, 38, 39, 40, 42, 43, 48, 49, 50, 51, 52, 53, 62]);
export const JBIG2_SYMBOL_DICTIONARY = 0;
export const JBIG2_TEXT_REGIONS: ReadonlySet<number> = new Set([4, 6, 7]);
export const JBIG2_REFINEMENT_REGIONS: ReadonlySet<number> = new Set([40, 42, 43]);
const HALFTONE_REGIONS = new Set([20, 22, 23]);
const GENERIC_REGIONS = new Set([36, 38, 39]);
const PATTERN_DICTIONARY = 16;
const PAGE_INFORMATION = 48;
const TABLES = 53;
const IMMEDIATE_GENERIC_REGION = 38;
const FILE_HEADER = [0x97, 0x4a, 0x42, 0x32, 0x0d, 0x0a, 0x1a, 0x0a];
/** the 17-byte region segment information field (§7.4.1) starts the data of every region segment */
const REGION_INFO_BYTES = 17;
/** page height of a striped page whose end is not yet known (§7.4.8.2) */
const UNKNOWN_HEIGHT = 0xffffffff;
// The MAX_PLAUSIBLE_* values are detection thresholds, not budgets: a value above one is an anomaly.
/** no real page association comes near this: a PDF image is page 1 (§7.4.7) */
const MAX_PLAUSIBLE_PAGE = 0xffff;
/** pixels of one region or page bitmap: 2^31 is a 256 MiB bitmap, a 1.2 m square page at 1200 dpi is ~2^31 */
const MAX_PLAUSIBLE_PIXELS = 2 ** 31;
/** symbols of one dictionary or instances of one text region: a whole scanned book stays far below */
const MAX_PLAUSIBLE_SYMBOLS = 2 ** 20;
/** refinement regions in one image: encoders use a few per page; FORCEDENTRY used ~70,000 as logic gates */
const MAX_PLAUSIBLE_REFINEMENTS = 1_000;

export type Jbig2AnomalyCode =
  | "reserved-segment-type"
  | "segment-length-overrun"
  | "unknown-data-length"
  | "page-association-impossible"
  | "referred-count-invalid"
  | "referred-segment-unknown"
  | "referred-segment-forward"
  | "referred-segment-wrong-type"
  | "symbol-count-overflow"
  | "symbol-export-impossible"
  | "symbol-count-absurd"
  | "instance-count-absurd"
  | "region-outside-page"
  | "region-size-overflow"
  | "pattern-dictionary-overflow"
  | "refinement-segments-absurd";

export interface Jbig2Anomaly {
  code: Jbig2AnomalyCode;
  offset: number;
  message: string;
  /** CVE whose exploit relies on this kind of value, when one is documented */
  cve?: "CVE-2009-0658" | "CVE-2021-30860";
}

/** Region segment information field (§7.4.1). */
export interface Jbig2Region {
  width: number;
  height: number;
  x: number;
  y: number;
}

export interface Jbig2Segment {
  number: number;
  type: number;
  page: number;
  referredTo: number[];
  dataLength: number;
  dataOffset: number;
  headerOffset: number;
  /** region segments: where and how large */
  region?: Jbig2Region;
  /** symbol dictionaries: SDNUMEXSYMS and SDNUMNEWSYMS (§7.4.2.1.5-6) */
  exportedSymbols?: number;
  newSymbols?: number;
  /** text regions: SBNUMINSTANCES (§7.4.3.1.4) */
  instances?: number;
  /** pattern dictionaries: GRAYMAX and the pattern width HDPW (§7.4.4.1) */
  grayMax?: number;
  patternWidth?: number;
}

export interface Jbig2Facts {
  segments: Jbig2Segment[];
  anomalies: Jbig2Anomaly[];
  /** segment count by type */
  typeCounts: Record<number, number>;
  /** page information (type 48) of the image, when present */
  page?: { width: number; height: number };
  /** MAX_JBIG2_SEGMENTS reached */
  truncated: boolean;
}

interface SegmentTable {
  byNumber: Map<number, Jbig2Segment>;
  /** exported symbol count of each symbol dictionary */
  exported: Map<number, number>;
  page?: { width: number; height: number };
}

/**
 * Reads the segments of an embedded-organization JBIG2 stream (a file header, not allowed in PDF, is
 * skipped). `globals` are the segments of /JBIG2Globals, which the stream may refer to; "unavailable"
 * when the globals exist but could not be read (references into them are then not judged).
 */
export function parseJbig2(data: Uint8Array, maxSegments: number, globals?: Jbig2Facts | "unavailable"): Jbig2Facts {
  const globalsKnown = globals !== "unavailable";
  const known = globals === "unavailable" ? undefined : globals;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const segments: Jbig2Segment[] = [];
  const anomalies: Jbig2Anomaly[] = [];
  const table: SegmentTable = { byNumber: new Map(), exported: new Map() };
  for (const s of known?.segments ?? []) {
    table.byNumber.set(s.number, s);
    if (s.exportedSymbols !== undefined)
      table.exported.set(s.number, Math.min(s.exportedSymbols, symbolInputs(s, table) + (s.newSymbols ?? 0)));
  }
  let p = 0;
  if (FILE_HEADER.every((b, i) => data[i] === b)) {
    // T.88 D.4.2: flags, then a page count unless bit 1 says "unknown"; random-access organization is not parsed
    const flags = data[8];
    p = 9 + ((flags & 2) === 0 ? 4 : 0);
    if ((flags & 1) === 0) return finish(segments, anomalies, table, false);
  }
  let truncated = false;
  while (p + 11 <= data.length) {
    if (segments.length >= maxSegments) {
      truncated = true;
      break;
    }
    const headerOffset = p;
    const number = dv.getUint32(p);
    const flags = data[p + 4];
    const type = flags & 0x3f;
    const longPage = (flags & 0x40) !== 0;
    let count = data[p + 5] >> 5;
    p += 6;
    if (count === 7) {
      // long form (§7.2.4): 29-bit count, then one retention bit per referred segment plus one
      count = dv.getUint32(p - 1) & 0x1fffffff;
      p += 3 + Math.ceil((count + 1) / 8);
    } else if (count === 5 || count === 6) {
      anomalies.push({
        code: "referred-count-invalid",
        offset: headerOffset,
        message: `segment ${number}: referred-to count ${count} (values 5 and 6 are not allowed)`,
        cve: "CVE-2009-0658",
      });
      break;
    }
    const refSize = number <= 256 ? 1 : number <= 65536 ? 2 : 4;
    if (p + count * refSize + (longPage ? 4 : 1) + 4 > data.length) {
      anomalies.push({
        code: "segment-length-overrun",
        offset: headerOffset,
        message: `segment ${number}: header declares ${count} referred-to segments, more than the stream holds`,
        cve: "CVE-2009-0658",
      });
      break;
    }
    const referredTo: number[] = [];
    for (let i = 0; i < count; i++, p += refSize)
      referredTo.push(refSize === 1 ? data[p] : refSize === 2 ? dv.getUint16(p) : dv.getUint32(p));
    const page = longPage ? dv.getUint32(p) : data[p];
    p += longPage ? 4 : 1;
    const dataLength = dv.getUint32(p);
    p += 4;
    const seg: Jbig2Segment = { number, type, page, referredTo, dataLength, dataOffset: p, headerOffset };
    segments.push(seg);
    checkReferences(seg, table, anomalies, globalsKnown);
    if (dataLength === 0xffffffff) {
      // only an immediate generic region may leave its length open (§7.2.7); its end needs decoding
      if (type !== IMMEDIATE_GENERIC_REGION)
        anomalies.push({
          code: "unknown-data-length",
          offset: headerOffset,
          message: `segment ${number} (type ${type}): data length 0xffffffff`,
          cve: "CVE-2009-0658",
        });
      readFields(seg, dv, data.length, table, anomalies);
      break;
    }
    if (p + dataLength > data.length) {
      anomalies.push({
        code: "segment-length-overrun",
        offset: headerOffset,
        message: `segment ${number} (type ${type}): data length ${dataLength} with ${data.length - p} bytes left`,
        cve: "CVE-2009-0658",
      });
      break;
    }
    readFields(seg, dv, p + dataLength, table, anomalies);
    table.byNumber.set(number, seg);
    p += dataLength;
  }
  return finish(segments, anomalies, table, truncated);
}

function finish(
  segments: Jbig2Segment[],
  anomalies: Jbig2Anomaly[],
  table: SegmentTable,
  truncated: boolean,
): Jbig2Facts {
  const typeCounts: Record<number, number> = {};
  for (const s of segments) typeCounts[s.type] = (typeCounts[s.type] ?? 0) + 1;
  const refinements = segments.filter((s) => JBIG2_REFINEMENT_REGIONS.has(s.type)).length;
  if (refinements > MAX_PLAUSIBLE_REFINEMENTS) {
    anomalies.push({
      code: "refinement-segments-absurd",
      offset: 0,
      message: `${refinements} refinement region segments in one image`,
      cve: "CVE-2021-30860",
    });
  }
  return { segments, anomalies, typeCounts, page: table.page, truncated };
}

function checkReferences(
  seg: Jbig2Segment,
  table: SegmentTable,
  anomalies: Jbig2Anomaly[],
  globalsKnown: boolean,
): void {
  const at = seg.headerOffset;
  if (!SEGMENT_TYPES.has(seg.type))
    anomalies.push({
      code: "reserved-segment-type",
      offset: at,
      message: `segment ${seg.number}: reserved segment type ${seg.type}`,
      cve: "CVE-2009-0658",
    });
  if (seg.page > MAX_PLAUSIBLE_PAGE)
    anomalies.push({
      code: "page-association-impossible",
      offset: at,
      message: `segment ${seg.number}: page association ${seg.page} (0x${seg.page.toString(16)})`,
      cve: "CVE-2009-0658",
    });
  for (const r of seg.referredTo) {
    if (r >= seg.number)
      anomalies.push({
        code: "referred-segment-forward",
        offset: at,
        message: `segment ${seg.number} refers to later segment ${r}`,
        cve: "CVE-2021-30860",
      });
    const target = table.byNumber.get(r);
    if (!target) {
      if (r < seg.number && globalsKnown)
        anomalies.push({
          code: "referred-segment-unknown",
          offset: at,
          message: `segment ${seg.number} refers to undefined segment ${r}`,
          cve: "CVE-2021-30860",
        });
      continue;
    }
    if (!allowedReference(seg.type, target.type)) {
      anomalies.push({
        code: "referred-segment-wrong-type",
        offset: at,
        message: `segment ${seg.number} (type ${seg.type}) refers to segment ${r} of type ${target.type}`,
        cve: "CVE-2021-30860",
      });
    }
  }
  if (JBIG2_REFINEMENT_REGIONS.has(seg.type) && seg.referredTo.length > 1) {
    anomalies.push({
      code: "referred-segment-wrong-type",
      offset: at,
      message: `refinement segment ${seg.number} refers to ${seg.referredTo.length} segments (at most 1)`,
      cve: "CVE-2021-30860",
    });
  }
}

/** Which segment types may refer to which (T.88 §7.3: text regions use symbol dictionaries and tables, ...). */
function allowedReference(from: number, to: number): boolean {
  if (from === JBIG2_SYMBOL_DICTIONARY || JBIG2_TEXT_REGIONS.has(from))
    return to === JBIG2_SYMBOL_DICTIONARY || to === TABLES;
  if (HALFTONE_REGIONS.has(from)) return to === PATTERN_DICTIONARY;
  if (JBIG2_REFINEMENT_REGIONS.has(from)) return to === 36 || to === 4 || to === 20 || to === 40; // intermediate regions
  return true;
}

/** symbols a segment receives from the dictionaries it refers to (§7.4.3.1.7 SBNUMSYMS) */
function symbolInputs(seg: Jbig2Segment, table: SegmentTable): number {
  return seg.referredTo.reduce((n, r) => n + (table.exported.get(r) ?? 0), 0);
}

/** The fixed fields at the start of a segment's data, each checked against what the decoder allocates from it. */
function readFields(
  seg: Jbig2Segment,
  dv: DataView,
  end: number,
  table: SegmentTable,
  anomalies: Jbig2Anomaly[],
): void {
  const at = seg.dataOffset;
  const has = (n: number) => at + n <= Math.min(end, dv.byteLength);
  if (seg.type === PAGE_INFORMATION && has(8)) {
    table.page = { width: dv.getUint32(at), height: dv.getUint32(at + 4) };
    const { width, height } = table.page;
    if (height !== UNKNOWN_HEIGHT && width * height > MAX_PLAUSIBLE_PIXELS)
      anomalies.push({
        code: "region-size-overflow",
        offset: seg.headerOffset,
        message: `page information ${seg.number}: ${width}x${height} pixels`,
      });
    return;
  }
  if (seg.type === JBIG2_SYMBOL_DICTIONARY) return readSymbolDictionary(seg, dv, end, table, anomalies);
  if (seg.type === PATTERN_DICTIONARY && has(7)) {
    seg.patternWidth = dv.getUint8(at + 1);
    seg.grayMax = dv.getUint32(at + 3);
    // the collective bitmap is (GRAYMAX + 1) x HDPW pixels wide (§6.7.5): 32-bit decoders overflow
    if ((seg.grayMax + 1) * seg.patternWidth > MAX_PLAUSIBLE_PIXELS || seg.grayMax === 0xffffffff) {
      anomalies.push({
        code: "pattern-dictionary-overflow",
        offset: seg.headerOffset,
        message: `pattern dictionary ${seg.number}: GRAYMAX ${seg.grayMax} with patterns ${seg.patternWidth} pixels wide`,
      });
    }
    return;
  }
  const isRegion =
    JBIG2_TEXT_REGIONS.has(seg.type) ||
    HALFTONE_REGIONS.has(seg.type) ||
    GENERIC_REGIONS.has(seg.type) ||
    JBIG2_REFINEMENT_REGIONS.has(seg.type);
  if (!isRegion || !has(REGION_INFO_BYTES)) return;
  seg.region = {
    width: dv.getUint32(at),
    height: dv.getUint32(at + 4),
    x: dv.getUint32(at + 8),
    y: dv.getUint32(at + 12),
  };
  checkRegion(seg, seg.region, table.page, anomalies);
  if (JBIG2_TEXT_REGIONS.has(seg.type)) readTextRegion(seg, dv, end, table, anomalies);
}

function checkRegion(seg: Jbig2Segment, r: Jbig2Region, page: SegmentTable["page"], anomalies: Jbig2Anomaly[]): void {
  if (r.width * r.height > MAX_PLAUSIBLE_PIXELS) {
    anomalies.push({
      code: "region-size-overflow",
      offset: seg.headerOffset,
      message: `region segment ${seg.number} (type ${seg.type}): ${r.width}x${r.height} pixels`,
    });
    return;
  }
  // intermediate regions (refinement sources) have no page position to check
  if (!page || (seg.type & 3) === 0) return;
  // decoders clip a region that overhangs the page edge, so encoders that round widths up go unnoticed:
  // only a region that starts off the page or reaches past twice its size is beyond what any encoder writes
  const beyondX = r.x >= page.width || r.x + r.width > 2 * page.width;
  const beyondY = page.height !== UNKNOWN_HEIGHT && (r.y >= page.height || r.y + r.height > 2 * page.height);
  // a striped page grows as regions arrive; only a position past 2^31 is beyond any page then
  const absurdY = page.height === UNKNOWN_HEIGHT && r.y + r.height > MAX_PLAUSIBLE_PIXELS;
  if (beyondX || beyondY || absurdY) {
    anomalies.push({
      code: "region-outside-page",
      offset: seg.headerOffset,
      message: `region segment ${seg.number} (type ${seg.type}): ${r.width}x${r.height} at (${r.x},${r.y}) on a ${page.width}x${page.height === UNKNOWN_HEIGHT ? "striped" : page.height} page`,
    });
  }
}

/** SDNUMEXSYMS is chosen among input and new symbols (§7.4.2.1.5-6); more is an impossible export. */
function readSymbolDictionary(
  seg: Jbig2Segment,
  dv: DataView,
  end: number,
  table: SegmentTable,
  anomalies: Jbig2Anomaly[],
): void {
  const known = seg.referredTo.every(
    (r) => table.byNumber.has(r) && (table.byNumber.get(r)!.type !== JBIG2_SYMBOL_DICTIONARY || table.exported.has(r)),
  );
  if (seg.dataOffset + 2 > Math.min(end, dv.byteLength)) return;
  const flags = dv.getUint16(seg.dataOffset);
  const huffman = (flags & 1) !== 0;
  const refAgg = (flags & 2) !== 0;
  const template = (flags >> 10) & 3;
  const refTemplate = (flags >> 12) & 1;
  const at = seg.dataOffset + 2 + (huffman ? 0 : template === 0 ? 8 : 2) + (refAgg && refTemplate === 0 ? 4 : 0);
  if (at + 8 > Math.min(end, dv.byteLength)) return;
  seg.exportedSymbols = dv.getUint32(at);
  seg.newSymbols = dv.getUint32(at + 4);
  if (seg.newSymbols > MAX_PLAUSIBLE_SYMBOLS) {
    anomalies.push({
      code: "symbol-count-absurd",
      offset: seg.headerOffset,
      message: `symbol dictionary ${seg.number} declares ${seg.newSymbols} new symbols`,
      cve: "CVE-2021-30860",
    });
  }
  // a dictionary that is missing or unreadable exports an unknown number of symbols
  if (!known) return;
  const inputs = symbolInputs(seg, table);
  if (seg.exportedSymbols > inputs + seg.newSymbols) {
    anomalies.push({
      code: "symbol-export-impossible",
      offset: seg.headerOffset,
      message: `${seg.page === 0 ? "global " : ""}symbol dictionary ${seg.number} exports ${seg.exportedSymbols} symbols from ${inputs} input + ${seg.newSymbols} new`,
      cve: "CVE-2021-30860",
    });
  }
  table.exported.set(seg.number, Math.min(seg.exportedSymbols, inputs + seg.newSymbols));
}

/** SBNUMSYMS (the sum over referred dictionaries) must fit 32 bits; SBNUMINSTANCES follows the flags (§7.4.3.1). */
function readTextRegion(
  seg: Jbig2Segment,
  dv: DataView,
  end: number,
  table: SegmentTable,
  anomalies: Jbig2Anomaly[],
): void {
  const known = seg.referredTo.every(
    (r) => table.byNumber.has(r) && (table.byNumber.get(r)!.type !== JBIG2_SYMBOL_DICTIONARY || table.exported.has(r)),
  );
  const inputs = symbolInputs(seg, table);
  if (known && inputs > 0xffffffff) {
    anomalies.push({
      code: "symbol-count-overflow",
      offset: seg.headerOffset,
      message: `text region ${seg.number}: referred dictionaries export ${inputs} symbols, more than 2^32`,
      cve: "CVE-2021-30860",
    });
  }
  let at = seg.dataOffset + REGION_INFO_BYTES;
  const limit = Math.min(end, dv.byteLength);
  if (at + 2 > limit) return;
  const flags = dv.getUint16(at);
  at += 2;
  if (flags & 1) at += 2; // SBHUFF: Huffman flags
  if (flags & 2 && (flags & 0x8000) === 0) at += 4; // SBREFINE with SBRTEMPLATE 0: refinement AT pixels
  if (at + 4 > limit) return;
  seg.instances = dv.getUint32(at);
  if (seg.instances > MAX_PLAUSIBLE_SYMBOLS && seg.region && seg.instances > seg.region.width * seg.region.height) {
    anomalies.push({
      code: "instance-count-absurd",
      offset: seg.headerOffset,
      message: `text region ${seg.number}: ${seg.instances} symbol instances in a ${seg.region.width}x${seg.region.height} region`,
      cve: "CVE-2021-30860",
    });
  }
}
