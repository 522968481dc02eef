// The server client commands (submit, status, report, scans, share, delete) and `migrate`, as a user
// runs them: the bundled CLI in a child process against the real built server (npm run build first).
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptWithQpdf } from "../../lib/pdf/testing/qpdf-encrypt";
import { buildZip } from "../../lib/zip/testing";
import { suspiciousPdf } from "../fixtures/sample-pdfs";
import { startServer, type RunningServer } from "../support/next-server";
import { buildCli, pdfscan, type Run } from "./run-cli";
import { startWebhookReceiver, webhooksOf } from "../scans/support/webhook-receiver";
import { waitFor } from "../scans/support/scan-api";

let server: RunningServer;
let dir: string;
let sample: string;
let scanId: string;

/** pdfscan with the server and key in the environment, and a HOME without a config file */
const client = (args: string[], env: Record<string, string | undefined> = {}): Promise<Run> =>
  pdfscan(args, {
    env: { HOME: dir, XDG_CONFIG_HOME: undefined, PDFSCAN_URL: server.url, PDFSCAN_API_KEY: server.apiKey, ...env },
  });

/** a port nothing listens on any more (the OS just handed it out) */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  buildCli();
  // webhooks of the `webhooks` test go to a receiver on 127.0.0.1
  [server, dir] = await Promise.all([
    startServer({ env: { PDFSCAN_WEBHOOK_ALLOW_PRIVATE: "true" } }),
    mkdtemp(join(tmpdir(), "pdfscan-client-")),
  ]);
  sample = join(dir, "lure.pdf");
  await writeFile(sample, suspiciousPdf());
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("pdfscan server client", () => {
  it("submit --wait follows the scan to its final status and ends with the verdict", async () => {
    const run = await client(["submit", "--wait", "--retention", "retain_24h", "--json", sample]);
    expect(run.stderr).toBe(""); // no progress drawn when stderr is not a terminal
    const scan = JSON.parse(run.stdout) as { scanId: string; status: string; verdict: string };
    expect(scan.status).toBe("completed");
    expect(["suspicious", "malicious"]).toContain(scan.verdict);
    expect(run.code).toBe(1);
    scanId = scan.scanId;
    // without --json: the verdict line ends with the scan's page, absolute
    const copy = join(dir, "notice.pdf"); // another name: the `scans` test below looks for lure.pdf alone
    await writeFile(copy, suspiciousPdf());
    const line = await client(["submit", "--wait", copy]);
    expect(line.stdout).toMatch(
      new RegExp(
        `(suspicious|malicious).*notice\\.pdf  ${server.url.replace(/[.]/g, "\\.")}/scans/[\\w-]{22}\\n$`,
        "i",
      ),
    );
  }, 60_000);

  it("submit --password (or PDFSCAN_PDF_PASSWORD) opens an encrypted PDF on the server, and prints no password", async () => {
    const locked = join(dir, "locked.pdf");
    await writeFile(locked, encryptWithQpdf(suspiciousPdf(), ["from-the-mail-body", "owner-secret", "256"]));
    const closed = JSON.parse((await client(["submit", "--wait", "--json", locked])).stdout) as { verdict: string };
    expect(closed.verdict).toBe("unknown");
    for (const run of [
      await client(["submit", "--wait", "--json", "--password", "from-the-mail-body", locked]),
      await client(["submit", "--wait", "--json", locked], { PDFSCAN_PDF_PASSWORD: "owner-secret" }),
    ]) {
      const scan = JSON.parse(run.stdout) as { status: string; verdict: string };
      expect(scan.status).toBe("completed");
      expect(["suspicious", "malicious"]).toContain(scan.verdict);
      expect(run.stdout + run.stderr).not.toMatch(/from-the-mail-body|owner-secret/);
    }
  }, 90_000);

  it("submit --callback-url shows the new signing secret once on stderr; webhooks verify accepts the message and refuses a changed one; webhooks log lists the attempts", async () => {
    const hooks = await startWebhookReceiver();
    try {
      const hookSample = join(dir, "hook.pdf"); // another name: the `scans` test below looks for lure.pdf alone
      await writeFile(hookSample, suspiciousPdf());
      const run = await client(["submit", "--wait", "--json", "--callback-url", hooks.url, hookSample]);
      const secret = /webhook signing secret of your key \(shown once, keep it\): (whsec_\S+)/.exec(run.stderr)?.[1];
      expect(secret, run.stderr).toBeDefined();
      expect(run.stdout).not.toContain("whsec_");
      const scan = JSON.parse(run.stdout) as { scanId: string; callbackUrl: string };
      expect(scan.callbackUrl).toBe(hooks.url);
      const [first] = await waitFor(
        "a webhook",
        async () => webhooksOf(hooks, scan.scanId).length > 0 && webhooksOf(hooks, scan.scanId),
      );
      const body = join(dir, "webhook.json");
      await writeFile(body, first!.body);
      const headers = [
        "--id",
        String(first!.headers["webhook-id"]),
        "--timestamp",
        String(first!.headers["webhook-timestamp"]),
        "--signature",
        String(first!.headers["webhook-signature"]),
      ];

      const good = await client(["webhooks", "verify", "--secret", secret!, ...headers, body]);
      expect(good.stdout).toContain(`authentic: scan.fast_completed for scan ${scan.scanId}`);
      expect(good.code).toBe(0);
      const viaEnv = await pdfscan(["webhooks", "verify", ...headers, "-"], {
        env: { PDFSCAN_WEBHOOK_SECRET: secret },
        stdin: Buffer.from(first!.body),
      });
      expect(viaEnv.code).toBe(0);

      await writeFile(body, first!.body.replace(/"verdict":"\w+"/, '"verdict":"benign"'));
      const forged = await client(["webhooks", "verify", "--secret", secret!, ...headers, body]);
      expect(forged.stderr).toMatch(/not authentic/);
      expect(forged.code).toBe(2);

      await waitFor("both deliveries", async () => webhooksOf(hooks, scan.scanId).length >= 2);
      const log = await client(["webhooks", "log", scan.scanId]);
      expect(log.code).toBe(0);
      expect(log.stdout).toContain(`callbackUrl: ${hooks.url}`);
      expect(log.stdout).toMatch(/scan\.fast_completed\s+msg_\S+\s+\S+\s+200\s+ok\s+succeeded/);
    } finally {
      await hooks.close();
    }
  }, 90_000);

  it("submit a password ZIP: one scan per PDF inside, the skipped members on stderr", async () => {
    const zip = join(dir, "samples.zip");
    await writeFile(
      zip,
      await buildZip({
        "x/one.pdf": suspiciousPdf(),
        "readme.txt": new TextEncoder().encode("hi"),
        "two.pdf": suspiciousPdf(),
      }),
    );
    const run = await client(["submit", "--json", zip]);
    expect(run.code).toBe(0);
    const scans = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { file: { name: string }; batchId: string });
    expect(scans.map((s) => s.file.name)).toEqual(["samples.zip/x/one.pdf", "samples.zip/two.pdf"]);
    expect(scans[0]!.batchId).toBe(scans[1]!.batchId);
    expect(run.stderr).toContain("samples.zip: skipped readme.txt: not a PDF");
  }, 60_000);

  it("status shows the stages and the verdict", async () => {
    const run = await client(["status", scanId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/status\s+completed/);
    expect(run.stdout).toMatch(/verdict\s+(SUSPICIOUS|MALICIOUS)/);
    expect(run.stdout).toContain(`${server.url}/scans/${scanId}`);
  });

  it("report in every format", async () => {
    const report = async (format: string) => {
      const run = await client(["report", "--format", format, scanId]);
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    const json = JSON.parse(await report("json")) as { scanId: string; summary: { verdict: string } };
    expect(json.scanId).toBe(scanId);
    expect((JSON.parse(await report("stix")) as { type: string }).type).toBe("bundle");
    expect(JSON.parse(await report("misp"))).toHaveProperty("Event");
    expect((await report("csv")).split(/\r?\n/)[0]).toBe("type,value,defanged,victimData,sources");
    expect((JSON.parse(await report("sarif")) as { version: string }).version).toBe("2.1.0");
    expect((await report("md")).toLowerCase()).toContain(json.summary.verdict);
    expect(await report("html")).toMatch(/<html/i);
    const out = join(dir, "bundle.json");
    const written = await client(["report", "-f", "stix", "-o", out, scanId]);
    expect(written.stdout).toBe("");
    expect((JSON.parse(await readFile(out, "utf8")) as { type: string }).type).toBe("bundle");
  });

  it("scans lists the scan and applies the filters", async () => {
    const table = await client(["scans"]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^id\s+status\s+verdict/);
    expect(table.stdout).toContain(scanId);
    expect(table.stdout).toContain("lure.pdf");
    const byName = await client(["scans", "--query", "lure", "--all", "--json"]);
    expect(
      byName.stdout
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { scanId: string }).scanId),
    ).toEqual([scanId]);
    const benign = await client(["scans", "--verdict", "benign"]);
    expect(benign.stdout).toBe("no scans\n");
    expect((await client(["scans", "--status", "failed", "--json"])).stdout).toBe("");
  });

  it("share prints an absolute URL that opens the report", async () => {
    const run = await client(["share", "--hours", "2", scanId]);
    expect(run.code).toBe(0);
    const url = run.stdout.trim();
    expect(url.startsWith(`${server.url}/share/`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  });

  it("a wrong API key: one line with the 401 problem, exit 2", async () => {
    const run = await client(["status", scanId], { PDFSCAN_API_KEY: "pdfscan_wrong" });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^pdfscan: server answered 401 [^\n]+\n$/);
  });

  it("flags win over the environment, the environment over the config file", async () => {
    await mkdir(join(dir, ".config", "pdfscan"), { recursive: true });
    await writeFile(
      join(dir, ".config", "pdfscan", "config.json"),
      JSON.stringify({ url: server.url, apiKey: server.apiKey }),
    );
    // the config file alone is enough
    expect((await client(["status", scanId], { PDFSCAN_URL: undefined, PDFSCAN_API_KEY: undefined })).code).toBe(0);
    // a wrong key in the environment beats the file's right one; the flag's right key beats both
    expect((await client(["status", scanId], { PDFSCAN_URL: undefined, PDFSCAN_API_KEY: "pdfscan_wrong" })).code).toBe(
      2,
    );
    expect(
      (await client(["status", "--api-key", server.apiKey!, scanId], { PDFSCAN_API_KEY: "pdfscan_wrong" })).code,
    ).toBe(0);
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const unreachable = await client(["status", "--url", closed, scanId]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe(`pdfscan: cannot reach ${closed}: ECONNREFUSED\n`);
    await rm(join(dir, ".config"), { recursive: true });
  });

  it("delete, then status answers 404 with the problem's detail, exit 2", async () => {
    const run = await client(["delete", scanId]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`deleted ${scanId}\n`);
    const gone = await client(["status", scanId]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^pdfscan: server answered 404 [^:\n]+: [^\n]+\n$/);
    expect(gone.stdout).toBe("");
  });
});

describe("pdfscan client and operations usage", () => {
  it("prints help with examples for every new command, and completes their choices", async () => {
    for (const command of [
      "submit",
      "status",
      "report",
      "scans",
      "delete",
      "share",
      "ui",
      "serve",
      "worker",
      "migrate",
    ]) {
      const help = await pdfscan([command, "--help"]);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain("Examples:");
    }
    const bash = await pdfscan(["completion", "bash"]);
    expect(bash.stdout).toContain("json md stix misp csv html");
    expect(bash.stdout).toContain("retain_24h");
  });

  it("rejects an unknown report format before any request", async () => {
    const run = await pdfscan(["report", "--format", "pdf", "x", "--url", "http://127.0.0.1:1"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Allowed choices are json, md, stix, misp, csv, html");
  });

  it("migrate creates and migrates the SQLite database of a fresh data dir", async () => {
    const dataDir = join(dir, "data");
    const run = await pdfscan(["migrate"], { env: { PDFSCAN_DATA_DIR: dataDir, PDFSCAN_DATABASE_URL: undefined } });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^database up to date \(SQLite .*pdfscan\.sqlite\)\n$/);
    // a second run finds nothing to do
    expect(
      (await pdfscan(["migrate"], { env: { PDFSCAN_DATA_DIR: dataDir, PDFSCAN_DATABASE_URL: undefined } })).code,
    ).toBe(0);
  });
});
