// The names inside a RAR archive, read from its block headers without extracting anything (RARLAB's
// "RAR 5.0 archive format" technote; RAR 1.5-4.x: unrar's headers.hpp and arcread.cpp). A RAR attached
// to a PDF is the usual way to get a program past mail filters that block .exe and .zip; its names are
// written in the clear unless the archive encrypts its headers (rar -hp), which is reported as opaque.
// Hand-written like read-zip-directory.ts: node-unrar-js (unrar compiled to WebAssembly) lists the same
// names but installs process-wide uncaughtException/unhandledRejection handlers and a growable heap of
// its own in the analysing process; a header walk is a few bounded reads.
import type { ZipEntryName } from "./read-zip-directory";

/** "Rar!" 1A 07, then 00 (RAR 1.5-4.x) or 01 00 (RAR 5) */
const RAR_MARK = Buffer.from("Rar!\x1a\x07", "latin1");
/** a self-extractor puts its stub before the signature: RAR's own tools look this far in */
const MAX_SFX_STUB = 1024 * 1024;

export interface RarDirectory {
  entries: ZipEntryName[];
  /** the archive's version (4: RAR 1.5-4.x, 5: RAR 5), or null when no signature was found */
  version: 4 | 5 | null;
  /** the headers themselves are encrypted (rar -hp): no name can be read without the password */
  headersEncrypted: boolean;
  /** more entries than maxEntries, or the headers ended early (a truncated or damaged archive) */
  truncated: boolean;
}

export function readRarDirectory(data: Uint8Array, maxEntries: number): RarDirectory {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, MAX_SFX_STUB + 8));
  for (let at = head.indexOf(RAR_MARK); at >= 0; at = head.indexOf(RAR_MARK, at + 1)) {
    const next = at + RAR_MARK.length;
    if (head[next] === 0x00) return readRar4(data, next + 1, maxEntries);
    if (head[next] === 0x01 && head[next + 1] === 0x00) return readRar5(data, next + 2, maxEntries);
  }
  return { entries: [], version: null, headersEncrypted: false, truncated: false };
}

/** RAR 5 variable-length integer: 7 bits a byte, low first, high bit set while more follow (at most 10 bytes). */
function vint(data: Uint8Array, at: number): { value: number; next: number } | null {
  let value = 0;
  for (let i = 0, scale = 1; i < 10 && at + i < data.length; i++, scale *= 128) {
    const b = data[at + i];
    value += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return { value, next: at + i + 1 };
  }
  return null;
}

const RAR5_MAIN = 1;
const RAR5_FILE = 2;
const RAR5_ENCRYPTION = 4;
const RAR5_END = 5;
const RAR5_HAS_EXTRA = 0x0001;
const RAR5_HAS_DATA = 0x0002;
const RAR5_FILE_DIRECTORY = 0x0001;
const RAR5_FILE_HAS_TIME = 0x0002;
const RAR5_FILE_HAS_CRC = 0x0004;
/** file header extra record: the file's data is encrypted */
const RAR5_EXTRA_ENCRYPTION = 0x01;

function readRar5(data: Uint8Array, start: number, maxEntries: number): RarDirectory {
  const out: RarDirectory = { entries: [], version: 5, headersEncrypted: false, truncated: false };
  let p = start;
  while (p < data.length) {
    // CRC32 (4 bytes, not checked: a wrong one hides no name), header size, then the header
    const size = vint(data, p + 4);
    if (!size || size.value === 0 || size.next + size.value > data.length) return { ...out, truncated: true };
    const headerEnd = size.next + size.value;
    const type = vint(data, size.next);
    const flags = type && vint(data, type.next);
    if (!type || !flags) return { ...out, truncated: true };
    // the extra area's and the data area's sizes, each present when its flag is set
    const extra = flags.value & RAR5_HAS_EXTRA ? vint(data, flags.next) : { value: 0, next: flags.next };
    const dataArea = extra && (flags.value & RAR5_HAS_DATA ? vint(data, extra.next) : { value: 0, next: extra.next });
    if (!extra || !dataArea) return { ...out, truncated: true };
    if (type.value === RAR5_ENCRYPTION) return { ...out, headersEncrypted: true };
    if (type.value === RAR5_END) return out;
    if (type.value === RAR5_FILE) {
      if (out.entries.length >= maxEntries) return { ...out, truncated: true };
      const entry = rar5FileEntry(data, dataArea.next, headerEnd, extra.value);
      if (!entry) return { ...out, truncated: true };
      out.entries.push(entry);
    } else if (type.value !== RAR5_MAIN && p === start) {
      return { ...out, truncated: true }; // a main header comes first: this is no RAR 5 archive
    }
    p = headerEnd + dataArea.value;
  }
  return { ...out, truncated: true };
}

