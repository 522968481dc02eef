// pdfscan serve | worker | migrate - running the service from the CLI. serve and worker start the
// same programs as `npm start` (bin/start.mjs: builds when stale, then dist/server.mjs) and
// `npm run worker` (lib/server/stage-worker.ts), from the package root, forwarding signals and the exit code.
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { Command } from "commander";
import { withAllocatorEnv } from "../../server/allocator-env.mjs";
import type { CliContext } from "../context";
import { packageRoot } from "../package-root";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Runs `node <args>` in the package root with the terminal attached; resolves with its exit code. */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, args, { cwd: packageRoot(), env, stdio: "inherit" });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const s of SIGNALS) process.on(s, forward);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      for (const s of SIGNALS) process.off(s, forward);
      // a child ended by a signal: the shell convention 128 + signal number
      resolve(code ?? 128 + (signal === "SIGINT" ? 2 : signal === "SIGHUP" ? 1 : 15));
    });
  });
}

export function registerOperationsCommands(program: Command, ctx: CliContext): void {
  program
    .command("serve")
    .description("run the web service and API (builds first when the build is missing or stale)")
    .option("-p, --port <port>", "port (default: PORT, else 3000)")
    .option("-H, --host <host>", "address to listen on (default: PDFSCAN_HOST, else 127.0.0.1)")
    .addHelpText(
      "after",
      `
Configuration comes from the environment (PDFSCAN_DATA_DIR, PDFSCAN_DATABASE_URL, PDFSCAN_REDIS_URL...:
see the README). On its first start with no API key, the server prints an admin key once.

Examples:
  $ pdfscan serve
  $ pdfscan serve --host 0.0.0.0 --port 8080
  $ PDFSCAN_DATA_DIR=/var/lib/pdfscan pdfscan serve`,
    )
    .action(async (opts: { port?: string; host?: string }) => {
      const env = {
        ...ctx.env,
        ...(opts.port ? { PORT: opts.port } : {}),
        ...(opts.host ? { PDFSCAN_HOST: opts.host } : {}),
      };
      ctx.exitCode = await runNode([join("bin", "start.mjs")], env);
    });

  program
    .command("worker")
    .description(
      "run a scale-out stage worker (needs PDFSCAN_REDIS_URL and a shared database; run npm run build first)",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ PDFSCAN_REDIS_URL=redis://queue:6379 PDFSCAN_DATABASE_URL=postgres://pdfscan@db/pdfscan \\
    PDFSCAN_STORAGE=postgres pdfscan worker
  $ PDFSCAN_WORKERS=4 pdfscan worker      # 4 stages at a time`,
    )
    .action(async () => {
      // the malloc settings npm start gives the server (lib/server/allocator-env.mjs)
      ctx.exitCode = await runNode(
        ["--import", "tsx", join("lib", "server", "stage-worker.ts")],
        withAllocatorEnv(ctx.env),
      );
    });

  program
    .command("migrate")
    .description("apply the database migrations (the server and workers also do it at start)")
    .addHelpText(
      "after",
      `
The database is the server's: PDFSCAN_DATABASE_URL (PostgreSQL), else SQLite in PDFSCAN_DATA_DIR.

Examples:
  $ pdfscan migrate
  $ PDFSCAN_DATABASE_URL=postgres://pdfscan@db/pdfscan pdfscan migrate`,
    )
    .action(async () => {
      const [{ parseConfig }, { openDatabase }] = await Promise.all([
        import("../../server/config"),
        import("../../server/db/open-database"),
      ]);
      const config = parseConfig(ctx.env).database;
      const database = await openDatabase(config); // opening migrates to the latest schema
      await database.close();
      ctx.stdout.write(`database up to date (${config.kind === "sqlite" ? `SQLite ${config.file}` : "PostgreSQL"})\n`);
    });
}
