// Recognising machine code carried in JavaScript strings. Exploit kits store x86 code as UCS-2 units
// (unescape("%u9090%uE1D9...")): each code unit holds two bytes, little-endian. A string is taken for
// shellcode when its units are binary rather than text, when it holds a NOP sled, or when the bytes
// show the usual position-finding / PEB-walking prologues.

import type { Budget } from "../../limits";
import { MACHINE_CODE_IDIOMS } from "./machine-code-idioms";

/** %uXXXX and %XX escapes, as unescape() decodes them (ECMA-262 B.2.1.2). */
export function decodePercentEscapes(s: string): string {
  return s.replace(/%u([0-9a-f]{4})|%([0-9a-f]{2})/gi, (_m, u: string | undefined, b: string | undefined) =>
    String.fromCharCode(parseInt(u ?? b!, 16)),
  );
}

export function countPercentU(s: string): number {
  let n = 0;
  for (let i = s.indexOf("%u"); i >= 0; i = s.indexOf("%u", i + 2))
    if (/^[0-9a-f]{4}$/i.test(s.slice(i + 2, i + 6))) n++;
  return n;
}

/** Filler bytes of sprayed sleds: nop, and the "slide" bytes that double as heap addresses (0x0c0c0c0c). */
const SLED_BYTES = new Set([0x90, 0x0c, 0x0a, 0x0d, 0x0b, 0x04, 0x05, 0x14, 0x41]);
/** a detection threshold: sled units in a row that make a sled */
const MIN_SLED_UNITS = 16;

/** A run of identical two-byte sled units (%u0c0c x 16), or of one-byte sled chars (\x90 x 32). */
export function hasNopSled(s: string): boolean {
  let run = 0;
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const sled =
      (c > 0xff && (c & 0xff) === c >> 8 && SLED_BYTES.has(c & 0xff)) ||
      (c <= 0xff && (c === 0x90 || c === 0x0c || c === 0x0d));
    run = sled && c === prev ? run + 1 : sled ? 1 : 0;
    prev = c;
    if (run >= (c > 0xff ? MIN_SLED_UNITS : MIN_SLED_UNITS * 2)) return true;
  }
  return false;
}

/** Code units of human text: ASCII printable, Latin, general punctuation, CJK, Hangul, full-width. */
function isTextUnit(c: number): boolean {
  return (
    (c >= 0x20 && c < 0x7f) ||
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0d ||
    (c >= 0xa0 && c < 0x250) ||
    (c >= 0x370 && c < 0x530) ||
    (c >= 0x2000 && c < 0x2070) ||
    (c >= 0x3000 && c < 0x3100) ||
    (c >= 0x4e00 && c < 0xa000) ||
    (c >= 0xac00 && c < 0xd7a4) ||
    (c >= 0xff00 && c < 0xfff0)
  );
}

export interface ShellcodeVerdict {
  shellcode: boolean;
  nopSled: boolean;
  /** share of code units that are not text, 0..1 */
  binaryRatio: number;
}

/**
 * Decides on the decoded string (after unescape); strings shorter than 32 units are never shellcode.
 * `bytes`: one char per byte (hex-decoded), where only printable ASCII counts as text.
 */
export function classifyShellcode(s: string, bytes = false): ShellcodeVerdict {
  const sample = s.length > 65_536 ? s.slice(0, 65_536) : s;
  if (sample.length < 32) return { shellcode: false, nopSled: false, binaryRatio: 0 };
  let binary = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (bytes ? !((c >= 0x20 && c < 0x7f) || c === 0x09 || c === 0x0a || c === 0x0d) : !isTextUnit(c)) binary++;
  }
  const binaryRatio = binary / sample.length;
  const nopSled = hasNopSled(sample);
  const raw = unitsToLatin1(sample.slice(0, 8192));
  // a PEB walk or GetPC prologue (machine-code-idioms.ts)
  const marker = MACHINE_CODE_IDIOMS.some((i) => i.pattern.test(raw));
  // packed binary counts only as UCS-2 units (what unescape("%u...") yields): a latin1 or hex string of
  // binary is as likely an icon or a hash, and needs a sled or a prologue
  let wide = 0;
  if (!bytes) for (let i = 0; i < sample.length; i++) if (sample.charCodeAt(i) > 0xff) wide++;
  const packed = !bytes && binaryRatio >= 0.3 && wide / sample.length >= 0.3 && sample.length >= 64;
  return { shellcode: nopSled || marker || packed, nopSled, binaryRatio };
}

