// pdfscan: the terminal interface. Builds the command tree; each command lives in commands/<name>.ts
// and registers itself on the program. Commands import their heavy parts (analyzer, engines, database)
// when they run: start-up stays short for pipelines.
import { Command, CommanderError } from "commander";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { registerAnalyzeCommand } from "./commands/analyze";
import { registerCompletionCommand } from "./commands/completion";
import { registerDisarmCommand } from "./commands/disarm";
import { registerFeedsCommand } from "./commands/feeds";
import { registerInspectCommand } from "./commands/inspect";
import { registerKeysCommand } from "./commands/keys";
import { registerOperationsCommands } from "./commands/operations";
import { registerRulesCommand } from "./commands/rules";
import { registerScanCommands } from "./commands/scan-commands";
import { registerSubmitCommand } from "./commands/submit";
import { registerUiCommand } from "./commands/ui";
import { registerWebhooksCommand } from "./commands/webhooks";
import { CliError } from "./cli-error";
import { processContext, type CliContext } from "./context";
import { EXIT_CLEAN, EXIT_ERROR } from "./exit-codes";
import { packageRoot } from "./package-root";

const EXIT_CODE_HELP = `
Exit codes:
  0  nothing malicious or suspicious found
  1  at least one file is malicious or suspicious
  2  usage error, a server or network error, or a file could not be read or analysed (the others
     are still analysed)

Colors follow the terminal; NO_COLOR=1 turns them off, FORCE_COLOR=1 on.

Examples:
  $ pdfscan analyze invoice.pdf
  $ pdfscan analyze --deep --jobs 4 inbox/ samples.zip
  $ pdfscan analyze --format sarif attachments/ > pdfscan.sarif
  $ pdfscan rules
  $ pdfscan disarm invoice.pdf invoice.safe.pdf  # a copy without scripts, actions, attachments
  $ pdfscan submit --wait invoice.pdf            # against a running server (PDFSCAN_URL, PDFSCAN_API_KEY)
  $ pdfscan report --format stix -o bundle.json <scan id>
  $ pdfscan ui                                   # browse the server's scans full-screen
  $ pdfscan serve --port 8080
  $ pdfscan completion bash > ~/.local/share/bash-completion/completions/pdfscan
Run pdfscan help <command> for a command's options and examples.`;

export function createProgram(ctx: CliContext): Command {
  const program = new Command("pdfscan")
    .description("Static PDF malware analysis: verdict, score, findings and indicators")
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_CODE_HELP)
    // settings above are inherited by subcommands created with program.command()
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: (s) => ctx.stderr.write(s) });
  registerAnalyzeCommand(program, ctx);
  registerRulesCommand(program, ctx);
  registerDisarmCommand(program, ctx);
  registerInspectCommand(program, ctx);
  registerSubmitCommand(program, ctx);
  registerScanCommands(program, ctx);
  registerUiCommand(program, ctx);
  registerKeysCommand(program, ctx);
  registerWebhooksCommand(program, ctx);
  registerFeedsCommand(program, ctx);
  registerOperationsCommands(program, ctx);
  registerCompletionCommand(program, ctx);
  return program;
}

/** package.json's version (the analyzer's ENGINE_VERSION follows it), read without loading the analyzer. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** Runs the CLI and returns the process exit code (never calls process.exit, so output is flushed). */
export async function main(argv: string[] = process.argv, ctx: CliContext = processContext()): Promise<number> {
  // `pdfscan analyze ... | head` closes the pipe early: stop quietly instead of crashing on EPIPE
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(ctx.exitCode);
    throw e;
  });
  try {
    await createProgram(ctx).parseAsync(argv);
    return ctx.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version end with a CommanderError too; they are not failures
      return e.code === "commander.helpDisplayed" || e.code === "commander.version" ? EXIT_CLEAN : EXIT_ERROR;
    }
    // errors the user can act on (server answers, network, configuration): one line, no stack
    if (e instanceof CliError) {
      ctx.stderr.write(`pdfscan: ${e.message}\n`);
      return EXIT_ERROR;
    }
    ctx.stderr.write(`pdfscan: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_ERROR;
  }
}
