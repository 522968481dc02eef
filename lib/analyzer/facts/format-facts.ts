// The embedded formats whose parsers were exploited, parsed once per document from decoded stream
// bytes (lib/analyzer/facts/formats: pure, bounded by lib/limits.ts). The exploit rules and the
// feature extraction read these facts; neither decodes a stream itself.
import type { BudgetName, Limits } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, refString } from "../../pdf/objects";
import { filterNamesOf } from "../../pdf/filters";
import type { FontProgramFact } from "./fonts";
import { base64BmpsInXml, parseBmpRle, type BmpRleReport } from "./formats/bmp-rle";
import { parseJbig2, type Jbig2Anomaly, type Jbig2Facts } from "./formats/jbig2";
import { jpegHuffmanProblem, type JpegHuffmanProblem } from "./formats/jpeg";
import { parseSfnt, sfntTablesCut, type SfntFacts } from "./formats/sfnt";
import { parseSwf, type SwfFacts } from "./formats/swf";
import { base64TiffsInXml, parseTiff, type TiffFacts } from "./formats/tiff";
import { nonNumericMatrixTokens, type1Cleartext, type1CleartextRunsOn } from "./formats/type1";
import { parsePrc, parseU3d, type U3dFacts } from "./formats/u3d";
import type { SwfStreamFact } from "./stream-heads";

export interface Jbig2StreamFact {
  objectRef: string;
  /** /JBIG2Globals: none, read, or named but unreadable (dangling, encrypted, undecodable) */
  globals: "none" | "read" | "unavailable";
  /** anomalies of the globals stream, judged with the image that uses it */
  globalAnomalies: Jbig2Anomaly[];
  image: Jbig2Facts;
}

export interface SwfMovieFact {
  objectRef: string;
  movie: SwfFacts;
}

export interface ThreeDStreamFact {
  objectRef: string;
  subtype: "U3D" | "PRC";
  /** decoded completely and in the clear: only then are the fields below read */
  readable: boolean;
  bytes: number;
  /** null: not a U3D stream (no file header block), or a PRC stream */
  u3d: U3dFacts | null;
  /** PRC header anomalies (empty for U3D) */
  prcAnomalies: string[];
}

export interface XfaImageFact {
  /** character offset of the base64 image in the XFA text */
  offset: number;
  format: "bmp" | "tiff";
  /** RLE BMPs only (other BMPs are not walked) */
  bmp?: BmpRleReport;
  tiff?: TiffFacts;
}

export interface FontFormatFact {
  objectRef: string;
  key: FontProgramFact["key"];
  /** Type 1 (/FontFile): /FontMatrix and /FontBBox tokens of the cleartext that are not numbers */
  type1NonNumeric?: { key: string; tokens: string[] }[];
  /** TrueType/OpenType programs (/FontFile2, /FontFile3) */
  sfnt?: SfntFacts;
}

/** A JPEG image (DCTDecode) whose Huffman tables no decoder accepts (formats/jpeg.ts). */
export interface DctHuffmanFact extends JpegHuffmanProblem {
  objectRef: string;
}

export interface FormatFacts {
  jbig2: Jbig2StreamFact[];
  dctHuffman: DctHuffmanFact[];
  swf: SwfMovieFact[];
  threeD: ThreeDStreamFact[];
  xfaImages: XfaImageFact[];
  fonts: FontFormatFact[];
}

export function collectFormatFacts(
  doc: PdfDocument,
  limits: Limits,
  from: {
    swfStreams: SwfStreamFact[];
    fontPrograms: FontProgramFact[];
    xfaText?: string;
    hasJbig2: boolean;
    hasDct: boolean;
  },
): FormatFacts {
  return {
    jbig2: from.hasJbig2 ? collectJbig2(doc, limits) : [],
    dctHuffman: from.hasDct ? collectDctHuffman(doc, limits) : [],
    swf: collectSwf(doc, limits, from.swfStreams),
    threeD: collectThreeD(doc, limits),
    xfaImages: from.xfaText ? collectXfaImages(from.xfaText, limits, doc.budgetHits) : [],
    fonts: collectFontFormats(doc, from.fontPrograms),
  };
}

/**
 * Base64 BMP and TIFF images of XFA/XDP XML (the form is text, so no stream decoding is involved). An
 * image whose base64 filled the bytes decoded for it was cut: a budget hit, recorded in `budgetHits`.
 */
