// The web interface's first answer (issue 9, "done when"): in headless Chromium, signed in, a ~1 MB
// benign PDF is picked on the upload page (quick analysis, the default) and the time until its verdict
// is on the page is measured, from the file being handed to the input to the result card. Warm-up
// uploads first, as a service that has been running. Measures only: nothing fails on a slow figure.
import { chromium } from "@playwright/test";
import { startServer } from "../test/support/next-server";
import { buildBenchPdf } from "./bench-pdf";
import { summarize, type Latency } from "./bench-stats";
import { fixed } from "./table";

export const TARGET_UI_VERDICT_MS = 1000;
const WARMUP = 2;
const RUNS = 10;

export type UiBench = { skipped: string } | { pdfBytes: number; runs: number; verdictMs: Latency; targetMs: number };

export async function runUiBench(): Promise<UiBench> {
  let server;
  try {
    server = await startServer({ env: {} });
  } catch (e) {
    return { skipped: `server did not start: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}` };
  }
  const browser = await chromium
    .launch({
      executablePath: process.env.PDFSCAN_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    })
    .catch((e: unknown) => e as Error);
  if (browser instanceof Error) {
    await server.stop();
    return { skipped: `Chromium did not start: ${browser.message.split("\n")[0]}` };
  }
  try {
    const page = await browser.newPage();
    const base = server.url.replace(/\/$/, "");
    const signIn = await page.request.post(`${base}/api/session`, {
      data: { apiKey: server.apiKey },
      headers: { origin: base },
    });
    if (signIn.status() !== 200) return { skipped: `sign-in answered ${signIn.status()}` };
    const pdf = Buffer.from(buildBenchPdf(1_000_000));
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      await page.goto(`${base}/`);
      const t0 = performance.now();
      await page
        .getByTestId("file-input")
        .setInputFiles({ name: `report-${i}.pdf`, mimeType: "application/pdf", buffer: pdf });
      await page
        .locator('[data-testid="upload-item"][data-state="quick"] [data-testid="verdict"]')
        .first()
        .waitFor({ timeout: 30_000 });
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    return { pdfBytes: pdf.length, runs: RUNS, verdictMs: summarize(times), targetMs: TARGET_UI_VERDICT_MS };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function formatUi(u: UiBench): string {
  if ("skipped" in u) return `\nWeb UI, upload to verdict: skipped (${u.skipped})\n`;
  const met =
    u.verdictMs.p95 < u.targetMs ? "met" : u.verdictMs.p50 < u.targetMs ? "met at the median, not at p95" : "missed";
  return `\nWeb UI, upload to verdict (headless Chromium, ${fixed(u.pdfBytes / 1e6, 2)} MB benign PDF, quick analysis, ${u.runs} runs): median ${fixed(u.verdictMs.p50, 0)} ms, p95 ${fixed(u.verdictMs.p95, 0)} ms, max ${fixed(u.verdictMs.max, 0)} ms (target < ${u.targetMs} ms: ${met})\n`;
}
