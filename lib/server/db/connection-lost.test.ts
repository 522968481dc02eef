// A PostgreSQL session terminated under a running process (pg_terminate_backend, a failover): found
// by the soak (`npm run soak`, drop-pg fault), where it killed `npm run worker` processes with an
// unhandled "error" event and answered reads with 500. Real PostgreSQL (required, never skipped).
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { errorResponse } from "../http/problem-response";
import { openTestStores, type TestStores } from "../testing/test-stores";
import { isConnectionLost } from "./connection-lost";

describe("a terminated PostgreSQL session", () => {
  let stores: TestStores | undefined;
  afterEach(async () => {
    await stores?.close();
    stores = undefined;
  });

  it("does not crash the process when it dies while checked out; the pool recovers", async () => {
    stores = await openTestStores("postgres");
    const { db } = stores.database;
    const lost = await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await stores!.pg!.pool.query("select pg_terminate_backend($1)", [rows[0].pid]);
      await new Promise((r) => setTimeout(r, 300)); // the FATAL message arrives between two queries
      return sql`select 1`.execute(conn).then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    expect(isConnectionLost(lost)).toBe(true);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it("is answered 503 with Retry-After, not 500", async () => {
    const request = new Request("http://127.0.0.1/api/scans/x");
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    for (const error of [
      terminated,
      new Error("Connection terminated unexpectedly"),
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    ]) {
      const res = errorResponse(error, request);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
    }
    expect(errorResponse(Object.assign(new Error("duplicate key"), { code: "23505" }), request).status).toBe(500);
  });
});
