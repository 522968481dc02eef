// The submitted file's hashes, for pivoting in other tools (VirusTotal, MISP, a SIEM): MD5, SHA-1 and
// SHA-256 in every stage, and TLSH (Trend Micro's locality-sensitive hash, which finds near-duplicates
// that exact hashes miss) in the advanced stage (tlsh.ts).
import { createHash } from "node:crypto";
import { tlsh } from "./tlsh";

export interface FileHashes {
  md5: string;
  sha1: string;
  sha256: string;
}

export function fileHashes(bytes: Uint8Array): FileHashes {
  const hex = (algorithm: string) => createHash(algorithm).update(bytes).digest("hex");
  return { md5: hex("md5"), sha1: hex("sha1"), sha256: hex("sha256") };
}

/**
 * TLSH in the TLSH 4 form ("T1" + the 70 hex digits of tlsh.ts), or null when the file is too
 * small or too uniform for one (the algorithm refuses such input) or larger than `maxBytes`.
 */
export function tlshOf(bytes: Uint8Array, maxBytes: number): string | null {
  if (bytes.length > maxBytes) return null;
  const digest = tlsh(bytes);
  return digest === null ? null : `T1${digest}`;
}
