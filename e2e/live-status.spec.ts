// The scan page follows its scan through the server's event stream (GET /api/scans/:id/events), not
// by polling: with the polling endpoint cut off once the page is open, a scan whose advanced stage is
// still running (four scripts that spin until the sandbox's CPU budget stops them) still reaches
// "completed" on the page. Polling stays the fallback where the stream cannot open.
import { expect, test } from "./fixtures";
import { scriptsPdf } from "../lib/pdf/testing/hostile-pdfs";
import { createScanViaApi } from "./pages/history-page";
import { ScanPage } from "./pages/scan-page";

test("the scan page shows each stage as the event stream reports it", async ({ page }) => {
  test.setTimeout(120_000);
  const spinning = scriptsPdf(4, (i) => `var n${i} = 0; while (true) { n${i}++; }`);
  const { scanId } = await createScanViaApi(page, "spinning-scripts.pdf", spinning, { wait: false });
  const opened = page.waitForRequest((r) => r.url().endsWith(`/api/scans/${scanId}/events`));
  await page.goto(`/scans/${scanId}`);
  const scan = new ScanPage(page);
  // the sandbox takes seconds of CPU per script: the scan is still running when the page opens
  await expect(scan.status).not.toHaveAttribute("data-status", "completed");
  await opened;
  // from now on the page cannot poll
  let polls = 0;
  await page.route(new RegExp(`/api/scans/${scanId}$`), (route) => {
    polls++;
    return route.abort();
  });
  await scan.waitForStatus("completed", 90_000);
  await expect(scan.stage("advanced")).toHaveAttribute("data-state", /done|failed/);
  expect(await scan.verdictLabel()).not.toBeNull();
  expect(polls, "the page polled while its stream was open").toBeLessThanOrEqual(8);
});
