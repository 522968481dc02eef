// The names inside an archive whichever format holds them (zip: read-zip-directory.ts, RAR:
// read-rar-directory.ts) and which of them run when opened: what attachments
// (deep/analyze-embedded-files.ts) and payloads hidden in the file (facts/hidden-payloads.ts) are judged by.
import { isExecutableName } from "../file-kinds";
import { readRarDirectory } from "./read-rar-directory";
import { readZipDirectory, type ZipEntryName } from "./read-zip-directory";

export type ListedArchive = "zip" | "rar";

export interface ArchiveDirectory {
  entries: ZipEntryName[];
  /** the listing stopped early: at maxEntries or at damage */
  truncated: boolean;
  /** stopped at maxEntries (MAX_ARCHIVE_ENTRIES hit), not at damage */
  capped: boolean;
  /** no name could be read: no directory found, or a RAR that encrypts its headers (rar -hp) */
  opaque: boolean;
}

export function readArchiveDirectory(format: ListedArchive, data: Uint8Array, maxEntries: number): ArchiveDirectory {
  const { entries, truncated, opaque } =
    format === "zip" ? zipDirectory(data, maxEntries) : rarDirectory(data, maxEntries);
  return { entries, truncated, opaque, capped: truncated && entries.length >= maxEntries };
}

function zipDirectory(data: Uint8Array, maxEntries: number) {
  const d = readZipDirectory(data, maxEntries);
  return { entries: d.entries, truncated: d.truncated, opaque: d.source === "none" };
}

function rarDirectory(data: Uint8Array, maxEntries: number) {
  const d = readRarDirectory(data, maxEntries);
  return { entries: d.entries, truncated: d.truncated, opaque: d.version === null || d.headersEncrypted };
}

/** Entry names that run when opened (file-kinds.ts); a folder's trailing slash is not part of its name. */
export function runnableNames(entries: readonly ZipEntryName[]): string[] {
  return entries.map((e) => e.name).filter((n) => isExecutableName(n.replace(/\/$/, "")));
}
