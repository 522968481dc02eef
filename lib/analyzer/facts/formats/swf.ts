// Flash movies (SWF file format spec v19, ch. 2 "The SWF header"): the header, the tag data
// (inflated when CWS, bounded) and the ActionScript names of the constant pool that make up the
// Flash exploit patterns delivered in PDFs (RichMedia, Acrobat 9+).
import { inflateSync, constants as zlibConstants } from "node:zlib";
import { MAX_DEFLATE_RATIO } from "../../../pdf/filters";

export interface SwfBody {
  /** FWS (none), CWS (zlib) or ZWS (LZMA, not decompressed here) */
  compression: "none" | "zlib" | "lzma";
  version: number;
  /** the uncompressed tag data, or null when it could not be decompressed */
  body: Uint8Array | null;
}

export interface FlashExploitSignals {
  /** ByteArray writes in little-endian order: the standard Flash heap-spray primitive */
  heapSpray: boolean;
  /** a NetStream playing an MP4 (the CVE-2012-0754 trigger) */
  mp4Trigger: boolean;
  /** Loader.loadBytes: a second movie built in memory */
  loadBytes: boolean;
  markers: string[];
}

/** What the rules and the feature extraction read about one movie. */
export interface SwfFacts {
  compression: SwfBody["compression"];
  version: number;
  /** bytes of tag data read (null: could not be decompressed) */
  bodyBytes: number | null;
  signals: FlashExploitSignals | null;
}

/** The tag data of a SWF, bounded by `maxBytes`; null when `data` is not a SWF. */
export function readSwf(data: Uint8Array, maxBytes: number): SwfBody | null {
  if (data.length < 8 || data[1] !== 0x57 || data[2] !== 0x53) return null;
  const sig = data[0];
  const version = data[3];
  if (sig === 0x46) return { compression: "none", version, body: data.subarray(8, 8 + maxBytes) };
  if (sig === 0x5a) return { compression: "lzma", version, body: null };
  if (sig !== 0x43) return null;
  // a truncated zlib stream still yields what was decoded so far (SYNC_FLUSH); output beyond maxBytes
  // throws, and then a compressed prefix small enough to stay under it (deflate expands at most MAX_DEFLATE_RATIO) is used
  for (const input of [data.subarray(8), data.subarray(8, 8 + Math.max(1, Math.floor(maxBytes / MAX_DEFLATE_RATIO)))]) {
    try {
      const body = inflateSync(input, { maxOutputLength: maxBytes, finishFlush: zlibConstants.Z_SYNC_FLUSH });
      return { compression: "zlib", version, body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
    } catch {
      // next attempt
    }
  }
  return { compression: "zlib", version, body: null };
}

/** ActionScript names in the SWF's constant pool that make up the exploit patterns. */
export function flashExploitSignals(body: Uint8Array): FlashExploitSignals {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
  const has = (re: RegExp) => re.test(text);
  const heapSpray =
    has(/ByteArray/) && has(/\bwrite(Int|UnsignedInt|Double|UTFBytes|MultiByte)\b/) && has(/LITTLE_ENDIAN/);
  const mp4Trigger = has(/NetStream/) && has(/NetConnection/) && has(/[\w-]\.(mp4|m4v|f4v|3gp)\b/i);
  const loadBytes = has(/\bloadBytes\b/) && has(/\bLoader\b/);
  const markers = [
    heapSpray && "ByteArray little-endian writes",
    mp4Trigger && "NetStream playing an MP4",
    loadBytes && "Loader.loadBytes",
  ].filter((m): m is string => !!m);
  return { heapSpray, mp4Trigger, loadBytes, markers };
}

/** Header and exploit signals of a movie; null when `data` is not a SWF. */
export function parseSwf(data: Uint8Array, maxBytes: number): SwfFacts | null {
  const swf = readSwf(data, maxBytes);
  if (!swf) return null;
  return {
    compression: swf.compression,
    version: swf.version,
    bodyBytes: swf.body?.length ?? null,
    signals: swf.body ? flashExploitSignals(swf.body) : null,
  };
}
