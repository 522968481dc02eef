// Page object of a scan's page (/scans/:scanId) and of the "Submit as scan" form on the upload page.
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

  /** From the upload page: pick a file in "Submit as scan", choose options, submit, land on the scan page. */
  async submitFromUploadPage(
    name: string,
    data: Uint8Array,
    { retentionMode = "delete_immediately", enrichment = false }: { retentionMode?: string; enrichment?: boolean } = {},
  ): Promise<string> {
    await this.page.goto("/");
    const form = this.page.getByTestId("scan-submit");
    await form.getByTestId("scan-file-input").setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from(data) });
    await form.getByTestId("scan-retention").selectOption(retentionMode);
    if (enrichment) await form.getByTestId("scan-enrichment").check();
    await form.getByRole("button", { name: "Submit scan" }).click();
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
