// Uploaded bytes as files under one directory (PDFSCAN_DATA_DIR/uploads). Written atomically: into a
// temporary file (0600), fsynced, then renamed over the final name, so a crash never leaves a
// half-written upload under a real key. Leftover temporary files are removed by listStoredBefore.
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { assertBlobKey, type BlobStore } from "./blob-store";

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const FINAL_SUFFIX = ".pdf.bin";
const TEMP_MARKER = ".tmp-";

export class LocalFileStore implements BlobStore {
  readonly kind = "local" as const;
  /** `suffix`: file name ending of the stored files (uploads: .pdf.bin) */
  constructor(
    readonly dir: string,
    private readonly suffix: string = FINAL_SUFFIX,
  ) {}

  private fileOf(key: string): string {
    assertBlobKey(key);
    return path.join(this.dir, `${key}${this.suffix}`);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    const temp = `${file}${TEMP_MARKER}${randomBytes(6).toString("hex")}`;
    const handle = await open(temp, "wx", FILE_MODE);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temp, file);
  }

  async get(key: string): Promise<ArrayBuffer | null> {
    try {
      const buf = await readFile(this.fileOf(key));
      // readFile may hand out a slice of a shared pool buffer: copy into an ArrayBuffer of our own
      return buf.buffer.byteLength === buf.byteLength ? (buf.buffer as ArrayBuffer) : new Uint8Array(buf).buffer;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.fileOf(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async listStoredBefore(time: number, { limit, after }: { limit: number; after?: string }): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const stored: string[] = [];
    for (const name of names) {
      if (name.includes(TEMP_MARKER)) {
        // a temporary file this old belongs to a put() that crashed: remove it here
        const full = path.join(this.dir, name);
        const st = await stat(full).catch(() => null);
        if (st && st.mtimeMs < time) await rm(full, { force: true });
      } else if (name.endsWith(this.suffix)) {
        stored.push(name.slice(0, -this.suffix.length));
      }
    }
    const keys: string[] = [];
    for (const key of stored.sort()) {
      if (after !== undefined && key <= after) continue;
      const st = await stat(this.fileOf(key)).catch(() => null);
      if (!st || st.mtimeMs >= time) continue;
      keys.push(key);
      if (keys.length >= limit) break;
    }
    return keys;
  }
}
