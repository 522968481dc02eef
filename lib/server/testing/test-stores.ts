// Test-only: real stores for tests, isolated per run. SQLite in a temp directory; PostgreSQL in a
// schema of its own (selected with the connection's search_path, dropped afterwards); Redis under a
// key prefix of its own (deleted afterwards). PostgreSQL and Redis are REQUIRED: when they cannot be
// reached these helpers throw, so the tests fail instead of being skipped (CI runs both services).
// Nothing in the product imports this file.
import { createPageImageStore, type PageImageStore } from "../storage/page-image-store";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { UPLOADS_DIR_NAME, SQLITE_FILE_NAME, type Config } from "../config";
import { openDatabase, type OpenDatabase } from "../db/open-database";
import type { BlobStore } from "../storage/blob-store";
import { createBlobStore } from "../storage/create-blob-store";
import { ScanRepository } from "../scans/scan-repository";

export const TEST_DATABASE_URL = process.env.PDFSCAN_TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
export const TEST_REDIS_URL = process.env.PDFSCAN_TEST_REDIS_URL || "redis://127.0.0.1:6379";

const suffix = () => `${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;

export interface PgSchema {
  schema: string;
  /** PDFSCAN_DATABASE_URL for this schema */
  url: string;
  /** an admin pool on the same database, search_path set to the schema (for looking into the stores) */
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL schema; throws a clear error when PostgreSQL is not reachable. */
export async function createPgSchema(): Promise<PgSchema> {
  const schema = `pdfscan_test_${suffix()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required by this test and is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        "Start it, or point PDFSCAN_TEST_DATABASE_URL at one.",
      { cause: error },
    );
  }
  try {
    await admin.query(`CREATE SCHEMA "${schema}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    schema,
    url: url.toString(),
    pool,
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

export interface RedisPrefix {
  prefix: string;
  redis: Redis;
  /** every key under the prefix */
  keys(): Promise<string[]>;
  drop(): Promise<void>;
}

/** A fresh BullMQ prefix; throws a clear error when Redis is not reachable. */
export async function createRedisPrefix(): Promise<RedisPrefix> {
  const prefix = `pdfscan-test-${suffix()}`;
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis is required by this test and is not reachable at ${TEST_REDIS_URL} (${(error as Error).message}). ` +
        "Start it, or point PDFSCAN_TEST_REDIS_URL at one.",
      { cause: error },
    );
  }
  // the clean-up runs minutes after the probe: an idle connection that died meanwhile (a loaded run of
  // stop 30 lost one) is replaced rather than failing the test file's teardown
  let current = redis;
  const withClient = async <T>(run: (c: Redis) => Promise<T>): Promise<T> => {
    try {
      return await run(current);
    } catch (error) {
      if (!/Connection is closed/.test((error as Error).message)) throw error;
      current.disconnect();
      current = new Redis(TEST_REDIS_URL, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: 5_000,
        retryStrategy: () => null,
      });
      await current.connect();
      return run(current);
    }
  };
  const keys = async () => {
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await withClient((c) => c.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500));
      cursor = next;
      found.push(...batch);
    } while (cursor !== "0");
    return found;
  };
  return {
    prefix,
    redis,
    keys,
    async drop() {
      const all = await keys();
      if (all.length > 0) await withClient((c) => c.del(...all));
      current.disconnect();
    },
  };
}

export interface TestStores {
  kind: "sqlite" | "postgres";
  database: OpenDatabase;
  repo: ScanRepository;
  blobs: BlobStore;
  /** page thumbnails, in the same configuration (local files or PostgreSQL) */
  pageImages: PageImageStore;
  /** the data directory (SQLite file and local uploads; unused by the postgres stores) */
  dataDir: string;
  /** PostgreSQL only: the schema, for looking into the stores directly */
  pg?: PgSchema;
  close(): Promise<void>;
}

/**
 * The two real store configurations: SQLite + local files (embedded) and PostgreSQL for metadata and
 * bytes (scale-out). `clock` feeds the repository (retention tests move time forward).
 */
export async function openTestStores(kind: "sqlite" | "postgres", clock: () => number = Date.now): Promise<TestStores> {
  const pgSchema = kind === "postgres" ? await createPgSchema() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-stores-"));
  const config: Pick<Config, "database" | "storage" | "dataDir"> = {
    dataDir,
    database: pgSchema
      ? { kind: "postgres", url: pgSchema.url }
      : { kind: "sqlite", file: path.join(dataDir, SQLITE_FILE_NAME) },
    storage: kind === "postgres" ? "postgres" : "local",
  };
  let database: OpenDatabase;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    kind,
    database,
    repo: new ScanRepository(database.db, clock),
    blobs: createBlobStore(config, database.db),
    pageImages: createPageImageStore(config, database.db),
    dataDir,
    pg: pgSchema,
    async close() {
      await database.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, UPLOADS_DIR_NAME);
