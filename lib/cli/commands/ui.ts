// pdfscan ui - the full-screen terminal interface to a pdfscan server: the scans list with live status,
// reports (findings, indicators, scripts with their deobfuscated layers), submit, export and delete.
// React and Ink are imported when the command runs, so no other command pays for them at start-up.
import type { Command } from "commander";
import { CliError } from "../cli-error";
import { shouldUseColor } from "../colors";
import type { CliContext } from "../context";
import { connect, serverCommand } from "./server-options";

const KEYS_HELP = `
Keys: arrows or j/k move, Enter opens a report, / filters (text, SHA-256 prefix, verdict:malicious,
status:failed), s submits a file, d deletes (asks y/n), r refreshes, e exports the open report, Esc
goes back, ? shows every key, q quits. The list refreshes itself every 2 seconds.`;

export function registerUiCommand(program: Command, ctx: CliContext): void {
  serverCommand(program, "ui", "full-screen terminal interface: browse scans, read reports, submit, export, delete", [
    "pdfscan ui",
    "pdfscan ui --url https://pdfscan.internal --api-key $KEY",
    "NO_COLOR=1 pdfscan ui                          # no colors",
  ])
    .addHelpText("after", KEYS_HELP)
    .action(async (opts: { url?: string; apiKey?: string }) => {
      const client = connect(opts, ctx);
      if (!process.stdin.isTTY || !process.stdout.isTTY)
        throw new CliError("ui needs a terminal (stdin and stdout); in scripts use pdfscan scans, report or submit");
      forgetCiMarkers();
      const { startUi } = await import("../ui/start-ui");
      await startUi(client, { color: shouldUseColor(process.stdout, ctx.env), cwd: process.cwd() });
    });
}

/**
 * Ink reads CI and CONTINUOUS_INTEGRATION once, when it is first imported (its is-in-ci dependency), and
 * in a "CI" draws nothing until the program exits. `pdfscan ui` runs only on a terminal, so such a
 * variable (a CI job's tmux session, a shell inside a build container) must not blank the screen:
 * it is dropped from this process before Ink is loaded.
 */
function forgetCiMarkers(): void {
  for (const name of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[name];
}
