// Dialect factory: SQLite (a file under the data directory; WAL so readers do not block the writer,
// busy_timeout so a second process waits instead of failing) or PostgreSQL (a pg Pool). Returns a
// migrated kysely instance. The SQLite driver is libsql (better-sqlite3's API, SQLite built in): its
// native library comes as an npm package per platform, where better-sqlite3 12 (the last line for
// Node 20) compiles sqlite3.c on every fresh install, 64-76 s of a first `npm start` here (issue 23 item 6).
import { mkdirSync } from "node:fs";
import path from "node:path";
import Sqlite from "libsql";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import type { Database, DialectKind } from "./database";
import { migrateToLatest } from "./migrations";

/** How long SQLite waits for a lock held by another connection or process. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** PostgreSQL connections per process. */
export const PG_POOL_SIZE = 10;

const PG_INT8_OID = 20;

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectKind;
  /**
   * Makes deleted rows unrecoverable from the data directory: SQLite folds the WAL (which still
   * holds the old page images) into the zero-filled main file and truncates it. PostgreSQL: the rows
   * are gone from queries; reclaiming their space (VACUUM) is the operator's.
   */
  purgeDeleted(): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(config: Config["database"]): Promise<OpenDatabase> {
  const opened = config.kind === "sqlite" ? openSqlite(config.file) : openPostgres(config.url);
  try {
    await migrateToLatest(opened.db as Kysely<unknown>, opened.dialect);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

function openSqlite(file: string): OpenDatabase {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new Sqlite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // WAL + NORMAL: a committed transaction survives a process crash (not necessarily a power cut)
  sqlite.pragma("synchronous = NORMAL");
  // deleted content (a deleted scan's report, file name) is overwritten with zeros, not left in free pages
  sqlite.pragma("secure_delete = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // through kysely: its connection mutex keeps the checkpoint out of another request's transaction
  const purgeDeleted = async () => {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  };
  return { db, dialect: "sqlite", purgeDeleted, close: () => db.destroy() };
}

function openPostgres(url: string): OpenDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: PG_POOL_SIZE,
    // times are epoch milliseconds in bigint columns: read them as numbers (exact below 2^53)
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === PG_INT8_OID && format !== "binary"
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  // an idle client losing its connection (server restart) must not crash the process
  pool.on("error", (error) => console.error("[pdfscan] postgres pool error:", error.message));
  // nor a checked-out one: a session terminated between two queries of a request or a stage
  // (pg_terminate_backend, failover) emits "error" on its client, which has no listener while it is
  // out of the pool. Its next query fails (routes answer 503, see connection-lost.ts) and the pool
  // discards it on release.
  pool.on("connect", (client) =>
    client.on("error", (error) => console.error("[pdfscan] postgres connection lost:", error.message)),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", purgeDeleted: async () => {}, close: () => db.destroy() };
}
