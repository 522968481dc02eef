// pdfscan feeds as an operator runs it: the bundled CLI in a child process, the database a throw-away
// data dir. Import from a file (malformed lines reported), list, re-import, remove; update from the URLs
// of a configuration file served by a local HTTP server (one source answering 404 keeps its previous
// import and makes the exit code 2).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, pdfscan } from "./run-cli";

let dir: string;
let server: Server;
let base: string;
/** A MISP feed of two events as a MISP instance publishes it: manifest.json and one <uuid>.json per event. */
const MISP_UUIDS = ["6a1b0000-0000-4000-8000-000000000001", "6a1b0000-0000-4000-8000-000000000002"];
const mispEvent = (uuid: string, url: string) =>
  JSON.stringify({
    Event: {
      uuid,
      info: "Phishing wave",
      threat_level_id: "2",
      Attribute: [
        { type: "url", value: url, to_ids: true, timestamp: "1764300000" },
        { type: "text", value: "note", to_ids: false },
      ],
    },
  });
const MISP_FEED: Record<string, string> = {
  "manifest.json": JSON.stringify(
    Object.fromEntries(MISP_UUIDS.map((u) => [u, { info: "Phishing wave", timestamp: "1764300000" }])),
  ),
  [`${MISP_UUIDS[0]}.json`]: mispEvent(MISP_UUIDS[0]!, "https://login-check.example.com/a"),
  [`${MISP_UUIDS[1]}.json`]: mispEvent(MISP_UUIDS[1]!, "https://login-check.example.com/b"),
};

const served: Record<string, string> = {
  "/openphish.txt": "https://a.example.com/login\nhttps://b.example.com/x\n",
  "/tranco.csv": "1,google.com\n2,example.org\n",
  ...Object.fromEntries(Object.entries(MISP_FEED).map(([name, body]) => [`/misp/${name}`, body])),
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

const feeds = (args: string[], env: Record<string, string> = {}) =>
  pdfscan(["feeds", ...args], {
    env: {
      PDFSCAN_DATA_DIR: join(dir, "data"),
      PDFSCAN_DATABASE_URL: "",
      HOME: dir,
      XDG_CONFIG_HOME: undefined,
      ...env,
    },
  });

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

  it("imports a whole MISP feed from its directory and updates it from its base URL: every event the manifest names", async () => {
    const feedDir = join(dir, "misp-feed");
    await mkdir(feedDir);
    for (const [name, body] of Object.entries(MISP_FEED)) await writeFile(join(feedDir, name), body);
    const imported = await feeds(["import", feedDir, "--format", "misp-feed", "--source", "misp-osint"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe("imported 2 entries into misp-osint from misp-feed (misp-feed, 2 events)\n");
    // the manifest's path works too, and the same content is the same import
    const again = await feeds([
      "import",
      join(feedDir, "manifest.json"),
      "--format",
      "misp-feed",
      "--source",
      "misp-osint",
      "--json",
    ]);
    expect(JSON.parse(again.stdout)).toMatchObject({ source: "misp-osint", entries: 2, malformed: 0 });
    const missing = await feeds(["import", join(dir, "no-such-feed"), "--format", "misp-feed"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no manifest.json in");

    const config = join(dir, "misp-feeds.json");
    await writeFile(
      config,
      JSON.stringify({ feeds: [{ source: "misp-remote", format: "misp-feed", url: `${base}/misp` }] }),
    );
    const updated = await feeds(["update", "--config", config]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toBe(`misp-remote: 2 entries (0 malformed) from 127.0.0.1:${base.split(":").at(-1)}\n`);
  });

  it("update fetches the configured feeds; a failing source keeps its previous import and exits 2", async () => {
    const config = join(dir, "feeds.json");
    await writeFile(
      config,
      JSON.stringify({
        feeds: [
          { source: "openphish", format: "openphish", url: `${base}/openphish.txt` },
          { source: "tranco", format: "tranco", url: `${base}/tranco.csv` },
        ],
      }),
    );
    const first = await feeds(["update", "--config", config]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      `openphish: 2 entries (0 malformed) from 127.0.0.1:${base.split(":").at(-1)}\ntranco: 2 entries (0 malformed) from 127.0.0.1:${base.split(":").at(-1)}\n`,
    );

    await writeFile(
      config,
      JSON.stringify({ feeds: [{ source: "openphish", format: "openphish", url: `${base}/moved.txt` }] }),
    );
    const failed = await feeds(["update"], { PDFSCAN_FEEDS_CONFIG: config });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain("openphish: not updated (HTTP 404); its previous import stays");
    expect((await feeds(["list", "--json"])).stdout).toContain('"entries": 2');

    await writeFile(config, '{"feeds": [{"source": "x", "format": "nope", "url": "u"}]}');
    const bad = await feeds(["update", "--config", config]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not a feeds configuration");
  });
});
