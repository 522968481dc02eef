// The blob store the configuration names (blob-store.ts describes both).
import type { Kysely } from "kysely";
import path from "node:path";
import { UPLOADS_DIR_NAME, type Config } from "../config";
import type { Database } from "../db/database";
import type { BlobStore } from "./blob-store";
import { LocalFileStore } from "./local-file-store";
import { PostgresBlobStore } from "./postgres-blob-store";

export function createBlobStore(config: Pick<Config, "storage" | "dataDir">, db: Kysely<Database>): BlobStore {
  return config.storage === "postgres"
    ? new PostgresBlobStore(db)
    : new LocalFileStore(path.join(config.dataDir, UPLOADS_DIR_NAME));
}