/**
 * The bytes a string holds in memory, as latin1 text: UCS-2 units little-endian (two bytes each) when
 * any unit is above 0xff, else one byte per char. Used to look for URLs a downloader carries.
 */
export function unitsToLatin1(s: string): string {
  let wide = false;
  for (let i = 0; i < s.length && !wide; i++) wide = s.charCodeAt(i) > 0xff;
  if (!wide) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += String.fromCharCode(c & 0xff, c >> 8);
  }
  return out;
}

/** Leading filler bytes shorter than this are taken for code (a few NOPs pad many prologues): a detection threshold. */
const MIN_SKIPPED_SLED_BYTES = 8;

export interface MachineCode {
  /** bytes the string holds in memory */
  size: number;
  /** leading sled bytes (runs of one filler value each) left out of `head` */
  sledBytes: number;
  /** up to `maxBytes` bytes after the sled: the code to read */
  head: Uint8Array;
}

/**
 * The bytes a shellcode string puts in memory (UCS-2 units little-endian when any unit is above 0xff,
 * else one byte per char, as unitsToLatin1), past a leading sled, at most `maxBytes` of them. The sled
 * is searched for its end within SHELLCODE_SLED_SCAN_BYTES (a hit when it runs on past them).
 */
export function machineCodeOf(s: string, maxBytes: number, budget: Budget): MachineCode {
  const maxScan = budget.limits.SHELLCODE_SLED_SCAN_BYTES;
  let wide = false;
  for (let i = 0; i < s.length && !wide; i++) wide = s.charCodeAt(i) > 0xff;
  const size = wide ? s.length * 2 : s.length;
  const byteAt = (k: number) =>
    wide ? (k & 1 ? s.charCodeAt(k >> 1) >> 8 : s.charCodeAt(k >> 1) & 0xff) : s.charCodeAt(k) & 0xff;
  // runs of filler, one value each (a 0x0c0c spray block joined to a 0x90 sled), each long enough to be one
  let sled = 0;
  while (sled < size && sled < maxScan && SLED_BYTES.has(byteAt(sled))) {
    const filler = byteAt(sled);
    let end = sled;
    while (end < size && end < maxScan && byteAt(end) === filler) end++;
    // a run stopped by the scan's end with more filler after it: where the sled ends was not looked for
    if (end === maxScan && end < size && SLED_BYTES.has(byteAt(end)))
      budget.budgetHits.add("SHELLCODE_SLED_SCAN_BYTES");
    if (end - sled < MIN_SKIPPED_SLED_BYTES) break;
    sled = end;
  }
  const head = new Uint8Array(Math.max(0, Math.min(maxBytes, size - sled)));
  for (let k = 0; k < head.length; k++) head[k] = byteAt(sled + k);
  return { size, sledBytes: sled, head };
}

/** Printable ASCII runs of at least `min` chars (the strings(1) view of shellcode), joined by newlines. */
export function printableRuns(bytes: string, min = 6): string {
  const runs: string[] = [];
  for (let i = 0; i < bytes.length;) {
    let j = i;
    while (j < bytes.length && bytes.charCodeAt(j) >= 0x20 && bytes.charCodeAt(j) <= 0x7e) j++;
    if (j - i >= min) runs.push(bytes.slice(i, j));
    i = j + 1;
  }
  return runs.join("\n");
}

/** 64+ hex digits (an even count is checked apart: a repeated pair group grew V8's backtrack stack per pair) */
const HEX_STRING = /^[0-9a-f]{64,}$/i;

/** "9090e9fb0000..." as the bytes it spells (kits keep shellcode hex-encoded, corpus 02348727eb66); null otherwise. */
export function decodeHexString(s: string): string | null {
  if (s.length > 4 * 1024 * 1024 || s.length % 2 || !HEX_STRING.test(s)) return null;
  let out = "";
  for (let i = 0; i < s.length; i += 2) out += String.fromCharCode(parseInt(s.slice(i, i + 2), 16));
  return out;
}
