// Reads password-protected ZIP archives (malware collections ship as ZIPs with the password
// "infected") into memory. SAFETY: a member is decrypted straight into a Uint8Array and never written
// to disk; callers must not write it either. Used by the CLI (`pdfscan analyze x.zip`) and by
// scripts/corpus.ts (evaluation, benchmarks, the corpus test).
import { openAsBlob } from "node:fs";
import { BlobReader, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, type Entry } from "@zip.js/zip.js";

/** The conventional password of malware sample archives. */
export const SAMPLE_ZIP_PASSWORD = "infected";

export interface ZipMember {
  /** the member's path inside the archive */
  name: string;
  /** size the archive declares once decompressed (it may lie: readZipMember checks the real size) */
  declaredSize: number;
  entry: Entry;
}

/**
 * The file members of an archive (directories left out), in archive order. A path is read lazily
 * through a Blob, so a large archive is not loaded whole; bytes are read from memory.
 */
export async function openZip(source: string | Uint8Array, password = SAMPLE_ZIP_PASSWORD): Promise<ZipMember[]> {
  const reader = typeof source === "string" ? new BlobReader(await openAsBlob(source)) : new Uint8ArrayReader(source);
  // no web workers: the members are small and a worker start costs more than inflating one
  const zip = new ZipReader(reader, { password, useWebWorkers: false });
  const members: ZipMember[] = [];
  for (const entry of await zip.getEntries()) {
    if (!entry.directory) members.push({ name: entry.filename, declaredSize: entry.uncompressedSize, entry });
  }
  return members;
}

/** Decrypts and inflates one member into memory; refuses members larger than `maxBytes`. */
export async function readZipMember(member: ZipMember, password = SAMPLE_ZIP_PASSWORD, maxBytes = Infinity): Promise<Uint8Array> {
  if (member.entry.directory) throw new Error(`${member.name} is a directory`);
  if (member.declaredSize > maxBytes) throw new Error(`member too large (${member.declaredSize} bytes, limit ${maxBytes})`);
  // decrypted straight into memory: the bytes never touch the disk
  const bytes = await member.entry.getData(new Uint8ArrayWriter(), { password });
  if (bytes.length > maxBytes) throw new Error(`member too large (${bytes.length} bytes, limit ${maxBytes})`);
  return bytes;
}
