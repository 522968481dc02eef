// Browser tests against the built app (`npm run build` first): the production server (dist/server.mjs,
// as `npm start` runs it) on 127.0.0.1:3100 with
// auth on and a fresh data dir (tests make their keys with `pdfscan keys create`, e2e/fixtures.ts),
// ready when GET /health answers 200; Debian's Chromium, no browser download.
import { defineConfig } from "@playwright/test";
import {
  E2E_BASE_URL as BASE_URL,
  E2E_DATA_DIR,
  E2E_PORT as PORT,
  E2E_STAND_IN_KEYS,
  E2E_STAND_IN_URL,
} from "./e2e/e2e-env";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    acceptDownloads: true,
    // a trace records every action's DOM snapshot and screencast: ~20% of the run's time on this machine
    // (3.0 -> 2.4 min), so it is off unless asked for; a failure still keeps its screenshot
    trace: process.env.PDFSCAN_E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.PDFSCAN_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      // what the server's online reputation services answer (lib/server/testing/reputation-stand-in.ts)
      command: `node --import tsx e2e/reputation-stand-in-server.ts ${PORT + 1}`,
      url: `${E2E_STAND_IN_URL}/stand-in/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `rm -rf "${E2E_DATA_DIR}" && node dist/server.mjs`,
      url: `${BASE_URL}/health`,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        PDFSCAN_HOST: "127.0.0.1",
        PORT: String(PORT),
        PDFSCAN_DATA_DIR: E2E_DATA_DIR,
        PDFSCAN_DATABASE_URL: "",
        PDFSCAN_REDIS_URL: "",
        PDFSCAN_VIRUSTOTAL_API_KEY: E2E_STAND_IN_KEYS.virusTotal,
        PDFSCAN_VIRUSTOTAL_URL: E2E_STAND_IN_URL,
        PDFSCAN_URLHAUS_AUTH_KEY: E2E_STAND_IN_KEYS.urlhaus,
        PDFSCAN_URLHAUS_URL: E2E_STAND_IN_URL,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
