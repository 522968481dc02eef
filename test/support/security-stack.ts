// The service as the security tests attack it, in both configurations: the built server on SQLite +
// the in-process queue, or on PostgreSQL + Redis/BullMQ with one `npm run worker` process. Each stack
// has its own data dir, schema and key prefix, and a key store on the same database (keys are made
// there, as `pdfscan keys create` does). Plus the helpers every refusal check uses.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ApiKeyStore } from "../../lib/server/auth/api-keys";
import { setAuditSink } from "../../lib/server/auth/audit";
import { parseConfig } from "../../lib/server/config";
import { openDatabase, type OpenDatabase } from "../../lib/server/db/open-database";
import {
  createPgSchema,
  createRedisPrefix,
  TEST_REDIS_URL,
  type PgSchema,
  type RedisPrefix,
} from "../../lib/server/testing/test-stores";
import { startWorker, type WorkerProcess } from "../scans/support/worker-process";
import { startServer, type RunningServer } from "./next-server";

export interface SecurityStack {
  kind: "embedded" | "scale-out";
  server: RunningServer;
  /** the scale-out stage worker */
  worker?: WorkerProcess;
  env: Record<string, string>;
  database: OpenDatabase;
  keys: ApiKeyStore;
  /** the latest output of the process that runs scan stages (the server, or the worker) */
  stageOutput(): string;
  dispose(): Promise<void>;
}

export interface StackOptions {
  /** server (and worker) environment on top of the stack's stores */
  env?: Record<string, string>;
  /** the scale-out worker's environment on top of `env` */
  workerEnv?: Record<string, string>;
  outputBytes?: number;
}

async function withKeyStore(
  kind: SecurityStack["kind"],
  env: Record<string, string>,
  start: () => Promise<{ server: RunningServer; worker?: WorkerProcess; stop(): Promise<void> }>,
): Promise<SecurityStack> {
  const { server, worker, stop } = await start();
  setAuditSink(() => {}); // the keys made here are audited by the test process, not needed in its output
  const database = await openDatabase(parseConfig({ ...env, PDFSCAN_HOST: "127.0.0.1" }).database);
  return {
    kind,
    server,
    worker,
    env,
    database,
    keys: new ApiKeyStore(database.db),
    stageOutput: () => (worker ?? server).output(),
    async dispose() {
      await database.close();
      await stop();
    },
  };
}

export async function embeddedStack({ env: extra = {}, outputBytes }: StackOptions = {}): Promise<SecurityStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-security-"));
  const env = {
    ...extra,
    PDFSCAN_DATA_DIR: dataDir,
    PDFSCAN_DATABASE_URL: "",
    PDFSCAN_REDIS_URL: "",
    PDFSCAN_STORAGE: "",
  };
  return withKeyStore("embedded", env, async () => {
    const server = await startServer({ env, outputBytes });
    return { server, stop: async () => (await server.stop(), rmSync(dataDir, { recursive: true, force: true })) };
  });
}

export async function scaleOutStack({
  env: extra = {},
  workerEnv = {},
  outputBytes,
}: StackOptions = {}): Promise<SecurityStack> {
  const pg: PgSchema = await createPgSchema();
  let redis: RedisPrefix | undefined;
  let worker: WorkerProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-security-so-"));
  try {
    redis = await createRedisPrefix();
    const env = {
      ...extra,
      PDFSCAN_DATABASE_URL: pg.url,
      PDFSCAN_STORAGE: "postgres",
      PDFSCAN_REDIS_URL: TEST_REDIS_URL,
      PDFSCAN_REDIS_PREFIX: redis.prefix,
      PDFSCAN_DATA_DIR: dataDir,
    };
    const r = redis;
    return await withKeyStore("scale-out", env, async () => {
      const server = await startServer({ env, outputBytes });
      worker = await startWorker({ ...env, ...workerEnv });
      const w = worker;
      return {
        server,
        worker: w,
        stop: async () => {
          await w.stop();
          await server.stop();
          await r.drop();
          await pg.drop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
  } catch (error) {
    await worker?.stop();
    await redis?.drop();
    await pg.drop();
    throw error;
  }
}

/** Checks an RFC 9457 refusal and returns its body. */
export async function problem(res: Response, status: number, code?: string) {
  expect(res.status, `${res.url}`).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = await res.json();
  expect(body).toMatchObject({
    status,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
    ...(code ? { code } : {}),
  });
  return body as { code: string } & Record<string, unknown>;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A raw HTTP request (fetch cannot send a foreign Host header). */
export function rawRequest(
  url: string,
  {
    method = "GET",
    headers = {} as Record<string, string>,
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(url, { method, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}
