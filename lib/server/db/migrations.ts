// Schema migrations, written once with kysely's schema builder so SQLite and PostgreSQL run the same
// definitions (only the binary column type differs). Applied by kysely's Migrator at every process
// start; it takes a lock, so a server and several workers starting together migrate once.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { ADVANCED_STATUSES, ENRICHMENT_STATUSES, SCAN_STATUSES } from "../domain/state-machine";
import { RETENTION_MODES } from "../domain/retention";
import type { DialectKind } from "./database";

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** A key -> bytes table (uploads, page images): PostgresBlobStore reads and writes any of them. */
async function createBlobTable(db: Kysely<unknown>, name: string, dialect: DialectKind): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("data", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

function buildMigrations(dialect: DialectKind): Record<string, Migration> {
  return {
    "0001_scans": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("scans")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("advanced_status", "text", (c) => c.notNull())
          .addColumn("enrichment_status", "text", (c) => c.notNull())
          .addColumn("retention_mode", "text", (c) => c.notNull())
          .addColumn("enable_enrichment", "integer", (c) => c.notNull())
          .addColumn("file_name", "text", (c) => c.notNull())
          .addColumn("file_size", "bigint", (c) => c.notNull())
          .addColumn("sha256", "text", (c) => c.notNull())
          .addColumn("blob_key", "text", (c) => c.notNull())
          .addColumn("file_retained", "integer", (c) => c.notNull())
          .addColumn("verdict", "text")
          .addColumn("score", "integer")
          .addColumn("confidence", "text")
          .addColumn("fast_result", "text")
          .addColumn("advanced_result", "text")
          .addColumn("enrichment_result", "text")
          .addColumn("failure_reason", "text")
          .addColumn("advanced_failure_reason", "text")
          .addColumn("enrichment_failure_reason", "text")
          .addColumn("pending_event", "text")
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("updated_at", "bigint", (c) => c.notNull())
          .addColumn("fast_started_at", "bigint")
          .addColumn("fast_completed_at", "bigint")
          .addColumn("advanced_started_at", "bigint")
          .addColumn("completed_at", "bigint")
          .addColumn("expires_at", "bigint")
          .addColumn("file_deleted_at", "bigint")
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("lease_owner", "text")
          .addColumn("lease_until", "bigint")
          // the state machine's vocabularies, enforced by the database too
          .addCheckConstraint("scans_status_check", sql`status in (${inList(SCAN_STATUSES)})`)
          .addCheckConstraint("scans_advanced_status_check", sql`advanced_status in (${inList(ADVANCED_STATUSES)})`)
          .addCheckConstraint(
            "scans_enrichment_status_check",
            sql`enrichment_status in (${inList(ENRICHMENT_STATUSES)})`,
          )
          .addCheckConstraint("scans_retention_mode_check", sql`retention_mode in (${inList(RETENTION_MODES)})`)
          .addCheckConstraint("scans_score_check", sql`score is null or (score >= 0 and score <= 100)`)
          .execute();
        // GET /api/scans: the owner's scans, newest first
        await db.schema
          .createIndex("scans_owner_created_idx")
          .on("scans")
          .columns(["owner", "created_at", "id"])
          .execute();
        // dispatcher and recovery: runnable scans by status
        await db.schema.createIndex("scans_status_idx").on("scans").columns(["status", "lease_until"]).execute();
        // retention sweeper
        await db.schema
          .createIndex("scans_retained_idx")
          .on("scans")
          .columns(["file_retained", "expires_at"])
          .execute();

        await createBlobTable(db, "blobs", dialect);
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("blobs").execute();
        await db.schema.dropTable("scans").execute();
      },
    },
    // issue 8: API keys (stored as SHA-256 of a 256-bit secret), UI sessions, share links
    "0002_auth": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("api_keys")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("secret_hash", "text", (c) => c.notNull().unique())
          .addColumn("prefix", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("principal", "text", (c) => c.notNull())
          .addColumn("admin", "integer", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint")
          .addColumn("revoked_at", "bigint")
          .addColumn("last_used_at", "bigint")
          .execute();
        await db.schema
          .createTable("sessions")
          .addColumn("secret_hash", "text", (c) => c.primaryKey())
          .addColumn("key_id", "text", (c) => c.notNull())
          .addColumn("csrf_token", "text", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("share_links")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("secret_hash", "text", (c) => c.notNull().unique())
          .addColumn("scan_id", "text", (c) => c.notNull())
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint", (c) => c.notNull())
          .addColumn("revoked_at", "bigint")
          .execute();
        await db.schema.createIndex("share_links_scan_idx").on("share_links").columns(["scan_id"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("share_links").execute();
        await db.schema.dropTable("sessions").execute();
        await db.schema.dropTable("api_keys").execute();
      },
    },
    // issue 9: page thumbnails kept with the scan under its retention rules
    "0003_page_images": {
      async up(db: Kysely<unknown>) {
        // one column per statement: SQLite's ALTER TABLE adds one at a time
        await db.schema
          .alterTable("scans")
          .addColumn("keep_thumbnails", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable("scans").addColumn("page_images", "text").execute();
        await db.schema.alterTable("scans").addColumn("page_images_deleted_at", "bigint").execute();
        await createBlobTable(db, "page_images", dialect);
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("page_images").execute();
        for (const column of ["page_images_deleted_at", "page_images", "keep_thumbnails"])
          await db.schema.alterTable("scans").dropColumn(column).execute();
      },
    },
    // issue 19: quota decisions serialised per principal (one row each, locked while a scan is
    // admitted); share links remember the key that minted them, so they die with it
    "0004_quota_locks_share_keys": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("quota_locks")
          .addColumn("principal", "text", (c) => c.primaryKey())
          .addColumn("locked_at", "bigint", (c) => c.notNull())
          .execute();
        await db.schema.alterTable("share_links").addColumn("key_id", "text").execute();
        await db.schema.createIndex("share_links_key_idx").on("share_links").columns(["key_id"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex("share_links_key_idx").execute();
        await db.schema.alterTable("share_links").dropColumn("key_id").execute();
        await db.schema.dropTable("quota_locks").execute();
      },
    },
    // issue 20: webhooks (callback URL per scan, a signing secret per key, the delivery outbox) and
    // the Idempotency-Key of POST /api/scans
    "0005_webhooks_idempotency": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("scans").addColumn("callback_url", "text").execute();
        await db.schema.alterTable("scans").addColumn("callback_key", "text").execute();
        // the scans of one uploaded ZIP share a batch id (GET /api/scans?batch=)
        await db.schema.alterTable("scans").addColumn("batch_id", "text").execute();
        await db.schema.createIndex("scans_owner_batch_idx").on("scans").columns(["owner", "batch_id"]).execute();
        await db.schema
          .createTable("webhook_secrets")
          .addColumn("key_ref", "text", (c) => c.primaryKey())
          .addColumn("secret", "text", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("webhook_deliveries")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("scan_id", "text", (c) => c.notNull())
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("key_ref", "text", (c) => c.notNull())
          .addColumn("url", "text", (c) => c.notNull())
          .addColumn("event_type", "text", (c) => c.notNull())
          .addColumn("payload", "text", (c) => c.notNull())
          .addColumn("state", "text", (c) => c.notNull())
          .addColumn("attempts", "integer", (c) => c.notNull())
          .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
          .addColumn("lease_owner", "text")
          .addColumn("lease_until", "bigint")
          .addColumn("last_status", "integer")
          .addColumn("last_error", "text")
          .addColumn("attempt_log", "text", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("updated_at", "bigint", (c) => c.notNull())
          .addColumn("finished_at", "bigint")
          .addCheckConstraint("webhook_deliveries_state_check", sql`state in ('pending', 'succeeded', 'failed')`)
          .execute();
        // the dispatcher: due deliveries
        await db.schema
          .createIndex("webhook_deliveries_due_idx")
          .on("webhook_deliveries")
          .columns(["state", "next_attempt_at"])
          .execute();
        // a scan's delivery log
        await db.schema
          .createIndex("webhook_deliveries_scan_idx")
          .on("webhook_deliveries")
          .columns(["scan_id", "created_at"])
          .execute();
        await db.schema
          .createTable("idempotency_keys")
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("request_hash", "text", (c) => c.notNull())
          .addColumn("scan_id", "text")
          .addColumn("batch_id", "text")
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("idempotency_keys_pk", ["owner", "key"])
          .execute();
        await db.schema
          .createIndex("idempotency_keys_expiry_idx")
          .on("idempotency_keys")
          .columns(["expires_at"])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("idempotency_keys").execute();
        await db.schema.dropTable("webhook_deliveries").execute();
        await db.schema.dropTable("webhook_secrets").execute();
        await db.schema.dropIndex("scans_owner_batch_idx").execute();
        for (const column of ["batch_id", "callback_key", "callback_url"])
          await db.schema.alterTable("scans").dropColumn(column).execute();
      },
    },
    // issue 21: imported threat feeds and known-good lists (lib/server/feeds)
    "0006_feeds": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("feed_entries")
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("value", "text", (c) => c.notNull())
          .addColumn("list", "text", (c) => c.notNull())
          .addColumn("category", "text", (c) => c.notNull())
          .addColumn("confidence", "integer", (c) => c.notNull())
          .addColumn("first_seen", "bigint")
          .addColumn("last_seen", "bigint")
          .addColumn("expires_at", "bigint")
          .addColumn("reference", "text")
          // an IPv4 range's first and last address (kind cidr), for a range lookup
          .addColumn("range_start", "bigint")
          .addColumn("range_end", "bigint")
          .addPrimaryKeyConstraint("feed_entries_pk", ["source", "kind", "value"])
          .addCheckConstraint("feed_entries_list_check", sql`list in ('malicious', 'known-good')`)
          .execute();
        await db.schema.createIndex("feed_entries_lookup_idx").on("feed_entries").columns(["kind", "value"]).execute();
        await db.schema
          .createIndex("feed_entries_range_idx")
          .on("feed_entries")
          .columns(["kind", "range_start", "range_end"])
          .execute();
        await db.schema
          .createTable("feed_imports")
          .addColumn("source", "text", (c) => c.primaryKey())
          .addColumn("format", "text", (c) => c.notNull())
          .addColumn("imported_at", "bigint", (c) => c.notNull())
          .addColumn("entries", "integer", (c) => c.notNull())
          .addColumn("malformed", "integer", (c) => c.notNull())
          .addColumn("file_sha256", "text", (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("feed_imports").execute();
        await db.schema.dropTable("feed_entries").execute();
      },
    },
    // issue 21 item 4: the indicators of each scan, for GET /api/scans?ioc= (pivoting over the history)
    "0007_scan_indicators": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("scan_indicators")
          .addColumn("scan_id", "text", (c) => c.notNull())
          .addColumn("owner", "text", (c) => c.notNull())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("value", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("scan_indicators_pk", ["scan_id", "type", "value"])
          .execute();
        await db.schema
          .createIndex("scan_indicators_value_idx")
          .on("scan_indicators")
          .columns(["value", "owner"])
          .execute();
        // seen before: the owner's scans of the same file
        await db.schema.createIndex("scans_owner_sha256_idx").on("scans").columns(["owner", "sha256"]).execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex("scans_owner_sha256_idx").execute();
        await db.schema.dropTable("scan_indicators").execute();
      },
    },
    // issue 21 item 5: answers of the optional online reputation services (lib/server/enrichment/online)
    "0008_provider_cache": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("provider_cache")
          .addColumn("provider", "text", (c) => c.notNull())
          .addColumn("lookup_key", "text", (c) => c.notNull())
          .addColumn("answer", "text", (c) => c.notNull())
          .addColumn("fetched_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("provider_cache_pk", ["provider", "lookup_key"])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable("provider_cache").execute();
      },
    },
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/** Brings the schema to the latest version; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  // PostgreSQL: the migration tables live in the connection's schema (search_path), and the Migrator
  // must be told so: without migrationTableSchema it looks for its lock table in every schema of the
  // database, finds another schema's, skips creating its own and fails ("kysely_migration_lock does
  // not exist"), as tests running beside others in one database did.
  const migrationTableSchema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(buildMigrations(dialect)),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(
      `database migration ${failed ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
