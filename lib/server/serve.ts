// The production server, built to dist/server.mjs (scripts/build-worker.mjs) and run from the project
// root by `npm start` (bin/start.mjs), `npm run serve`, `pdfscan serve`, the test harness and
// Playwright. It is `next start` with the front door (http/front-door.ts) in front of Next's request
// handler: one Node HTTP server on PDFSCAN_HOST:PORT, the one host setting of every start path (the
// same value config.ts checks PDFSCAN_AUTH=off against).
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import { ConfigError, getConfig, type Config } from "./config";
import { attachFrontDoor, type RequestHandler } from "./http/front-door";
import { runShutdownHooks } from "./shutdown-hooks";

const EXIT_CODE_OF_SIGNAL = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
/** On a signal, answers in progress get this long (an open event stream never ends by itself). */
const SHUTDOWN_GRACE_MS = 5_000;

async function main(): Promise<void> {
  // as `next start` does; Next reads both when it loads, so they are set before the import below
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const config = configOrExit();
  const { default: next } = await import("next");
  const server = createServer();
  const app = next({
    dev: false,
    dir: process.cwd(),
    hostname: config.host,
    port: config.port,
    // Next attaches its WebSocket upgrade handler to this server on the first request; upgrades would
    // then skip the front door. We serve no WebSockets: it gets a server of its own that never listens,
    // and an upgrade request is an ordinary request here.
    httpServer: new EventEmitter() as Server,
  });
  await app.prepare();
  attachFrontDoor(server, app.getRequestHandler() as RequestHandler, {
    tls: config.tls,
    maxUploadBytes: config.maxUploadBytes,
  });
  server.on("error", (error) => {
    console.error(`[pdfscan] cannot listen on ${config.host}:${config.port}:`, error.message);
    process.exit(1);
  });
  server.listen(config.port, config.host, () =>
    console.log(`[pdfscan] listening on http://${hostForUrl(config.host)}:${config.port}`),
  );
  for (const signal of Object.keys(EXIT_CODE_OF_SIGNAL) as (keyof typeof EXIT_CODE_OF_SIGNAL)[]) {
    process.once(signal, () => {
      // stop accepting, let answers in progress finish, then let Next clean up (as `next start` does);
      // the scan runtime hands its running stages and webhooks back to the database (shutdown-hooks.ts)
      server.close();
      server.closeIdleConnections();
      const exit = () => process.exit(EXIT_CODE_OF_SIGNAL[signal]);
      setTimeout(exit, SHUTDOWN_GRACE_MS).unref();
      const report = (error: unknown) =>
        console.error("[pdfscan] shutdown:", error instanceof Error ? error.message : error);
      void Promise.all([app.close(), runShutdownHooks(report)]).finally(exit);
    });
  }
}

function configOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[pdfscan] ${error.message}\n[pdfscan] not starting.`);
    process.exit(1);
  }
}

const hostForUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

main().catch((error: unknown) => {
  console.error("[pdfscan] the server did not start:", error);
  process.exit(1);
});
