// Where uploaded bytes live between upload and the last stage (or until expiresAt). Two real
// implementations: LocalFileStore (default: files under PDFSCAN_DATA_DIR/uploads) and
// PostgresBlobStore (PDFSCAN_STORAGE=postgres: a table, so workers on any machine can read them);
// create-blob-store.ts picks one from the configuration.

export interface BlobStore {
  readonly kind: "local" | "postgres";
  /** Stores the bytes under `key`, atomically: a reader sees all of them or none. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** A fresh ArrayBuffer the caller owns (it may be transferred to a worker thread), or null. */
  get(key: string): Promise<ArrayBuffer | null>;
  /** Removes the bytes; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Keys stored before `time` (epoch ms), in key order, after `after` when given, at most `limit`:
   * the sweeper pages through them looking for orphans.
   */
  listStoredBefore(time: number, page: { limit: number; after?: string }): Promise<string[]>;
}

/** Keys are scan ids: base64url only, so a key can never name a path outside the store. */
export const BLOB_KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function assertBlobKey(key: string): void {
  if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}
