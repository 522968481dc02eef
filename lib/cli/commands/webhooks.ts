// pdfscan webhooks verify|secret|log - the receiving end of callbackUrl webhooks: check a message's
// Standard Webhooks signature (with the `standardwebhooks` reference library, as a receiver's code
// would), make a new signing secret, and show a scan's delivery attempts.
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { Webhook } from "standardwebhooks";
import { CliError } from "../cli-error";
import type { CliContext } from "../context";
import { formatTable } from "../format-table";
import { connect, serverCommand } from "./server-options";

interface VerifyOptions {
  secret?: string;
  id: string;
  timestamp: string;
  signature: string;
}

async function readBody(file: string | undefined): Promise<string> {
  if (file && file !== "-") {
    return readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new CliError(`cannot read ${file}: ${error.code ?? error.message}`);
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

export function registerWebhooksCommand(program: Command, ctx: CliContext): void {
  const webhooks = program
    .command("webhooks")
    .description("verify webhook signatures, rotate the signing secret, show a scan's deliveries")
    .addHelpText(
      "after",
      `
A scan created with a callbackUrl sends POSTs signed the Standard Webhooks way (headers webhook-id,
webhook-timestamp, webhook-signature) with your key's secret (whsec_...), shown once: in the answer
of the first scan with a callbackUrl, or by \`pdfscan webhooks secret\`.

Examples:
  $ pdfscan webhooks verify --secret "$SECRET" --id msg_2b... --timestamp 1764417600 --signature "v1,K5o..." body.json
  $ PDFSCAN_WEBHOOK_SECRET=whsec_... pdfscan webhooks verify --id ... --timestamp ... --signature ... - < body.json
  $ pdfscan webhooks secret
  $ pdfscan webhooks log <scan id>`,
    );

  webhooks
    .command("verify")
    .description(
      "check a received webhook's signature and freshness (exit 0: authentic; 2: not, or more than 5 minutes old)",
    )
    .argument("[body-file]", "the request body exactly as received (default or -: stdin)")
    .option("--secret <whsec>", "the signing secret (default: PDFSCAN_WEBHOOK_SECRET)")
    .requiredOption("--id <webhook-id>", "the webhook-id header")
    .requiredOption("--timestamp <seconds>", "the webhook-timestamp header")
    .requiredOption("--signature <value>", "the webhook-signature header (one or more space-separated v1,... values)")
    .action(async (file: string | undefined, opts: VerifyOptions) => {
      const secret = opts.secret ?? ctx.env.PDFSCAN_WEBHOOK_SECRET;
      if (!secret) throw new CliError("no secret: pass --secret or set PDFSCAN_WEBHOOK_SECRET");
      const body = await readBody(file);
      let hook: Webhook;
      try {
        hook = new Webhook(secret);
      } catch (error) {
        throw new CliError(
          `the secret is not a Standard Webhooks secret (whsec_<base64>): ${(error as Error).message}`,
        );
      }
      // the library also refuses a timestamp more than 5 minutes from now (a replayed message)
      const headers = {
        "webhook-id": opts.id,
        "webhook-timestamp": opts.timestamp,
        "webhook-signature": opts.signature,
      };
      let payload: { type?: string; data?: { scanId?: string; status?: string; verdict?: string | null } };
      try {
        payload = hook.verify(body, headers) as typeof payload;
      } catch (error) {
        throw new CliError(`not authentic: ${(error as Error).message}`);
      }
      ctx.stdout.write(
        `authentic: ${payload.type ?? "?"} for scan ${payload.data?.scanId ?? "?"} (${payload.data?.status ?? "?"}, verdict ${payload.data?.verdict ?? "none yet"})\n`,
      );
    });

  serverCommand(
    webhooks,
    "secret",
    "make a new webhook signing secret for your key (shown once; the old one stops at once)",
    ["pdfscan webhooks secret"],
  ).action(async (opts: { url?: string; apiKey?: string }) => {
    ctx.stdout.write(`${await connect(opts, ctx).rotateWebhookSecret()}\n`);
  });

  serverCommand(webhooks, "log <scanId>", "the scan's webhook deliveries and their attempts", [
    "pdfscan webhooks log 3kTMd...",
  ])
    .option("--json", "print the delivery log as JSON")
    .action(async (scanId: string, opts: { url?: string; apiKey?: string; json?: boolean }) => {
      const log = await connect(opts, ctx).webhookDeliveries(scanId);
      if (opts.json) {
        ctx.stdout.write(`${JSON.stringify(log)}\n`);
        return;
      }
      if (!log.callbackUrl) {
        ctx.stdout.write("this scan has no callbackUrl\n");
        return;
      }
      ctx.stdout.write(`callbackUrl: ${log.callbackUrl}\n`);
      const rows = log.items.flatMap((d) =>
        d.attemptLog.map((a, i) => [
          i === 0 ? d.eventType : "",
          i === 0 ? d.webhookId : "",
          a.at,
          a.statusCode === null ? "-" : String(a.statusCode),
          a.error ?? "ok",
          i === d.attemptLog.length - 1 ? d.state : "",
        ]),
      );
      const pending = log.items
        .filter((d) => d.attemptLog.length === 0)
        .map((d) => [d.eventType, d.webhookId, "-", "-", "not sent yet", d.state]);
      ctx.stdout.write(
        `${formatTable(["event", "webhook-id", "attempt at", "status", "result", "state"], [...rows, ...pending])}\n`,
      );
    });
}
