// The service under soak, in one of its two configurations, started with the same helpers as the
// integration tests (test/support/next-server.ts, test/scans/support/*, lib/server/testing):
//   embedded:  the built server alone (SQLite + local files + in-process queue) on a data dir of its own
//   scale-out: the server + N `npm run worker` processes on a PostgreSQL schema and a Redis prefix of
//              their own (PDFSCAN_STORAGE=postgres)
// Every PostgreSQL connection of the soak's processes carries a dedicated application_name, so the
// "drop connections" fault terminates those sessions only, never another test's.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SQLITE_FILE_NAME, type Config } from "../../lib/server/config";
import { openDatabase, type OpenDatabase } from "../../lib/server/db/open-database";
import type { BlobStore } from "../../lib/server/storage/blob-store";
import { createBlobStore } from "../../lib/server/storage/create-blob-store";
import {
  createPgSchema,
  createRedisPrefix,
  TEST_REDIS_URL,
  type PgSchema,
  type RedisPrefix,
} from "../../lib/server/testing/test-stores";
import { startWorker, type WorkerProcess } from "../../test/scans/support/worker-process";
import { startServer, type RunningServer } from "../../test/support/next-server";

export type StackKind = "embedded" | "scale-out";

export interface StackOptions {
  kind: StackKind;
  /** worker processes (scale-out) */
  workers: number;
  /** analysis threads per process */
  threads: number;
  /** PDFSCAN_LEASE_MS: how soon a killed worker's stage is taken over */
  leaseMs: number;
}

export interface Stack {
  kind: StackKind;
  /** the server's current base URL (it changes when the server is restarted on a new port) */
  url(): string;
  serverPid(): number | undefined;
  workerPids(): number[];
  /** the workers' lease owner ids, in the same order */
  workerIds(): string[];
  workerCount(): number;
  /** SIGKILL the server, then start it again on the same stores */
  killAndRestartServer(): Promise<void>;
  /** SIGKILL worker `index` (scale-out), then start a replacement */
  killAndRestartWorker(index: number): Promise<void>;
  /** processes that died without a fault killing them (each restarted, as a supervisor would) */
  crashes: Crash[];
  /** the soak's own PostgreSQL sessions' application_name (scale-out) */
  pgApplicationName?: string;
  /** an admin pool on the soak's schema (scale-out) */
  pg?: PgSchema;
  /** read access to the stores the service writes, for the final audit */
  openStores(): Promise<{ database: OpenDatabase; blobs: BlobStore }>;
  stop(): Promise<void>;
}

export interface Crash {
  process: string;
  /** epoch ms when it was found dead */
  at: number;
  /** the tail of its output */
  output: string;
}

/** how often the server is checked for being alive */
const SERVER_WATCH_MS = 1_000;

const SOAK_ENV = {
  // the soak is one principal sending far more than the per-key defaults allow
  PDFSCAN_RATE_LIMIT: "1000000",
  PDFSCAN_QUOTA_BYTES: String(Number.MAX_SAFE_INTEGER),
};

export async function startStack(o: StackOptions): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pdfscan-soak-${o.kind}-`));
  let pg: PgSchema | undefined;
  let redis: RedisPrefix | undefined;
  let server: RunningServer | undefined;
  const workers: WorkerProcess[] = [];
  let pgApplicationName: string | undefined;
  // embedded: clear any store settings inherited from the environment (as scripts/bench-scans.ts does)
  const env: Record<string, string> = {
    ...SOAK_ENV,
    PDFSCAN_DATABASE_URL: "",
    PDFSCAN_REDIS_URL: "",
    PDFSCAN_STORAGE: "",
    PDFSCAN_DATA_DIR: dataDir,
    PDFSCAN_LEASE_MS: String(o.leaseMs),
    PDFSCAN_WORKERS: String(o.threads),
  };
  const storage: Pick<Config, "storage" | "dataDir" | "database"> = {
    dataDir,
    storage: "local",
    database: { kind: "sqlite", file: path.join(dataDir, SQLITE_FILE_NAME) },
  };

  const crashes: Crash[] = [];
  const killed = new Set<WorkerProcess>();
  let stopping = false;
  let serverWatch: NodeJS.Timeout | undefined;
  const crashed = (name: string, output: string) =>
    crashes.push({ process: name, at: Date.now(), output: output.slice(-2_000) });
  const startWatchedWorker = async (): Promise<WorkerProcess> => {
    const w = await startWorker(env);
    void w.exited
      .then(async () => {
        if (stopping || killed.has(w)) return;
        crashed(`worker ${w.id}`, w.output());
        workers[workers.indexOf(w)] = await startWatchedWorker();
      })
      .catch((error: Error) => crashed("a replacement worker", error.message));
    return w;
  };
  let restartingServer = false;
  const watchServer = () => {
    serverWatch = setInterval(() => {
      if (stopping || restartingServer || isAlive(server!.pid)) return;
      restartingServer = true;
      crashed("server", server!.output());
      void startServer({ env })
        .then(
          (s) => (server = s),
          (error: Error) => crashed("the restarted server", error.message),
        )
        .finally(() => (restartingServer = false));
    }, SERVER_WATCH_MS);
  };

  const stop = async () => {
    stopping = true;
    clearInterval(serverWatch);
    await Promise.all(workers.map((w) => w.stop()));
    await server?.stop();
    await redis?.drop().catch(() => {});
    await pg?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (o.kind === "scale-out") {
      pg = await createPgSchema();
      redis = await createRedisPrefix();
      pgApplicationName = `pdfscan-soak-${randomBytes(4).toString("hex")}`;
      const url = new URL(pg.url);
      url.searchParams.set("application_name", pgApplicationName);
      Object.assign(env, {
        PDFSCAN_DATABASE_URL: url.toString(),
        PDFSCAN_STORAGE: "postgres",
        PDFSCAN_REDIS_URL: TEST_REDIS_URL,
        PDFSCAN_REDIS_PREFIX: redis.prefix,
      });
      Object.assign(storage, { storage: "postgres", database: { kind: "postgres", url: pg.url } });
    }
    server = await startServer({ env });
    watchServer();
    if (o.kind === "scale-out")
      workers.push(...(await Promise.all(Array.from({ length: o.workers }, startWatchedWorker))));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    kind: o.kind,
    url: () => server!.url,
    serverPid: () => server?.pid,
    workerPids: () => workers.map((w) => w.pid),
    workerIds: () => workers.map((w) => w.id),
    workerCount: () => workers.length,
    crashes,
    pgApplicationName,
    pg,
    async killAndRestartServer() {
      restartingServer = true;
      try {
        process.kill(server!.pid, "SIGKILL");
        await server!.stop(); // waits for the exit; the data dir is ours, so it is kept
        server = await startServer({ env });
      } finally {
        restartingServer = false;
      }
    },
    async killAndRestartWorker(index) {
      const victim = workers[index];
      killed.add(victim);
      victim.kill("SIGKILL");
      await victim.exited;
      workers[index] = await startWatchedWorker();
    },
    async openStores() {
      const database = await openDatabase(storage.database);
      return { database, blobs: createBlobStore(storage, database.db) };
    },
    stop,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
