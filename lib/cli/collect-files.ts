// Expands command-line operands into files to analyse: files as given, directories recursively, and
// the members of ZIP archives (read in memory later: lib/zip/password-zip.ts).
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ZipMember } from "../zip/password-zip";

/** Extensions picked up inside directories; files named explicitly are analysed whatever their name. */
export const DIRECTORY_EXTENSIONS = [".pdf", ".xdp", ".zip"] as const;
/** "-" reads one document from standard input */
export const STDIN_OPERAND = "-";

/**
 * One document to analyse. `path` is what the output shows: the file, "-", or `archive.zip/member`.
 * `member` is set for a ZIP member; `error` for an operand that cannot be analysed.
 */
export type Target = { path: string; member?: ZipMember; error?: undefined } | { path: string; error: string };

/**
 * Yields targets in operand order (directory contents sorted by name, archive members in archive
 * order); problems become targets with `error`. Every member of a ZIP is a target, whatever its name:
 * sample collections name members by hash.
 */
export async function* collectFiles(operands: string[], zipPassword?: string): AsyncGenerator<Target> {
  for (const operand of operands) {
    if (operand === STDIN_OPERAND) {
      yield { path: operand };
      continue;
    }
    try {
      const info = await stat(operand);
      if (info.isDirectory()) yield* walkDirectory(operand, zipPassword);
      else yield* expandFile(operand, zipPassword);
    } catch (e) {
      yield { path: operand, error: describeFsError(e) };
    }
  }
}

export function isZipPath(path: string): boolean {
  return path.toLowerCase().endsWith(".zip");
}

async function* expandFile(path: string, zipPassword?: string): AsyncGenerator<Target> {
  if (!isZipPath(path)) {
    yield { path };
    return;
  }
  let members: ZipMember[];
  try {
    // loaded only when an archive is seen: a run over plain PDFs does not pay for the ZIP library
    const { openZip } = await import("../zip/password-zip");
    members = await openZip(path, zipPassword);
  } catch (e) {
    yield { path, error: `cannot open archive: ${describeFsError(e)}` };
    return;
  }
  if (members.length === 0) yield { path, error: "empty archive" };
  for (const member of members) yield { path: `${path}/${member.name}`, member };
}

async function* walkDirectory(dir: string, zipPassword?: string): AsyncGenerator<Target> {
  let entries: Dirent[];
  try {
    entries = (await readdir(dir, { withFileTypes: true })).sort((x, y) =>
      x.name < y.name ? -1 : x.name > y.name ? 1 : 0,
    );
  } catch (e) {
    yield { path: dir, error: describeFsError(e) };
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // directory symlinks are not followed, so a link cycle cannot make the walk endless
    if (entry.isDirectory()) yield* walkDirectory(path, zipPassword);
    else if (hasAnalysableExtension(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path)))))
      yield* expandFile(path, zipPassword);
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export function hasAnalysableExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return DIRECTORY_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** "no such file" instead of "ENOENT: no such file or directory, stat 'x'". */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    default:
      return e instanceof Error ? e.message : String(e);
  }
}
