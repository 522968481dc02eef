// The web interface as testers use it: one upload surface (drop anywhere, pick several, quick or
// scan), exports that download, a printable scan page, the advanced stage's verdict change
// announced, a designed 404, and every page free of serious accessibility problems in light and dark
// at 1280 and 390 px (screenshots in test-results/screenshots/ for a human look).
import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buildLurePdf } from "../lib/analyzer/pages/testing/lure-pdf";
import { benignPdf, suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { describeVerdictChange } from "../app/_lib/verdict-change";
import type { ScanReport } from "../lib/server/scans/report";
import { ScanPage } from "./pages/scan-page";
import { SCREENSHOTS, checkLooksAndAccessibility, seriousAxeViolations } from "./look";
import { buildZip } from "../lib/zip/testing";

const DEFANGED_LINK = "hxxps[://]phish[.]example[.]net/login";
const pdfFile = (name: string, data: Uint8Array) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(data) });

/** Drags files over the page and drops them on <body>, outside the drop zone, as a file manager would. */
async function dropOnBody(page: Page, files: { name: string; data: Uint8Array }[]): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, b64: Buffer.from(f.data).toString("base64") }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list)
      dt.items.add(
        new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: "application/pdf" }),
      );
    return dt;
  }, payload);
  // a real drag fires dragover again and again while the pointer moves: so does this, until the page
  // (hydrated by then; a loaded machine hydrates late, and the server-rendered page has no listener) shows its overlay
  await expect(async () => {
    await page.dispatchEvent("body", "dragover", { dataTransfer });
    await expect(page.getByTestId("drop-overlay")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.dispatchEvent("body", "drop", { dataTransfer });
}

/** The suspicious sample with a wrong startxref and bytes after %%EOF: the reader records anomalies. */
function damagedPdf(): Uint8Array {
  const text = Buffer.from(suspiciousPdf())
    .toString("latin1")
    .replace(/startxref\s+\d+/, "startxref\n999999");
  return Buffer.from(`${text}\ntrailing bytes after the end of the file that no reader expects\n`, "latin1");
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("") + "\n";
  }
  return text;
}

test("a file dropped anywhere on the page starts a quick analysis", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("size-limit")).toContainText(/up to \d+ [KMG]iB each/);
  await dropOnBody(page, [{ name: "dropped.pdf", data: suspiciousPdf() }]);
  await expect(page.getByTestId("drop-overlay")).toBeHidden();
  await expect(page.getByTestId("verdict")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("file-name")).toHaveText("dropped.pdf");
  expect(new URL(page.url()).pathname).toBe("/"); // the browser did not open the PDF itself
});

test("the picker takes several files and shows one result per file; every tab stop is visible", async ({ page }) => {
  await page.goto("/");
  // keyboard: Tab reaches the file picker, and each focused element (the hidden input through its label) shows a ring
  let reachedPicker = false;
  for (let i = 0; i < 12 && !reachedPicker; i++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const shown = el.id === "file-input" ? (document.querySelector('label[for="file-input"]') as HTMLElement) : el;
      const style = getComputedStyle(shown);
      const rect = shown.getBoundingClientRect();
      return {
        id: el.id,
        visible: rect.width > 4 && rect.height > 4,
        ring: style.outlineStyle !== "none" || style.boxShadow !== "none",
      };
    });
    expect(
      focus.visible && focus.ring,
      `tab stop ${i + 1} (${focus.id || "element"}) is visible with a focus ring`,
    ).toBe(true);
    reachedPicker = focus.id === "file-input";
  }
  expect(reachedPicker).toBe(true);

  await page
    .getByTestId("file-input")
    .setInputFiles([pdfFile("one.pdf", suspiciousPdf()), pdfFile("two.pdf", benignPdf())]);
  await expect(page.getByTestId("upload-item")).toHaveCount(2);
  await expect(page.locator('[data-testid="upload-item"][data-state="quick"]')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId("file-name")).toHaveText(["one.pdf", "two.pdf"]);
  // one table reads the batch: a row per file with its verdict and the reason that moved its score most
  const rows = page.getByTestId("quick-summary-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("one.pdf");
  await expect(rows.nth(0).getByTestId("row-verdict")).toHaveAttribute("data-verdict", /suspicious|malicious/);
  await expect(rows.nth(0).getByTestId("quick-summary-reason")).toContainText(/\(\+\d/);
  await expect(rows.nth(1).getByTestId("row-verdict")).toHaveAttribute("data-verdict", "benign");
  await rows.nth(1).getByRole("link").click();
  await expect(page.getByTestId("result").nth(1)).toBeInViewport();
  await checkLooksAndAccessibility(page, "upload-batch");
});

