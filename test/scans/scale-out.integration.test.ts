// Scans end to end in the scale-out configuration: the real built server with PostgreSQL (metadata
// and uploaded bytes, PDFSCAN_STORAGE=postgres) and BullMQ on Redis, plus two separate worker
// processes (`npm run worker`). PostgreSQL and Redis are required: if either is missing, every test
// here FAILS with the reason (it is never skipped; see setUpShared). Isolation: a schema and a key prefix of
// our own, dropped afterwards. Workers run with the test-only stage delay so a SIGKILL lands mid-stage.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScanReport } from "../../lib/server/scans/report";
import { setUpShared } from "../../lib/server/testing/set-up-shared";
import {
  createPgSchema,
  createRedisPrefix,
  TEST_REDIS_URL,
  type PgSchema,
  type RedisPrefix,
} from "../../lib/server/testing/test-stores";
import { encryptWithQpdf } from "../../lib/pdf/testing/qpdf-encrypt";
import { benignPdf, SUSPICIOUS_URL, suspiciousPdf } from "../fixtures/sample-pdfs";
import { authorizedFetch as fetch, startServer, type RunningServer } from "../support/next-server";
import {
  createScan,
  expectFeedEvidence,
  expectSeenBeforeAndIocSearch,
  expectIdempotentCreation,
  expectZipAndRawUploads,
  filesContaining,
  getScan,
  readScanEvents,
  statusesOf,
  waitFor,
  waitUntilEnded,
  walkFiles,
} from "./support/scan-api";
import { SCAN_STATUSES } from "../../lib/server/domain/state-machine";
import { startWorker, type WorkerProcess } from "./support/worker-process";
import { startWebhookReceiver, verifyWebhook, webhooksOf } from "./support/webhook-receiver";

const STAGE_DELAY_MS = 1_200;
const LEASE_MS = 2_000;

function uniquePdf(base = suspiciousPdf()): Uint8Array {
  const text = Buffer.from(base).toString("latin1");
  return Buffer.from(text.replace("%PDF-1.7", `%PDF-1.7\n%unique ${crypto.randomUUID()}`), "latin1");
}

interface Fixture {
  pgSchema: PgSchema;
  redis: RedisPrefix;
  dataDir: string;
  server: RunningServer;
  workers: WorkerProcess[];
  env: Record<string, string>;
}

/** PostgreSQL schema, Redis prefix, server, two workers; a missing PostgreSQL or Redis throws here. */
async function setUp(): Promise<Fixture> {
  const f: Partial<Fixture> & { workers: WorkerProcess[] } = { workers: [] };
  try {
    f.pgSchema = await createPgSchema();
    f.redis = await createRedisPrefix();
    f.dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-scaleout-"));
    f.env = {
      PDFSCAN_DATABASE_URL: f.pgSchema.url,
      PDFSCAN_STORAGE: "postgres",
      PDFSCAN_REDIS_URL: TEST_REDIS_URL,
      PDFSCAN_REDIS_PREFIX: f.redis.prefix,
      PDFSCAN_DATA_DIR: f.dataDir,
      PDFSCAN_LEASE_MS: String(LEASE_MS),
      // webhooks go to a receiver on 127.0.0.1
      PDFSCAN_WEBHOOK_ALLOW_PRIVATE: "true",
    };
    // event streams re-read their scan only every 10 minutes here: what they carry crossed from the
    // workers through Redis (the test of it below would time out otherwise)
    f.server = await startServer({ env: { ...f.env, PDFSCAN_WORKERS: "1", PDFSCAN_EVENTS_POLL_MS: "600000" } });
    const workerEnv = { ...f.env, PDFSCAN_WORKERS: "1", PDFSCAN_TEST_STAGE_DELAY_MS: String(STAGE_DELAY_MS) };
    f.workers.push(...(await Promise.all([startWorker(workerEnv), startWorker(workerEnv)])));
    return f as Fixture;
  } catch (error) {
    await tearDown(f);
    throw error;
  }
}

