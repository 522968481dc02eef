// Faults injected while the traffic runs, one at a time, in rotation:
//   kill-worker   SIGKILL a stage worker (scale-out), start a replacement
//   kill-server   SIGKILL the web server, start it again on the same stores
//   restart-redis `redis-cli shutdown nosave`, a pause, redis-server again (the queue's state is gone)
//   drop-pg       pg_terminate_backend on the soak's own sessions (its application_name only)
// Planned answers while a fault lasts: no answer at all (server down), 503 (a store unreachable) and
// 504 (a deadline); anything else 5xx is a failure.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { SCAN_STATUSES } from "../../lib/server/domain/state-machine";
import type { Stack } from "./stack";

const run = promisify(execFile);

export const FAULT_KINDS = ["kill-worker", "kill-server", "restart-redis", "drop-pg"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const REDIS_DOWN_MS = 2_000;
/** a kill waits this long for a stage in flight to hit (then kills anyway) */
const IN_FLIGHT_WAIT_MS = 5_000;
const REDIS_READY_TIMEOUT_MS = 20_000;
// the command line the CI machine starts its Redis with: restarted exactly as it was started
const REDIS_SERVER_ARGS = [
  "--daemonize",
  "yes",
  "--bind",
  "127.0.0.1",
  "-::1",
  "--port",
  "6379",
  "--save",
  "",
  "--appendonly",
  "no",
  "--dir",
  "/var/lib/redis",
  "--logfile",
  "/var/log/redis/ci.log",
];

export interface FaultRecord {
  kind: FaultKind;
  /** seconds since the traffic started */
  atS: number;
  /** until the service was whole again (the restarted process ready) */
  ms: number;
  detail?: string;
  error?: string;
}

export function faultsFor(stack: Stack): FaultKind[] {
  return stack.kind === "scale-out" ? ["kill-worker", "restart-redis", "drop-pg", "kill-server"] : ["kill-server"];
}

async function restartRedis(): Promise<string> {
  await run("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"]).catch(() => {}); // the connection drops as it shuts down
  await new Promise((r) => setTimeout(r, REDIS_DOWN_MS));
  await run("redis-server", REDIS_SERVER_ARGS);
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  for (;;) {
    const pong = await run("redis-cli", ["-h", "127.0.0.1", "-p", "6379", "ping"]).then(
      (r) => r.stdout.trim(),
      () => "",
    );
    if (pong === "PONG") return `down ${REDIS_DOWN_MS} ms`;
    if (Date.now() > deadline) throw new Error("redis-server did not answer PING after the restart");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function dropPg(stack: Stack): Promise<string> {
  const { rows } = await stack.pg!.pool.query(
    "select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1",
    [stack.pgApplicationName],
  );
  return `${rows[0].n} sessions terminated`;
}

let nextWorker = 0;
const RUNNING = SCAN_STATUSES.filter((s) => s.startsWith("running_"));

/**
 * Lease owners of stages running now, waiting up to IN_FLIGHT_WAIT_MS for one: a kill should land
 * mid-stage, where it tests the lease and resume path, not between scans.
 */
async function ownersInFlight(stack: Stack): Promise<string[]> {
  const { database } = await stack.openStores();
  try {
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const rows = await database.db
        .selectFrom("scans")
        .select("lease_owner")
        .where("status", "in", RUNNING)
        .where("lease_owner", "is not", null)
        .execute();
      if (rows.length > 0 || Date.now() > deadline) return rows.map((r) => r.lease_owner!);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await database.close();
  }
}

export async function injectFault(stack: Stack, kind: FaultKind, startedAt: number): Promise<FaultRecord> {
  const owners =
    kind === "kill-worker" || (kind === "kill-server" && stack.kind === "embedded") ? await ownersInFlight(stack) : [];
  const t0 = Date.now();
  const record: FaultRecord = { kind, atS: Math.round((t0 - startedAt) / 1000), ms: 0 };
  try {
    if (kind === "kill-worker") {
      const busy = stack.workerIds().findIndex((id) => owners.includes(id));
      const index = busy >= 0 ? busy : nextWorker++ % stack.workerCount();
      await stack.killAndRestartWorker(index);
      record.detail = `worker ${index}, ${busy >= 0 ? "mid-stage" : "idle"}`;
    } else if (kind === "kill-server") {
      await stack.killAndRestartServer();
      record.detail = stack.kind === "embedded" ? (owners.length > 0 ? "mid-stage" : "idle") : undefined;
    } else if (kind === "restart-redis") {
      record.detail = await restartRedis();
    } else {
      record.detail = await dropPg(stack);
    }
  } catch (error) {
    record.error = (error as Error).message.split("\n")[0];
  }
  record.ms = Date.now() - t0;
  return record;
}
