// FlateDecode (ISO 32000 §7.4.4): a zlib stream (RFC 1950) of deflate data (RFC 1951).
// Hostile and damaged files are common, so this decodes as much as it can:
// - inflating with Z_SYNC_FLUSH makes a truncated stream yield everything decodable so far;
// - on a data error, a binary search finds the longest prefix that still inflates, which is the
//   output up to the damage (and the whole output when only the Adler-32 checksum is wrong);
// - a bad zlib header falls back to raw deflate, with and without the 2-byte header (writers emit both);
// - output is capped through zlib's maxOutputLength, so a bomb never allocates past the cap.
import zlib from "node:zlib";
import { compact, type FilterResult } from "./filter-result";

/** Inflate calls spent searching for the longest decodable prefix (exact for inputs up to 16 MiB). */
const MAX_INFLATE_ATTEMPTS = 24;
/** Small prefixes first (x4 from GALLOP_FIRST) on inputs up to GALLOP_MAX_INPUT: at most 7 + 16 attempts, still exact. */
const GALLOP_FIRST = 16;
const GALLOP_MAX_INPUT = 64 * 1024;
/**
 * Headroom over maxOut given to zlib. One more input byte yields at most ~2 KiB of output (eight
 * 258-byte matches), so a prefix that fits the headroom but not maxOut exists and the cut lands
 * exactly at maxOut; a larger headroom also lets the bomb search stop after fewer attempts.
 */
const headroomBytes = (maxOut: number): number => 64 * 1024 + Math.floor(maxOut / 16);

type Attempt = { ok: true; out: Buffer } | { ok: false; tooLarge: boolean; message: string };

interface Inflated {
  out: Buffer;
  error?: string;
  /** more output existed past the cap */
  tooLarge: boolean;
  /** when tooLarge: the input prefix that produced `out` */
  inputUsed?: number;
  /** the data failed inside the input: a longer input ends at the same damage, with the same `out` */
  damagedInside?: boolean;
}

/**
 * What an inflate of the same data done earlier established (document.ts decodeHead, which inflates
 * a head first for sniffing), so the same bytes are not inflated or searched twice:
 * - whole: all of `data` inflated (zlib, sync flush, no error, no output cap) to `out`;
 * - damaged: inflateSalvaging of a prefix of `data` stopped at damage inside that prefix
 *   (damagedInside) with output under its cap: the damage, the output before it and the message are
 *   the same for all of `data` (a longer input ends at the same damage).
 */
export type KnownInflate = { kind: "whole"; out: Uint8Array } | { kind: "damaged"; result: FilterResult };

export function decodeFlate(data: Uint8Array, maxOut: number, known?: KnownInflate): FilterResult {
  if (known?.kind === "damaged" && known.result.data.length <= maxOut) return { ...known.result };
  return inflateSalvaging(data, maxOut, known?.kind === "whole" ? known.out : undefined).result;
}

/** decodeFlate, and whether its output stopped at damage inside `data` (see Inflated.damagedInside). */
export function inflateSalvaging(
  data: Uint8Array,
  maxOut: number,
  inflated?: Uint8Array,
): { result: FilterResult; damagedInside: boolean } {
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (input.length === 0) return { result: { data: new Uint8Array(0), truncated: false }, damagedInside: false };
  const limit = maxOut + headroomBytes(maxOut);
  let best = hasZlibHeader(input) ? inflateLongestPrefix(input, false, limit, maxOut, inflated) : undefined;
  if (!best || (best.error !== undefined && best.out.length === 0)) {
    const why = best
      ? `zlib stream undecodable (${best.error})`
      : `invalid zlib header 0x${input.subarray(0, 2).toString("hex")}`;
    best = inflateRawFallback(input, limit, maxOut, why);
  }
  const { out, error, tooLarge, inputUsed, damagedInside } = best;
  const cut = compact(new Uint8Array(out.buffer, out.byteOffset, Math.min(out.length, maxOut)));
  const truncated = tooLarge || out.length > maxOut;
  const result: FilterResult = error === undefined ? { data: cut, truncated } : { data: cut, error, truncated };
  if (truncated && inputUsed !== undefined) result.inputUsed = inputUsed;
  return { result, damagedInside: damagedInside === true };
}

/** RFC 1950 §2.2: CM 8 (deflate), FCHECK makes the first two bytes a multiple of 31, no preset dictionary. */
function hasZlibHeader(b: Buffer): boolean {
  return (
    b.length >= 2 && (b[0] & 0x0f) === 8 && b[0] >> 4 <= 7 && ((b[0] << 8) | b[1]) % 31 === 0 && (b[1] & 0x20) === 0
  );
}

/** Raw deflate, as written and past a (damaged) 2-byte header; the longer output wins. */
function inflateRawFallback(input: Buffer, limit: number, maxOut: number, why: string): Inflated {
  let best: Inflated | undefined;
  // the winner stays the winner on a longer input only if every candidate stopped at damage
  let allDamaged = true;
  for (const candidate of [input, input.subarray(2)]) {
    const r = inflateLongestPrefix(candidate, true, limit, maxOut);
    allDamaged &&= r.damagedInside === true;
    if (!best || r.out.length > best.out.length) best = r;
    if (r.error === undefined && r.out.length > 0) break;
  }
  if (!best || best.out.length === 0)
    return { out: Buffer.alloc(0), error: why, tooLarge: false, damagedInside: allDamaged };
  return {
    ...best,
    damagedInside: allDamaged,
    error: best.error === undefined ? `${why}; inflated as raw deflate` : `${why}; raw deflate: ${best.error}`,
  };
}

