// Runs the real `pdfscan` as a user does: node bin/pdfscan.mjs in a child process. buildCli() bundles
// dist/cli.mjs first (scripts/build-worker.mjs), so the tests exercise what ships.
import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BIN = fileURLToPath(new URL("../../bin/pdfscan.mjs", import.meta.url));
/** a hung CLI is killed after this (a run that needs longer, like --deep over a corpus ZIP, says so) */
const CLI_TIMEOUT_MS = 60_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function buildCli(): void {
  execFileSync(process.execPath, ["scripts/build-worker.mjs"], { cwd: ROOT, stdio: "pipe" });
}

export function pdfscan(
  args: string[],
  opts: { env?: Record<string, string | undefined>; stdin?: Uint8Array; cwd?: string; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, PDFSCAN_CLI_SOURCE: undefined, ...opts.env },
      stdio: [opts.stdin ? "pipe" : "ignore", "pipe", "pipe"],
      timeout: opts.timeoutMs ?? CLI_TIMEOUT_MS,
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
    if (opts.stdin) child.stdin!.end(opts.stdin);
  });
}

/** --json output: one object per line */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
