// Playwright fixtures: an API key made with `pdfscan keys create` on the e2e server's data dir (one
// per worker), and a `page` that is already signed in with it (a session cookie from POST
// /api/session, as the sign-in page gets it) that fails its test on any CSP violation. Specs about
// signing in use `signedOutPage`.
import { execFileSync } from "node:child_process";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./e2e-env";

export function createApiKey(name: string, admin = false): string {
  const out = execFileSync(
    process.execPath,
    ["bin/pdfscan.mjs", "keys", "create", "--name", name, "--json", ...(admin ? ["--admin"] : [])],
    {
      env: { ...process.env, PDFSCAN_DATA_DIR: E2E_DATA_DIR, PDFSCAN_DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  return (JSON.parse(out.toString()) as { key: string }).key;
}

/** Console messages of CSP violations ("Refused to ... because it violates ... Content Security Policy"). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

export async function signIn(page: Page, apiKey: string): Promise<void> {
  const res = await page.request.post("/api/session", { data: { apiKey }, headers: { origin: E2E_BASE_URL } });
  expect(res.status()).toBe(200);
}

export const test = base.extend<{ signedOutPage: Page }, { apiKey: string }>({
  apiKey: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its destructured first parameter
    async ({}, use, workerInfo) => use(createApiKey(`e2e-worker-${workerInfo.workerIndex}`)),
    { scope: "worker" },
  ],
  // every test's page: signed in, and failing the test on any Content-Security-Policy violation
  page: async ({ page, apiKey }, use) => {
    const violations = watchCsp(page);
    await signIn(page, apiKey);
    await use(page);
    expect(violations, "CSP violations reported in the browser console").toEqual([]);
  },
  signedOutPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    await use(await context.newPage());
    await context.close();
  },
});

export { expect };
