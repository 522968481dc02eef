// Uploaded bytes in the `blobs` table (bytea), for scale-out: every worker on every machine reads
// them through the same database. One row per upload; an upsert keeps put() idempotent. The same code
// serves the `page_images` table (a scan's page thumbnails), which has the same shape.
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { assertBlobKey, type BlobStore } from "./blob-store";

export class PostgresBlobStore implements BlobStore {
  readonly kind = "postgres" as const;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: "blobs" | "page_images" = "blobs",
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertBlobKey(key);
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await this.db
      .insertInto(this.table)
      .values({ key, data, size: bytes.byteLength, created_at: Date.now() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ data, size: bytes.byteLength }))
      .execute();
  }

  async get(key: string): Promise<ArrayBuffer | null> {
    assertBlobKey(key);
    const row = await this.db.selectFrom(this.table).select("data").where("key", "=", key).executeTakeFirst();
    if (!row) return null;
    return new Uint8Array(row.data).buffer;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.db.deleteFrom(this.table).where("key", "=", key).execute();
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    const row = await this.db.selectFrom(this.table).select("key").where("key", "=", key).executeTakeFirst();
    return row !== undefined;
  }

  async listStoredBefore(time: number, { limit, after }: { limit: number; after?: string }): Promise<string[]> {
    let q = this.db.selectFrom(this.table).select("key").where("created_at", "<", time);
    if (after !== undefined) q = q.where("key", ">", after);
    const rows = await q.orderBy("key").limit(limit).execute();
    return rows.map((r) => r.key);
  }
}