export function collectXfaImages(xml: string, limits: Limits, budgetHits: Set<BudgetName>): XfaImageFact[] {
  const out: XfaImageFact[] = [];
  const budget = { limits, budgetHits };
  if (xml.includes("Qk")) {
    const maxBytes = limits.MAX_RLE_SCAN_BYTES + 4096;
    for (const { offset, bmp } of base64BmpsInXml(xml, maxBytes, budget)) {
      const r = parseBmpRle(bmp, limits.MAX_RLE_SCAN_BYTES);
      if (!r) continue;
      if (bmp.length >= maxBytes) budgetHits.add("MAX_RLE_SCAN_BYTES");
      out.push({ offset, format: "bmp", bmp: r });
    }
  }
  for (const { offset, tiff } of base64TiffsInXml(xml, limits.MAX_TIFF_BYTES, budget)) {
    const r = parseTiff(tiff, budget);
    if (!r) continue;
    if (tiff.length >= limits.MAX_TIFF_BYTES) budgetHits.add("MAX_TIFF_BYTES");
    out.push({ offset, format: "tiff", tiff: r });
  }
  return out;
}

function filterNames(doc: PdfDocument, stream: PdfStream): string[] {
  return filterNamesOf(stream.dict, (o) => doc.resolve(o));
}

/** The /DecodeParms of the filter at `filterIndex`. */
function parmsOf(doc: PdfDocument, stream: PdfStream, filterIndex: number) {
  const parms = doc.resolve(stream.dict.get("DecodeParms") ?? stream.dict.get("DP"));
  return Array.isArray(parms) ? doc.dict(parms[filterIndex]) : doc.dict(parms);
}

/** JPEG images whose Huffman tables over-fill their code space, read from the head of each DCTDecode stream. */
function collectDctHuffman(doc: PdfDocument, limits: Limits): DctHuffmanFact[] {
  const out: DctHuffmanFact[] = [];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const v = inst.value;
    if (!(v instanceof PdfStream)) continue;
    const names = filterNames(doc, v);
    // DCTDecode last: the filters before it are undone, the image stays encoded (a head is enough)
    if (names[names.length - 1] !== "DCTDecode" && names[names.length - 1] !== "DCT") continue;
    const head =
      names.length === 1
        ? doc.decodeHead(v, limits.JPEG_HEADER_BYTES)
        : doc.decode(v).data.subarray(0, limits.JPEG_HEADER_BYTES);
    const found = jpegHuffmanProblem(head, limits.MAX_JPEG_SEGMENTS);
    if (found === "unread") {
      if (head.length >= limits.JPEG_HEADER_BYTES) doc.budgetHits.add("JPEG_HEADER_BYTES");
      continue;
    }
    if (found) out.push({ objectRef: refString(num, inst.gen), ...found });
  }
  return out;
}

function collectJbig2(doc: PdfDocument, limits: Limits): Jbig2StreamFact[] {
  const out: Jbig2StreamFact[] = [];
  const globalsCache = new Map<PdfStream, Jbig2Facts | "unavailable">();
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const v = inst.value;
    if (!(v instanceof PdfStream)) continue;
    const at = filterNames(doc, v).indexOf("JBIG2Decode");
    if (at < 0) continue;
    // the filters before JBIG2Decode are decoded by the reader; JBIG2Decode itself stays encoded here
    const d = doc.decode(v);
    if (d.encrypted) continue;
    const parms = parmsOf(doc, v, at);
    const g = parms ? doc.resolve(parms.get("JBIG2Globals")) : undefined;
    let globals: Jbig2Facts | "unavailable" | undefined;
    if (g instanceof PdfStream) {
      if (!globalsCache.has(g)) {
        const gd = doc.decode(g);
        const parsed = gd.encrypted || !gd.complete ? "unavailable" : parseJbig2(gd.data, limits.MAX_JBIG2_SEGMENTS);
        if (parsed !== "unavailable" && parsed.truncated) doc.budgetHits.add("MAX_JBIG2_SEGMENTS");
        globalsCache.set(g, parsed);
      }
      globals = globalsCache.get(g);
    } else if (parms?.has("JBIG2Globals")) globals = "unavailable";
    const image = parseJbig2(d.data, limits.MAX_JBIG2_SEGMENTS, globals);
    if (image.truncated) doc.budgetHits.add("MAX_JBIG2_SEGMENTS");
    out.push({
      objectRef: refString(num, inst.gen),
      globals: globals === undefined ? "none" : globals === "unavailable" ? "unavailable" : "read",
      globalAnomalies: typeof globals === "object" ? globals.anomalies : [],
      image,
    });
  }
  return out;
}

function collectSwf(doc: PdfDocument, limits: Limits, streams: SwfStreamFact[]): SwfMovieFact[] {
  const out: SwfMovieFact[] = [];
  for (const s of streams) {
    const d = doc.decode(s.stream);
    const movie = d.encrypted ? null : parseSwf(d.data, limits.MAX_DECODED_BYTES_PER_STREAM);
    if (movie) out.push({ objectRef: s.objectRef, movie });
  }
  return out;
}

