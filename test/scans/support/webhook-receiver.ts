// A local webhook receiver for the integration tests: records every request and answers with the
// status `answer(request)` picks (200 by default). Verification is the test's job, with the
// standardwebhooks reference library, as a real receiver would do it.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** what the receiver answered */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** the status to answer for a request (change it at any time) */
  answer: (body: string) => number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, "url" | "close"> = { received: [], answer: () => 200 };
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const status = receiver.answer(body);
      receiver.received.push({ headers: req.headers, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/pdfscan`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The payload if the signature verifies under `secret` (Standard Webhooks reference library); throws otherwise. */
export function verifyWebhook(
  secret: string,
  w: ReceivedWebhook,
): { type: string; timestamp: string; data: { scanId: string; status: string; verdict: string | null } } {
  return new Webhook(secret).verify(w.body, w.headers as Record<string, string>) as ReturnType<typeof verifyWebhook>;
}

/** The webhooks received for one scan (parsed, without verifying). */
export const webhooksOf = (r: WebhookReceiver, scanId: string): ReceivedWebhook[] =>
  r.received.filter((w) => (JSON.parse(w.body) as { data?: { scanId?: string } }).data?.scanId === scanId);
