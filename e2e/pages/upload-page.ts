// Page object of the upload page (/): how a test drives it, so specs read as analyst actions.
import { expect, type Download, type Locator, type Page } from "@playwright/test";

export class UploadPage {
  readonly fileInput: Locator;
  readonly verdict: Locator;
  readonly findings: Locator;
  readonly iocs: Locator;
  readonly keywords: Locator;
  readonly error: Locator;
  readonly downloadButton: Locator;

  constructor(readonly page: Page) {
    this.fileInput = page.getByTestId("file-input");
    this.verdict = page.getByTestId("verdict");
    this.findings = page.getByTestId("finding");
    this.iocs = page.getByTestId("ioc");
    this.keywords = page.getByTestId("keyword");
    this.error = page.getByTestId("error");
    this.downloadButton = page.getByRole("button", { name: "Download JSON" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/");
    await expect(this.page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  }

  /** Picks a file through the file picker and waits for the result or an error. */
  async upload(name: string, data: Uint8Array, mimeType = "application/pdf"): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType, buffer: Buffer.from(data) });
    await expect(this.verdict.or(this.error)).toBeVisible({ timeout: 30_000 });
  }

  async verdictLabel(): Promise<string | null> {
    return this.verdict.getAttribute("data-verdict");
  }

  finding(ruleId: string): Locator {
    return this.page.locator(`[data-testid="finding"][data-rule-id="${ruleId}"]`);
  }

  /** IOC rows of one type (url, domain, ip, email, unc). */
  iocsOfType(type: string): Locator {
    return this.page.locator(`[data-testid="ioc"][data-ioc-type="${type}"]`);
  }

  async downloadJson(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.downloadButton.click()]);
    return download;
  }
}
