// The filter chain (ISO 32000 §7.3.8.2 /Filter and /DecodeParms, §7.4): decodes a stream's data
// through each filter in turn. Like pdf.js parser.js filter/makeFilter, one factory switch accepts
// full and abbreviated names; unlike it, problems come back as issues instead of exceptions.
// Unknown filter: stop, keep the data undecoded from there. Decoder error: keep its partial output and
// go on (a wrong checksum still yields the whole payload). Image codecs are recognised and left encoded.
import type { AnomalyCode } from "../anomaly";
import { PdfDict, PdfName, PdfRef, type PdfObject } from "../objects";
import { decodeAsciiHex } from "./ascii-hex";
import { decodeAscii85 } from "./ascii85";
import type { FilterResult } from "./filter-result";
import { decodeFlate, type KnownInflate } from "./flate";
import { decodeLzw } from "./lzw";
import { decodePredictor, DEFAULT_PREDICTOR_PARAMS, type PredictorParams } from "./predictor";
import { decodeRunLength } from "./run-length";

export { decodeAsciiHex, decodeAscii85, decodeFlate, decodeLzw, decodePredictor, decodeRunLength };
export { MAX_DEFLATE_RATIO, inflateOrError, inflateSalvaging } from "./flate";
export type { KnownInflate };
export type { FilterResult, PredictorParams };

export interface StreamDecodeOptions {
  /** cap on the bytes produced for one stream (Limits.MAX_DECODED_BYTES_PER_STREAM) */
  maxOutputBytes: number;
  /** cap on the filters applied to one stream (Limits.MAX_FILTER_CHAIN) */
  maxFilterChain: number;
  /** resolves an indirect reference; without it a reference counts as missing */
  resolve?: (o: PdfObject) => PdfObject | undefined;
  /**
   * For a stream whose first filter is FlateDecode: what inflating its input established before
   * (flate.ts KnownInflate), used instead of inflating it again.
   */
  knownInflate?: KnownInflate;
  /**
   * The data was decrypted by the security handler, which applies a stream's own first /Crypt filter
   * (§7.4.10, document.ts streamMethod): that step passes the data on, whatever filter it names.
   */
  cryptApplied?: boolean;
}

export interface FilterIssue {
  code: AnomalyCode;
  message: string;
}

export interface StreamDecodeResult {
  /** the data after every filter that could be applied; never longer than maxOutputBytes */
  data: Uint8Array;
  /** the /Filter names in order, normalised to full names (`Fl` -> `FlateDecode`) */
  filters: string[];
  /** every filter before any image filter decoded without error, cut or stop */
  complete: boolean;
  /** an image codec (DCTDecode, JPXDecode, CCITTFaxDecode, JBIG2Decode) left encoded: `data` is its input */
  imageFilter?: string;
  issues: FilterIssue[];
  /** output was cut at maxOutputBytes */
  budgetHit: boolean;
  /**
   * When cut: decoded bytes per encoded byte over the whole filter chain, from the input each filter
   * actually used (a decompression bomb expands ~1000x per Flate layer; text and images far less).
   */
  expansion?: number;
}

/**
 * Every accepted spelling -> full name: the standard filters (§7.4.1 Table 6) and the inline-image
 * abbreviations (§8.9.7), which readers accept in any stream.
 */
export const FILTER_NAMES: ReadonlyMap<string, string> = new Map([
  ["ASCIIHexDecode", "ASCIIHexDecode"],
  ["AHx", "ASCIIHexDecode"],
  ["ASCII85Decode", "ASCII85Decode"],
  ["A85", "ASCII85Decode"],
  ["LZWDecode", "LZWDecode"],
  ["LZW", "LZWDecode"],
  ["FlateDecode", "FlateDecode"],
  ["Fl", "FlateDecode"],
  ["RunLengthDecode", "RunLengthDecode"],
  ["RL", "RunLengthDecode"],
  ["CCITTFaxDecode", "CCITTFaxDecode"],
  ["CCF", "CCITTFaxDecode"],
  ["DCTDecode", "DCTDecode"],
  ["DCT", "DCTDecode"],
  ["JBIG2Decode", "JBIG2Decode"],
  ["JPXDecode", "JPXDecode"],
  ["Crypt", "Crypt"],
]);

