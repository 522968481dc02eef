// An analyst uploads a suspicious PDF through the web page and reads the verdict, a finding and an
// IOC, then exports the JSON; a non-PDF shows the service's problem message.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { FastResult } from "../lib/analyzer/report";
import { encryptWithQpdf } from "../lib/pdf/testing/qpdf-encrypt";
import { LINK_URL, suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { UploadPage } from "./pages/upload-page";

test("uploading a suspicious PDF shows verdict, findings and IOCs, and exports JSON", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.upload("invoice.pdf", suspiciousPdf());

  expect(["suspicious", "malicious"]).toContain(await upload.verdictLabel());
  await expect(page.getByTestId("file-name")).toHaveText("invoice.pdf");
  // the focus moved from the drop zone to the answer
  await expect(page.getByTestId("upload-results")).toBeFocused();
  await expect(upload.findings.first()).toBeVisible();
  await expect(upload.keywords.filter({ hasText: "/JavaScript" })).toBeVisible();

  // IOCs are displayed defanged, never as the live URL; "Copy raw" copies the real value.
  const linkIoc = upload.iocsOfType("url").filter({ hasText: "hxxps[://]phish[.]example[.]net/login" });
  await expect(linkIoc).toBeVisible();
  await expect(page.getByTestId("iocs")).not.toContainText(LINK_URL);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await linkIoc.getByRole("button", { name: "Copy raw" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LINK_URL);

  const download = await upload.downloadJson();
  expect(download.suggestedFilename()).toBe("invoice.pdfscan.json");
  const exported = FastResult.parse(JSON.parse(await readFile(await download.path(), "utf8")));
  expect(exported.file_name).toBe("invoice.pdf");
  expect(exported.iocs.urls).toContain(LINK_URL);
});

test("uploading a file that is not a PDF shows the problem", async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.upload("notes.txt", new TextEncoder().encode("just some text, no PDF here"), "text/plain");
  await expect(upload.error).toContainText("Unsupported media type");
  await expect(upload.error).toContainText("415");
});

test("an encrypted PDF opens with the password typed beside the drop zone, and the page never shows the password", async ({
  page,
}) => {
  const password = "from-the-mail-body-7301";
  const locked = encryptWithQpdf(suspiciousPdf(), [password, "owner-secret-7301", "256"]);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.upload("locked.pdf", locked);
  expect(await upload.verdictLabel()).toBe("unknown");

  await page.getByLabel("Document password (optional)").fill(password);
  await upload.upload("locked.pdf", locked);
  await expect(upload.iocsOfType("url").filter({ hasText: "hxxps[://]phish[.]example[.]net/login" })).toBeVisible();
  expect(["suspicious", "malicious"]).toContain(await upload.verdictLabel());
  expect(await page.locator("body").innerText()).not.toContain(password);
  await expect(page.getByTestId("document-password")).toHaveAttribute("type", "password");
});
