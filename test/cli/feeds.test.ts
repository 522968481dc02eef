// pdfscan feeds as an operator runs it: the bundled CLI in a child process, the database a throw-away
// data dir. Import from a file (malformed lines reported), list, re-import, remove; update from the URLs
// of a configuration file served by a local HTTP server (one source answering 404 keeps its previous
// import and makes the exit code 2).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, pdfscan } from "./run-cli";

let dir: string;
let server: Server;
let base: string;
const served: Record<string, string> = {
  "/openphish.txt": "https://a.example.com/login\nhttps://b.example.com/x\n",
  "/tranco.csv": "1,google.com\n2,example.org\n",
};

beforeAll(async () => {
  buildCli();
  dir = await mkdtemp(join(tmpdir(), "pdfscan-feeds-cli-"));
  server = createServer((req, res) => {
    const body = served[req.url ?? ""];
    if (body === undefined) res.writeHead(404).end("not here");
    else res.writeHead(200, { "content-type": "text/plain" }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

const feeds = (args: string[], env: Record<string, string> = {}) => pdfscan(["feeds", ...args], { env: { PDFSCAN_DATA_DIR: join(dir, "data"), PDFSCAN_DATABASE_URL: "", HOME: dir, XDG_CONFIG_HOME: undefined, ...env } });

describe("pdfscan feeds", () => {
  it("imports a file, reports its malformed lines, lists it, re-imports it unchanged and removes it", async () => {
    const file = join(dir, "certpl.txt");
    await writeFile(file, "evil-login.example.net\nnot a domain!\nbank-verify.example.pl\n");
    const imported = await feeds(["import", file, "--format", "certpl-domains", "--source", "certpl"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe("imported 2 entries into certpl from certpl.txt (certpl-domains)\n");
    expect(imported.stderr).toContain('1 malformed line skipped, e.g.: "not a domain!"');
    const again = await feeds(["import", file, "--format", "certpl-domains", "--source", "certpl", "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ source: "certpl", entries: 2, malformed: 1 });
    const list = await feeds(["list"]);
    expect(list.stdout).toMatch(/certpl\s+certpl-domains\s+2\s+1\s+\d{4}-/);
    expect((await feeds(["remove", "certpl"])).stdout).toBe("removed certpl\n");
    const gone = await feeds(["remove", "certpl"]);
    expect(gone.code).toBe(2);
    expect((await feeds(["import", file, "--format", "nope"])).stderr).toContain("must be one of");
  });

  it("update fetches the configured feeds; a failing source keeps its previous import and exits 2", async () => {
    const config = join(dir, "feeds.json");
    await writeFile(config, JSON.stringify({ feeds: [{ source: "openphish", format: "openphish", url: `${base}/openphish.txt` }, { source: "tranco", format: "tranco", url: `${base}/tranco.csv` }] }));
    const first = await feeds(["update", "--config", config]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`openphish: 2 entries (0 malformed) from 127.0.0.1:${base.split(":").at(-1)}\ntranco: 2 entries (0 malformed) from 127.0.0.1:${base.split(":").at(-1)}\n`);

    await writeFile(config, JSON.stringify({ feeds: [{ source: "openphish", format: "openphish", url: `${base}/moved.txt` }] }));
    const failed = await feeds(["update"], { PDFSCAN_FEEDS_CONFIG: config });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain("openphish: not updated (HTTP 404); its previous import stays");
    expect((await feeds(["list", "--json"])).stdout).toContain('"entries": 2');

    await writeFile(config, "{\"feeds\": [{\"source\": \"x\", \"format\": \"nope\", \"url\": \"u\"}]}");
    const bad = await feeds(["update", "--config", config]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not a feeds configuration");
  });
});