function rar5FileEntry(data: Uint8Array, at: number, headerEnd: number, extraSize: number): ZipEntryName | null {
  const fileFlags = vint(data, at);
  const unpacked = fileFlags && vint(data, fileFlags.next);
  const attributes = unpacked && vint(data, unpacked.next);
  if (!fileFlags || !unpacked || !attributes) return null;
  let q = attributes.next;
  if (fileFlags.value & RAR5_FILE_HAS_TIME) q += 4;
  if (fileFlags.value & RAR5_FILE_HAS_CRC) q += 4;
  const compression = vint(data, q);
  const hostOs = compression && vint(data, compression.next);
  const nameLength = hostOs && vint(data, hostOs.next);
  if (!nameLength || nameLength.next + nameLength.value > headerEnd) return null;
  const name = Buffer.from(data.buffer, data.byteOffset + nameLength.next, nameLength.value).toString("utf8");
  return {
    name: fileFlags.value & RAR5_FILE_DIRECTORY ? `${name}/` : name,
    encrypted: hasRar5Record(data, headerEnd - extraSize, headerEnd, RAR5_EXTRA_ENCRYPTION),
    uncompressedSize: unpacked.value,
  };
}

/** The extra area is a list of records (size, type, data). */
function hasRar5Record(data: Uint8Array, from: number, to: number, wanted: number): boolean {
  for (let p = from; p < to;) {
    const size = vint(data, p);
    const type = size && vint(data, size.next);
    if (!size || !type || size.value === 0) return false;
    if (type.value === wanted) return true;
    p = size.next + size.value;
  }
  return false;
}

const RAR4_MAIN = 0x73;
const RAR4_FILE = 0x74;
const RAR4_END = 0x7b;
/** main header flag: block headers are encrypted */
const RAR4_MAIN_PASSWORD = 0x0080;
const RAR4_LONG_BLOCK = 0x8000;
const RAR4_FILE_PASSWORD = 0x0004;
const RAR4_FILE_LARGE = 0x0100;
const RAR4_FILE_UNICODE = 0x0200;
const RAR4_FILE_DIRECTORY = 0x00e0;
const RAR4_BLOCK_MIN = 7;
const RAR4_FILE_FIXED = 32;

function readRar4(data: Uint8Array, start: number, maxEntries: number): RarDirectory {
  const out: RarDirectory = { entries: [], version: 4, headersEncrypted: false, truncated: false };
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let p = start;
  while (p + RAR4_BLOCK_MIN <= data.length) {
    // HEAD_CRC (2), HEAD_TYPE (1), HEAD_FLAGS (2), HEAD_SIZE (2), ADD_SIZE (4) when flag 0x8000
    const type = data[p + 2];
    const flags = dv.getUint16(p + 3, true);
    const headSize = dv.getUint16(p + 5, true);
    if (headSize < RAR4_BLOCK_MIN || p + headSize > data.length) return { ...out, truncated: true };
    // a file header's ADD_SIZE is its packed size (PACK_SIZE), whose data follows the header
    let addSize = 0;
    if ((flags & RAR4_LONG_BLOCK || type === RAR4_FILE) && p + 11 <= data.length) addSize = dv.getUint32(p + 7, true);
    if (type === RAR4_MAIN && flags & RAR4_MAIN_PASSWORD) return { ...out, headersEncrypted: true };
    if (type === RAR4_END) return out;
    if (type === RAR4_FILE) {
      if (out.entries.length >= maxEntries) return { ...out, truncated: true };
      if (headSize < RAR4_FILE_FIXED) return { ...out, truncated: true };
      const nameSize = dv.getUint16(p + 26, true);
      const nameAt = p + RAR4_FILE_FIXED + (flags & RAR4_FILE_LARGE ? 8 : 0);
      if (nameAt + nameSize > p + headSize) return { ...out, truncated: true };
      if (flags & RAR4_FILE_LARGE) addSize += dv.getUint32(nameAt - 8, true) * 2 ** 32;
      out.entries.push({
        name:
          rar4Name(data.subarray(nameAt, nameAt + nameSize), flags) +
          ((flags & RAR4_FILE_DIRECTORY) === RAR4_FILE_DIRECTORY ? "/" : ""),
        encrypted: (flags & RAR4_FILE_PASSWORD) !== 0,
        uncompressedSize: dv.getUint32(p + 11, true),
      });
    }
    p += headSize + addSize;
  }
  return { ...out, truncated: true };
}

/**
 * A RAR 4 name is bytes in the archiver's code page, or (flag 0x200) UTF-8 when it holds no zero byte,
 * else that code-page name, a zero, and the Unicode name in RAR's own compact encoding: the first part
 * is the name for every ASCII file, which is what the executable check reads.
 */
function rar4Name(bytes: Uint8Array, flags: number): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!(flags & RAR4_FILE_UNICODE)) return b.toString("latin1");
  const zero = b.indexOf(0);
  return zero < 0 ? b.toString("utf8") : b.subarray(0, zero).toString("latin1");
}