/** Image codecs: recognised, not decoded here (their output is pixels, of no use to analysis). */
export const IMAGE_FILTERS: ReadonlySet<string> = new Set(["DCTDecode", "JPXDecode", "CCITTFaxDecode", "JBIG2Decode"]);

export function normaliseFilterName(name: string): string {
  return FILTER_NAMES.get(name) ?? name;
}

type Step = { kind: "decoded"; result: FilterResult } | { kind: "image" } | { kind: "unknown"; message: string };

/** The factory switch: one decoder per full filter name. */
function applyFilter(
  name: string,
  data: Uint8Array,
  parms: PdfDict | undefined,
  maxOut: number,
  deref: Deref,
  known?: KnownInflate,
): Step {
  switch (name) {
    case "ASCIIHexDecode":
      return { kind: "decoded", result: decodeAsciiHex(data, maxOut) };
    case "ASCII85Decode":
      return { kind: "decoded", result: decodeAscii85(data, maxOut) };
    case "RunLengthDecode":
      return { kind: "decoded", result: decodeRunLength(data, maxOut) };
    case "FlateDecode":
      return { kind: "decoded", result: withPredictor(decodeFlate(data, maxOut, known), parms, deref) };
    case "LZWDecode": {
      const early = numberParam(parms, "EarlyChange", 1, deref);
      return { kind: "decoded", result: withPredictor(decodeLzw(data, maxOut, early), parms, deref) };
    }
    case "Crypt": {
      // §7.4.10: /Name defaults to /Identity, which passes data through; a named crypt filter belongs
      // to the security handler, which is not applied here
      const cf = parms ? deref(parms.get("Name")) : undefined;
      if (cf === undefined || cf === null || (cf instanceof PdfName && cf.name === "Identity")) {
        return { kind: "decoded", result: { data, truncated: false } };
      }
      return { kind: "unknown", message: `Crypt filter ${String(cf)} is not applied here; data left encrypted` };
    }
    default:
      if (IMAGE_FILTERS.has(name)) return { kind: "image" };
      return { kind: "unknown", message: `unknown filter /${name}; data left encoded from here` };
  }
}

export function decodeStreamData(raw: Uint8Array, dict: PdfDict, opts: StreamDecodeOptions): StreamDecodeResult {
  const deref: Deref = (o) => (o instanceof PdfRef ? (opts.resolve?.(o) ?? undefined) : o);
  const issues: FilterIssue[] = [];
  const max = Math.max(0, opts.maxOutputBytes);
  let data = raw;
  let complete = true;
  let budgetHit = false;
  let imageFilter: string | undefined;
  let expansion = 1;

  const { names, parms, problem } = readFilterList(dict, deref);
  const filters = names.map(normaliseFilterName);
  if (problem) {
    issues.push({ code: "filter-unknown", message: problem });
    complete = false;
  }
  if (filters.length > opts.maxFilterChain) {
    issues.push({
      code: "filter-chain-too-long",
      message: `${filters.length} filters; only the first ${opts.maxFilterChain} applied`,
    });
    complete = false;
  }
  const steps = Math.min(filters.length, Math.max(0, opts.maxFilterChain));
  for (let i = 0; i < steps; i++) {
    const name = filters[i];
    if (i === 0 && name === "Crypt" && opts.cryptApplied) continue;
    const step = applyFilter(name, data, parms[i], max, deref, i === 0 ? opts.knownInflate : undefined);
    if (step.kind === "image") {
      imageFilter = name;
      break;
    }
    if (step.kind === "unknown") {
      issues.push({ code: "filter-unknown", message: step.message });
      complete = false;
      break;
    }
    const { result } = step;
    expansion *= result.data.length / Math.max(1, result.inputUsed ?? data.length);
    data = result.data;
    if (result.error !== undefined) {
      issues.push({ code: "filter-error", message: `${name}: ${result.error}` });
      complete = false;
    }
    if (result.truncated) {
      issues.push({ code: "budget-exceeded", message: `${name}: output cut at ${max} bytes` });
      budgetHit = true;
      complete = false;
    }
  }
  if (data.length > max) {
    // undecoded or pass-through data obeys the same cap
    data = data.subarray(0, max);
    if (!budgetHit) issues.push({ code: "budget-exceeded", message: `stream data cut at ${max} bytes` });
    budgetHit = true;
    complete = false;
  }
  const result: StreamDecodeResult = { data, filters, complete, issues, budgetHit };
  if (imageFilter !== undefined) result.imageFilter = imageFilter;
  if (budgetHit) result.expansion = Math.round(expansion);
  return result;
}

