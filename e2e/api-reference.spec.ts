// A script author reads the API reference (/docs/api) without signing in: every operation with its
// parameters, body fields, answers and problem codes, rendered from the OpenAPI document that
// /api/openapi.json serves, which a machine can fetch. Checked with axe and photographed at 1280 and
// 390 px (test-results/screenshots/api-reference-*.png).
import { expect, test } from "./fixtures";
import { checkLooksAndAccessibility } from "./look";

test("the API reference lists every operation of the OpenAPI document", async ({ signedOutPage: page }) => {
  // a long page: four full-page screenshots and axe runs
  test.setTimeout(180_000);
  const res = await page.request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
  expect(doc.openapi).toBe("3.1.0");
  const seedOperations = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith("/api/v1/"))
    .flatMap(([, item]) => Object.values(item).map((op) => op.operationId));

  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page).toHaveTitle("API reference · pdfscan");
  // one card per operation, reachable from the index
  for (const id of seedOperations) await expect(page.locator(`article#${id}`)).toHaveCount(1);
  const create = page.locator("article#createScan");
  await expect(create.getByRole("heading", { level: 3 })).toContainText("/api/scans");
  await expect(create).toContainText("retentionMode");
  await expect(create).toContainText("quota_exceeded");
  await expect(create).toContainText("callbackUrl");
  // the webhooks a scan sends to its callbackUrl, with their signature headers and body
  const completed = page.locator("article#webhook_scan_completed");
  await expect(completed.getByRole("heading", { level: 3 })).toContainText("callbackUrl (event scan.completed)");
  await expect(completed).toContainText("webhook-signature");
  await expect(completed).toContainText("Sent by pdfscan to your receiver");
  await page
    .getByRole("navigation", { name: "Operations" })
    .getByRole("link", { name: "post /api/scans", exact: true })
    .click();
  await expect(page).toHaveURL(/#createScan$/);
  await checkLooksAndAccessibility(page, "api-reference");
});
