// Webhooks end to end in the embedded configuration (the real built server, SQLite): a local receiver
// gets Standard Webhooks-signed POSTs that the reference library verifies, the delivery log shows each
// attempt, a retry schedule survives a server restart, and the signing secret can be rotated. The
// SSRF refusal of private targets (the default) is in test/server.integration.test.ts; the same
// deliveries from scale-out worker processes in scale-out.integration.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suspiciousPdf } from "../fixtures/sample-pdfs";
import { authorizedFetch as fetch, startServer, type RunningServer } from "../support/next-server";
import { createScan, waitFor, waitUntilEnded } from "./support/scan-api";
import { startWebhookReceiver, verifyWebhook, webhooksOf, type WebhookReceiver } from "./support/webhook-receiver";

const ENV = {
  PDFSCAN_DATABASE_URL: "",
  PDFSCAN_REDIS_URL: "",
  PDFSCAN_STORAGE: "",
  PDFSCAN_WORKERS: "1",
  // the receiver listens on 127.0.0.1
  PDFSCAN_WEBHOOK_ALLOW_PRIVATE: "true",
  // short retries, many of them: a failing receiver sees several attempts before and after the restart
  PDFSCAN_WEBHOOK_RETRY_DELAYS_MS: Array.from({ length: 40 }, () => "250").join(","),
  PDFSCAN_WEBHOOK_POLL_MS: "100",
};

interface Delivery {
  webhookId: string;
  eventType: string;
  state: string;
  attempts: number;
  attemptLog: { at: string; statusCode: number | null; error: string | null }[];
}

async function deliveries(server: RunningServer, scanId: string): Promise<Delivery[]> {
  const res = await fetch(`${server.url}/api/scans/${scanId}/webhooks`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Delivery[] }).items;
}

describe("webhooks, embedded", () => {
  let dataDir: string;
  let server: RunningServer;
  let hooks: WebhookReceiver;
  let secret: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-webhooks-"));
    hooks = await startWebhookReceiver();
    server = await startServer({ env: { ...ENV, PDFSCAN_DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await hooks?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends scan.fast_completed and scan.completed, signed with the key's secret shown once in the first 201", async () => {
    const { body } = await createScan(server.url, suspiciousPdf(), { callbackUrl: hooks.url });
    expect(body.callbackUrl).toBe(hooks.url);
    expect(body.webhookSecret).toMatch(/^whsec_/);
    secret = body.webhookSecret as string;
    const { scan } = await waitUntilEnded(server.url, body.scanId);

    const received = await waitFor("both webhooks", async () => {
      const got = webhooksOf(hooks, body.scanId);
      return got.length >= 2 && got;
    });
    const payloads = received.map((w) => verifyWebhook(secret, w));
    expect(payloads.map((p) => p.type)).toEqual(["scan.fast_completed", "scan.completed"]);
    expect(payloads[1]!.data).toMatchObject({ scanId: body.scanId, status: "completed", verdict: scan.verdict });
    expect(received[0]!.headers["user-agent"]).toBe("pdfscan-webhooks/1");

    const log = await waitFor("the delivery log", async () => {
      const items = await deliveries(server, body.scanId);
      return items.every((d) => d.state === "succeeded") && items.length === 2 && items;
    });
    expect(log.map((d) => d.webhookId)).toEqual(received.map((w) => w.headers["webhook-id"]));
    expect(log[0]!.attemptLog).toMatchObject([{ statusCode: 200, error: null }]);

    // the secret exists now: the next callback scan does not show it again
    const second = await createScan(server.url, suspiciousPdf(), { callbackUrl: hooks.url });
    expect(second.body.webhookSecret).toBeUndefined();
  });

  it("keeps retrying a failing receiver across a server restart, with the same webhook-id, until it answers 2xx", async () => {
    hooks.answer = () => 503;
    const { body } = await createScan(server.url, suspiciousPdf(), { callbackUrl: hooks.url });
    await waitFor(
      "two failed attempts",
      async () => webhooksOf(hooks, body.scanId).filter((w) => w.status === 503).length >= 2,
    );
    await server.stop();
    const beforeRestart = webhooksOf(hooks, body.scanId).length;

    hooks.answer = () => 200;
    server = await startServer({ env: { ...ENV, PDFSCAN_DATA_DIR: dataDir } });
    const ok = await waitFor("the webhooks after the restart", async () => {
      const got = webhooksOf(hooks, body.scanId).filter((w) => w.status === 200);
      return got.length >= 2 && got;
    });
    expect(webhooksOf(hooks, body.scanId).length).toBeGreaterThan(beforeRestart);
    const failed = webhooksOf(hooks, body.scanId).filter((w) => w.status === 503);
    // the messages that failed before the restart are the ones delivered after it
    const okIds = ok.map((w) => w.headers["webhook-id"]);
    for (const id of new Set(failed.map((w) => w.headers["webhook-id"]))) expect(okIds).toContain(id);
    for (const w of ok) expect(verifyWebhook(secret, w).data.scanId).toBe(body.scanId);

    const log = await waitFor("the delivery log", async () => {
      const items = await deliveries(server, body.scanId);
      return items.length === 2 && items.every((d) => d.state === "succeeded") && items;
    });
    // each answer is one logged attempt (the 503s before the restart, then the 200); a request the
    // shutdown cut short before its answer came is handed back uncounted, so it may be one fewer
    const firstId = failed[0]!.headers["webhook-id"];
    const first = log.find((d) => d.webhookId === firstId)!;
    expect(first.attempts).toBeGreaterThanOrEqual(2);
    expect(first.attempts).toBeLessThanOrEqual(
      webhooksOf(hooks, body.scanId).filter((w) => w.headers["webhook-id"] === firstId).length,
    );
    expect(first.attemptLog.at(-1)).toMatchObject({ statusCode: 200, error: null });
    expect(first.attemptLog.slice(0, -1).every((a) => a.statusCode === 503 && a.error === "HTTP 503")).toBe(true);
  });

  it("signs with a rotated secret from the rotation on, and the old secret no longer verifies", async () => {
    const res = await fetch(`${server.url}/api/webhook-secret`, { method: "POST" });
    expect(res.status).toBe(201);
    const { webhookSecret } = (await res.json()) as { webhookSecret: string };
    expect(webhookSecret).not.toBe(secret);
    const { body } = await createScan(server.url, suspiciousPdf(), { callbackUrl: hooks.url });
    const [first] = await waitFor("a webhook", async () => {
      const got = webhooksOf(hooks, body.scanId);
      return got.length >= 1 && got;
    });
    expect(verifyWebhook(webhookSecret, first!).data.scanId).toBe(body.scanId);
    expect(() => verifyWebhook(secret, first!)).toThrow(/signature/i);
  });

  it("refuses a malformed callback URL with a 400 naming the field", async () => {
    const form = new FormData();
    form.set("file", new Blob([suspiciousPdf() as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "a.pdf");
    form.set("callbackUrl", "ftp://example.org/hook");
    const res = await fetch(`${server.url}/api/scans`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string }[] }).errors).toEqual([
      expect.objectContaining({ field: "callbackUrl" }),
    ]);
  });
});
