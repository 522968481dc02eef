// Expands command-line operands into files to analyse: files as given, directories recursively.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

/** Extensions picked up inside directories; files named explicitly are analysed whatever their name. */
export const DIRECTORY_EXTENSIONS = [".pdf", ".xdp"] as const;
/** "-" reads one document from standard input */
export const STDIN_OPERAND = "-";

export type Target = { path: string; error?: undefined } | { path: string; error: string };

/** Yields targets in operand order (directory contents sorted by name); problems become targets with `error`. */
export async function* collectFiles(operands: string[]): AsyncGenerator<Target> {
  for (const operand of operands) {
    if (operand === STDIN_OPERAND) {
      yield { path: operand };
      continue;
    }
    try {
      const info = await stat(operand);
      if (info.isDirectory()) yield* walkDirectory(operand);
      else yield { path: operand };
    } catch (e) {
      yield { path: operand, error: describeFsError(e) };
    }
  }
}

async function* walkDirectory(dir: string): AsyncGenerator<Target> {
  let entries: Dirent[];
  try {
    entries = (await readdir(dir, { withFileTypes: true })).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  } catch (e) {
    yield { path: dir, error: describeFsError(e) };
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // directory symlinks are not followed, so a link cycle cannot make the walk endless
    if (entry.isDirectory()) yield* walkDirectory(path);
    else if (hasAnalysableExtension(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && (await isFile(path))))) yield { path };
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
