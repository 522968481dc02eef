// An analyst opens the objects of a kept file from a finding (pdf-parser in the page): the object the
// evidence names, its decoded stream, a search for /JavaScript; and downloads the embedded file as a
// password ZIP whose member's SHA-256 is the one the report lists.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ATTACHED_SCRIPT, attachedScriptPdf } from "../test/fixtures/sample-pdfs";
import { openZip, readZipMember } from "../lib/zip/password-zip";
import { expect, test } from "./fixtures";
import { checkLooksAndAccessibility, SCREENSHOTS } from "./look";
import { ScanPage } from "./pages/scan-page";

test("the object inspector opens an object from a finding, shows its decoded stream, finds /JavaScript, and the embedded file downloads as a password ZIP", async ({
  page,
}) => {
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("invoice.pdf", attachedScriptPdf(), { retentionMode: "retain_24h" });
  await scan.waitForStatus("completed", 30_000);

  // a finding's evidence object opens in the inspector
  const link = page.getByTestId("evidence-object").first();
  const ref = (await link.textContent())!.match(/obj (\d+) \d+ R/)![1];
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/scans/${scanId}#object-${ref}$`));
  const inspector = page.getByTestId("object-inspector");
  await expect(inspector.getByTestId("object-detail")).toHaveAttribute("data-object", ref);
  await expect(inspector.getByTestId("object-text")).not.toBeEmpty();

  // the embedded file's stream, decoded, as inert text; then as hex
  await inspector
    .getByTestId("object-list")
    .getByRole("button", { name: /stream \/EmbeddedFile/ })
    .click();
  const stream = inspector.getByTestId("object-stream");
  await expect(stream.getByTestId("stream-note")).toContainText("decoded by FlateDecode");
  await expect(stream.getByTestId("stream-bytes")).toContainText('WScript.Echo("attached script");');
  await stream.getByRole("button", { name: "Hex" }).click();
  await expect(stream.getByTestId("stream-bytes")).toContainText("00000000  2f 2f 20 69 6e 76 6f 69");
  await stream.getByRole("button", { name: "Raw" }).click();
  await expect(stream).toHaveAttribute("data-view", "raw");
  await expect(stream.getByTestId("stream-note")).toContainText("raw");

  // search, like pdf-parser -s /JavaScript
  await inspector.getByTestId("object-search").fill("/JavaScript");
  await inspector.getByRole("button", { name: "Search" }).click();
  await expect(inspector.getByTestId("object-count")).toContainText("containing “/JavaScript”");
  await expect(inspector.getByTestId("object-list").getByRole("button")).toHaveText([/dict \/Action \/JavaScript/]);
  await checkLooksAndAccessibility(page, "object-inspector");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await inspector.screenshot({ path: `${SCREENSHOTS}/object-inspector-section-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // the embedded file as a password ZIP, its member hash the report's
  const listed = page.getByTestId("embedded-files");
  const sha256 = (await listed.getByTestId("embedded-sha256").first().textContent())!.trim();
  expect(sha256).toBe(createHash("sha256").update(ATTACHED_SCRIPT).digest("hex"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    listed.getByTestId("embedded-download").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`pdfscan-${scanId}-embedded-${sha256.slice(0, 16)}.zip`);
  const [member] = await openZip(await readFile((await download.path())!));
  expect(member!.name).toBe(`${sha256}.js`);
  expect(
    createHash("sha256")
      .update(await readZipMember(member!))
      .digest("hex"),
  ).toBe(sha256);
});

test("a file that was not kept has no object inspector and no embedded-file download", async ({ page }) => {
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("invoice.pdf", attachedScriptPdf(), { retentionMode: "delete_immediately" });
  await scan.waitForStatus("completed", 30_000);
  await expect(page.getByTestId("embedded-files")).toBeVisible();
  await expect(page.getByTestId("embedded-download")).toHaveCount(0);
  await expect(page.getByTestId("object-inspector")).toHaveCount(0);
  await expect(page.getByTestId("evidence-object")).toHaveCount(0);
});
