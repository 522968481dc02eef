// submit --wait: follows the scan until its status is final (completed, failed, expired), redrawing
// one status line on stderr when it is a terminal (nothing in a pipe). It reads the scan's event
// stream (GET /api/scans/:id/events); where that cannot be had (an older server, a proxy that cuts it,
// a dropped connection) it polls GET /api/scans/:id.
import { TERMINAL_STATUSES } from "../../server/domain/state-machine";
import type { OutputStream } from "../context";
import { CliError } from "../cli-error";
import { printable } from "../format-result";
import { stageSummary } from "./render-scan";
import type { ScanClient, ScanResource } from "./scan-client";

export const POLL_INTERVAL_MS = 400;

const isFinal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

export async function waitForScan(
  client: ScanClient,
  scan: ScanResource,
  fileName: string,
  opts: { stderr: OutputStream; timeoutMs: number },
): Promise<ScanResource> {
  const live = opts.stderr.isTTY === true;
  const deadline = Date.now() + opts.timeoutMs;
  let last = "";
  const show = (current: ScanResource): boolean => {
    const line = `${printable(fileName)}: ${stageSummary(current)}`;
    if (live && line !== last) opts.stderr.write(`\r\x1b[2K${line}`);
    last = line;
    if (isFinal(current.status) && live) opts.stderr.write("\r\x1b[2K");
    return isFinal(current.status);
  };
  if (show(scan)) return scan;
  try {
    for await (const current of client.events(scan.scanId, AbortSignal.timeout(opts.timeoutMs)))
      if (show(current)) return current;
  } catch {
    // no stream, or it broke off: polling below finds out where the scan is
  }
  for (let current = await client.get(scan.scanId); ; current = await client.get(scan.scanId)) {
    if (show(current)) return current;
    if (Date.now() > deadline) {
      if (live) opts.stderr.write("\n");
      throw new CliError(
        `scan ${scan.scanId} not finished after ${Math.round(opts.timeoutMs / 1000)} s (${stageSummary(current)}); check later with pdfscan status ${scan.scanId}`,
      );
    }
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
}
