// Starts the already-built app (`npm run build`) as `npm start` runs it (dist/server.mjs: Next behind
// the front door, lib/server/serve.ts) on a free 127.0.0.1 port and waits until GET /health answers 200. Used by the integration tests and the benchmark script: real server,
// real worker threads, nothing mocked. Auth is on, as in production: the admin key the server prints
// on its first start is kept (`apiKey`) and sent by `authorizedFetch`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withAllocatorEnv } from "../../lib/server/allocator-env.mjs";
import { nonConformance } from "./openapi-conformance";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_BUNDLE = path.join(REPO_ROOT, "dist", "server.mjs");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const DEFAULT_OUTPUT_BYTES = 8_000;

export interface RunningServer {
  url: string;
  /**
   * The admin API key the server printed on its first start (or the one printed earlier for the same
   * data dir / database, on a restart); undefined with PDFSCAN_AUTH=off. authorizedFetch sends it.
   */
  apiKey?: string;
  stop(): Promise<void>;
  /** process id of the server (crash tests kill it with SIGKILL; memory tests read its /proc entry) */
  pid: number;
  /** the last few kB of the server's stdout and stderr, for failure messages */
  output(): string;
}

/**
 * Starts the built app. It is ready when /health answers 200, or with `waitForHealth: false` when it
 * answers at all (for tests of a server whose dependencies are down on purpose).
 */
export async function startServer({
  env = {},
  waitForHealth: healthy = true,
  outputBytes = DEFAULT_OUTPUT_BYTES,
}: {
  env?: Record<string, string>;
  waitForHealth?: boolean;
  /** how much of the server's latest output output() keeps (tests that count audit lines keep more) */
  outputBytes?: number;
} = {}): Promise<RunningServer> {
  for (const built of [".next/BUILD_ID", "dist/server.mjs", "dist/analysis-worker.mjs"]) {
    if (!existsSync(path.join(REPO_ROOT, built))) {
      throw new Error(`startServer: ${built} is missing; run \`npm run build\` first`);
    }
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // scans keep a database and uploads in the data dir: a throw-away one unless the caller picks one
  const ownDataDir =
    env.PDFSCAN_DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), "pdfscan-server-")) : undefined;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    // as npm start runs it (bin/start.mjs)
    env: withAllocatorEnv({
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      // tests poll scans every 25 ms; on a slow machine that alone spends the default 600 requests a
      // minute (CI once failed with 429 in scale-out). The limit's own tests set theirs
      // (test/security.integration.test.ts), as the soak stack does (scripts/soak/stack.ts).
      PDFSCAN_RATE_LIMIT: "1000000",
      ...(ownDataDir ? { PDFSCAN_DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
      PDFSCAN_HOST: "127.0.0.1",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputBytes);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const storeId = env.PDFSCAN_DATABASE_URL || env.PDFSCAN_DATA_DIR || ownDataDir!;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, healthy);
  } catch (error) {
    await stop();
    throw new Error(`startServer: ${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  const printed = ADMIN_KEY_LINE.exec(output)?.[1];
  if (printed) KEY_BY_STORE.set(storeId, printed);
  const apiKey = printed ?? KEY_BY_STORE.get(storeId);
  if (apiKey) KEY_BY_ORIGIN.set(url, apiKey);
  return { url, apiKey, stop, pid: child.pid!, output: () => output };
}

/** The line the server prints once, on its first start with an empty key table (lib/server/runtime.ts). */
const ADMIN_KEY_LINE = /PDFSCAN_ADMIN_KEY=(pdfscan_[A-Za-z0-9_-]+)/;
const KEY_BY_STORE = new Map<string, string>();
const KEY_BY_ORIGIN = new Map<string, string>();

/**
 * fetch, plus `Authorization: Bearer <admin key>` for requests to a server started here (unless the
 * request sets its own Authorization). Import it as `fetch` in tests that are not about auth.
 */
export const authorizedFetch: typeof fetch = async (input, init = {}) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const key = KEY_BY_ORIGIN.get(new URL(url).origin);
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (key && !headers.has("authorization")) headers.set("authorization", `Bearer ${key}`);
  const res = await fetch(input, { ...init, headers });
  // every answer a test records is checked against the OpenAPI document (issue 20)
  const wrong = await nonConformance(init.method ?? (input instanceof Request ? input.method : "GET"), url, res);
  if (wrong) throw new Error(`OpenAPI conformance: ${wrong}`);
  return res;
};

async function waitForHealth(url: string, child: ChildProcess, healthy: boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200 || !healthy) return;
      last = `HTTP ${res.status}: ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url}/health not ready after ${READY_TIMEOUT_MS} ms (last: ${last})`);
}

/** A port the OS just handed out on 127.0.0.1 (tiny race with other processes, fine for tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
