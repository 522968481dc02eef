// Reads password-protected ZIP archives (malware collections ship as ZIPs with the password
// "infected") into memory. SAFETY: a member is decrypted straight into a Uint8Array and never written
// to disk; callers must not write it either. Used by the CLI (`pdfscan analyze x.zip`) and by
// scripts/corpus.ts (evaluation, benchmarks, the corpus test).
//
// Two readers, one interface. Archives up to IN_MEMORY_ARCHIVE_MAX_BYTES with ZipCrypto (or no)
// encryption, the usual sample archive, are read whole and decoded synchronously by adm-zip: its
// ZipCrypto keeps its keys in a typed array, where zip.js allocates three arrays per byte (on the
// 3 MB corpus archive: 56 ms against 170 ms, a third of `pdfscan analyze` over the corpus folder).
// AES archives (WinZip AE-x, 7-Zip's default), directories adm-zip cannot read, and larger archives go
// to zip.js, which reads a file lazily through a Blob.
import AdmZip from "adm-zip";
import { openAsBlob } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { FileEntry } from "@zip.js/zip.js";

/** The conventional password of malware sample archives. */
export const SAMPLE_ZIP_PASSWORD = "infected";
/** Larger archives are not read whole: zip.js reads the members it is asked for. */
export const IN_MEMORY_ARCHIVE_MAX_BYTES = 256 * 2 ** 20;
/** APPNOTE 4.4.5: compression method 99 marks an AE-x (AES) encrypted member. */
const AES_METHOD = 99;

export interface ZipMember {
  /** the member's path inside the archive */
  name: string;
  /** size the archive declares once decompressed (it may lie: readZipMember checks the real size) */
  declaredSize: number;
  /** stored (compressed) size: with declaredSize, the compression ratio a zip bomb gives away */
  compressedSize: number;
  /** decrypts and inflates the member; both readers fail it once it inflates past declaredSize */
  read(password: string): Promise<Uint8Array>;
}

/**
 * The file members of an archive (directories left out), in archive order. The archive is read from
 * `source` (a path or the archive's bytes); its members are decrypted only when read.
 */
export async function openZip(
  source: string | Uint8Array,
  password = SAMPLE_ZIP_PASSWORD,
  inMemoryMax = IN_MEMORY_ARCHIVE_MAX_BYTES,
): Promise<ZipMember[]> {
  if (typeof source === "string" && (await stat(source)).size > inMemoryMax)
    return zipJsMembers(await openAsBlob(source), password);
  const bytes =
    typeof source === "string"
      ? await readFile(source)
      : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  return admZipMembers(bytes) ?? zipJsMembers(bytes, password);
}

/** Decrypts and inflates one member into memory; refuses members larger than `maxBytes`. */
export async function readZipMember(
  member: ZipMember,
  password = SAMPLE_ZIP_PASSWORD,
  maxBytes = Infinity,
): Promise<Uint8Array> {
  if (member.declaredSize > maxBytes)
    throw new Error(`member too large (${member.declaredSize} bytes, limit ${maxBytes})`);
  const bytes = await member.read(password);
  if (bytes.length > maxBytes) throw new Error(`member too large (${bytes.length} bytes, limit ${maxBytes})`);
  return bytes;
}

/** null when adm-zip cannot read the directory or a member needs AES: zip.js reads those. */
function admZipMembers(bytes: Buffer): ZipMember[] | null {
  let entries: AdmZip.AdmZipEntry[];
  try {
    // noSort: archive order, as zip.js gives it
    entries = new AdmZip(bytes, { noSort: true }).getEntries();
  } catch {
    return null;
  }
  if (entries.some((e) => e.header.method === AES_METHOD)) return null;
  return entries
    .filter((e) => !e.isDirectory)
    .map((e) => ({
      name: e.entryName,
      declaredSize: e.header.size,
      compressedSize: e.header.compressedSize,
      // adm-zip caps the inflated output at the declared size, which readZipMember bounded first
      read: (password) =>
        checkedDecryption(e.header.encrypted, async () => {
          const data = e.getData(password);
          return new Uint8Array(data.buffer, data.byteOffset, data.length);
        }),
    }));
}

async function zipJsMembers(archive: Blob | Uint8Array, password: string): Promise<ZipMember[]> {
  // loaded only for the archives that need it: its import alone takes ~30 ms of a CLI run
  const { BlobReader, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } = await import("@zip.js/zip.js");
  const reader = archive instanceof Uint8Array ? new Uint8ArrayReader(archive) : new BlobReader(archive);
  // no web workers: the members are small and a worker start costs more than inflating one
  const zip = new ZipReader(reader, { password, useWebWorkers: false });
  const entries = (await zip.getEntries()).filter((e): e is FileEntry => !e.directory);
  return entries.map((entry) => ({
    name: entry.filename,
    declaredSize: entry.uncompressedSize,
    compressedSize: entry.compressedSize,
    // zip.js fails a member as soon as it inflates past its declared size
    read: (pw) => checkedDecryption(entry.encrypted, () => entry.getData(new Uint8ArrayWriter(), { password: pw })),
  }));
}

/**
 * ZipCrypto checks a password against one byte of the member's encryption header (APPNOTE 6.1.6), so
 * one wrong password in 256 passes the check and the member then fails as an inflate or CRC error.
 * For an encrypted member that failure means the same thing, and says so.
 */
async function checkedDecryption(encrypted: boolean, read: () => Promise<Uint8Array>): Promise<Uint8Array> {
  try {
    return await read();
  } catch (error) {
    if (!encrypted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(/password/i.test(reason) ? reason : `wrong password, or a damaged member (${reason})`, {
      cause: error,
    });
  }
}