type Deref = (o: PdfObject | undefined) => PdfObject | undefined;

/**
 * /Filter (name or array) and /DecodeParms (dict, array with nulls, or absent), each possibly an
 * indirect reference; /F and /DP are the inline-image spellings (§8.9.7). /F is only taken as a filter
 * when it holds names, since in a stream dictionary it is the file specification (§7.3.8.2 Table 5).
 */
function readFilterList(
  dict: PdfDict,
  deref: Deref,
): { names: string[]; parms: (PdfDict | undefined)[]; problem?: string } {
  let filter = deref(dict.get("Filter"));
  if (filter === undefined && dict.has("Filter"))
    return { names: [], parms: [], problem: "/Filter is an unresolved reference" };
  if (filter === undefined && dict.has("F")) {
    const f = deref(dict.get("F"));
    if (f instanceof PdfName || (Array.isArray(f) && f.length > 0 && f.every((x) => deref(x) instanceof PdfName)))
      filter = f;
  }
  if (filter === undefined || filter === null) return { names: [], parms: [] };
  const entries = filter instanceof PdfName ? [filter] : Array.isArray(filter) ? filter : undefined;
  if (!entries) return { names: [], parms: [], problem: "/Filter is neither a name nor an array" };

  const names: string[] = [];
  let problem: string | undefined;
  for (const [i, e] of entries.entries()) {
    const n = deref(e);
    if (!(n instanceof PdfName)) {
      problem = `/Filter entry ${i} is not a name; filters from there are not applied`;
      break;
    }
    names.push(n.name);
  }

  const dp = deref(dict.has("DecodeParms") ? dict.get("DecodeParms") : dict.get("DP"));
  // a lone dictionary goes with the first filter, also when /Filter is (wrongly) an array
  const list = Array.isArray(dp) ? dp : [dp];
  const parms = names.map((_, i) => {
    const p = deref(list[i]);
    return p instanceof PdfDict ? p : undefined;
  });
  return problem === undefined ? { names, parms } : { names, parms, problem };
}

/** The filters decoding applies to a stream (readFilterList's names: /Filter, or /F holding names). */
export function filterNamesOf(dict: PdfDict, resolve: (o: PdfObject | undefined) => PdfObject | undefined): string[] {
  return readFilterList(dict, resolve).names;
}

/** Applies the /Predictor of §7.4.4.4 after Flate or LZW, keeping the decoder's error if any. */
function withPredictor(decoded: FilterResult, parms: PdfDict | undefined, deref: Deref): FilterResult {
  if (!parms) return decoded;
  const p: PredictorParams = {
    predictor: numberParam(parms, "Predictor", DEFAULT_PREDICTOR_PARAMS.predictor, deref),
    colors: numberParam(parms, "Colors", DEFAULT_PREDICTOR_PARAMS.colors, deref),
    bitsPerComponent: numberParam(parms, "BitsPerComponent", DEFAULT_PREDICTOR_PARAMS.bitsPerComponent, deref),
    columns: numberParam(parms, "Columns", DEFAULT_PREDICTOR_PARAMS.columns, deref),
  };
  if (p.predictor === 1) return decoded;
  const predicted = decodePredictor(decoded.data, p);
  const error = [decoded.error, predicted.error && `predictor: ${predicted.error}`].filter(Boolean).join("; ");
  return error
    ? { data: predicted.data, error, truncated: decoded.truncated }
    : { data: predicted.data, truncated: decoded.truncated };
}

function numberParam(parms: PdfDict | undefined, key: string, fallback: number, deref: Deref): number {
  const v = parms ? deref(parms.get(key)) : undefined;
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}
