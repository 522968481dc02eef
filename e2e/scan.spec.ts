// An analyst submits a suspicious PDF as a background scan, follows both stages live on the scan's
// page, reads the verdict, a finding and a defanged IOC, and exports the report as STIX.
import { expect, test } from "./fixtures";
import { LINK_URL, suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { ScanPage } from "./pages/scan-page";

test("submitting a suspicious PDF as a scan shows live stages, verdict, findings and exports", async ({ page }) => {
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("invoice.pdf", suspiciousPdf(), { retentionMode: "retain_24h", enrichment: true });
  expect(scanId).toMatch(/^[\w-]{8,}$/);
  await expect(page.getByTestId("file-name")).toHaveText("invoice.pdf");

  await scan.waitForStatus("completed", 30_000);
  await expect(scan.stage("fast")).toHaveAttribute("data-state", "done");
  await expect(scan.stage("advanced")).toHaveAttribute("data-state", /done|failed/);
  expect(["suspicious", "malicious"]).toContain(await scan.verdictLabel());
  await expect(scan.findings.first()).toBeVisible();
  await expect(page.getByTestId("evidence").first()).toBeVisible();

  // IOCs are defanged on the page, never the live URL.
  await expect(page.getByTestId("iocs")).toContainText("hxxps[://]phish[.]example[.]net/login");
  await expect(page.getByTestId("iocs")).not.toContainText(LINK_URL);

  // Retention transparency: retain_24h keeps the file with an expiry.
  await expect(page.getByTestId("retention")).toContainText("Keep the file for 24 hours");
  await expect(page.getByTestId("file-retained")).toContainText(/Kept on the server until .* UTC/);

  for (const format of ["json", "stix", "misp", "csv", "md", "html"]) {
    await expect(scan.exportLink(format)).toHaveAttribute("href", `/api/scans/${scanId}/report?format=${format}&download=1`);
    await expect(scan.exportLink(format)).toHaveAttribute("download", "");
  }
  const stixHref = (await scan.exportLink("stix").getAttribute("href"))!;
  const stix = await page.request.get(stixHref);
  expect(stix.status()).toBe(200);
  const bundle = (await stix.json()) as { type: string; objects: { type: string }[] };
  expect(bundle.type).toBe("bundle");
  expect(bundle.objects.length).toBeGreaterThan(0);
});

test("an unknown scan id is a 404 page", async ({ page }) => {
  const response = await page.goto("/scans/no-such-scan-0000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/could not be found|404/i).first()).toBeVisible();
});
