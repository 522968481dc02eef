// The outbox and its dispatcher on both real stores (SQLite, PostgreSQL), against a real local HTTP
// receiver. Time is a clock the test moves, so retries are checked without waiting for them.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCAL_PRINCIPAL } from "../auth/principal";
import { ScanRepository, type ScanRow } from "../scans/scan-repository";
import { newScanRow } from "../scans/service";
import { newScanId } from "../scans/scan-id";
import { openTestStores, type TestStores } from "../testing/test-stores";
import { setUpShared } from "../testing/set-up-shared";
import { WebhookDispatcher } from "./webhook-dispatcher";
import { WebhookPayload } from "./webhook-events";
import { toWebhookDelivery, webhookDeliveryFor, WebhookStore } from "./webhook-store";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers each request with the next status of `answers` (then 200), recording what came. */
function receiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : {}).end("ok");
    });
  });
  return {
    received,
    answers,
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?team=soc`,
  };
}

const DELAYS = [5_000, 300_000];

/**
 * Verifies with the Standard Webhooks reference library as a receiver would when the message came:
 * the library also refuses timestamps more than 5 minutes from its own clock, which is set to the
 * attempt's time (the test's clock is not the wall clock).
 */
function verifyAsReceived(secret: string, r: Received): unknown {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(Number(r.headers["webhook-timestamp"]) * 1000);
    return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

describe.each(["sqlite", "postgres"] as const)("webhook outbox and dispatcher (%s)", (kind) => {
  let stores: TestStores;
  const hook = receiver();
  let now = Date.parse("2026-11-29T12:00:00Z");
  const clock = () => now;
  beforeAll(() => new Promise<void>((r) => hook.server.listen(0, "127.0.0.1", r)));
  afterAll(() => new Promise<void>((r) => hook.server.close(() => r())));
  setUpShared(
    () => openTestStores(kind, clock),
    (x) => (stores = x),
    (x) => x.close(),
  );

  const parts = () => {
    const repo = new ScanRepository(stores.database.db, clock, () => {}, webhookDeliveryFor);
    const store = new WebhookStore(stores.database.db, clock);
    const dispatcher = new WebhookDispatcher({
      store,
      retryDelaysMs: DELAYS,
      timeoutMs: 5_000,
      allowPrivate: true,
      log: () => {},
      clock,
    });
    return { repo, store, dispatcher };
  };

  /** a scan with a callback URL that has just finished its fast stage (one webhook in the outbox) */
  async function fastCompletedScan(repo: ScanRepository, url = hook.url()): Promise<ScanRow> {
    const row = newScanRow(
      newScanId(),
      {
        principal: LOCAL_PRINCIPAL,
        fileName: "lure.pdf",
        retentionMode: "delete_immediately",
        enableEnrichment: false,
        callbackUrl: url,
      },
      new Uint8Array(8),
      now,
    );
    await repo.insert(row);
    const running = await repo.transition(row, { type: "start_fast" });
    return (await repo.transition(
      running!,
      { type: "fast_succeeded" },
      { verdict: "malicious", score: 97, confidence: "high", fast_result: "{}" },
    ))!;
  }

  it("writes the webhook with the transition, signs it so the standardwebhooks library verifies it, and logs the attempt", async () => {
    const { repo, store, dispatcher } = parts();
    const { secret } = await store.ensureSecret("local");
    const scan = await fastCompletedScan(repo);
    const [pending] = await store.listForScan(scan.id);
    expect(pending).toMatchObject({
      event_type: "scan.fast_completed",
      state: "pending",
      attempts: 0,
      url: hook.url(),
    });

    hook.received.length = 0;
    expect(await dispatcher.run()).toBe(1);
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    const verified = verifyAsReceived(secret, got!);
    const payload = WebhookPayload.parse(verified);
    expect(payload).toMatchObject({
      type: "scan.fast_completed",
      data: { scanId: scan.id, status: "completed_fast_scan", verdict: "malicious", score: 97 },
    });
    expect(got!.headers["webhook-id"]).toBe(pending!.id);
    expect(got!.headers["content-type"]).toBe("application/json");
    // another secret does not verify it
    expect(() => verifyAsReceived(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, got!)).toThrow(/signature/i);
    // nor does the body changed by one character
    expect(() => verifyAsReceived(secret, { ...got!, body: got!.body.replace("malicious", "benign") })).toThrow(
      /signature/i,
    );

    const [done] = (await store.listForScan(scan.id)).map(toWebhookDelivery);
    expect(done).toMatchObject({
      state: "succeeded",
      attempts: 1,
      nextAttemptAt: null,
      attemptLog: [{ statusCode: 200, error: null }],
    });
    expect(await dispatcher.run()).toBe(0); // nothing is sent twice
  });

  it("retries on the schedule with the same webhook-id and body, a fresh timestamp and signature, until a 2xx", async () => {
    const { repo, store, dispatcher } = parts();
    const { secret } = await store.ensureSecret("local");
    const scan = await fastCompletedScan(repo);
    hook.received.length = 0;
    hook.answers.push(500, 302);

    await dispatcher.run();
    let [d] = (await store.listForScan(scan.id)).map(toWebhookDelivery);
    expect(d).toMatchObject({
      state: "pending",
      attempts: 1,
      nextAttemptAt: new Date(now + DELAYS[0]!).toISOString(),
      attemptLog: [{ statusCode: 500, error: "HTTP 500" }],
    });
    expect(await dispatcher.run()).toBe(0); // not due yet

    now += DELAYS[0]!;
    await dispatcher.run();
    [d] = (await store.listForScan(scan.id)).map(toWebhookDelivery);
    expect(d).toMatchObject({
      state: "pending",
      attempts: 2,
      attemptLog: [{ statusCode: 500 }, { statusCode: 302, error: "HTTP 302: redirects are not followed" }],
    });
    expect(hook.received).toHaveLength(2); // the redirect was not followed

    now += DELAYS[1]!;
    await dispatcher.run();
    [d] = (await store.listForScan(scan.id)).map(toWebhookDelivery);
    expect(d).toMatchObject({ state: "succeeded", attempts: 3 });
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.headers["webhook-timestamp"])).size).toBe(3);
    for (const r of hook.received) expect(verifyAsReceived(secret, r)).toMatchObject({ type: "scan.fast_completed" });
  });

  it("gives up after the last attempt of the schedule, and at once on 410 Gone", async () => {
    const { repo, store, dispatcher } = parts();
    await store.ensureSecret("local");
    const failing = await fastCompletedScan(repo);
    hook.answers.push(503, 503, 503);
    for (const step of [0, ...DELAYS]) {
      now += step;
      await dispatcher.run();
    }
    expect(toWebhookDelivery((await store.listForScan(failing.id))[0]!)).toMatchObject({
      state: "failed",
      attempts: 3,
      nextAttemptAt: null,
    });

    const gone = await fastCompletedScan(repo);
    hook.answers.push(410);
    await dispatcher.run();
    expect(toWebhookDelivery((await store.listForScan(gone.id))[0]!)).toMatchObject({
      state: "failed",
      attempts: 1,
      attemptLog: [{ statusCode: 410 }],
    });
  });

  it("refuses a private target when private receivers are not allowed, without retrying", async () => {
    const { repo, store } = parts();
    await store.ensureSecret("local");
    const strict = new WebhookDispatcher({
      store,
      retryDelaysMs: DELAYS,
      timeoutMs: 5_000,
      allowPrivate: false,
      log: () => {},
      clock,
    });
    const scan = await fastCompletedScan(repo);
    hook.received.length = 0;
    await strict.run();
    const [d] = (await store.listForScan(scan.id)).map(toWebhookDelivery);
    expect(d).toMatchObject({
      state: "failed",
      attempts: 1,
      attemptLog: [
        {
          statusCode: null,
          error: expect.stringContaining("refused: the callback host 127.0.0.1 resolves to 127.0.0.1"),
        },
      ],
    });
    expect(hook.received).toHaveLength(0);
  });

  it("sends each webhook once when several processes dispatch at the same time", async () => {
    const { repo, store } = parts();
    await store.ensureSecret("local");
    const scans = await Promise.all(Array.from({ length: 6 }, () => fastCompletedScan(repo)));
    hook.received.length = 0;
    const dispatchers = Array.from(
      { length: 3 },
      () =>
        new WebhookDispatcher({
          store,
          retryDelaysMs: DELAYS,
          timeoutMs: 5_000,
          allowPrivate: true,
          log: () => {},
          clock,
        }),
    );
    await Promise.all(dispatchers.map((d) => d.run()));
    const ids = hook.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    for (const s of scans) expect((await store.listForScan(s.id))[0]!.state).toBe("succeeded");
  });

  it("on close, cuts an attempt in flight short and hands its claim back uncounted, due at once for the next process", async () => {
    const { repo, store, dispatcher } = parts();
    await store.ensureSecret("local");
    // a receiver that takes the request and never answers: only the close ends the attempt
    let arrived!: () => void;
    const requestCame = new Promise<void>((r) => (arrived = r));
    const silent = createServer(() => arrived());
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const scan = await fastCompletedScan(repo, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`);
      const round = dispatcher.run();
      await requestCame;
      await dispatcher.close();
      await round;
      const [d] = await store.listForScan(scan.id);
      expect(d).toMatchObject({
        state: "pending",
        attempts: 0,
        lease_owner: null,
        lease_until: null,
        attempt_log: "[]",
      });
      expect(await dispatcher.run()).toBe(0); // a closed dispatcher claims nothing
      // another process takes it at once, not a lease (timeout + margin) later
      const next = new WebhookDispatcher({
        store,
        retryDelaysMs: DELAYS,
        timeoutMs: 5_000,
        allowPrivate: true,
        log: () => {},
        clock,
      });
      expect((await store.claimDue(next.leaseOwner, now + 1_000, 10)).map((r) => r.id)).toEqual([d!.id]);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it("sends scan.completed and scan.failed, nothing for steps without an event, and nothing for scans without a callback", async () => {
    const { repo, store } = parts();
    const scan = await fastCompletedScan(repo);
    const queued = await repo.transition(scan, { type: "queue_advanced" });
    const started = await repo.transition(queued!, { type: "start_advanced" });
    await repo.transition(started!, { type: "advanced_finished", advanced: "completed", enrichment: null });
    expect((await store.listForScan(scan.id)).map((d) => d.event_type)).toEqual([
      "scan.fast_completed",
      "scan.completed",
    ]);

    const doomed = newScanRow(
      newScanId(),
      {
        principal: LOCAL_PRINCIPAL,
        fileName: "x.pdf",
        retentionMode: "delete_immediately",
        enableEnrichment: false,
        callbackUrl: hook.url(),
      },
      new Uint8Array(8),
      now,
    );
    await repo.insert(doomed);
    const running = await repo.transition(doomed, { type: "start_fast" });
    await repo.transition(running!, { type: "fast_failed" }, { failure_reason: "not a PDF" });
    expect((await store.listForScan(doomed.id)).map((d) => d.event_type)).toEqual(["scan.failed"]);

    const quiet = newScanRow(
      newScanId(),
      { principal: LOCAL_PRINCIPAL, fileName: "y.pdf", retentionMode: "delete_immediately", enableEnrichment: false },
      new Uint8Array(8),
      now,
    );
    await repo.insert(quiet);
    await repo.transition(quiet, { type: "start_fast" });
    expect(await store.listForScan(quiet.id)).toEqual([]);
  });

  it("keeps one secret per key: created once, replaced by a rotation", async () => {
    const { store } = parts();
    const first = await store.ensureSecret(`key_${kind}`);
    expect(first.created).toBe(true);
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await store.ensureSecret(`key_${kind}`)).toEqual({ secret: first.secret, created: false });
    const rotated = await store.rotateSecret(`key_${kind}`);
    expect(rotated).not.toBe(first.secret);
    expect(await store.secretOf(`key_${kind}`)).toBe(rotated);
  });
});
