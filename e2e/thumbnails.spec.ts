// An analyst submits a two-page lure (a cover page, then a "protected document" page with a link) as
// a retained scan, sees the pages the server rendered once the advanced stage is done, with the lure
// page marked, enlarges it and closes it with Escape. The page-image route answers PNG, privately
// cached, not sniffable; a page that is not stored is a problem+json 404.
import { expect, test } from "./fixtures";
import { buildLurePdf } from "../lib/analyzer/pages/testing/lure-pdf";
import { seriousAxeViolations } from "./look";
import { ScanPage } from "./pages/scan-page";

const lurePdf = () =>
  buildLurePdf({
    pages: [
      { lines: ["Quarterly statement", "Account summary for your records", "Nothing to do on this page."] },
      {
        lines: [
          "Protected document",
          "This file is protected. Click to view the shared document.",
          "Verify your identity to continue.",
        ],
        fontSize: 18,
        links: [{ url: "https://phish.example.net/login", rect: [72, 560, 420, 610] }],
      },
    ],
  });

test("the scan page shows server-rendered page thumbnails, the lure page marked, and enlarges one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("statement.pdf", lurePdf(), { retentionMode: "retain_24h" });
  await scan.waitForStatus("completed", 45_000);
  await expect(scan.stage("advanced")).toHaveAttribute("data-state", "done");

  const section = page.getByTestId("page-thumbnails");
  const thumbnails = section.getByTestId("page-thumbnail");
  await expect(thumbnails).toHaveCount(2);
  for (const n of [1, 2]) {
    const img = section.getByRole("img", { name: `Page ${n}`, exact: true });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  // the lure finding points at page 2 only
  await expect(thumbnails.nth(1)).toHaveAttribute("data-lure", "true");
  await expect(thumbnails.nth(1).getByTestId("lure-label")).toHaveText("lure on this page");
  await expect(thumbnails.nth(0)).toHaveAttribute("data-lure", "false");

  const opener = section.getByRole("button", { name: "Enlarge page 2 (lure on this page)" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: /Page 2/ });
  await expect(dialog).toBeVisible();
  const large = dialog.getByRole("img", { name: "Page 2" });
  await expect
    .poll(() => large.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(320);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/thumbnails-dialog-1280.png" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/thumbnails-1280.png", fullPage: true });
  await section.screenshot({ path: "test-results/screenshots/thumbnails-section-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(thumbnails.first()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/thumbnails-390.png", fullPage: true });
  await section.screenshot({ path: "test-results/screenshots/thumbnails-section-390.png" });

  // the route: a PNG for the owner, private and not sniffable; no page 3
  const png = await page.request.get(`/api/scans/${scanId}/pages/1/thumbnail.png`);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["cache-control"]).toMatch(/^private, max-age=\d+$/);
  expect(png.headers()["x-content-type-options"]).toBe("nosniff");
  expect([...(await png.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const missing = await page.request.get(`/api/scans/${scanId}/pages/3/thumbnail.png?size=large`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("application/problem+json");
  expect(((await missing.json()) as { code: string }).code).toBe("page_not_found");
});

test("a delete_immediately scan says in one line that its thumbnails were not kept", async ({ page }) => {
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("statement.pdf", lurePdf(), { retentionMode: "delete_immediately" });
  await scan.waitForStatus("completed", 45_000);
  await expect(page.getByTestId("thumbnails-gone")).toHaveAttribute("data-reason", "not_kept");
  await expect(page.getByTestId("page-thumbnail")).toHaveCount(0);
});

test("with delete-right-after-analysis, pictures of the pages are kept only when the user asks for it", async ({
  page,
}) => {
  const scan = new ScanPage(page);
  // asked: the file goes, the pictures stay
  await page.goto("/");
  await page.getByTestId("mode-scan").click();
  await page.getByTestId("retention-delete_immediately").click();
  await page.getByTestId("scan-keep-thumbnails").check();
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "kept.pdf", mimeType: "application/pdf", buffer: Buffer.from(lurePdf()) });
  await page.waitForURL(/\/scans\/[\w-]+$/, { timeout: 15_000 });
  await scan.waitForStatus("completed", 45_000);
  await expect(page.getByTestId("page-thumbnails").getByTestId("page-thumbnail")).toHaveCount(2);
  // not asked: no pictures, and the page says why in a line
  await scan.submitFromUploadPage("not-kept.pdf", lurePdf(), { retentionMode: "delete_immediately" });
  await scan.waitForStatus("completed", 45_000);
  await expect(page.getByTestId("page-thumbnails").getByTestId("page-thumbnail")).toHaveCount(0);
  await expect(page.getByTestId("page-thumbnails")).toContainText(/not kept|deleted/i);
});