function collectThreeD(doc: PdfDocument, limits: Limits): ThreeDStreamFact[] {
  const out: ThreeDStreamFact[] = [];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const v = inst.value;
    if (!(v instanceof PdfStream)) continue;
    const sub = v.dict.get("Subtype");
    if (!(sub instanceof PdfName) || (sub.name !== "U3D" && sub.name !== "PRC")) continue;
    const d = doc.decode(v);
    // an undecodable or truncated stream says nothing about its own header fields
    const readable = !d.encrypted && d.complete && d.data.length > 0;
    const u3d = readable && sub.name === "U3D" ? parseU3d(d.data, limits.MAX_U3D_BLOCKS, doc) : null;
    if (u3d?.truncated) doc.budgetHits.add("MAX_U3D_BLOCKS");
    out.push({
      objectRef: refString(num, inst.gen),
      subtype: sub.name,
      readable,
      bytes: d.data.length,
      u3d,
      prcAnomalies: readable && sub.name === "PRC" ? parsePrc(d.data) : [],
    });
  }
  return out;
}

/** sfnt version tags: TrueType, CFF OpenType, Apple TrueType, Type 1 in sfnt */
const SFNT_VERSIONS = new Set(["\x00\x01\x00\x00", "OTTO", "true", "typ1"]);

/** 0x80 0x01 and a 4-byte segment length in front of a PFB program's cleartext */
const PFB_HEADER_BYTES = 6;
/**
 * An sfnt table directory (12 bytes + 16 per table) fits here for any real font. A first read, not a
 * budget: a directory that does not fit has the whole program decoded.
 */
const SFNT_HEAD_BYTES = 4 * 1024;

/**
 * Font programs are most of the stream bytes of many documents: only the part each check reads is
 * decoded (the Type 1 cleartext, the sfnt table directory); a font is decoded in full only when its
 * directory lists a SING table (CVE-2010-2883) or does not fit the head.
 */
function collectFontFormats(doc: PdfDocument, programs: FontProgramFact[]): FontFormatFact[] {
  return programs.map((f) => fontProgramFormat(doc, f)).filter((f): f is FontFormatFact => f !== null);
}

/** The format facts of one font program; null when it is encrypted without the key. */
export function fontProgramFormat(doc: PdfDocument, f: FontProgramFact): FontFormatFact | null {
  const type1 = f.key === "FontFile";
  const len1 = type1 ? doc.resolve(f.stream.dict.get("Length1")) : undefined;
  const length1 = typeof len1 === "number" && len1 > 0 ? len1 : undefined;
  // the cleartext ends at /Length1: decode that much, not the encrypted part behind it; a PFB
  // segment header states its own length, which /Length1 may understate. A chain of filters
  // ([/FlateDecode /ASCIIHexDecode]) is decoded whole, once: a head through a chain costs about as
  // much (each filter decodes its input up to the cap), and the sfnt check may need it all anyway
  const chained = filterNames(doc, f.stream).length > 1;
  const headOf = (n: number) => (chained ? wholeHead(doc, f.stream, n) : doc.decodeHead(f.stream, n));
  // a Type 1 program's cleartext part (up to eexec) is read from at most MAX_TYPE1_CLEARTEXT_BYTES
  const { MAX_TYPE1_CLEARTEXT_BYTES: maxClear, MAX_SFNT_TABLES: maxTables } = doc.limits;
  let head = headOf(type1 ? Math.min(maxClear, (length1 ?? maxClear) + PFB_HEADER_BYTES) : SFNT_HEAD_BYTES);
  if (type1 && length1 !== undefined && head[0] === 0x80 && head[1] === 0x01) head = headOf(maxClear);
  if (head.length === 0 && doc.encrypted) return null;
  const fact: FontFormatFact = { objectRef: f.objectRef, key: f.key };
  if (type1) {
    fact.type1NonNumeric = nonNumericMatrixTokens(type1Cleartext(head, length1, maxClear));
    if (head.length >= maxClear && type1CleartextRunsOn(head, length1)) doc.budgetHits.add("MAX_TYPE1_CLEARTEXT_BYTES");
  }
  // CoolType reads any program with an sfnt header as TrueType/OpenType, whatever the key
  if (!type1 || SFNT_VERSIONS.has(Buffer.from(head.subarray(0, 4)).toString("latin1"))) {
    const directory = parseSfnt(head, maxTables);
    const fits =
      head.length >= 12 &&
      12 + 16 * new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(4) <= head.length;
    const full = !fits || directory?.tables.includes("SING") ? doc.decode(f.stream) : null;
    const whole = full && !full.encrypted ? full.data : null;
    fact.sfnt = (whole ? parseSfnt(whole, maxTables) : directory) ?? undefined;
    if (sfntTablesCut(whole ?? head, maxTables)) doc.budgetHits.add("MAX_SFNT_TABLES");
  }
  return fact;
}

/** The first `n` bytes of a stream decoded whole (cached by the document); none when encrypted without the key. */
function wholeHead(doc: PdfDocument, stream: PdfStream, n: number): Uint8Array {
  const d = doc.decode(stream);
  return d.encrypted ? new Uint8Array(0) : d.data.subarray(0, n);
}
