// Page object of a scan's page (/scans/:scanId) and of the "Scan" choice on the upload page.
import { expect, type Locator, type Page } from "@playwright/test";

export class ScanPage {
  readonly status: Locator;
  readonly verdict: Locator;
  readonly findings: Locator;
  readonly iocs: Locator;
  readonly mitigations: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId("scan-status");
    this.verdict = page.getByTestId("verdict");
    this.findings = page.getByTestId("finding");
    this.iocs = page.getByTestId("ioc");
    this.mitigations = page.getByTestId("mitigation");
    this.error = page.getByTestId("error");
  }

  /** From the upload page: choose "Scan" and its options, pick the file, land on the scan page. */
  async submitFromUploadPage(
    name: string,
    data: Uint8Array,
    { retentionMode = "delete_immediately", enrichment = false }: { retentionMode?: string; enrichment?: boolean } = {},
  ): Promise<string> {
    await this.page.goto("/");
    await this.page.getByTestId("mode-scan").click();
    await this.page.getByTestId(`retention-${retentionMode}`).click();
    if (enrichment) await this.page.getByTestId("scan-enrichment").check();
    await this.page
      .getByTestId("file-input")
      .setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from(data) });
    await this.page.waitForURL(/\/scans\/[\w-]+$/, { timeout: 15_000 });
    return this.scanId();
  }

  async goto(scanId: string): Promise<void> {
    await this.page.goto(`/scans/${scanId}`);
  }

  scanId(): string {
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }

  async waitForStatus(status: string, timeout = 30_000): Promise<void> {
    await expect(this.status).toHaveAttribute("data-status", status, { timeout });
  }

  async verdictLabel(): Promise<string | null> {
    return this.verdict.getAttribute("data-verdict");
  }

  stage(name: "fast" | "advanced" | "enrichment"): Locator {
    return this.page.getByTestId(`stage-${name}`);
  }

  exportLink(format: string): Locator {
    return this.page.getByTestId(`export-${format}`);
  }
}
