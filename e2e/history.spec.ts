// An analyst finds past scans on the history page: lists them, searches by SHA-256 prefix and by
// name, filters by verdict, deletes one after confirming, and reaches it from the header. Checked with
// axe and photographed at desktop and phone widths (test-results/screenshots/history-*.png).
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createApiKey, expect, signIn, test } from "./fixtures";
import { benignPdf, suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { HistoryPage, createScanViaApi } from "./pages/history-page";
import { SCREENSHOTS, seriousAxeViolations } from "./look";

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("the history lists, searches, filters and deletes the caller's scans", async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `h${Date.now().toString(36)}`;
  const quarterly = await createScanViaApi(page, `quarterly-${tag}.pdf`, benignPdf(`Quarterly ${tag}`));
  const minutes = await createScanViaApi(page, `Minutes-${tag}.pdf`, benignPdf(`Minutes ${tag}`));
  const invoice = await createScanViaApi(page, `Invoice-${tag}.pdf`, suspiciousPdf());
  const history = new HistoryPage(page);

  // reached from the header; newest first
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/scans$/);
  await history.searchFor(tag);
  await history.expectShown([invoice.scanId, minutes.scanId, quarterly.scanId]);
  const row = history.row(invoice.scanId);
  await expect(row.getByTestId("row-name")).toHaveAttribute("href", `/scans/${invoice.scanId}`);
  await expect(row.locator("code")).toHaveText(`${invoice.sha256.slice(0, 12)}…`);
  await expect(row.locator("code")).toHaveAttribute("title", invoice.sha256);
  await expect(row.getByTestId("row-status")).toHaveAttribute("data-status", "completed");
  await expect(row.locator("time")).toContainText("UTC");
  expect(["suspicious", "malicious"]).toContain(await row.getByTestId("row-verdict").getAttribute("data-verdict"));

  // search by SHA-256 prefix (the query lands in the address), and by a part of the name in any case
  await history.searchFor(quarterly.sha256.slice(0, 10));
  await history.expectShown([quarterly.scanId]);
  await expect(page).toHaveURL(new RegExp(`\\?q=${quarterly.sha256.slice(0, 10)}$`));
  await history.searchFor(`minutes-${tag}`.toUpperCase());
  await history.expectShown([minutes.scanId]);

  // verdict filter (with the search for this test's scans), then nothing matches
  await history.searchFor(tag);
  await history.filterVerdict("benign");
  await history.expectShown([minutes.scanId, quarterly.scanId]);
  await history.filterVerdict("unknown");
  await expect(history.empty).toContainText("No scans match these filters.");
  await page.getByTestId("history-clear").click();
  await expect(history.search).toHaveValue("");
  await expect(history.row(invoice.scanId)).toBeVisible();

  // the list from a reload of a filtered address is the same (rendered by the server)
  await history.goto(`?q=${tag}&verdict=benign`);
  await history.expectShown([minutes.scanId, quarterly.scanId]);
  await history.goto(`?q=${tag}`);
  await history.expectShown([invoice.scanId, minutes.scanId, quarterly.scanId]);

  // delete with confirmation: Escape and Cancel keep the scan, "Delete scan" removes it
  const deleteButton = history.row(minutes.scanId).getByRole("button", { name: `Delete scan of ${minutes.name}` });
  await deleteButton.click();
  await expect(history.dialog).toBeVisible();
  await expect(history.dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(history.dialog).toContainText(minutes.name);
  // its text reads left to right from the left edge, wherever the button that opened it sits
  expect(await history.dialog.evaluate((el) => getComputedStyle(el.querySelector("[id$='-text']")!).textAlign)).toMatch(
    /^(left|start)$/,
  );
  await page.keyboard.press("Escape");
  await expect(history.dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await history.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(history.row(minutes.scanId)).toBeVisible();
  await deleteButton.click();
  await history.dialog.getByRole("button", { name: "Delete scan" }).click();
  await expect(history.dialog).toBeHidden();
  await expect(history.row(minutes.scanId)).toHaveCount(0);
  // the pressed button went with its row: focus waits at the list's heading
  await expect(page.getByRole("heading", { name: "Scan history" })).toBeFocused();
  await expect(page.getByTestId("history-notice")).toContainText(`Deleted the scan of ${minutes.name}.`);
  await history.expectShown([invoice.scanId, quarterly.scanId]);
  expect((await page.request.get(`/api/scans/${minutes.scanId}`)).status()).toBe(404);

  // accessibility and how it looks, wide and narrow
  mkdirSync(SCREENSHOTS, { recursive: true });
  await history.goto();
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/history-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENSHOTS}/history-390.png`, fullPage: true });
});

test("the history pages forward and back with the cursor", async ({ page }) => {
  const tag = `p${Date.now().toString(36)}`;
  const ids: string[] = [];
  // one more than a page (HISTORY_PAGE_SIZE = 20); the listing does not need them finished
  for (let i = 0; i < 21; i++) {
    const scan = await createScanViaApi(page, `page-${tag}-${i}.pdf`, benignPdf(`Page ${tag} ${i}`), { wait: false });
    ids.unshift(scan.scanId);
  }
  const history = new HistoryPage(page);
  await history.goto(`?q=page-${tag}`);
  await history.expectShown(ids.slice(0, 20));
  await expect(page.getByTestId("history-prev")).toBeDisabled();
  await expect(page.getByTestId("history-page")).toHaveText("Page 1");
  await page.getByTestId("history-next").click();
  await history.expectShown(ids.slice(20));
  await expect(page.getByTestId("history-page")).toHaveText("Page 2");
  await expect(page.getByTestId("history-next")).toBeDisabled();
  await page.getByTestId("history-prev").click();
  await history.expectShown(ids.slice(0, 20));
});

test("the scan page deletes its scan after confirming and goes to the history", async ({ page }) => {
  const scan = await createScanViaApi(page, "delete-me.pdf", benignPdf("Delete me"));
  await page.goto(`/scans/${scan.scanId}`);
  await page.getByRole("button", { name: "Delete scan of delete-me.pdf" }).click();
  const dialog = new HistoryPage(page).dialog;
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Delete scan" }).click();
  await expect(page).toHaveURL(/\/scans$/);
  await expect(page.locator(`[data-scan-id="${scan.scanId}"]`)).toHaveCount(0);
  expect((await page.request.get(`/api/scans/${scan.scanId}`)).status()).toBe(404);
});

test("the history asks to sign in first, and shows a new analyst where to start", async ({ signedOutPage }) => {
  await signedOutPage.goto("/scans");
  await expect(signedOutPage).toHaveURL(/\/signin\?next=%2Fscans$/);
  await signIn(signedOutPage, createApiKey(`e2e-history-empty-${Date.now()}`));
  const history = new HistoryPage(signedOutPage);
  await history.goto();
  await expect(history.empty).toContainText("No scans yet.");
  await expect(history.empty.getByRole("link", { name: "Submit a PDF" })).toHaveAttribute("href", "/");
  await expectNoSeriousAxeViolations(signedOutPage);
});
