// Loads labelled PDF sets into memory for evaluation, benchmarks and the corpus test.
// SAFETY: malicious samples live in password-protected zips (password "infected"). They are decrypted
// into memory only, never written to disk, and nothing here copies corpus files anywhere.
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { openZip, readZipMember, type ZipMember } from "../lib/zip/password-zip";
import { parseCsvRecords } from "./csv";

export const LABELS = ["malicious", "benign"] as const;
export type Label = (typeof LABELS)[number];

export interface CorpusEntry {
  sha256: string;
  /** where the file came from, relative to the corpus folder; zip members as "x.zip/member" */
  name: string;
  label: Label;
  category: string;
  bytes: Uint8Array;
}

/** Category of a file in a labelled folder that sits directly under malicious/ or benign/. */
export const UNCATEGORIZED = "uncategorized";
const MANIFEST = "manifest.csv";
/** The project root: npm scripts, vitest and the bundled script runner all run from it. */
const REPO_ROOT = process.cwd();

/** `$PDFSCAN_CORPUS`, else `<repo>/../shared/corpus`; null when that folder does not exist. */
export function findCorpusDir(): string | null {
  const fromEnv = process.env.PDFSCAN_CORPUS;
  const dir = fromEnv ? resolve(fromEnv) : resolve(REPO_ROOT, "..", "shared", "corpus");
  return isDir(dir) ? dir : null;
}

/** A folder with manifest.csv is a corpus; any other folder is read as malicious/ + benign/ subfolders. */
export function loadAny(dir: string): Promise<CorpusEntry[]> {
  return existsSync(join(dir, MANIFEST)) ? loadCorpus(dir) : loadLabelledDir(dir);
}

/**
 * Reads every file listed in `<dir>/manifest.csv` (columns sha256, file_name, label, category, ...).
 * `file_name` is relative to `dir`; a zip member is written `archive.zip/member`.
 * Throws when a listed file is missing or its sha256 differs: a broken corpus is a setup error.
 */
export async function loadCorpus(dir: string): Promise<CorpusEntry[]> {
  const records = parseCsvRecords(await readFile(join(dir, MANIFEST), "utf8"));
  const zips = new Map<string, Promise<Map<string, ZipMember>>>();
  const entries: CorpusEntry[] = [];
  for (const [i, r] of records.entries()) {
    const where = `${MANIFEST} record ${i + 1}`;
    const label = r.label as Label;
    if (!LABELS.includes(label)) throw new Error(`${where}: label must be malicious or benign, got "${r.label}"`);
    if (!r.file_name) throw new Error(`${where}: empty file_name`);
    const zipAt = r.file_name.indexOf(".zip/");
    let data: Uint8Array;
    if (zipAt >= 0) {
      const zipName = r.file_name.slice(0, zipAt + 4);
      const member = r.file_name.slice(zipAt + 5);
      if (!zips.has(zipName)) zips.set(zipName, membersByName(insideDir(dir, zipName)));
      const entry = (await zips.get(zipName)!).get(member);
      if (!entry) throw new Error(`${where}: ${member} is not in ${zipName}`);
      data = await readZipMember(entry);
    } else {
      data = new Uint8Array(await readFile(insideDir(dir, r.file_name)));
    }
    const sha256 = sha256Hex(data);
    if (r.sha256 && r.sha256.toLowerCase() !== sha256)
      throw new Error(`${where}: sha256 of ${r.file_name} is ${sha256}, manifest says ${r.sha256}`);
    entries.push({ sha256, name: r.file_name, label, category: r.category || UNCATEGORIZED, bytes: data });
  }
  return entries;
}

/**
 * Reads a folder without manifest: every file below `malicious/` and `benign/` (recursively), and every
 * member of .zip files found there (password "infected"). The category is the first subfolder below the
 * label folder (`malicious/cve-2010-0188/x.pdf` -> "cve-2010-0188"), else "uncategorized".
 */
export async function loadLabelledDir(dir: string): Promise<CorpusEntry[]> {
  const entries: CorpusEntry[] = [];
  for (const label of LABELS) {
    const labelDir = join(dir, label);
    if (!isDir(labelDir)) continue;
    for (const path of await listFiles(labelDir)) {
      const rel = relative(labelDir, path).split(sep);
      const category = rel.length > 1 ? rel[0] : UNCATEGORIZED;
      const name = relative(dir, path).split(sep).join("/");
      const data = new Uint8Array(await readFile(path));
      if (!path.toLowerCase().endsWith(".zip")) {
        entries.push({ sha256: sha256Hex(data), name, label, category, bytes: data });
        continue;
      }
      for (const member of await openZip(data)) {
        const bytes = await readZipMember(member);
        entries.push({ sha256: sha256Hex(bytes), name: `${name}/${member.name}`, label, category, bytes });
      }
    }
  }
  if (entries.length === 0) throw new Error(`${dir}: no ${MANIFEST} and no files under malicious/ or benign/`);
  return entries;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Basename of an entry's name, as an uploader would send it (`x.zip/abc.pdf` -> `abc.pdf`). */
export function fileNameOf(entry: Pick<CorpusEntry, "name">): string {
  return basename(entry.name);
}

/** Member name -> member of a zip (lib/zip/password-zip.ts: decrypted into memory only). */
async function membersByName(path: string): Promise<Map<string, ZipMember>> {
  return new Map((await openZip(path)).map((m) => [m.name, m]));
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, d.name);
    if (d.isDirectory()) out.push(...(await listFiles(path)));
    else if (d.isFile()) out.push(path);
  }
  return out;
}

/** Resolves a manifest path and refuses one that escapes the corpus folder. */
function insideDir(dir: string, rel: string): string {
  const path = resolve(dir, rel);
  if (path !== dir && !path.startsWith(resolve(dir) + sep)) throw new Error(`${rel} points outside ${dir}`);
  return path;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
