// Where the e2e server runs and keeps its data (playwright.config.ts starts it; fixtures make keys there).
import path from "node:path";

/** PDFSCAN_E2E_PORT: several checkouts can run their browser tests side by side */
export const E2E_PORT = Number(process.env.PDFSCAN_E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve("test-results/e2e-data");

/** the stand-in for the online reputation services (lib/server/testing/reputation-stand-in.ts) the e2e server is configured with */
export const E2E_STAND_IN_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
export const E2E_STAND_IN_KEYS = { virusTotal: "vt-test-key", urlhaus: "uh-test-key" };
