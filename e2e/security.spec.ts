// Issue 8 in the browser: an analyst signs in with a key, submits a scan, mints a share link, opens
// it in a fresh browser (no session), revokes it and sees it refused. Every page carries a nonce CSP
// and no page violates it.
import { suspiciousPdf } from "../test/fixtures/sample-pdfs";
import { createApiKey, expect, test, watchCsp } from "./fixtures";
import { ScanPage } from "./pages/scan-page";

test("sign in, scan, share a read-only link, open it elsewhere, revoke it: all under a strict CSP", async ({
  signedOutPage: page,
  browser,
}) => {
  const violations = watchCsp(page);
  const key = createApiKey("e2e-analyst");

  // signed out, the upload page sends us to sign in
  const first = await page.goto("/");
  await expect(page).toHaveURL(/\/signin\?next=%2F$/);
  const csp =
    first?.headers()["content-security-policy"] ??
    (await page.request.get("/signin")).headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");

  await page.getByTestId("api-key").fill("pdfscan_wrong");
  await page.getByTestId("sign-in").click();
  await expect(page.getByTestId("sign-in-error")).toContainText("401");
  await page.getByTestId("api-key").fill(key);
  await page.getByTestId("sign-in").click();
  await expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "pdfscan_session")).toMatchObject({ httpOnly: true, sameSite: "Strict" });

  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("shared.pdf", suspiciousPdf());
  await scan.waitForStatus("completed", 30_000);

  await page.getByTestId("share-expiry").selectOption("24");
  await page.getByTestId("share-create").click();
  const shareUrl = (await page.getByTestId("share-url").textContent())!.trim();
  expect(shareUrl).toMatch(/\/share\/pdfscan_share_[\w-]+$/);
  await expect(page.getByTestId("share-item")).toHaveCount(1);

  // a fresh browser with no session opens the report page and an export through the link
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const guestViolations = watchCsp(guestPage);
  await guestPage.goto(shareUrl);
  await expect(guestPage.getByTestId("shared-view")).toBeVisible();
  await expect(guestPage.getByTestId("file-name")).toHaveText("shared.pdf");
  await expect(guestPage.getByTestId("finding").first()).toBeVisible();
  await expect(guestPage.getByTestId("share-panel")).toHaveCount(0);
  const stix = await guestPage.request.get(`${shareUrl}/report?format=stix`);
  expect(stix.status()).toBe(200);
  // ... and nothing else: the owner's API and pages stay closed
  expect((await guestPage.request.get(`/api/scans/${scanId}`)).status()).toBe(401);
  await guestPage.goto(`/scans/${scanId}`);
  await expect(guestPage).toHaveURL(/\/signin/);

  // the owner revokes; the link is refused from then on
  await page.getByTestId("share-revoke").click();
  await expect(page.getByTestId("share-item")).toHaveAttribute("data-active", "false");
  const refused = await guestPage.goto(shareUrl);
  expect(refused?.status()).toBe(404);
  expect((await guestPage.request.get(`${shareUrl}/report`)).status()).toBe(404);

  // sign out ends the session
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get("/api/scans")).status()).toBe(401);

  expect([...violations, ...guestViolations]).toEqual([]);
  await guest.close();
});