/** Inflates the whole input, or failing that the longest prefix that inflates without error. */
function inflateLongestPrefix(
  input: Buffer,
  raw: boolean,
  limit: number,
  maxOut: number,
  inflated?: Uint8Array,
): Inflated {
  const whole = inflated ? wholeFrom(inflated, limit) : inflatePrefix(input, input.length, raw, limit);
  if (whole.ok) return { out: whole.out, tooLarge: false };
  // invariant: prefix `lo` inflates (the empty prefix trivially), prefix `hi` fails with `failure`
  let lo = 0;
  let loOut: Buffer = Buffer.alloc(0);
  let hi = input.length;
  let failure = whole;
  let attempt = 0;
  // Data that is not deflate at all fails in its first bytes, and a failing inflate costs several
  // successful small ones (zlib's error path): on a short input, small prefixes are tried first
  // (16, 64, 256... bytes) before bisecting. Either way the search ends at the same prefix.
  if (!failure.tooLarge && input.length <= GALLOP_MAX_INPUT) {
    for (let probe = GALLOP_FIRST; probe < hi; probe *= 4, attempt++) {
      const a = inflatePrefix(input, probe, raw, limit);
      if (!a.ok) {
        hi = probe;
        failure = a;
        break;
      }
      lo = probe;
      loOut = a.out;
      if (a.out.length > maxOut) return { out: loOut, error: failure.message, tooLarge: false, damagedInside: true };
    }
  }
  for (; attempt < MAX_INFLATE_ATTEMPTS && hi - lo > 1; attempt++) {
    const mid = failure.tooLarge ? nextBombPrefix(lo, loOut.length, hi, maxOut, limit) : lo + Math.floor((hi - lo) / 2);
    const a = inflatePrefix(input, mid, raw, limit);
    if (a.ok) {
      lo = mid;
      loOut = a.out;
      if (a.out.length > maxOut) break; // enough to fill the cap: no need to get closer
    } else {
      hi = mid;
      failure = a;
    }
  }
  return failure.tooLarge
    ? { out: loOut, tooLarge: true, inputUsed: lo }
    : { out: loOut, error: failure.message, tooLarge: false, damagedInside: true };
}

/**
 * Deflate expands at most ~1032:1 (a 258-byte match in two bits, RFC 1951 §3.2.5), so a prefix of
 * maxOut / 1032 bytes can never overflow: a bomb's search starts there and then aims, at the expansion
 * seen so far, for the middle of the window (maxOut, limit] that ends it. Halving from the whole input
 * instead inflated up to `limit` bytes at each of ~10 failing attempts: hundreds of MiB allocated
 * and freed per bomb stream, which the allocator kept as resident memory (issue 7).
 */
export const MAX_DEFLATE_RATIO = 1032;

function nextBombPrefix(lo: number, loOutLength: number, hi: number, maxOut: number, limit: number): number {
  const bisect = lo + Math.floor((hi - lo) / 2);
  if (lo === 0) return Math.min(bisect, Math.max(1, Math.floor(maxOut / MAX_DEFLATE_RATIO)));
  if (loOutLength === 0) return bisect;
  const target = maxOut + (limit - maxOut) / 2;
  const guess = lo + Math.ceil((target - loOutLength) / (loOutLength / lo));
  // a stream expands more further in (its window fills): past a prefix that already overflowed, halve
  return guess >= hi ? bisect : Math.max(lo + 1, guess);
}

/** The first attempt's outcome from an output inflated elsewhere without a cap. */
function wholeFrom(inflated: Uint8Array, limit: number): Attempt {
  if (inflated.length > limit) return { ok: false, tooLarge: true, message: `output over ${limit} bytes` };
  return { ok: true, out: Buffer.from(inflated.buffer, inflated.byteOffset, inflated.byteLength) };
}

function inflatePrefix(input: Buffer, length: number, raw: boolean, limit: number): Attempt {
  const out = inflateOrError(
    input.subarray(0, length),
    { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: limit },
    raw,
  );
  return out instanceof Error
    ? { ok: false, tooLarge: out.code === "ERR_BUFFER_TOO_LARGE", message: out.message }
    : { ok: true, out };
}

/** Deflate's usual expansion (text and fonts 2-5x, images more): the first output buffer's guess. */
const USUAL_EXPANSION = 4;
const MAX_OUTPUT_CHUNK = 1024 * 1024;

/**
 * zlib's output buffer sized from the input. Node's default is 16 KiB: a small stream allocated 16 KiB
 * (kept alive by its output, then copied out by compact()), and a large one filled many buffers that
 * Buffer.concat copied again; most outputs now fit the first buffer.
 */
function outputChunkBytes(inputBytes: number, maxOutput = Infinity): number {
  return Math.max(zlib.constants.Z_MIN_CHUNK, Math.min(inputBytes * USUAL_EXPANSION, MAX_OUTPUT_CHUNK, maxOutput));
}

/**
 * zlib's synchronous inflate with its error returned, not thrown. Damaged and hostile streams make
 * errors a common outcome (the salvage search above meets several per stream), and the stack trace
 * V8 captures for each costs more than inflating a small head; none is ever shown.
 */
export function inflateOrError(
  data: Uint8Array,
  options: zlib.ZlibOptions,
  raw = false,
): Buffer | NodeJS.ErrnoException {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const sized = { chunkSize: outputChunkBytes(data.length, options.maxOutputLength), ...options };
  try {
    return raw ? zlib.inflateRawSync(data, sized) : zlib.inflateSync(data, sized);
  } catch (e) {
    return e as NodeJS.ErrnoException;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}
