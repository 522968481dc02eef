// Strings an attacker controls stay text everywhere the web interface shows them (issue 9): a file
// name, a document title, a script and link targets holding `<script>`, `onerror` and `javascript:`
// go through the scan page (findings, indicators, structure, thumbnails, script viewer), the history
// list and a share link opened in a fresh browser context. No dialog opens, no element is made of
// them, no link points at them. Also the looks and
// accessibility of the history and shared pages.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hexString, PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import { checkLooksAndAccessibility } from "./look";
import { sessionWriteHeaders } from "./pages/history-page";
import { ScanPage } from "./pages/scan-page";

const MARKUP = `"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
const JS_URL = "javascript:window.__pwned=3";
const FILE_NAME = `<img src=x onerror=alert(1)>invoice.pdf`;

/** One page with a visible line of text, hostile /Title, a link to a javascript: URL, a URI with markup, and a script quoting both. */
function hostilePdf(): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 18 Tf 72 700 Td (Invoice: click the link below) Tj ET");
  const jsLink = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /A << /S /URI /URI ${hexString(JS_URL)} >> >>`,
  );
  const markupLink = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [72 560 300 580] /A << /S /URI /URI ${hexString(`https://evil.example/${MARKUP}`)} >> >>`,
  );
  const script = b.add(
    `<< /S /JavaScript /JS ${hexString(`var note = '${MARKUP}'; var go = "${JS_URL}"; app.launchURL("https://evil.example/x?${MARKUP}");`)} >>`,
  );
  b.addCatalog(
    `/OpenAction ${script} 0 R`,
    1,
    `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R /Annots [${jsLink} 0 R ${markupLink} 0 R]`,
  );
  b.info = b.add(`<< /Title ${hexString(MARKUP)} /Author ${hexString(JS_URL)} >>`);
  return b.build();
}

/** Fails on any dialog; tells whether the page ran or built anything from the hostile strings. */
function watchForInjection(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on("dialog", (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

async function expectInert(page: Page, seen: { dialogs: string[] }): Promise<void> {
  expect(seen.dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // no element made of the markup, no link or source pointing at the javascript: URL
  expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
  expect(await page.locator('[href^="javascript:" i], [src^="javascript:" i]').count()).toBe(0);
}

test("hostile file name, title, script and links render inert on the scan page, in history and through a share link", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const seen = watchForInjection(page);
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage(FILE_NAME, hostilePdf(), { retentionMode: "retain_24h" });
  await scan.waitForStatus("completed", 60_000);
  await expect(page.getByTestId("file-name")).toHaveText(FILE_NAME);
  // the markup is shown, as text, where the page shows indicators and the script
  await expect(page.locator("body")).toContainText("onerror");
  const viewButton = page.getByRole("button", { name: /view full script/i }).first();
  if (await viewButton.count()) await viewButton.click();
  await expect(page.locator("body")).toContainText(JS_URL.slice(0, 11));
  // thumbnails: the alt text is ours ("Page N"), never the document's
  for (const alt of await page.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt") ?? "")))
    expect(alt).not.toContain("onerror");
  await expectInert(page, seen);

  // history: the name is listed as text
  await page.goto(`/scans?q=${encodeURIComponent("invoice.pdf")}`);
  await expect(page.getByText(FILE_NAME).first()).toBeVisible();
  await expectInert(page, seen);
  await checkLooksAndAccessibility(page, "history");

  // a share link in a fresh context (no session): same inert rendering, and its looks
  const res = await page.request.post(`/api/scans/${scanId}/shares`, {
    data: { expiresInHours: 1 },
    headers: await sessionWriteHeaders(page),
  });
  expect(res.status()).toBe(201);
  const { url } = (await res.json()) as { url: string };
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const guestSeen = watchForInjection(guestPage);
  await guestPage.goto(url);
  await expect(guestPage.getByTestId("shared-view")).toBeVisible();
  await expect(guestPage.getByTestId("file-name")).toHaveText(FILE_NAME);
  await expectInert(guestPage, guestSeen);
  await checkLooksAndAccessibility(guestPage, "shared-scan");
  await guest.close();
});
