// An analyst submits a suspicious PDF as a background scan, follows both stages live on the scan's
// page, reads the verdict, a finding and a defanged IOC, and exports the report as STIX.
import { expect, test } from "./fixtures";
import { LINK_URL, suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { ScanPage } from "./pages/scan-page";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { openZip, readZipMember } from "../lib/zip/password-zip";
import { tmpdir } from "node:os";
import path from "node:path";
import { pdfscan } from "../test/cli/run-cli";
import { createHash } from "node:crypto";
import { E2E_DATA_DIR, E2E_STAND_IN_URL } from "./e2e-env";
import { checkLooksAndAccessibility } from "./look";

/** A phishing link personalised with its target's address (victim data). */
function personalisedLurePdf(host = "login.evil.example"): Uint8Array {
  const b = new PdfBuilder();
  const link = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://${host}/verify.php?email=j.doe@acmecorp.com) >> >>`,
  );
  b.addCatalog("", 1, `/Annots [${link} 0 R]`);
  return b.build();
}

test("submitting a suspicious PDF as a scan shows live stages, verdict, findings and exports", async ({ page }) => {
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("invoice.pdf", suspiciousPdf(), {
    retentionMode: "retain_24h",
    enrichment: true,
  });
  expect(scanId).toMatch(/^[\w-]{8,}$/);
  await expect(page.getByTestId("file-name")).toHaveText("invoice.pdf");
  // the scan page's heading has the focus the upload left behind
  await expect(page.getByTestId("file-name")).toBeFocused();

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
  // the kept sample downloads as a password ZIP, as VirusTotal and Hybrid Analysis hand samples out
  const [sample] = await Promise.all([page.waitForEvent("download"), page.getByTestId("sample-download").click()]);
  expect(sample.suggestedFilename()).toBe(`pdfscan-${scanId}-sample.zip`);
  const [member] = await openZip(await readFile((await sample.path())!));
  expect(Buffer.from(await readZipMember(member!)).equals(Buffer.from(suspiciousPdf()))).toBe(true);
  // the kept file analysed again: a new scan page of the same file
  await page.getByTestId("rerun-scan").click();
  // a new scan is created and analysed first: on a busy machine that takes longer than an assertion's default
  await expect(page).not.toHaveURL(new RegExp(`/scans/${scanId}$`), { timeout: 20_000 });
  await expect(page.getByTestId("file-name")).toHaveText("invoice.pdf");
  await expect(page.getByTestId("scan-id")).not.toHaveText(scanId);
  await page.goBack();

  for (const format of ["json", "stix", "misp", "csv", "md", "html", "sarif"]) {
    await expect(scan.exportLink(format)).toHaveAttribute(
      "href",
      `/api/scans/${scanId}/report?format=${format}&download=1`,
    );
    await expect(scan.exportLink(format)).toHaveAttribute("download", "");
  }
  const stixHref = (await scan.exportLink("stix").getAttribute("href"))!;
  const stix = await page.request.get(stixHref);
  expect(stix.status()).toBe(200);
  const bundle = (await stix.json()) as { type: string; objects: { type: string }[] };
  expect(bundle.type).toBe("bundle");
  expect(bundle.objects.length).toBeGreaterThan(0);
});

test("the scan page shows the file's MD5 and SHA-1, and marks the recipient's address in a link as victim data", async ({
  page,
}) => {
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("statement.pdf", personalisedLurePdf());
  await scan.waitForStatus("completed", 30_000);
  // the tab names the file and its verdict
  await expect(page).toHaveTitle(/^[A-Z]+ · statement\.pdf · pdfscan$/);
  await expect(page.getByTestId("md5")).toHaveText(/^[0-9a-f]{32}$/);
  await expect(page.getByTestId("sha1")).toHaveText(/^[0-9a-f]{40}$/);
  const victim = page.getByTestId("ioc").filter({ hasText: "j.doe[@]acmecorp[.]com" });
  await expect(victim.getByTestId("victim-data")).toBeVisible();
  await expect(
    page.getByTestId("ioc").filter({ hasText: "login[.]evil[.]example" }).first().getByTestId("victim-data"),
  ).toHaveCount(0);
});

test("a scan with enrichment shows the imported feed's hit, its source and age, and the finding it raised", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(path.join(tmpdir(), "pdfscan-e2e-feeds-"));
  const list = path.join(dir, "openphish.txt");
  await writeFile(list, "https://login.phish-e2e.example.net/verify.php?email=j.doe@acmecorp.com\n");
  const run = await pdfscan(["feeds", "import", list, "--format", "openphish"], {
    env: { PDFSCAN_DATA_DIR: E2E_DATA_DIR, PDFSCAN_DATABASE_URL: "" },
  });
  expect(run.code, run.stderr).toBe(0);
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("notice.pdf", personalisedLurePdf("login.phish-e2e.example.net"), {
    enrichment: true,
  });
  await scan.waitForStatus("completed", 60_000);
  const hit = page.getByTestId("feed-hit").filter({ hasText: "openphish" }).first();
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute("data-counts", "true");
  await expect(hit).toContainText("0 d");
  await expect(scan.findings.first()).toContainText("Known-bad indicator on an imported threat feed");
  await checkLooksAndAccessibility(page, "scan-feed-hits");
});

test("a scan with enrichment shows what the online services said: VirusTotal's detections, URLhaus's host, and what each was asked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pdf = personalisedLurePdf("docs-share.badhost-e2e.net");
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  // the stand-in learns the answers the real services would give (lib/server/testing/reputation-stand-in.ts)
  const teach = (what: string, body: unknown) =>
    fetch(`${E2E_STAND_IN_URL}/stand-in/${what}`, { method: "PUT", body: JSON.stringify(body) });
  expect(
    (await teach(`files/${sha256}`, { malicious: 27, undetected: 33, label: "phishing.pdf/credential" })).status,
  ).toBe(204);
  expect(
    (
      await teach("hosts/docs-share.badhost-e2e.net", [
        { url: "https://docs-share.badhost-e2e.net/verify.php", status: "online" },
      ])
    ).status,
  ).toBe(204);

  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("shared-document.pdf", pdf, { enrichment: true });
  await scan.waitForStatus("completed", 60_000);
  const vt = page.getByTestId("feed-hit").filter({ hasText: "virustotal" });
  await expect(vt).toContainText("malware: 27/60 engines, phishing.pdf/credential");
  await expect(vt).toHaveAttribute("data-counts", "true");
  await expect(page.getByTestId("feed-hit").filter({ hasText: "urlhaus" })).toContainText(
    "malware distribution host: 1 URLs, 1 online",
  );
  const services = page.getByTestId("online-service");
  await expect(services.filter({ hasText: "virustotal" })).toContainText(
    "1 to look up, 1 asked, 0 answered from the cache",
  );
  await expect(services.filter({ hasText: "urlhaus" })).toContainText("1 to look up, 1 asked");
  await expect(scan.findings.first()).toContainText(
    "Known-bad indicator on a threat feed or online reputation service",
  );
  await checkLooksAndAccessibility(page, "scan-online-services");
});

test("an unknown scan id is a 404 page", async ({ page }) => {
  const response = await page.goto("/scans/no-such-scan-0000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/could not be found|404/i).first()).toBeVisible();
});