test("choosing Scan for two files creates two scans and links each", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("mode-scan").click();
  await expect(page.getByTestId("scan-retention")).toContainText("deleted as soon as both stages end");
  await page.getByTestId("retention-retain_24h").click();
  await page
    .getByTestId("file-input")
    .setInputFiles([pdfFile("a.pdf", suspiciousPdf()), pdfFile("b.pdf", benignPdf())]);
  const links = page.getByTestId("scan-link");
  await expect(links).toHaveText(["a.pdf", "b.pdf"], { timeout: 20_000 });
  // the rows follow their scans to the end (they used to stay at "queued fast scan")
  for (const row of await page.getByTestId("scan-link-status").all())
    await expect(row).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await expect(page.getByTestId("scan-link-status").first()).toContainText(/suspicious|malicious/);
  await links.first().click();
  await expect(page).toHaveURL(/\/scans\/[\w-]+$/);
  await expect(page.getByTestId("retention")).toContainText("Keep the file for 24 hours");
});

test("a password ZIP (infected) of two PDFs: a quick analysis shows both results, a scan links one scan per PDF", async ({
  page,
}) => {
  const zip = await buildZip({
    "mail/lure.pdf": suspiciousPdf(),
    "notes.txt": new TextEncoder().encode("hi"),
    "report.pdf": benignPdf(),
  });
  const zipFile = { name: "samples.zip", mimeType: "application/zip", buffer: Buffer.from(zip) };
  await page.goto("/");
  await expect(page.getByTestId("size-limit")).toContainText("ZIP");
  await page.getByTestId("file-input").setInputFiles(zipFile);
  await expect(page.locator('[data-testid="upload-item"][data-state="quick"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId("file-name")).toHaveText(["mail/lure.pdf", "report.pdf"]);

  await page.getByTestId("mode-scan").click();
  await page.getByTestId("file-input").setInputFiles(zipFile);
  await expect(page.getByTestId("scan-link")).toHaveText(["samples.zip/mail/lure.pdf", "samples.zip/report.pdf"], {
    timeout: 20_000,
  });
});

test("the HTML export of a file with a very long name fits a 1280 px window", async ({ page }) => {
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage(`${"x".repeat(240)}.pdf`, suspiciousPdf());
  await scan.waitForStatus("completed", 60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // opened as a browser opens it: served inline with its own CSP (the page CSP would block its stylesheet)
  await page.goto(`/api/scans/${scanId}/report?format=html`);
  // issue 22: a long file name widened the export to 1,395 px
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test("a finished scan: every export downloads, the page prints as a report, and passes axe", async ({ page }) => {
  test.setTimeout(180_000);
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("invoice.pdf", suspiciousPdf(), {
    retentionMode: "delete_immediately",
  });
  await scan.waitForStatus("completed", 60_000);
  // one wording for retention: a deleted file has no pending expiry
  await expect(page.getByTestId("file-retained")).toHaveText("Deleted after the analysis; the report is kept");
  await expect(page.getByTestId("retention")).not.toContainText("last stage");

  // format, file name extension, content type
  const exports = [
    ["json", "json", "application/json"],
    ["stix", "stix.json", "application/stix+json"],
    ["misp", "misp.json", "application/json"],
    ["csv", "csv", "text/csv"],
    ["md", "md", "text/markdown"],
    ["html", "html", "text/html"],
  ] as const;
  for (const [format, ext, type] of exports) {
    const link = scan.exportLink(format);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`pdfscan-${scanId}.${ext}`);
    expect(await download.failure()).toBeNull();
    // a download fires no response event: read the same URL for its headers
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.headers()["content-type"]).toContain(type);
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="pdfscan-${scanId}.${ext}"`);
  }
  // API clients still get the report inline
  const inline = await page.request.get(`/api/scans/${scanId}/report`);
  expect(inline.headers()["content-disposition"]).toBeUndefined();

  const verdict = (await scan.verdictLabel())!;
  const findingTitle = (await page.getByTestId("finding").first().locator("span.font-semibold").first().textContent())!;
  await mkdir(SCREENSHOTS, { recursive: true });
  const text = await pdfText(await page.pdf({ format: "A4" }));
  expect(text.toLowerCase()).toContain(verdict);
  expect(text).toContain(findingTitle);
  expect(text).toContain(DEFANGED_LINK);
  expect(text).not.toContain("phish.example.net");
  expect(text).not.toMatch(/Export report|Share report|Sign out|Copy link/);
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `${SCREENSHOTS}/scan-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await checkLooksAndAccessibility(page, "scan");
});

/**
 * A "protected document" page with one way out, and a welcome script: the fast stage sees the script (a
 * form-style one, explained) but cannot read the page, whose text a form inside a form draws; the
 * advanced stage renders it and finds the lure.
 */
const renderedLurePdf = () =>
  buildLurePdf({
    catalog: '/Names << /JavaScript << /Names [(greet) << /S /JavaScript /JS (app.alert\\("Welcome"\\);) >>] >> >>',
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
        nested: true,
      },
    ],
  });

test("the HTML export and the printed report carry the pictures of the pages and the scripts", async ({ page }) => {
  test.setTimeout(120_000);
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("statement.pdf", renderedLurePdf(), { retentionMode: "retain_24h" });
  await scan.waitForStatus("completed", 60_000);
  await expect(page.getByTestId("page-thumbnail")).toHaveCount(2);

  const html = await page.request.get(`/api/scans/${scanId}/report?format=html`);
  expect(html.headers()["content-security-policy"]).toContain("img-src data:");
  const text = await html.text();
  expect(text).toContain("<h2>Pages (2)</h2>");
  expect(text.match(/<img alt="Page \d" src="data:image\/png;base64,/g)).toHaveLength(2);
  expect(text).toContain("<h2>Scripts (1)</h2>");
  expect(text).toContain("app.alert(&quot;Welcome&quot;);");
  // opened as the file it is, under its own CSP: the pictures show, nothing runs
  await page.goto(`/api/scans/${scanId}/report?format=html`);
  const sizes = await page.locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
  expect(sizes).toHaveLength(2);
  for (const w of sizes) expect(w).toBeGreaterThan(0);

  await page.goto(`/scans/${scanId}`);
  await scan.waitForStatus("completed", 30_000);
  // print once the pictures are there: the list of pages arrives after the status, and each picture after it
  const thumbnails = page.getByTestId("page-thumbnail").locator("img");
  await expect(thumbnails).toHaveCount(2);
  await expect
    .poll(() =>
      thumbnails.evaluateAll((imgs) =>
        imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  const pdf = await page.pdf({ format: "A4" });
  // each page thumbnail is an image XObject of the printed PDF
  expect(
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Subtype\s*\/Image/g)?.length ?? 0,
  ).toBeGreaterThanOrEqual(2);
  expect(await pdfText(pdf)).toContain('app.alert("Welcome");');
});

test("the scan page says how the advanced stage moved the verdict, and which stage found each finding", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("statement.pdf", renderedLurePdf());
  await scan.waitForStatus("completed", 60_000);
  const report = (await (await page.request.get(`/api/scans/${scanId}/report`)).json()) as ScanReport;
  const change = describeVerdictChange(report.fastSummary, report.advancedSummary)!;
  expect(change.direction).toBe("raised"); // the rendered page shows the lure the fast stage cannot see
  const notice = page.getByTestId("verdict-change");
  await expect(notice).toHaveAttribute("aria-live", "polite");
  await expect(notice).toHaveText(change.sentence);
  await expect(notice).toContainText(
    `from ${report.fastSummary.verdict} ${report.fastSummary.score} to ${report.advancedSummary!.verdict}`,
  );
  await expect(page.locator('[data-testid="finding-stage"][data-stage="advanced"]').first()).toHaveText(
    "found by the advanced stage",
  );
  await expect(page.locator('[data-testid="finding-stage"][data-stage="fast"]').first()).toBeVisible();
});

test("the first screen says why: the reasons with their points and the first finding are above the fold at 1280x800 and 390x844, and a reason leads to its finding", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("invoice.pdf", suspiciousPdf());
  await scan.waitForStatus("completed", 60_000);
  const report = (await (await page.request.get(`/api/scans/${scanId}/report`)).json()) as ScanReport;
  const top = [...report.findings].sort((a, b) => (b.contribution ?? 0) - (a.contribution ?? 0))[0]!;
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    const reason = page.getByTestId("score-reason").first();
    await expect(reason).toHaveAttribute("data-rule-id", top.ruleId);
    await expect(reason).toContainText(`+${Math.round(top.contribution! * 10) / 10}`);
    await expect(reason).toBeInViewport();
    await expect(page.getByTestId("finding").first()).toBeInViewport();
  }
  await expect(page.getByTestId("score-sum")).toContainText(
    `A file with no evidence scores ${report.summary.model!.priorScore}`,
  );
  await expect(page.getByTestId("report-tags")).toContainText("Techniques:");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("score-reason").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`#finding-${top.ruleId}$`));
  await expect(page.locator(`#finding-${top.ruleId}`)).toBeInViewport();
  await checkLooksAndAccessibility(page, "scan-reasons");
});

test("an unknown scan shows the designed 404 with a way back", async ({ page }) => {
  const response = await page.goto("/scans/no-such-scan-0000");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
  await checkLooksAndAccessibility(page, "404");
  await page
    .getByRole("link", { name: /Analyse a file/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test("the accessibility check fails a page with a serious violation (the check itself)", async ({ page }) => {
  // every axe check of these tests expects []: a check that found nothing whatever the page would pass them all
  await page.goto("/scans/no-such-scan-0000");
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.evaluate(() => document.querySelector("main")?.append(document.createElement("button")));
  expect((await seriousAxeViolations(page)).join("\n")).toMatch(/^button-name: /);
});

test("the upload page with a quick result passes axe in light and dark at both widths", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByTestId("file-input").setInputFiles(pdfFile("invoice.pdf", damagedPdf()));
  await expect(page.getByTestId("verdict")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("anomaly").first()).toBeVisible();
  await checkLooksAndAccessibility(page, "home");
  // the anomalies table fits a phone: no sideways scroll of the page
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the sign-in page passes axe in light and dark at both widths", async ({ signedOutPage: page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await checkLooksAndAccessibility(page, "signin");
});