async function tearDown(f: Partial<Fixture>): Promise<void> {
  await Promise.all((f.workers ?? []).map((w) => w.stop()));
  await f.server?.stop();
  await f.redis?.drop();
  await f.pgSchema?.drop();
  if (f.dataDir) rmSync(f.dataDir, { recursive: true, force: true });
}

describe("scans, scale-out (PostgreSQL + Redis/BullMQ + 2 worker processes)", () => {
  let pgSchema: PgSchema;
  let redis: RedisPrefix;
  let dataDir: string;
  let server: RunningServer;
  let workers: WorkerProcess[];
  let env: Record<string, string>;
  // every test fails (never skips) when PostgreSQL or Redis is missing
  setUpShared(setUp, (f) => ({ pgSchema, redis, dataDir, server, workers, env } = f), tearDown);

  const row = async (id: string) =>
    (await pgSchema.pool.query("select status, lease_owner, attempts, file_retained from scans where id = $1", [id]))
      .rows[0] as { status: string; lease_owner: string | null; attempts: number; file_retained: number } | undefined;
  const blobRows = async (id: string, pdf: Uint8Array) =>
    Number(
      (await pgSchema.pool.query("select count(*) from blobs where key = $1 or data = $2", [id, Buffer.from(pdf)]))
        .rows[0].count,
    );

  it("reports its stores in GET /health, and 503 naming the queue when Redis is unreachable", async () => {
    const ok = await fetch(`${server.url}/health`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).checks).toEqual({ analyzer: "ok", database: "ok", queue: "ok" });
    const noRedis = await startServer({
      env: { ...env, PDFSCAN_WORKERS: "1", PDFSCAN_REDIS_URL: "redis://127.0.0.1:1" },
      waitForHealth: false,
    });
    try {
      let res: Response | undefined;
      for (let i = 0; i < 60 && res?.status !== 503; i++) {
        res = await fetch(`${noRedis.url}/health`).catch(() => undefined);
        if (res?.status !== 503) await new Promise((r) => setTimeout(r, 500));
      }
      expect(res?.status).toBe(503);
      expect(((await res!.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        database: "ok",
        queue: "error",
      });
    } finally {
      await noRedis.stop();
    }
  });

  it("hands an encrypted upload's `password` to the workers through Redis, and keeps it in no table, no log, and not in Redis after the scan", async () => {
    const password = `from-the-mail-body-${crypto.randomUUID()}`;
    const locked = encryptWithQpdf(uniquePdf(), [password, `owner-${crypto.randomUUID()}`, "256"]);
    const { body } = await createScan(server.url, locked, { password, retentionMode: "retain_24h" });
    const { scan } = await waitUntilEnded(server.url, body.scanId, 60_000);
    expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed" });
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    const report = await (await fetch(`${server.url}/api/scans/${body.scanId}/report`)).text();
    expect(report).toContain(SUSPICIOUS_URL);
    expect(report).not.toContain(password);
    const rows = await pgSchema.pool.query("select * from scans where id = $1", [body.scanId]);
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain(password);
    expect(await redis.keys()).not.toContainEqual(expect.stringContaining("document-password"));
    for (const key of await redis.keys()) expect(String(await redis.redis.dump(key))).not.toContain(password);
    for (const output of [server.output(), ...workers.map((w) => w.output())]) expect(output).not.toContain(password);
  });

  it("streams every status the workers write to the web server's Server-Sent Events, through Redis", async () => {
    const { body } = await createScan(server.url, uniquePdf());
    const { events } = await readScanEvents(`${server.url}/api/scans/${body.scanId}/events`);
    // every status from the one at connection on: each crossed from a worker through Redis
    const seen = statusesOf(events);
    const lifecycle = SCAN_STATUSES.slice(0, SCAN_STATUSES.indexOf("completed") + 1);
    expect(seen).toEqual(lifecycle.slice(lifecycle.indexOf(seen[0] as never)));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({ event: "end", data: { status: "completed" }, id: undefined });
  });

  it("runs the full lifecycle on the workers, not in the web server, spread over both", async () => {
    const pdfs = [uniquePdf(), uniquePdf(), uniquePdf(benignPdf()), uniquePdf()];
    const fields: Record<string, string>[] = [
      {},
      { retentionMode: "retain_24h" },
      { enableEnrichment: "true" },
      { retentionMode: "retain_7d", enableEnrichment: "true" },
    ];
    const created = await Promise.all(pdfs.map((pdf, i) => createScan(server.url, pdf, fields[i])));
    for (const { res, body } of created) {
      expect(res.status).toBe(201);
      expect(res.headers.get("location")).toBe(`/api/scans/${body.scanId}`);
      expect(body).toMatchObject({ status: "queued_fast_scan", resultUrl: `/scans/${body.scanId}` });
    }
    const ended = await Promise.all(created.map(({ body }) => waitUntilEnded(server.url, body.scanId, 60_000)));
    for (const [i, { scan }] of ended.entries()) {
      expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed" });
      expect(scan.enrichmentStatus).toBe(fields[i].enableEnrichment ? "completed" : "disabled");
      const report = ScanReport.parse(await (await fetch(`${server.url}/api/scans/${scan.scanId}/report`)).json());
      expect(report.summary).toMatchObject({ verdict: scan.verdict, score: scan.score });
    }
    // the stages ran in the worker processes (their lease ids), and both took part
    const owners = new Set<string>();
    for (const { scan } of ended) owners.add((await row(scan.scanId))!.lease_owner!);
    expect(
      [...owners].every((o) => workers.some((w) => w.id === o)),
      [...owners].join(", "),
    ).toBe(true);
    expect(owners.size).toBe(2);
    // retention: retained bytes are in the blobs table, delete_immediately ones nowhere
    const [del, keep24, del2, keep7] = created.map((c) => c.body.scanId);
    expect(await blobRows(keep24, pdfs[1])).toBe(1);
    expect(await blobRows(keep7, pdfs[3])).toBe(1);
    expect(await blobRows(del, pdfs[0])).toBe(0);
    expect(await blobRows(del2, pdfs[2])).toBe(0);
    expect(ended[1].scan).toMatchObject({ fileRetained: true });
    expect(Date.parse(ended[1].scan.expiresAt!) - Date.parse(ended[1].scan.createdAt)).toBe(24 * 3_600_000);
    // uploads never touch the local disk in this configuration
    for (const pdf of pdfs) expect(filesContaining(dataDir, pdf)).toEqual([]);
    // list and delete work the same
    const list = (await (await fetch(`${server.url}/api/scans?limit=4`)).json()) as { items: { scanId: string }[] };
    expect(new Set(list.items.map((s) => s.scanId))).toEqual(new Set(created.map((c) => c.body.scanId)));
    expect((await fetch(`${server.url}/api/scans/${keep7}`, { method: "DELETE" })).status).toBe(204);
    expect(await blobRows(keep7, pdfs[3])).toBe(0);
    expect(await row(keep7)).toBeUndefined();
  });

  it("sends the scan's signed webhooks from PostgreSQL's outbox (the workers write them with each step)", async () => {
    const hooks = await startWebhookReceiver();
    try {
      const { body } = await createScan(server.url, suspiciousPdf(), { callbackUrl: hooks.url });
      const secret = body.webhookSecret as string;
      expect(secret).toMatch(/^whsec_/);
      await waitUntilEnded(server.url, body.scanId, 60_000);
      const got = await waitFor(
        "both webhooks",
        async () => webhooksOf(hooks, body.scanId).length >= 2 && webhooksOf(hooks, body.scanId),
        { timeoutMs: 60_000 },
      );
      expect(got.map((w) => verifyWebhook(secret, w).type)).toEqual(["scan.fast_completed", "scan.completed"]);
      expect(new Set(got.map((w) => w.headers["webhook-id"])).size).toBe(2);
    } finally {
      await hooks.close();
    }
  });

  it("makes one scan per PDF of a password ZIP (one batch), and takes a raw application/pdf body with its options in the query", async () => {
    await expectZipAndRawUploads(server.url, [uniquePdf(), uniquePdf(), uniquePdf()]);
  });

  it("creates one scan for two requests with the same Idempotency-Key, and refuses the key with another file (422)", async () => {
    await expectIdempotentCreation(server.url, uniquePdf(), uniquePdf());
  });

  it("says a file was seen before (with the earlier verdict), and finds scans by an indicator, defanged or not", async () => {
    await expectSeenBeforeAndIocSearch(server.url);
  });

  it("matches scans against feeds imported with pdfscan feeds import: a phishing host raises the verdict with a finding, a known-good host does not", async () => {
    await expectFeedEvidence(server.url, { PDFSCAN_DATABASE_URL: env.PDFSCAN_DATABASE_URL! });
  });

  it("leaves no copy of a delete_immediately upload in any store: blobs table, Redis, data dir", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf);
    const { scan } = await waitUntilEnded(server.url, body.scanId, 60_000);
    expect(scan).toMatchObject({ status: "completed", fileRetained: false, expiresAt: null });
    expect(await blobRows(body.scanId, pdf)).toBe(0);
    expect((await row(body.scanId))!.file_retained).toBe(0);
    // the queue carries scan ids only: no Redis value holds the bytes
    const needle = Buffer.from(pdf).toString("latin1");
    for (const key of await redis.keys()) {
      const type = await redis.redis.type(key);
      const values =
        type === "hash"
          ? Object.values(await redis.redis.hgetall(key))
          : type === "string"
            ? [(await redis.redis.get(key)) ?? ""]
            : type === "list"
              ? await redis.redis.lrange(key, 0, -1)
              : [];
      for (const v of values) expect(v.includes(needle.slice(0, 200))).toBe(false);
    }
    expect(walkFiles(dataDir).filter((f) => f.includes("uploads"))).toEqual([]);
    expect(filesContaining(dataDir, pdf)).toEqual([]);
  });

  it("completes a scan whose worker is SIGKILLed mid-stage, and still deletes its bytes", async () => {
    const pdf = uniquePdf();
    const { body } = await createScan(server.url, pdf);
    const claimed = await waitFor(
      "a worker to be running the fast stage",
      async () => {
        const r = await row(body.scanId);
        return r?.status === "running_fast_scan" && r.lease_owner ? r : undefined;
      },
      { intervalMs: 20, timeoutMs: 30_000 },
    );
    const victim = workers.find((w) => w.id === claimed.lease_owner);
    expect(victim, `lease owner ${claimed.lease_owner}`).toBeDefined();
    victim!.kill("SIGKILL");
    await victim!.exited;
    expect((await row(body.scanId))!.status).toBe("running_fast_scan");

    const { scan } = await waitUntilEnded(server.url, body.scanId, 60_000);
    expect(scan).toMatchObject({ status: "completed", advancedStatus: "completed", fileRetained: false });
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    const survivor = workers.find((w) => w !== victim)!;
    expect((await row(body.scanId))!.lease_owner).toBe(survivor.id);
    expect(await blobRows(body.scanId, pdf)).toBe(0);

    // a replacement worker joins and takes work as before
    workers.splice(
      workers.indexOf(victim!),
      1,
      await startWorker({ ...env, PDFSCAN_WORKERS: "1", PDFSCAN_TEST_STAGE_DELAY_MS: String(STAGE_DELAY_MS) }),
    );
    const again = await createScan(server.url, suspiciousPdf());
    expect((await waitUntilEnded(server.url, again.body.scanId, 60_000)).scan.status).toBe("completed");
  });

  it("keeps scans queued while no worker runs, and resumes them when one comes back", async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers.length = 0;
    const { body } = await createScan(server.url, benignPdf());
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await getScan(server.url, body.scanId)).status).toBe("queued_fast_scan"); // the web server does not consume
    workers.push(await startWorker({ ...env, PDFSCAN_WORKERS: "1" }));
    expect((await waitUntilEnded(server.url, body.scanId, 60_000)).scan.status).toBe("completed");
  });
});
