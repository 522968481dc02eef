// The names inside a zip, read from its central directory (APPNOTE.TXT 4.3.12-4.3.16) without
// extracting anything: a zip bomb costs nothing here. When the end-of-central-directory record is
// missing or lies (truncated attachment, data prepended as in self-extractors), the local file
// headers are scanned instead, as unzip's recovery does.

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
/** EOCD is 22 bytes plus a comment of at most 65535 */
const EOCD_SEARCH = 22 + 0xffff;

export interface ZipEntryName {
  name: string;
  encrypted: boolean;
  uncompressedSize: number;
}

export interface ZipDirectory {
  entries: ZipEntryName[];
  /** where the names came from */
  source: "central-directory" | "local-headers" | "none";
  /** more entries than maxEntries, or the directory ended early */
  truncated: boolean;
}

export function readZipDirectory(data: Uint8Array, maxEntries: number): ZipDirectory {
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const central = readCentral(data, dv, maxEntries);
  if (central) return central;
  return scanLocalHeaders(data, dv, maxEntries);
}

function findEocd(data: Uint8Array, dv: DataView): number {
  const stop = Math.max(0, data.length - EOCD_SEARCH);
  for (let i = data.length - 22; i >= stop; i--) if (dv.getUint32(i, true) === EOCD_SIG) return i;
  return -1;
}

function readCentral(data: Uint8Array, dv: DataView, maxEntries: number): ZipDirectory | null {
  const eocd = findEocd(data, dv);
  if (eocd < 0) return null;
  let total = dv.getUint16(eocd + 10, true);
  let size = dv.getUint32(eocd + 12, true);
  let offset = dv.getUint32(eocd + 16, true);
  const loc = eocd - 20;
  if ((offset === 0xffffffff || total === 0xffff) && loc >= 0 && dv.getUint32(loc, true) === ZIP64_LOCATOR_SIG) {
    const z64 = Number(dv.getBigUint64(loc + 8, true));
    if (z64 + 56 <= data.length && dv.getUint32(z64, true) === ZIP64_EOCD_SIG) {
      total = Number(dv.getBigUint64(z64 + 32, true));
      size = Number(dv.getBigUint64(z64 + 40, true));
      offset = Number(dv.getBigUint64(z64 + 48, true));
    }
  }
  // data prepended to the archive shifts every offset: the directory then ends right at the EOCD
  let start = offset;
  if (start + 4 > data.length || dv.getUint32(start, true) !== CENTRAL_SIG) {
    start = eocd - size;
    if (start < 0 || dv.getUint32(start, true) !== CENTRAL_SIG) return null;
  }
  const entries: ZipEntryName[] = [];
  let p = start;
  let truncated = false;
  while (p + 46 <= data.length && dv.getUint32(p, true) === CENTRAL_SIG) {
    if (entries.length >= maxEntries) {
      truncated = true;
      break;
    }
    const flags = dv.getUint16(p + 8, true);
    const usize = dv.getUint32(p + 24, true);
    const nameLen = dv.getUint16(p + 28, true);
    const extraLen = dv.getUint16(p + 30, true);
    const commentLen = dv.getUint16(p + 32, true);
    if (p + 46 + nameLen > data.length) {
      truncated = true;
      break;
    }
    entries.push({
      name: decodeName(data.subarray(p + 46, p + 46 + nameLen), flags),
      encrypted: (flags & 1) === 1,
      uncompressedSize: usize,
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  if (!entries.length && total > 0) return null;
  return { entries, source: "central-directory", truncated: truncated || entries.length < Math.min(total, maxEntries) };
}

function scanLocalHeaders(data: Uint8Array, dv: DataView, maxEntries: number): ZipDirectory {
  const entries: ZipEntryName[] = [];
  let truncated = false;
  for (let p = 0; p + 30 <= data.length;) {
    if (dv.getUint32(p, true) !== LOCAL_SIG) {
      p++;
      continue;
    }
    if (entries.length >= maxEntries) {
      truncated = true;
      break;
    }
    const flags = dv.getUint16(p + 6, true);
    const csize = dv.getUint32(p + 18, true);
    const usize = dv.getUint32(p + 22, true);
    const nameLen = dv.getUint16(p + 26, true);
    const extraLen = dv.getUint16(p + 28, true);
    if (p + 30 + nameLen > data.length) {
      truncated = true;
      break;
    }
    entries.push({
      name: decodeName(data.subarray(p + 30, p + 30 + nameLen), flags),
      encrypted: (flags & 1) === 1,
      uncompressedSize: usize,
    });
    // with a data descriptor (flag bit 3) the size is unknown here: keep scanning byte by byte
    p += (flags & 8) === 0 ? 30 + nameLen + extraLen + csize : 30 + nameLen + extraLen;
  }
  return { entries, source: entries.length ? "local-headers" : "none", truncated };
}

/** Flag bit 11: UTF-8 names (APPNOTE 4.4.4); otherwise code page 437, read as latin1 here. */
function decodeName(bytes: Uint8Array, flags: number): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (flags & 0x800) !== 0 ? b.toString("utf8") : b.toString("latin1");
}
