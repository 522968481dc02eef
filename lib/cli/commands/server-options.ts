// The options every server client command shares (--url, --api-key) and where else they come from.
import { InvalidArgumentError, type Command } from "commander";
import { ScanClient } from "../client/scan-client";
import { resolveServerTarget, type ServerFlags } from "../client/server-target";
import type { CliContext } from "../context";

export const SERVER_HELP = `
Server: --url, else PDFSCAN_URL, else "url" in ~/.config/pdfscan/config.json ($XDG_CONFIG_HOME is
honoured), else http://127.0.0.1:3000. API key (sent as Authorization: Bearer): --api-key, else
PDFSCAN_API_KEY, else "apiKey" in the same file. Server and network errors: one line, exit code 2.`;

/** program.command(spec) with --url and --api-key, the examples and the shared help text. */
export function serverCommand(program: Command, spec: string, description: string, examples: string[]): Command {
  return program
    .command(spec)
    .description(description)
    .option("--url <url>", "server URL (default: PDFSCAN_URL, the config file, http://127.0.0.1:3000)")
    .option("--api-key <key>", "API key (default: PDFSCAN_API_KEY, the config file)")
    .addHelpText("after", `\nExamples:\n${examples.map((e) => `  $ ${e}`).join("\n")}\n${SERVER_HELP}`);
}

export function connect(flags: ServerFlags, ctx: CliContext): ScanClient {
  return new ScanClient(resolveServerTarget(flags, ctx.env));
}

/** commander argument parser for positive integers (--limit, --hours, --timeout). */
export function positiveInt(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`must be a whole number from 1 to ${max}`);
    return n;
  };
}
