// Page object of the scans history (/scans), and scans created through the API with the signed-in
// page's session (its cookies plus the Origin and CSRF header a state-changing request needs).
import { expect, type Locator, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../e2e-env";

export interface CreatedScan {
  scanId: string;
  name: string;
  sha256: string;
}

/** The headers of a state-changing request from the signed-in page's session. */
export async function sessionWriteHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === "pdfscan_csrf");
  expect(csrf, "the session's CSRF cookie").toBeTruthy();
  return { origin: E2E_BASE_URL, "x-csrf-token": csrf!.value };
}

/** POST /api/scans (multipart) as the signed-in page, then (unless told not to) waits until the scan has ended. */
export async function createScanViaApi(
  page: Page,
  name: string,
  data: Uint8Array,
  { wait = true } = {},
): Promise<CreatedScan> {
  const res = await page.request.post("/api/scans", {
    headers: await sessionWriteHeaders(page),
    multipart: { file: { name, mimeType: "application/pdf", buffer: Buffer.from(data) }, retentionMode: "retain_24h" },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { scanId: string; file: { sha256: string } };
  if (wait) {
    await expect
      .poll(
        async () => ((await (await page.request.get(`/api/scans/${body.scanId}`)).json()) as { status: string }).status,
        { timeout: 30_000 },
      )
      .toMatch(/^(completed|failed)$/);
  }
  return { scanId: body.scanId, name, sha256: body.file.sha256 };
}

export class HistoryPage {
  readonly rows: Locator;
  readonly search: Locator;
  readonly empty: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId("history-row");
    this.search = page.getByLabel("Search by SHA-256 or file name");
    this.empty = page.getByTestId("history-empty");
    this.dialog = page.getByRole("dialog", { name: "Delete this scan?" });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/scans${query}`);
    await expect(this.page.getByRole("heading", { name: "Scan history" })).toBeVisible();
  }

  row(scanId: string): Locator {
    return this.page.locator(`[data-testid="history-row"][data-scan-id="${scanId}"]`);
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  async filterVerdict(verdict: string): Promise<void> {
    await this.page.getByLabel("Verdict", { exact: true }).selectOption(verdict);
  }

  /**
   * Waits until the list shows exactly these scans, top to bottom (the last list stays up while the next
   * loads). A read that a navigation interrupts (the search lands in the address) is asked again: on a
   * loaded machine the list was already right when "Execution context was destroyed" failed the test.
   */
  async expectShown(scanIds: string[]): Promise<void> {
    await expect
      .poll(() => this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-scan-id"))).catch(() => null))
      .toEqual(scanIds);
  }
}
